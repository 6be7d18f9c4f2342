/**
 * The gift cards in the shopper's bag (docs/product/gift-cards.md §19): each a line of its own kind (an amount, its
 * recipient, message and send date; no size, no shipping, no making), kept in this browser under
 * STORAGE_KEYS.giftCards beside the bracelets' cart. Outside the cart's own store so the home page's first
 * load carries none of it: only the Gift cards page and the cart page (both lazy) read it.
 */
import { STORAGE_KEYS } from '../../../../domain/config';
import { type Cents, formatEuro } from '../../../../domain/shared/money';
import { createPersistedStore, useStoreState } from '../../lib/persisted-store';

export interface GiftCardBagLine {
  /** The line's own id in this bag (two cards for the same person are two lines). */
  readonly key: string;
  /** Cents, whole euros from €10 to €500. */
  readonly amount: number;
  readonly recipientName: string;
  readonly recipientEmail: string;
  readonly message: string;
  /** 'YYYY-MM-DD' on the Irish calendar; '' for today. */
  readonly sendOn: string;
}

type Action = { type: 'add'; line: GiftCardBagLine } | { type: 'remove'; key: string } | { type: 'clear' };

const MAX_LINES = 50;

function isLine(value: unknown): value is GiftCardBagLine {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.key === 'string' &&
    typeof v.amount === 'number' &&
    Number.isInteger(v.amount) &&
    typeof v.recipientName === 'string' &&
    typeof v.recipientEmail === 'string' &&
    typeof v.message === 'string' &&
    typeof v.sendOn === 'string'
  );
}

/** Anything stored: the valid lines of it, garbage as none. */
export function parseGiftCardBag(raw: string | null): readonly GiftCardBagLine[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isLine).slice(0, MAX_LINES) : [];
  } catch {
    return [];
  }
}

export const giftCardBag = createPersistedStore<readonly GiftCardBagLine[], Action>({
  key: STORAGE_KEYS.giftCards,
  initial: [],
  reducer: (state, action) => {
    if (action.type === 'add') return [...state, action.line].slice(0, MAX_LINES);
    if (action.type === 'remove') return state.filter((l) => l.key !== action.key);
    return [];
  },
  parse: parseGiftCardBag,
  serialize: (state) => JSON.stringify(state),
});

export function useGiftCardBag(): readonly GiftCardBagLine[] {
  return useStoreState(giftCardBag);
}

// The words the Gift cards page and the cart say about a card (one module: one chunk the two share).

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function formatGiftCardAmount(amount: number): string {
  return formatEuro(amount as Cents);
}

/** "27 November 2031" for 'YYYY-MM-DD'. */
export function formatCalendarDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

/** "today" or "on 24 December 2026". */
export function sendOnText(sendOn: string): string {
  return sendOn ? `on ${formatCalendarDay(sendOn)}` : 'today';
}
