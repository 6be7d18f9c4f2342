/**
 * What a credit note credits (docs/product/vat.md §20.6; Directive 2006/112/EC arts. 90 and 219, Revenue's
 * rules for credit notes): the goods and the other lines of the invoice it corrects, each with its
 * quantity, net and VAT at its rate, and why. A refund of everything left credits each line what is left
 * of it; a refund in part reduces the price of every line still open in proportion to what is left of it
 * (the shop's one allocation rule, domain/shared/allocation.ts: largest remainder by line value), so the VAT given back is the VAT of the
 * lines it reduces, at their rates.
 */
import { allocate } from '../shared/allocation';
import { vatInside } from './vat-breakdown';

export interface CreditableLine {
  readonly description: string;
  readonly quantity: number;
  /** Basis points. */
  readonly rate: number;
  /** Cents: the line's whole net and VAT. */
  readonly net: number;
  readonly vat: number;
}

export interface CreditLine extends CreditableLine {
  /** The invoice line it credits (its position); absent on notes issued before lines were credited. */
  readonly invoiceLine?: number;
}

/** Why a refund is credited when the owner gave no reason. */
export const NO_REASON_GIVEN = 'Refund (no reason given)';
/** Said after a line's description when the refund credits part of its price. */
export const PART_OF_PRICE = '(part of its price)';

/**
 * The lines of a credit note of `amount` cents (VAT included) against `invoice`, after the `earlier` notes'
 * lines. An earlier note that credited no lines (one "Refund of invoice" line) is taken as spread in
 * proportion over the invoice's lines.
 */
export function creditNoteLines(
  invoice: readonly CreditableLine[],
  earlier: readonly CreditLine[],
  amount: number,
): CreditLine[] {
  const gross = invoice.map((l) => l.net + l.vat);
  const credited = invoice.map(() => ({ net: 0, vat: 0 }));
  const unplaced = earlier.filter((l) => l.invoiceLine === undefined).reduce((s, l) => s + l.net + l.vat, 0);
  allocate(unplaced, gross).forEach((share, i) => {
    const line = invoice[i];
    const at = credited[i];
    if (!line || !at || share === 0) return;
    const vat = share === gross[i] ? line.vat : vatInside(share, line.rate);
    at.net += share - vat;
    at.vat += vat;
  });
  for (const l of earlier) {
    const at = l.invoiceLine === undefined ? undefined : credited[l.invoiceLine];
    if (!at) continue;
    at.net += l.net;
    at.vat += l.vat;
  }
  const left = invoice.map((l, i) =>
    Math.max(0, l.net + l.vat - (credited[i]?.net ?? 0) - (credited[i]?.vat ?? 0)),
  );
  const totalLeft = left.reduce((s, v) => s + v, 0);
  const shares = amount >= totalLeft ? left : allocate(amount, left);
  const lines: CreditLine[] = [];
  invoice.forEach((line, i) => {
    const share = shares[i] ?? 0;
    if (share <= 0) return;
    const whole = share === left[i];
    // What is left of a line is its net and VAT less what was credited: the VAT given back adds up to the
    // invoice's exactly once the line is credited in full.
    const vat = whole ? line.vat - (credited[i]?.vat ?? 0) : vatInside(share, line.rate);
    lines.push({
      invoiceLine: i,
      description: whole && share === gross[i] ? line.description : `${line.description} ${PART_OF_PRICE}`,
      quantity: line.quantity,
      rate: line.rate,
      net: share - vat,
      vat,
    });
  });
  return lines;
}
