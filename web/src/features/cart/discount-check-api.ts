/**
 * The cart's question to POST /api/discounts/check, and the early-bird terms it states (./discount-code.tsx
 * loads this after hydration: the cart page's own chunk stays small).
 */
import type { ZoneId } from '../../../../domain/config';
import { DISCOUNT_CHECK_PATH } from '../../../../domain/discounts';
import { browserEarlyBird, earlyBirdOfferText } from '../offers/early-bird';
import type { CartLineView } from './cart-context';

/** What the cart says of the early-bird price: null for none now, undefined when the server did not say. */
export function cartEarlyBird(): { readonly minPieces: number; readonly note: string } | null | undefined {
  const terms = browserEarlyBird();
  return (
    terms && {
      minPieces: terms.minPieces,
      note: `Early bird: ${earlyBirdOfferText(terms)}, applied automatically. It never adds to a discount code: the better one for you applies.`,
    }
  );
}

export interface DiscountLine {
  readonly label: string;
  readonly amount: number;
  readonly shipping: number;
  readonly total: number;
  /** The code that applies; null when the early-bird tier won. */
  readonly code: string | null;
}

export type CheckAnswer = { ok: true; line: DiscountLine | null } | { ok: false; error: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export async function askServer(
  code: string | null,
  lines: readonly CartLineView[],
  zone: ZoneId,
  giftWrap: boolean,
): Promise<CheckAnswer> {
  try {
    const response = await fetch(DISCOUNT_CHECK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...(code ? { code } : {}),
        items: lines.map((l) => ({ id: l.product.id, quantity: l.quantity, size: l.size })),
        zone,
        giftWrap,
      }),
    });
    const body: unknown = await response.json().catch(() => null);
    if (!isRecord(body))
      return { ok: false, error: 'We could not check the code just now. Please try again.' };
    if (body.ok !== true) {
      return { ok: false, error: typeof body.error === 'string' ? body.error : 'This code cannot be used.' };
    }
    const amount = Number(body.discount);
    if (!(amount > 0) || typeof body.label !== 'string') return { ok: true, line: null };
    return {
      ok: true,
      line: {
        label: body.label,
        amount,
        shipping: Number(body.shipping),
        total: Number(body.total),
        code: typeof body.discountCode === 'string' ? body.discountCode : null,
      },
    };
  } catch {
    return { ok: false, error: 'We could not check the code just now. Please try again.' };
  }
}
