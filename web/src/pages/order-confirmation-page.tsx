import { PlaceholderPage } from '../components/placeholder-page';

export function OrderConfirmationPage() {
  return <PlaceholderPage title="Order Confirmation" text="Order confirmation arrives with the orders issue." />;
}
