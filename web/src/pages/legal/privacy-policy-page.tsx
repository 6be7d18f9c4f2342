import { PlaceholderPage } from '../../components/placeholder-page';

export function PrivacyPolicyPage() {
  return <PlaceholderPage title="Privacy Policy" text="Being written." />;
}
