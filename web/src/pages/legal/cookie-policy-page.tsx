import { PlaceholderPage } from '../../components/placeholder-page';

export function CookiePolicyPage() {
  return <PlaceholderPage title="Cookie Policy" text="Being written." />;
}
