import { PlaceholderPage } from '../../components/placeholder-page';

export function CheckoutHealthPage() {
  return <PlaceholderPage title="Checkout Health" text="Checkout health arrives with the tools issue." />;
}
