/** "Tell me when you're back" (docs/product/desk.md §10.14): an address sent to POST /api/back-in-touch. */
import { BACK_IN_TOUCH_API } from '../../../../domain/settings/storefront-settings';
import { NotifyForm } from '../../components/ui/notify-form';

export const BACK_IN_TOUCH_TEXTS = {
  heading: 'Tell me when you’re back',
  intro: 'Leave your e-mail and we send you one e-mail when the shop takes orders again.',
  button: 'Tell me when you’re back',
  success: 'Please check your inbox to confirm: then we e-mail you once when we’re back.',
  failed: "We couldn't save your address just now. Please try again in a moment.",
  empty: 'Please enter a valid email address',
} as const;

export function BackInTouchForm() {
  return <NotifyForm endpoint={BACK_IN_TOUCH_API} texts={BACK_IN_TOUCH_TEXTS} />;
}
