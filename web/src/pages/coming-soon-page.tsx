import { PlaceholderPage } from '../components/placeholder-page';

export function ComingSoonPage() {
  return <PlaceholderPage title="Brooches Coming Soon" text="Being written." />;
}
