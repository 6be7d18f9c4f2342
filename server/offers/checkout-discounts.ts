/**
 * The discount of a checkout (docs/product.md, offers): the shopper's code checked against its rules and
 * uses (domain/offers/discounts.ts refuseCode), the early-bird tier, and the better of the two. A code's use is
 * reserved in the transaction that stores the checkout (DiscountStore.reserve), marked used at payment and
 * released when the checkout expires, fails or is cancelled (docs/decisions/0016-discount-reservations.md).
 */
import type { Transaction } from 'kysely';
import type { PricedLineInput } from '../../domain/cart/pricing';
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
import { cents } from '../../domain/shared/money';
import type { Database } from '../db/schema';
import { type DiscountStore, discountEmailHash, ReservationRefused, ruleOf } from './discount-store';

/**
 * How long an unpaid checkout holds its use when the shop never hears of its end: the hosted checkout's
 * lifetime (24 hours, Stripe's default and the test checkout's) and an hour's margin for a late payment.
 */
export const RESERVATION_HOLD_MS = 25 * 60 * 60 * 1000;

export type DiscountDecision =
  | { readonly ok: true; readonly applied: AppliedDiscount }
  | { readonly ok: false; readonly error: string };

/** What the order service asks of discounts; absent in a shop without them (older tests). */
export interface CheckoutDiscounts {
  decide(input: {
    /** Null when the cart asks before the checkout: the once-per-address rule waits for the e-mail. */
    readonly email: string | null;
    readonly lines: readonly PricedLineInput[];
    readonly code: string | null;
    readonly now: Date;
  }): Promise<DiscountDecision>;
  /** Inside the checkout's transaction; throws ReservationRefused (the checkout rolls back). */
  reserve(
    trx: Transaction<Database>,
    input: { readonly code: string; readonly orderId: string; readonly email: string; readonly now: Date },
  ): Promise<void>;
  refusalOf(error: unknown, code: string): string | null;
  markUsed(orderId: string, now: Date): Promise<void>;
  release(orderId: string, now: Date): Promise<boolean>;
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
  return {
    async decide({ email, lines, code: raw, now }) {
      const subtotal = cents(lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0));
      const pieces = lines.reduce((sum, l) => sum + l.quantity, 0);
      let code: { code: string; value: ReturnType<typeof ruleOf>['value'] } | null = null;
      if (raw !== null) {
        const normalized = normalizeDiscountCode(raw);
        const shown = normalized ?? raw.trim().toUpperCase();
        const row = normalized ? await store.find(normalized) : null;
        if (!row) return { ok: false, error: codeRefusalMessage('unknown', shown) };
        const rule = ruleOf(row);
        const usage = await store.usage(rule.code, email === null ? null : discountEmailHash(email), now);
        const reason = refuseCode(rule, subtotal, usage, now.getTime());
        if (reason) return { ok: false, error: codeRefusalMessage(reason, rule.code, rule) };
        code = { code: rule.code, value: rule.value };
      }
      // No tier reaches a cart under its least minimum (EARLY_BIRD_LIMITS): most carts are one piece, and
      // they skip the setting's query (one database round trip of a checkout's few).
      const bulk = pieces >= EARLY_BIRD_LIMITS.minPieces.min ? await tier() : null;
      return { ok: true, applied: chooseDiscount(subtotal, pieces, now.getTime(), code, bulk) };
    },
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
