import { PlaceholderPage } from '../components/placeholder-page';

export function HomePage() {
  return <PlaceholderPage title="Solas" text="The home page: hero, best sellers, new arrivals and the newsletter arrive with the browse issue." />;
}
