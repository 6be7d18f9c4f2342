/**
 * A custom line of a quote (domain/quotes/quotes.ts customLineId): a bespoke design, no catalogue product and no
 * bracelet size, stored with the id `custom:{quote}:{n}`. In shared, not in quotes.ts, so the cart's chunk can
 * ask without zod, and the catalogue's sizes and the customs items both read it from below.
 */
export function isCustomLineId(productId: string): boolean {
  return productId.startsWith('custom:');
}
