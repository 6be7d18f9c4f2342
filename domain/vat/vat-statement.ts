/**
 * An order's VAT in words as the payment settled it (docs/product/vat.md §20): the amount and each rate
 * inside the total (with the Union scheme's wording for OSS), or the reverse-charge, export or
 * not-registered wording with no VAT. The confirmation e-mail, the shopper's order page and the desk's
 * order all state it through `vatStatementText`, so they say the same VAT in the same words.
 */
import * as z from 'zod/mini';
import { type Cents, formatEuro } from '../shared/money';
import { formatRate, schemeWording } from './invoice-text';
import { VAT_SCHEMES, type VatScheme } from './vat-breakdown';

/** "€7.48 VAT included". */
export function vatIncludedText(vatCents: number): string {
  return `${formatEuro(vatCents as Cents)} VAT included`;
}

/** An order's VAT as settled: what its statement is written from (rates in basis points, amounts in cents). */
export const settledVatSchema = z.object({
  scheme: z.enum(VAT_SCHEMES),
  /** The destination country (ISO code) whose VAT was charged. */
  country: z.string(),
  totalVat: z.number(),
  /** Each rate charged, in the order the lines first use it. */
  rates: z.array(z.number()),
});
export type SettledVat = z.infer<typeof settledVatSchema>;

/** The seller as the statement names her: her name now, and the VAT number the order was charged with. */
export const vatStatementSchema = z.object({
  vat: settledVatSchema,
  sellerName: z.string(),
  vatNumber: z.nullable(z.string()),
});
export type VatStatement = z.infer<typeof vatStatementSchema>;

/**
 * The VAT as settled (the payment's, or the order's as stored since). A rate only counts when VAT was
 * charged at it: a reverse charge's or an export's lines carry 0 and name none.
 */
export function settledVat(settled: {
  readonly scheme: VatScheme;
  readonly country: string;
  readonly totalVat: number;
  readonly lines: readonly { readonly rate: number; readonly vat: number }[];
}): SettledVat {
  return {
    scheme: settled.scheme,
    country: settled.country,
    totalVat: settled.totalVat,
    rates: [...new Set(settled.lines.filter((l) => l.vat > 0).map((l) => l.rate))],
  };
}

/**
 * The statement's one sentence: "€7.48 VAT included in the total, at 23% (VAT number IE1234567T).", the
 * scheme's wording where the law asks for one, or that no VAT is charged and why.
 */
export function vatStatementText({ vat, sellerName, vatNumber }: VatStatement): string {
  if (vat.scheme === 'none') return notRegisteredText(sellerName);
  const wording = schemeWording(vat.scheme, vat.country);
  if (vat.scheme === 'intra_community' || vat.scheme === 'export') return `${wording}: no VAT is charged.`;
  // Nothing taxable in it: gift cards alone carry no VAT until they pay for goods (art. 30b).
  if (vat.rates.length === 0) return NOTHING_TAXABLE_TEXT;
  const rates = vat.rates.map(formatRate).join(' and ');
  const number = vat.scheme === 'uk' ? '' : vatNumber ? ` (VAT number ${vatNumber})` : '';
  const scheme = vat.scheme === 'oss' && wording ? ` ${wording}.` : '';
  return `${vatIncludedText(vat.totalVat)} in the total, at ${rates}${vat.scheme === 'uk' ? ' UK VAT' : ''}${number}.${scheme}`;
}

export const NOTHING_TAXABLE_TEXT =
  'No VAT is charged on this order: a gift card carries VAT only when it pays for goods.';

/** A seller without a VAT number, or in mode `none`, charges none (§6.11). */
export function notRegisteredText(sellerName: string): string {
  return `${sellerName} is not registered for VAT: no VAT is charged on this order.`;
}
