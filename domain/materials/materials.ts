/**
 * The maker's materials (docs/product/materials.md §23): what a piece uses, how many more pieces the stock
 * can cover, what a piece costs and the price her own multiplier suggests. Pure: quantities are whole units
 * (beads, centimetres, grams, pieces), money integer cents, every division rounded half up once.
 */
import { SIZE_CODES, type SizeCode } from '../config';

export const MATERIAL_UNITS = ['bead', 'cm', 'gram', 'piece'] as const;
export type MaterialUnit = (typeof MATERIAL_UNITS)[number];

/** A quantity or a cost the desk may type: whole, never negative, bounded so sums stay exact. */
export const MATERIAL_MAX = 10_000_000;

/** What one piece of a product in one size uses of one material. */
export interface BomLine {
  readonly materialId: string;
  readonly quantity: number;
}

/** A material's stock as the buildable count reads it. */
export interface MaterialStock {
  readonly onHand: number;
  readonly reserved: number;
}

/** a / b rounded half up, for a >= 0 and b > 0, in integers (no float ever reaches a cent). */
export function divideHalfUp(a: number, b: number): number {
  if (b <= 0) throw new RangeError('divideHalfUp: the divisor must be positive');
  return Math.floor((2 * a + b) / (2 * b));
}

/**
 * How many more pieces the stock covers: the least, over the piece's materials, of what is on hand less
 * what paid orders reserved, divided by what one piece uses. Null when the piece names no material (it is
 * not counted: the shop sells it as before). A material the shop does not know covers none.
 */
export function buildable(
  lines: readonly BomLine[],
  stock: ReadonlyMap<string, MaterialStock>,
): number | null {
  let least: number | null = null;
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    const s = stock.get(line.materialId);
    const free = s ? Math.max(0, s.onHand - s.reserved) : 0;
    const pieces = Math.floor(free / line.quantity);
    least = least === null ? pieces : Math.min(least, pieces);
  }
  return least;
}

/** Buildable per size of a product; sizes without a bill of materials answer null. */
export function buildableBySize(
  sizes: Partial<Readonly<Record<SizeCode, readonly BomLine[]>>>,
  stock: ReadonlyMap<string, MaterialStock>,
): Record<SizeCode, number | null> {
  const out = {} as Record<SizeCode, number | null>;
  for (const size of SIZE_CODES) out[size] = buildable(sizes[size] ?? [], stock);
  return out;
}

/**
 * The unit cost after a purchase: the weighted average of what was on hand at its cost and what was
 * bought, in cents rounded half up. Stock on hand with no known cost (counted in by hand) does not weigh:
 * the purchase's own unit cost is then the average.
 */
export function weightedUnitCost(
  before: { readonly onHand: number; readonly unitCost: number | null },
  purchase: { readonly quantity: number; readonly cost: number },
): number {
  const weighed = before.unitCost === null ? 0 : before.onHand;
  const value = weighed * (before.unitCost ?? 0) + purchase.cost;
  return divideHalfUp(value, weighed + purchase.quantity);
}

/** The owner's figures a piece's cost uses (the desk's settings of this feature). */
export interface CostSettings {
  /** Cents per hour of her making. */
  readonly hourlyRate: number;
  /** Cents of packaging per piece. */
  readonly packaging: number;
  /** Her price multiplier in hundredths (250: cost x 2.5). */
  readonly multiplier: number;
}

export const DEFAULT_COST_SETTINGS: CostSettings = { hourlyRate: 0, packaging: 0, multiplier: 250 };

export interface PieceCost {
  readonly materials: number;
  readonly labour: number;
  readonly packaging: number;
  readonly total: number;
  /** The total times her multiplier, rounded half up to the cent. */
  readonly suggestedPrice: number;
}

/**
 * A piece's cost: its materials at their average unit cost, her minutes at her hourly rate (rounded half
 * up to the cent), and packaging; a material without a known cost counts 0.
 */
export function pieceCost(
  lines: readonly { readonly quantity: number; readonly unitCost: number | null }[],
  minutes: number,
  settings: CostSettings,
): PieceCost {
  const materials = lines.reduce((sum, l) => sum + l.quantity * (l.unitCost ?? 0), 0);
  const labour = divideHalfUp(minutes * settings.hourlyRate, 60);
  const total = materials + labour + settings.packaging;
  return {
    materials,
    labour,
    packaging: settings.packaging,
    total,
    suggestedPrice: divideHalfUp(total * settings.multiplier, 100),
  };
}

/** One material the queue's orders need more of than is on hand (Today's "Can I make these?"). */
export interface Shortage {
  readonly materialId: string;
  readonly name: string;
  readonly needed: number;
  readonly onHand: number;
  readonly shortBy: number;
}

/**
 * The queue's orders, first to last, against what is on hand: each order needs its pieces' materials; the
 * first order whose needs, added to those before it, exceed the stock is the first blocked one; a material
 * whose total need exceeds its stock is a shortage.
 */
export function shortagesOf(
  orders: readonly { readonly reference: string; readonly needs: ReadonlyMap<string, number> }[],
  materials: ReadonlyMap<string, { readonly name: string; readonly onHand: number }>,
): { shortages: Shortage[]; firstBlocked: string | null } {
  const needed = new Map<string, number>();
  let firstBlocked: string | null = null;
  for (const order of orders) {
    for (const [id, quantity] of order.needs) needed.set(id, (needed.get(id) ?? 0) + quantity);
    if (firstBlocked === null) {
      for (const id of order.needs.keys()) {
        if ((needed.get(id) ?? 0) > (materials.get(id)?.onHand ?? 0)) {
          firstBlocked = order.reference;
          break;
        }
      }
    }
  }
  const shortages: Shortage[] = [];
  for (const [materialId, total] of needed) {
    const material = materials.get(materialId);
    const onHand = material?.onHand ?? 0;
    if (total > onHand)
      shortages.push({
        materialId,
        name: material?.name ?? materialId,
        needed: total,
        onHand,
        shortBy: total - onHand,
      });
  }
  return { shortages, firstBlocked };
}
