import { PlaceholderPage } from '../components/placeholder-page';

export function CartPage() {
  return <PlaceholderPage title="Your Cart" text="The cart and order summary arrive with the cart issue." />;
}
