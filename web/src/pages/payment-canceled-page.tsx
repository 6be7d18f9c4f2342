import { PlaceholderPage } from '../components/placeholder-page';

export function PaymentCanceledPage() {
  return <PlaceholderPage title="Payment Cancelled" text="Your payment was cancelled and no charges were made." />;
}
