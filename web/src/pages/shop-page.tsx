import { PlaceholderPage } from '../components/placeholder-page';

export function ShopPage() {
  return <PlaceholderPage title="Our Collection" text="The full listing with search, filters, sorting and comparison arrives with the browse issue." />;
}

export function BestSellersPage() {
  return <PlaceholderPage title="Best Sellers" text="The best-sellers listing arrives with the browse issue." />;
}
