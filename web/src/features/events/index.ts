/** The events feature's public face: the checkout's events and the health the tools page reads. */
export {
  CHECKOUT_HEALTH_CHANGED_EVENT,
  type CheckoutErrorCode,
  type CheckoutHealth,
  clearCheckoutHealth,
  getEvents,
  logCheckoutEvent,
  type RecordedEvent,
  readCheckoutHealth,
  recordCheckoutError,
  recordCheckoutSuccess,
  recordEvent,
} from './events';
