import { PlaceholderPage } from '../../components/placeholder-page';

export function CheckoutTestPlanPage() {
  return <PlaceholderPage title="Checkout Test Plan" text="The QA checklist arrives with the tools issue." />;
}
