/**
 * The discount of a checkout (docs/product/numbers.md §4.2a): the shopper's code checked against its rules and
 * uses (domain/offers/discounts.ts refuseCode), the early-bird tier, and the better of the two. A code's use is
 * reserved in the transaction that stores the checkout (DiscountStore.reserve), marked used at payment and
 * released when the checkout expires, fails or is cancelled (docs/decisions/0016-discount-reservations.md).
 */
import type { Transaction } from 'kysely';
import type { PricedLineInput } from '../../domain/cart/pricing';
import type { Adjustment } from '../../domain/checkout/adjustments';
import {
  type AppliedDiscount,
  type BulkTier,
  chooseDiscount,
  codeRefusalMessage,
  discountLineLabel,
  normalizeDiscountCode,
  refuseCode,
} from '../../domain/offers/discounts';
import { EARLY_BIRD_LIMITS } from '../../domain/offers/early-bird';
import { type Cents, cents } from '../../domain/shared/money';
import type { Database } from '../db/schema';
import { type DiscountStore, discountEmailHash, ReservationRefused, ruleOf } from './discount-store';

/**
 * How long an unpaid checkout holds its use when the shop never hears of its end: the hosted checkout's
 * lifetime (24 hours, Stripe's default and the test checkout's) and an hour's margin for a late payment.
 */
export const RESERVATION_HOLD_MS = 25 * 60 * 60 * 1000;

/** What the checkout asks of discounts; absent in a shop without them (older tests). */
export interface CheckoutDiscounts {
  /**
   * The checkout's discount entries, in their declared order (domain/checkout/adjustments.ts): the
   * early-bird tier, then a discount code, which applies when it takes at least as much off.
   */
  readonly entries: readonly [EarlyBirdEntry, DiscountCodeEntry];
  /** Inside the checkout's transaction; throws ReservationRefused (the checkout rolls back). */
  reserve(
    trx: Transaction<Database>,
    input: { readonly code: string; readonly orderId: string; readonly email: string; readonly now: Date },
  ): Promise<void>;
  refusalOf(error: unknown, code: string): string | null;
  markUsed(orderId: string, now: Date): Promise<void>;
  release(orderId: string, now: Date): Promise<boolean>;
}

type DiscountEntry = Extract<Adjustment, { kind: 'discount' }>;
export type EarlyBirdEntry = DiscountEntry & { readonly name: 'early-bird' };
export type DiscountCodeEntry = DiscountEntry & { readonly name: 'discount-code' };

function itemsOf(lines: readonly PricedLineInput[]): { subtotal: Cents; pieces: number } {
  return {
    subtotal: cents(lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0)),
    pieces: lines.reduce((sum, l) => sum + l.quantity, 0),
  };
}

/** The label the hosted checkout shows for the discount line: `Discount (XMAS15)` or `Early bird`. */
export function discountLabel(applied: AppliedDiscount): string {
  return discountLineLabel(applied.source === 'code' ? applied.code : null);
}

/**
 * `tier` answers the early-bird price now: the owner's setting, read for each decision that a tier could
 * reach, so every instance charges a change from the next checkout on.
 */
export function checkoutDiscounts(
  store: DiscountStore,
  tier: () => Promise<BulkTier | null>,
): CheckoutDiscounts {
  const tierEntry: EarlyBirdEntry = {
    kind: 'discount',
    name: 'early-bird',
    async offer({ lines, now }) {
      const { subtotal, pieces } = itemsOf(lines);
      // No tier reaches a cart under its least minimum (EARLY_BIRD_LIMITS): most carts are one piece, and
      // they skip the setting's query (one database round trip of a checkout's few).
      const bulk = pieces >= EARLY_BIRD_LIMITS.minPieces.min ? await tier() : null;
      return { ok: true, applied: bulk && chooseDiscount(subtotal, pieces, now.getTime(), null, bulk) };
    },
  };
  const codeEntry: DiscountCodeEntry = {
    kind: 'discount',
    name: 'discount-code',
    async offer({ email, lines, code: raw, now }) {
      if (raw === null) return { ok: true, applied: null };
      const { subtotal, pieces } = itemsOf(lines);
      const normalized = normalizeDiscountCode(raw);
      const shown = normalized ?? raw.trim().toUpperCase();
      const row = normalized ? await store.find(normalized) : null;
      if (!row) return { ok: false, error: codeRefusalMessage('unknown', shown) };
      const rule = ruleOf(row);
      const usage = await store.usage(rule.code, email === null ? null : discountEmailHash(email), now);
      const reason = refuseCode(rule, subtotal, usage, now.getTime());
      if (reason) return { ok: false, error: codeRefusalMessage(reason, rule.code, rule) };
      const code = { code: rule.code, value: rule.value };
      return { ok: true, applied: chooseDiscount(subtotal, pieces, now.getTime(), code, null) };
    },
  };
  return {
    entries: [tierEntry, codeEntry],
    reserve(trx, { code, orderId, email, now }) {
      return store.reserve(trx, {
        code,
        orderId,
        emailHash: discountEmailHash(email),
        now,
        expiresAt: new Date(now.getTime() + RESERVATION_HOLD_MS),
      });
    },
    refusalOf(error, code) {
      if (!(error instanceof ReservationRefused)) return null;
      return codeRefusalMessage(error.reason, code);
    },
    markUsed: (orderId, now) => store.markUsed(orderId, now),
    release: (orderId, now) => store.release(orderId, now),
  };
}
