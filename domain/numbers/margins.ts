/**
 * Margins (docs/product/materials.md §23.5): what the shop keeps of a piece it sold, less what the piece
 * cost to make. The amounts come from the papers the shop already stored (the order's priced lines and its
 * credit notes, docs/product/vat.md §20.10): nothing here computes VAT or shares a discount again; it only
 * takes what was refunded off what was sold and the costs off what was kept. Integer cents throughout.
 */
import { vatInside } from '../vat/vat-breakdown';

/** One piece line as its papers state it: its net after the discount, and the net its credit notes gave back. */
export interface SoldLineNet {
  /** The line's net of VAT after its share of the discount (its priced line's `net`). */
  readonly net: number;
  /** The net of VAT its credit notes credited (0 without a refund). */
  readonly refundedNet: number;
}

export interface PieceCosts {
  readonly materials: number;
  readonly labour: number;
  readonly packaging: number;
}

export interface MarginFigures {
  readonly revenue: number;
  readonly materialsCost: number;
  readonly labourCost: number;
  readonly margin: number;
}

/**
 * What the shop keeps of a line: its net less the net refunded on it, never below nothing (a note never
 * credits more than the line, but a line's stored net is the bound either way).
 */
export function keptNet(line: SoldLineNet): number {
  return Math.max(0, line.net - Math.min(Math.max(0, line.refundedNet), line.net));
}

/**
 * An older order's line without stored priced lines: its gross less the VAT inside it at the order's
 * stored rate (basis points), or its gross when the order stored no rate.
 */
export function netOfOlderLine(gross: number, rateBp: number | null): number {
  if (rateBp === null || rateBp <= 0) return gross;
  return gross - vatInside(gross, rateBp);
}

/** Revenue kept over some lines, less their costs: the margin. */
export function marginOf(lines: readonly SoldLineNet[], costs: PieceCosts): MarginFigures {
  const revenue = lines.reduce((sum, line) => sum + keptNet(line), 0);
  return {
    revenue,
    materialsCost: costs.materials,
    labourCost: costs.labour,
    margin: revenue - costs.materials - costs.labour - costs.packaging,
  };
}

/** The most orders Numbers lists margins for (the newest first). */
export const ORDER_MARGINS_LIMIT = 100;
