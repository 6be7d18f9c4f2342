import { PlaceholderPage } from '../../components/placeholder-page';

export function TermsConditionsPage() {
  return <PlaceholderPage title="Terms & Conditions" text="Being written." />;
}
