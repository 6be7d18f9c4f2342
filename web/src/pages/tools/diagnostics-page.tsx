import { PlaceholderPage } from '../../components/placeholder-page';

export function DiagnosticsPage() {
  return <PlaceholderPage title="Diagnostics" text="Diagnostics arrive with the tools issue." />;
}
