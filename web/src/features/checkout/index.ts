/** The checkout feature's public face: the hosted checkout's address check and wording, the main button. */
export { redirectTextFor, safeCheckoutUrl } from './checkout-api';
export { PRIMARY_BUTTON } from './confirmation-parts';
