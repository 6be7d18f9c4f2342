/**
 * The built-in test checkout: the embedded default payment provider when no Stripe key is configured.
 * It keeps its sessions in the shop's database (as Stripe keeps them on its side), hosts its own TEST MODE
 * payment page (payments/test-checkout-routes.ts) and redirects exactly as Stripe Checkout does. It accepts only
 * Stripe's published test cards, so a real card number is never charged nor stored.
 */

import type { Kysely, Transaction } from 'kysely';
import { lineNameWithSize } from '../../domain/catalogue/sizes';
import { SHIPPING_ZONES, type ZoneId } from '../../domain/config';
import type { DeliveryPromise } from '../../domain/making/dispatch';
import { PAYMENT_CURRENCY } from '../../domain/shared/money';
import { executeAtomically } from '../db/database';
import { type InsertRow, preparedInsert } from '../db/prepared-insert';
import type { Database } from '../db/schema';
import { randomAlphanumeric } from '../lib/ids';
import {
  type CheckoutSessionInput,
  type CreatedSession,
  GIFT_CARD_LINE_NAME,
  type LocalSession,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderSession,
  type RefundInput,
  SESSION_ID_PLACEHOLDER,
  type ShippingAddress,
  type ShippingDetails,
} from './provider';
import type { TestCheckoutSessionRow } from './tables';

/** Stripe's default lifetime of a Checkout Session. */
export const TEST_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;

export interface TestSessionSummary {
  readonly lines: readonly { name: string; quantity: number; unitPrice: number; lineTotal: number }[];
  readonly subtotal: number;
  readonly shipping: number;
  readonly giftWrap: number;
  /** The discount off the items and its line's label (`Discount (XMAS15)`, `Early bird`); absent for none. */
  readonly discount?: { readonly label: string; readonly amount: number };
  readonly total: number;
  /**
   * What gift cards paid of the order, card by card (last 4 only), already out of `total`: the page shows
   * the split (docs/product/gift-cards.md §19.3). Absent: no card paid.
   */
  readonly paidByGiftCards?: readonly { readonly last4: string; readonly amount: number }[];
  /** The dates the session was opened with (absent in sessions stored before they were). */
  readonly delivery?: DeliveryPromise;
  /**
   * True for gift cards alone (docs/product/gift-cards.md §19.3): nothing is posted, so the page asks for
   * no address and shows no delivery line. Absent: an order that is posted.
   */
  readonly nothingPosted?: true;
  /** The zone as the owner had set it (absent in sessions stored before she could). */
  readonly destination?: { readonly label: string; readonly countries: readonly string[] };
}

export interface TestSession {
  readonly id: string;
  readonly orderId: string;
  readonly status: 'open' | 'complete' | 'expired';
  readonly paymentStatus: 'unpaid' | 'paid';
  readonly email: string;
  readonly zone: ZoneId;
  readonly countries: readonly string[];
  readonly summary: TestSessionSummary;
  readonly successUrl: string;
  readonly cancelUrl: string;
  readonly shipping: ShippingDetails | null;
  readonly declines: number;
}

export interface TestCheckoutProvider extends PaymentProvider {
  readonly id: 'test-checkout';
  prepareLocalSession(input: CheckoutSessionInput): LocalSession;
  getSession(sessionId: string): Promise<TestSession | null>;
  /**
   * Records the payment with the address given (null: gift cards alone, none asked for); false when the
   * session was no longer open (paid twice, expired).
   */
  pay(sessionId: string, shipping: ShippingDetails | null): Promise<boolean>;
  recordDecline(sessionId: string): Promise<void>;
  /** The success URL with the session id filled in, as Stripe does. */
  successUrlFor(session: TestSession): string;
  /** Every refund asked of the test checkout in this process, oldest first (tests read it). */
  readonly refunds: readonly (RefundInput & { readonly id: string })[];
}

/** Every column of a new session, in the order its one prepared insert writes them. */
const insertSession = preparedInsert('test_checkout_sessions', [
  'id',
  'order_id',
  'status',
  'payment_status',
  'customer_email',
  'zone',
  'currency',
  'amount_total',
  'summary',
  'success_url',
  'cancel_url',
  'shipping_name',
  'shipping_address',
  'declines',
  'created_at',
  'expires_at_ms',
  'completed_at',
]);

function toSession(row: TestCheckoutSessionRow, now: number): TestSession {
  const zone = row.zone as ZoneId;
  const summary = JSON.parse(row.summary) as TestSessionSummary;
  const expired = row.status === 'open' && now >= row.expires_at_ms;
  return {
    id: row.id,
    orderId: row.order_id,
    status: expired ? 'expired' : row.status,
    paymentStatus: row.payment_status,
    email: row.customer_email,
    zone,
    countries: summary.destination?.countries ?? SHIPPING_ZONES[zone].countries,
    summary,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    shipping:
      row.shipping_address && row.shipping_name !== null
        ? { name: row.shipping_name, address: JSON.parse(row.shipping_address) as ShippingAddress }
        : null,
    declines: row.declines,
  };
}

export function createTestCheckoutProvider(options: {
  readonly db: Kysely<Database>;
  /** No trailing slash. */
  readonly publicUrl: string;
  readonly now?: () => number;
}): TestCheckoutProvider {
  const { db, publicUrl } = options;
  const now = options.now ?? Date.now;
  const refunds: (RefundInput & { readonly id: string })[] = [];

  async function row(sessionId: string): Promise<TestCheckoutSessionRow | undefined> {
    return db.selectFrom('test_checkout_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
  }

  /** A new session's id, page and row; createSession writes it alone, the order service with its order. */
  function prepare(input: CheckoutSessionInput): LocalSession {
    // Same shape as Stripe's ids: an 8-character prefix, then random letters and digits.
    const id = `cs_test_${randomAlphanumeric(58)}`;
    // The cards bought are lines of their own, as on Stripe's page.
    const cardLines = (input.giftCards ?? []).map((amount) => ({
      name: GIFT_CARD_LINE_NAME,
      quantity: 1,
      unitPrice: amount,
      lineTotal: amount,
    }));
    const summary: TestSessionSummary = {
      lines: [
        ...input.lines.map((l) => ({
          // As Stripe shows it: the line name carries the size.
          name: lineNameWithSize(l),
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          lineTotal: l.lineTotal,
        })),
        ...cardLines,
      ],
      subtotal: [...input.lines, ...cardLines].reduce((sum, l) => sum + l.lineTotal, 0),
      shipping: input.shipping,
      giftWrap: input.giftWrap,
      ...(input.discount ? { discount: { label: input.discount.label, amount: input.discount.amount } } : {}),
      total: input.total,
      ...((input.paidByGiftCards ?? 0) > 0
        ? {
            paidByGiftCards: input.giftCardParts ?? [{ last4: '', amount: input.paidByGiftCards ?? 0 }],
          }
        : {}),
      ...(input.delivery ? { delivery: input.delivery } : { nothingPosted: true }),
      ...(input.destination ? { destination: input.destination } : {}),
    };
    const at = now();
    const sessionRow: InsertRow<'test_checkout_sessions'> = {
      id,
      order_id: input.orderId,
      status: 'open',
      payment_status: 'unpaid',
      customer_email: input.email,
      zone: input.zone,
      currency: PAYMENT_CURRENCY,
      amount_total: input.total,
      summary: JSON.stringify(summary),
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      // The owner's phone order: its name and address fill the form (the payment replaces them).
      shipping_name: input.prefill?.name ?? null,
      shipping_address: input.prefill ? JSON.stringify(input.prefill.address) : null,
      declines: 0,
      created_at: new Date(at).toISOString(),
      expires_at_ms: input.expiresAt ? input.expiresAt.getTime() : at + TEST_SESSION_LIFETIME_MS,
      completed_at: null,
    };
    return {
      id,
      url: `${publicUrl}/test-checkout/${id}`,
      inserts: (target) => [insertSession.compile(target, [sessionRow])],
    };
  }

  return {
    id: 'test-checkout',
    label: 'secure checkout',
    parseWebhook: null,

    prepareLocalSession: prepare,

    async createSession(input: CheckoutSessionInput): Promise<CreatedSession> {
      const session = prepare(input);
      await executeAtomically(db, session.inserts(db));
      return { id: session.id, url: session.url };
    },

    async retrieveSession(sessionId: string): Promise<ProviderSession | null> {
      const r = await row(sessionId);
      if (!r) return null;
      const s = toSession(r, now());
      return {
        id: s.id,
        status: s.status,
        paymentStatus: s.paymentStatus,
        orderId: s.orderId,
        amountTotal: r.amount_total,
        currency: r.currency,
        shipping: s.shipping,
        // The test checkout has no payments apart from its sessions: the session is the payment.
        paymentId: s.paymentStatus === 'paid' ? s.id : null,
      };
    },

    async paidSessionsSince(since: Date): Promise<ReadonlySet<string>> {
      const rows = await db
        .selectFrom('test_checkout_sessions')
        .select('id')
        .where('payment_status', '=', 'paid')
        .where('created_at', '>=', since.toISOString())
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    async expireSession(sessionId: string): Promise<void> {
      await db
        .updateTable('test_checkout_sessions')
        .set({ status: 'expired' })
        .where('id', '=', sessionId)
        .where('status', '=', 'open')
        .execute();
    },

    async refund(input: RefundInput): Promise<ProviderRefund> {
      // Recorded like Stripe does: one refund per idempotency key, the same answer when it is repeated.
      const previous = refunds.find((r) => r.idempotencyKey === input.idempotencyKey);
      if (previous) return { id: previous.id, amount: previous.amount };
      const refund = { ...input, id: `re_test_${randomAlphanumeric(24)}` };
      refunds.push(refund);
      return { id: refund.id, amount: refund.amount };
    },

    refunds,

    async getSession(sessionId: string): Promise<TestSession | null> {
      const r = await row(sessionId);
      return r ? toSession(r, now()) : null;
    },

    async pay(sessionId: string, shipping: ShippingDetails | null): Promise<boolean> {
      const result = await db
        .updateTable('test_checkout_sessions')
        .set({
          status: 'complete',
          payment_status: 'paid',
          shipping_name: shipping?.name ?? null,
          shipping_address: shipping ? JSON.stringify(shipping.address) : null,
          completed_at: new Date(now()).toISOString(),
        })
        .where('id', '=', sessionId)
        .where('status', '=', 'open')
        .where('expires_at_ms', '>', now())
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async recordDecline(sessionId: string): Promise<void> {
      await db
        .updateTable('test_checkout_sessions')
        .set((eb) => ({ declines: eb('declines', '+', 1) }))
        .where('id', '=', sessionId)
        .execute();
    },

    successUrlFor(session: TestSession): string {
      return session.successUrl.replace(SESSION_ID_PLACEHOLDER, session.id);
    },
  };
}

// ------------------------------------------------------------------ the privacy pages' queries

type Executor = Kysely<Database> | Transaction<Database>;

/** The sessions of these orders, for an export of what the shop holds about someone. */
export async function testSessionsOfOrders(
  db: Executor,
  orderIds: readonly string[],
): Promise<TestCheckoutSessionRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('test_checkout_sessions')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .execute();
}

/** Erases the shopper's e-mail, name and address from these orders' sessions: they follow their order. */
export async function eraseTestSessionsOfOrders(db: Executor, orderIds: readonly string[]): Promise<void> {
  await db
    .updateTable('test_checkout_sessions')
    .set({ customer_email: '', shipping_name: null, shipping_address: null })
    .where('order_id', 'in', [...orderIds])
    .execute();
}
