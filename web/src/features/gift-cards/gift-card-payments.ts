/**
 * The gift cards the shopper added to pay this order (docs/product/gift-cards.md §19): each code with its last 4 and
 * the balance the shop answered. Kept in this page's memory only, never in the browser's storage: a code
 * is money. The checkout sends the codes (`giftCardCodes`); the server checks and holds them again.
 */
import { useSyncExternalStore } from 'react';
import {
  GIFT_CARD_BALANCE_PATH,
  GIFT_CARD_MESSAGES,
  parseGiftCardCode,
} from '../../../../domain/gift-cards/gift-cards';

export interface AppliedGiftCard {
  /** The code as the server reads it (no dashes, upper case). */
  readonly code: string;
  readonly last4: string;
  /** Cents available when it was added. */
  readonly balance: number;
}

let applied: readonly AppliedGiftCard[] = [];
const listeners = new Set<() => void>();

function set(next: readonly AppliedGiftCard[]): void {
  applied = next;
  for (const listener of listeners) listener();
}

export const giftCardPayments = {
  get: (): readonly AppliedGiftCard[] => applied,
  add: (card: AppliedGiftCard): void => {
    if (!applied.some((c) => c.code === card.code)) set([...applied, card]);
  },
  remove: (code: string): void => set(applied.filter((c) => c.code !== code)),
  clear: (): void => set([]),
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useGiftCardPayments(): readonly AppliedGiftCard[] {
  return useSyncExternalStore(giftCardPayments.subscribe, giftCardPayments.get, () => []);
}

/** Whether what the shopper typed is shaped like a gift card code (else it is a discount code). */
export function looksLikeGiftCardCode(text: string): boolean {
  return parseGiftCardCode(text) !== null;
}

/**
 * Asks the shop what a code is worth (the balance check, limited with the checkout's card field); adds it
 * when it can pay. Answers null, or the sentence to show.
 */
export async function addGiftCard(typed: string): Promise<string | null> {
  const code = parseGiftCardCode(typed);
  if (code === null) return GIFT_CARD_MESSAGES.invalidCode;
  let response: Response;
  try {
    response = await fetch(GIFT_CARD_BALANCE_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
  } catch {
    return 'Please try again in a moment.';
  }
  const body = (await response.json().catch(() => null)) as {
    ok?: boolean;
    balance?: number;
    error?: string;
  } | null;
  if (!response.ok || !body?.ok || typeof body.balance !== 'number') {
    return body?.error ?? GIFT_CARD_MESSAGES.invalidCode;
  }
  giftCardPayments.add({ code, last4: code.slice(-4), balance: body.balance });
  return null;
}
