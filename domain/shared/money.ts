/**
 * Money is always an integer number of euro cents. The brand keeps arithmetic in cents so that
 * 3 x €34.99 never becomes 104.97000000000001; formatting to "€35.00" happens only at the edge.
 */
/** ISO 4217 code of every amount in the shop: prices, orders and payments are euro cents. */
export const CURRENCY = 'EUR';
/** The same currency as payment providers write it (Stripe: the lowercase ISO code), on orders and sessions. */
export const PAYMENT_CURRENCY = CURRENCY.toLowerCase();

export type Cents = number & { readonly __brand: 'Cents' };

export function cents(value: number): Cents {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Money must be an integer number of cents, got ${value}`);
  }
  return value as Cents;
}

export function euros(value: number): Cents {
  return cents(Math.round(value * 100));
}

export function addCents(...values: readonly Cents[]): Cents {
  let total = 0;
  for (const v of values) total += v;
  return cents(total);
}

export function multiplyCents(value: Cents, times: number): Cents {
  return cents(value * times);
}

/**
 * "€35.00" (en-IE, EUR, two decimals, docs/product/numbers.md §4.1); "-€5.00", "€1,234.56". Written out rather
 * than Intl.NumberFormat: constructing that formatter loads ICU locale data, 20-60 ms of main-thread work
 * in a fresh page (4x that on Lighthouse's mobile CPU), the largest single task when the app starts.
 * money.test.ts checks the output against Intl.
 */
export function formatEuro(value: Cents): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}€${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** "€40" for whole-euro marketing copy ("Free shipping from €40"); falls back to two decimals. */
export function formatEuroShort(value: Cents): string {
  return value % 100 === 0 ? `€${value / 100}` : formatEuro(value);
}
