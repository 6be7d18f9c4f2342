/**
 * What an invoice says beyond its figures (docs/product/vat.md §20; Directive 2006/112/EC art. 226): the
 * exemption or scheme wording by scheme, a rate as people write it, and the totals per rate.
 */
import { countryName } from '../shared/countries';
import { type Cents, formatEuro } from '../shared/money';
import type { VatScheme } from './vat-breakdown';

export const REVERSE_CHARGE_WORDING =
  'Intra-Community supply, exempt under Article 138 of Directive 2006/112/EC; VAT to be accounted for by the customer (reverse charge)';
export const EXPORT_WORDING = 'Export outside the EU, exempt under Article 146 of Directive 2006/112/EC';
export const NOT_REGISTERED_WORDING = 'The seller is not registered for VAT: no VAT is charged';

export function schemeWording(scheme: VatScheme, country: string): string | null {
  switch (scheme) {
    case 'intra_community':
      return REVERSE_CHARGE_WORDING;
    case 'export':
      return EXPORT_WORDING;
    case 'oss':
      return `VAT of ${countryName(country)} charged under the Union One-Stop Shop scheme (Articles 369a-369k of Directive 2006/112/EC)`;
    case 'none':
      return NOT_REGISTERED_WORDING;
    default:
      return null;
  }
}

/** 2300 -> "23%", 2550 -> "25.5%". */
export function formatRate(rate: number): string {
  return `${String(rate / 100)}%`;
}

/** The totals per rate, in the order the rates first appear. */
export function totalsPerRate(
  lines: readonly { readonly rate: number; readonly net: number; readonly vat: number }[],
): { rate: number; net: number; vat: number }[] {
  const byRate = new Map<number, { rate: number; net: number; vat: number }>();
  for (const line of lines) {
    const total = byRate.get(line.rate) ?? { rate: line.rate, net: 0, vat: 0 };
    total.net += line.net;
    total.vat += line.vat;
    byRate.set(line.rate, total);
  }
  return [...byRate.values()];
}

/**
 * A line's unit price net of VAT (art. 226(8)) from the line's stored net: the VAT is worked out on the
 * whole line (docs/product/vat.md §20.2), so two pieces at €56.91 net are €28.455 each, printed so (to a
 * hundredth of a cent at most), never a rounded €28.46 that times two is not the line.
 */
export function formatUnitPrice(lineNet: number, quantity: number): string {
  const hundredths = Math.round((Math.abs(lineNet) * 100) / Math.max(1, quantity));
  const rest = hundredths % 100;
  const whole = formatEuro(Math.floor(hundredths / 100) as Cents);
  const extra = rest === 0 ? '' : String(rest).padStart(2, '0').replace(/0$/, '');
  return `${lineNet < 0 ? '-' : ''}${whole}${extra}`;
}
