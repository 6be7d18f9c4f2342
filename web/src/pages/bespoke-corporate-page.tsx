import { PlaceholderPage } from '../components/placeholder-page';

export function BespokeCorporatePage() {
  return <PlaceholderPage title="Bespoke & Corporate Services" text="Being written." />;
}
