/** The checkout feature's public face: the cart's checkout, the confirmation and the parts order pages share. */
export { redirectTextFor, safeCheckoutUrl } from './checkout-api';
export { CheckoutSection } from './checkout-section';
export {
  ConfirmationHeading,
  ContactLine,
  LoadFailed,
  NextLinks,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
} from './confirmation-parts';
export { OrderConfirmed } from './order-confirmed';
export { storedCartSummary } from './stored-cart';
export { type NotPaidStatus, useOrderConfirmation } from './use-order-confirmation';
