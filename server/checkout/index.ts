/**
 * The checkout's public face: what other features may use of it (docs/architecture.md), and the events
 * it publishes.
 */
import type { SizeCode } from '../../domain/config';
import type { CheckoutHolds } from './checkout-holds';
import type { CheckoutService } from './checkout-service';
import type { MarkPaid } from './mark-paid';
import type { ReconcileResult, ReconcileTimings } from './reconcile';

export type { CheckoutHold, CheckoutHolds, HeldLine } from './checkout-holds';
export type { CheckoutOutcome, CheckoutService } from './checkout-service';
export type { MarkPaid, PaidOutcome, PaymentWay } from './mark-paid';

export interface CheckoutFace {
  /** Hosted checkouts (a cart's, a quote's, a payment link's), their confirmation and the provider's events. */
  readonly service: CheckoutService;
  /**
   * The one step every payment goes through. A feature that has a part in every payment joins it at
   * registration (`paid.join`): it then runs inside each payment's transaction.
   */
  readonly paid: MarkPaid;
  /**
   * What a feature holds while a cart's checkout is open (`holds.join`): taken in the checkout's own
   * transaction (a hold refused refuses the checkout, nothing stored), given back when it expires, is
   * cancelled or fails; the feature's paid participant turns it into the order's at payment.
   */
  readonly holds: CheckoutHolds;
  /** One reconcile pass now (the app runs them every minute; tests drive them). */
  readonly reconcile: (
    timings?: Partial<ReconcileTimings>,
    shouldStop?: () => boolean,
  ) => Promise<ReconcileResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    checkout: CheckoutFace;
  }
}

declare module '../lib/events' {
  interface ShopEvents {
    /** An order was paid, once (a paid quote's order names the enquiry it answered). */
    orderPaid: {
      readonly orderId: string;
      readonly enquiryId: string | null;
      /** The address on the order (the cart reminder forgets the address's earlier checkouts). */
      readonly email: string;
    };
    /**
     * A checkout was opened by a shopper who ticked "E-mail me once if I don't finish my order"
     * (docs/product/states.md §5.10a): their consent, its time and the cart (ids, sizes, quantities). Awaited by
     * the checkout before it answers.
     */
    reminderRequested: {
      readonly orderId: string;
      readonly sessionId: string;
      readonly email: string;
      readonly lines: readonly { readonly id: string; readonly size: SizeCode; readonly quantity: number }[];
      readonly at: Date;
    };
    /** The provider ended an unpaid checkout and gave a link back to it (Stripe's recovery URL). */
    checkoutRecoverable: { readonly orderId: string; readonly recoveryUrl: string };
  }
}
