/** The payments feature's public face: the provider the shop takes payments with. */
import type { PaymentProvider } from './provider';
import type { TestCheckoutProvider } from './test-checkout';
import type { CheckoutOutcomes } from './test-checkout-routes';

export type { PaymentProvider, ProviderWebhookEvent } from './provider';
export type { CheckoutOutcomes, TestCheckoutProvider };

export interface PaymentsFace {
  /** Stripe with a key, else the built-in test checkout. */
  readonly provider: PaymentProvider;
  /** The built-in test checkout when it is the provider; null with Stripe. */
  readonly testCheckout: TestCheckoutProvider | null;
  /** The checkout hands in, at its registration, how the test checkout's pages confirm and cancel. */
  readonly settleWith: (checkout: CheckoutOutcomes) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsFace;
  }
}

export {
  type CheckoutSessionInput,
  type CreatedSession,
  type LocalSession,
  PaymentProviderError,
  type ProviderId,
  type ProviderSession,
  SESSION_ID_PATTERN,
  SESSION_ID_PLACEHOLDER,
  type ShippingAddress,
  type ShippingDetails,
  WebhookSignatureError,
} from './provider';
export { eraseTestSessionsOfOrders, testSessionsOfOrders } from './test-checkout';
