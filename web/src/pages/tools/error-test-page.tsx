import { PlaceholderPage } from '../../components/placeholder-page';

export function ErrorTestPage() {
  return <PlaceholderPage title="Error Test" text="Error test buttons arrive with the tools issue." />;
}
