import { PlaceholderPage } from '../components/placeholder-page';

export function ProductPage() {
  return <PlaceholderPage title="Product" text="Product details, gallery and add to cart arrive with the browse issue." />;
}
