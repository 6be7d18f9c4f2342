/**
 * A euro amount as a person types it, read into cents: the desk's prices and refunds and the enquiry
 * form's budget. A module of its own, so the shop's first-load code (which formats money) does not carry it.
 */
import { type Cents, cents } from './money';

/** "12.50", "12,50", "€12.5" -> 1250 cents; null when it is not an amount of euro with at most 2 decimals. */
export function parseEuroInput(text: string): Cents | null {
  const cleaned = text.trim().replace(/^€\s*/, '').replace(',', '.');
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return cents(Number(whole) * 100 + Number(fraction.padEnd(2, '0')));
}
