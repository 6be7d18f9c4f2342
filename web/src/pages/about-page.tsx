import { PlaceholderPage } from '../components/placeholder-page';

export function AboutPage() {
  return <PlaceholderPage title="Our Story" text="Being written." />;
}
