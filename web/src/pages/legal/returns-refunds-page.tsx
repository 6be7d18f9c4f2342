import { PlaceholderPage } from '../../components/placeholder-page';

export function ReturnsRefundsPage() {
  return <PlaceholderPage title="Shipping & Returns" text="Being written." />;
}
