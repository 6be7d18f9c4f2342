/**
 * The cart's question to POST /api/discounts/check, asked only with a code or enough pieces for the
 * early-bird tier, the tier's terms the cart states, and the code this browser kept (./discount-code.tsx
 * loads this after hydration: the cart page's own chunk stays small, and zod stays off the first render,
 * docs/decisions/0003-browser-zod-mini.md).
 */

import * as z from 'zod/mini';
import { orderableLines } from '../../../../domain/cart/cart';
import { STORAGE_KEYS, type ZoneId } from '../../../../domain/config';
import {
  DISCOUNT_CHECK_PATH,
  DISCOUNT_CODE_PATTERN,
  EARLY_BIRD_MIN_PIECES,
} from '../../../../domain/offers/discounts';
import { earlyBirdOfferText } from '../../../../domain/offers/early-bird';
import { readStoredJson } from '../../lib/browser-storage';
import { browserEarlyBird } from '../offers';
import type { CartLineView } from './cart-context';

export interface CartEarlyBird {
  /** From this many pieces the cart asks the server about the tier; none now: never. */
  readonly minPieces: number;
  /** The terms as the cart states them; null when there are none to state. */
  readonly note: string | null;
}

/** Undefined when /runtime-env.js did not say: the default minimum then, and no words. */
export function cartEarlyBird(): CartEarlyBird | undefined {
  const terms = browserEarlyBird();
  if (terms === null) return { minPieces: Number.POSITIVE_INFINITY, note: null };
  if (!terms) return undefined;
  return {
    minPieces: terms.minPieces,
    note: `Early bird: ${earlyBirdOfferText(terms)}, applied automatically. It never adds to a discount code: the better one for you applies.`,
  };
}

/** What the cart keeps under STORAGE_KEYS.discountCode (cart-context.tsx writes it). */
const storedCodeSchema = z.object({ code: z.string().check(z.regex(DISCOUNT_CODE_PATTERN)) });

/** The code this browser kept for its cart, or null: anything else stored (garbage, an old shape) is none. */
export function readStoredDiscountCode(): string | null {
  return readStoredJson(STORAGE_KEYS.discountCode, storedCodeSchema)?.code ?? null;
}

export interface DiscountLine {
  readonly label: string;
  readonly amount: number;
  readonly shipping: number;
  readonly total: number;
  /** The code that applies; null when the early-bird tier won. */
  readonly code: string | null;
}

export type CheckAnswer =
  | {
      ok: true;
      line: DiscountLine | null;
      /** The early-bird terms as the cart states them; null when there are none to state. */
      note: string | null;
    }
  | {
      ok: false;
      error: string;
      /**
       * When the server refused the code itself (it no longer applies), what the cart says as it drops a
       * code it held; null when the server could not be asked or refused the items.
       */
      dropped: string | null;
    };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** What the cart says when the server refuses a code it held: the server's reason, then what happened. */
export function codeDroppedText(reason: string): string {
  return `${reason} We have taken it off your cart.`;
}

const COULD_NOT_CHECK = 'We could not check the code just now. Please try again.';

export async function askServer(
  code: string | null,
  allLines: readonly CartLineView[],
  zone: ZoneId,
  giftWrap: boolean,
): Promise<CheckAnswer> {
  const tier = cartEarlyBird();
  const note = tier?.note ?? null;
  // Only what can be checked out: a paused or retired line is no part of the order (docs/product/states.md §5.1).
  const lines = orderableLines(allLines);
  const pieces = lines.reduce((n, l) => n + l.quantity, 0);
  // Nothing to ask: no code, and too few pieces for the tier (or no tier now).
  if (lines.length === 0 || (!code && pieces < (tier?.minPieces ?? EARLY_BIRD_MIN_PIECES)))
    return { ok: true, line: null, note };
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
    if (!isRecord(body)) return { ok: false, error: COULD_NOT_CHECK, dropped: null };
    if (body.ok !== true) {
      const error = typeof body.error === 'string' ? body.error : 'This code cannot be used.';
      // Only the server's word on the code itself: a refused line, a 429 or a 5xx says nothing about it.
      return { ok: false, error, dropped: body.field === 'code' ? codeDroppedText(error) : null };
    }
    const amount = Number(body.discount);
    if (!(amount > 0) || typeof body.label !== 'string') return { ok: true, line: null, note };
    return {
      ok: true,
      note,
      line: {
        label: body.label,
        amount,
        shipping: Number(body.shipping),
        total: Number(body.total),
        code: typeof body.discountCode === 'string' ? body.discountCode : null,
      },
    };
  } catch {
    return { ok: false, error: COULD_NOT_CHECK, dropped: null };
  }
}
