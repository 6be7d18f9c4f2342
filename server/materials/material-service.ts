/**
 * The maker's materials (docs/product/materials.md §23): the owner's list and purchases, each product's
 * bill of materials per size, what open checkouts and paid orders hold, and what the stock can make.
 * Whenever stock moves (a checkout's hold taken or given back, a payment, a purchase, a count, a piece
 * made, an order cancelled or refunded before making) the products using it are checked again in the
 * same transaction: a size no material can cover one more piece of is marked unmakeable in the catalogue, a product none of whose sizes can be made is paused,
 * and one this feature paused comes back when stock does (the catalogue's `productActive` then sends the
 * waiting back-in-stock notices). The catalogue version those changes publish reaches every instance.
 */

import { parse } from 'csv-parse/sync';
import type { Transaction } from 'kysely';
import type { CatalogueSnapshot } from '../../domain/catalogue/snapshot';
import { sizeCannotBeMadeError } from '../../domain/checkout/checkout';
import { SIZE_CODES, type SizeCode } from '../../domain/config';
import {
  buildable,
  type CostSettings,
  MATERIAL_MAX,
  MATERIAL_UNITS,
  type MaterialStock,
  type MaterialUnit,
  pieceCost,
  type Shortage,
  shortagesOf,
} from '../../domain/materials/materials';
import {
  type BillOfMaterialsAnswer,
  type BillOfMaterialsInput,
  MATERIAL_CSV_COLUMNS,
  MATERIAL_MESSAGES,
  type Material,
  type MaterialCreate,
  type MaterialPatch,
  type Purchase,
} from '../../domain/materials/materials-api';
import type { Database } from '../db/schema';
import { csvDocument } from '../lib/csv';
import { refuse } from '../lib/refusal';
import { type MaterialStore, MaterialsShort, type StoredBom, type StoredMaterial } from './material-store';

export interface MaterialServiceOptions {
  readonly store: MaterialStore;
  /** The catalogue this instance serves (which sizes each product offers). */
  readonly catalogue: () => CatalogueSnapshot;
  /** The catalogue's write of what can be made (server/catalogue setMakeable). */
  readonly setMakeable: (
    trx: Transaction<Database>,
    productId: string,
    change: { unmakeable: readonly SizeCode[]; pause: boolean; mayResume: boolean },
  ) => Promise<{ pausedNow: boolean; resumedNow: boolean }>;
  /** After a committed change: this instance serves the new catalogue at once (others within seconds). */
  readonly refreshCatalogue: () => Promise<void>;
  /** An order's lines as the payment's transaction sees them (orders' linesOfOrder). */
  readonly linesOf: (
    trx: Transaction<Database>,
    orderId: string,
  ) => Promise<readonly { product_id: string; size: string; quantity: number }[]>;
  readonly now?: () => Date;
}

function toMaterial(m: StoredMaterial): Material {
  return { ...m, low: m.onHand - m.reserved <= m.lowStock };
}

/** The file's records, each with the line it starts on (the header is line 1). */
function readCsv(text: string): { line: number; cells: string[] }[] {
  try {
    const rows = parse(text, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    let start = 1;
    return rows.map(({ record, info }) => {
      const line = start;
      start = info.lines + 1;
      return { line, cells: record };
    });
  } catch {
    return refuse('invalid', MATERIAL_MESSAGES.csvInvalid, {
      rows: [{ line: 1, field: 'file', message: 'The file is not a CSV file' }],
    });
  }
}

const notFound = (): never => refuse('not-found', MATERIAL_MESSAGES.notFound);

export class MaterialService {
  constructor(private readonly o: MaterialServiceOptions) {}

  private at(): string {
    return (this.o.now?.() ?? new Date()).toISOString();
  }

  async list(): Promise<Material[]> {
    return (await this.o.store.list()).map(toMaterial);
  }

  async create(input: MaterialCreate): Promise<Material> {
    const made = await this.o.store.create(input, this.at());
    return toMaterial(made);
  }

  async patch(id: string, patch: MaterialPatch): Promise<Material> {
    const { store } = this.o;
    const material = await store.transaction(async (trx) => {
      const before = (await store.get(id, trx)) ?? notFound();
      if (patch.onHand !== undefined && patch.onHand < before.reserved)
        refuse('invalid', MATERIAL_MESSAGES.belowReserved);
      if (!(await store.patch(trx, id, patch, this.at()))) refuse('invalid', MATERIAL_MESSAGES.belowReserved);
      if (patch.onHand !== undefined) await this.recheck(trx);
      return (await store.get(id, trx)) ?? notFound();
    });
    await this.o.refreshCatalogue();
    return toMaterial(material);
  }

  /** A purchase received: stock rises, the unit cost is the weighted average, what it covers comes back. */
  async purchase(id: string, purchase: Purchase): Promise<Material> {
    const { store } = this.o;
    const material = await store.transaction(async (trx) => {
      const received = (await store.receive(trx, id, purchase, this.at())) ?? notFound();
      await this.recheck(trx);
      return received;
    });
    await this.o.refreshCatalogue();
    return toMaterial(material);
  }

  async billOfMaterials(productId: string): Promise<BillOfMaterialsAnswer> {
    this.productOrRefuse(productId);
    const [bom, materials, settings] = await Promise.all([
      this.o.store.bom(productId),
      this.o.store.list(),
      this.o.store.settings(),
    ]);
    return this.answer(productId, bom, materials, settings);
  }

  async setBillOfMaterials(productId: string, input: BillOfMaterialsInput): Promise<BillOfMaterialsAnswer> {
    this.productOrRefuse(productId);
    const { store } = this.o;
    await store.transaction(async (trx) => {
      const known = new Set((await store.list(trx)).map((m) => m.id));
      for (const size of SIZE_CODES) {
        const seen = new Set<string>();
        for (const [index, line] of (input.sizes[size] ?? []).entries()) {
          if (!known.has(line.materialId))
            refuse('invalid', `sizes.${size}[${index}].materialId: ${MATERIAL_MESSAGES.unknownMaterial}`);
          if (seen.has(line.materialId))
            refuse('invalid', `sizes.${size}[${index}].materialId: ${MATERIAL_MESSAGES.duplicate}`);
          seen.add(line.materialId);
        }
      }
      await store.setBom(trx, productId, input.sizes, input.minutes);
      await this.recheck(trx);
    });
    await this.o.refreshCatalogue();
    return this.billOfMaterials(productId);
  }

  async settings(): Promise<CostSettings> {
    return this.o.store.settings();
  }

  async saveSettings(settings: CostSettings): Promise<CostSettings> {
    await this.o.store.saveSettings(settings);
    return settings;
  }

  private productOrRefuse(productId: string): void {
    if (!this.o.catalogue().products.some((p) => p.id === productId))
      refuse('not-found', MATERIAL_MESSAGES.productNotFound);
  }

  private answer(
    productId: string,
    bom: StoredBom,
    materials: readonly StoredMaterial[],
    settings: CostSettings,
  ): BillOfMaterialsAnswer {
    const stock = new Map<string, MaterialStock>(materials.map((m) => [m.id, m]));
    const costs = new Map(materials.map((m) => [m.id, m.unitCost]));
    const per = <T>(f: (size: SizeCode) => T) => ({ S: f('S'), M: f('M'), L: f('L') }) as Record<SizeCode, T>;
    return {
      ok: true,
      productId,
      sizes: per((s) => bom.sizes[s]),
      minutes: per((s) => bom.minutes[s]),
      buildable: per((s) => buildable(bom.sizes[s], stock)),
      cost: per((s) =>
        pieceCost(
          bom.sizes[s].map((l) => ({ quantity: l.quantity, unitCost: costs.get(l.materialId) ?? null })),
          bom.minutes[s],
          settings,
        ),
      ),
    };
  }

  /**
   * Every product with a bill of materials, checked against the stock as this transaction sees it:
   * which sizes cannot be made, paused when none can, back when the materials had paused it.
   */
  private async recheck(trx: Transaction<Database>): Promise<void> {
    const { store } = this.o;
    const [materials, boms, paused] = await Promise.all([
      store.list(trx),
      store.boms(undefined, trx),
      store.pausedByMaterials(trx),
    ]);
    const stock = new Map<string, MaterialStock>(materials.map((m) => [m.id, m]));
    const products = new Map(this.o.catalogue().products.map((p) => [p.id, p]));
    const at = this.at();
    for (const [productId, bom] of boms) {
      const product = products.get(productId);
      if (!product || product.status === 'retired') continue;
      const unmakeable = product.sizes.filter((size) => buildable(bom.sizes[size], stock) === 0);
      const none = product.sizes.length > 0 && unmakeable.length === product.sizes.length;
      const { pausedNow, resumedNow } = await this.o.setMakeable(trx, productId, {
        unmakeable,
        pause: none,
        mayResume: paused.has(productId),
      });
      if (pausedNow) await store.markPaused(trx, productId, true, at);
      if (resumedNow) await store.markPaused(trx, productId, false, at);
    }
  }

  /** What the lines' pieces use, per material (none for a product without a bill of materials). */
  private async needsOf(
    trx: Transaction<Database>,
    lines: readonly { productId: string; size: string; quantity: number }[],
  ): Promise<Map<string, number>> {
    const boms = await this.o.store.boms([...new Set(lines.map((l) => l.productId))], trx);
    const needs = new Map<string, number>();
    for (const line of lines)
      for (const b of boms.get(line.productId)?.sizes[line.size as SizeCode] ?? [])
        needs.set(b.materialId, (needs.get(b.materialId) ?? 0) + b.quantity * Number(line.quantity));
    return needs;
  }

  /** Whether a checkout of these products holds materials (any has a bill of materials). */
  async applies(productIds: readonly string[]): Promise<boolean> {
    return this.o.store.hasBom(productIds);
  }

  /**
   * A checkout's hold (the checkout's hold hook, in its own transaction): its pieces reserve their
   * materials with one guarded UPDATE each, so two checkouts on any instances never take the same last
   * clasp. A material that cannot cover them refuses the checkout, 400 naming the first line that uses it
   * with the catalogue check's own message; the transaction then stores nothing.
   */
  async hold(
    trx: Transaction<Database>,
    checkout: {
      readonly orderId: string;
      readonly lines: readonly {
        index: number;
        productId: string;
        name: string;
        size: SizeCode;
        quantity: number;
      }[];
    },
  ): Promise<void> {
    const { store } = this.o;
    const needs = await this.needsOf(trx, checkout.lines);
    if (needs.size === 0) return;
    try {
      await store.reserve(trx, checkout.orderId, needs, this.at());
    } catch (err) {
      if (!(err instanceof MaterialsShort)) throw err;
      const boms = await store.boms([...new Set(checkout.lines.map((l) => l.productId))], trx);
      const line =
        checkout.lines.find((l) =>
          boms.get(l.productId)?.sizes[l.size].some((b) => b.materialId === err.materialId),
        ) ?? checkout.lines[0];
      if (!line) throw err;
      refuse('invalid', sizeCannotBeMadeError(line.index, line.name, line.size));
    }
    await this.recheck(trx);
  }

  /** A checkout that ended unpaid gives its hold back (in the transaction the checkout locked it in). */
  async releaseHold(trx: Transaction<Database>, orderId: string): Promise<void> {
    const moved = await this.o.store.settleIn(trx, orderId, 'released', this.at());
    if (moved.length > 0) await this.recheck(trx);
  }

  /**
   * A payment's part (checkout's paid participant), in the payment's own transaction, and never a
   * refusal: the money was taken. The checkout's hold is the order's reservation already; an order that
   * holds nothing (its hold lapsed and was given back, or the owner's order, a payment link, a quote)
   * takes what each material still has, and what it could not take shows in Today's shortages.
   */
  async onPaid(trx: Transaction<Database>, orderId: string): Promise<void> {
    const { store } = this.o;
    if (await store.holdsMaterials(trx, orderId)) return;
    const lines = await this.o.linesOf(trx, orderId);
    const needs = await this.needsOf(
      trx,
      lines.map((l) => ({ productId: l.product_id, size: l.size, quantity: Number(l.quantity) })),
    );
    if (needs.size === 0) return;
    await store.reserveWhatFits(trx, orderId, needs, this.at());
    await this.recheck(trx);
  }

  /**
   * Whether one more piece of this size can be made now (buildable, docs/product/materials.md §23): a
   * size without a bill of materials is not limited by them. The exchanges ask before offering a size.
   */
  async canMake(productId: string, size: SizeCode): Promise<boolean> {
    const [bom, materials] = await Promise.all([this.o.store.bom(productId), this.o.store.list()]);
    const pieces = buildable(
      bom.sizes[size],
      new Map<string, MaterialStock>(materials.map((m) => [m.id, m])),
    );
    return pieces === null || pieces > 0;
  }

  /**
   * Reserves pieces' materials for a holder that is not a paid order (an exchange's remake, named
   * `exchange:<id>`), in the caller's transaction, as a payment does: what each material still has,
   * never a refusal; what it could not take shows in Today's shortages.
   */
  async reserveFor(
    trx: Transaction<Database>,
    holder: string,
    pieces: readonly { productId: string; size: string; quantity: number }[],
  ): Promise<void> {
    const needs = await this.needsOf(trx, pieces);
    if (needs.size === 0) return;
    await this.o.store.reserveWhatFits(trx, holder, needs, this.at());
    await this.recheck(trx);
  }

  /** What a holder reserved is used for good (an exchange's remake made and sent), in the caller's transaction. */
  async consumeFor(trx: Transaction<Database>, holder: string): Promise<void> {
    const moved = await this.o.store.settleIn(trx, holder, 'consumed', this.at());
    if (moved.length > 0) await this.recheck(trx);
  }

  /** A returned piece's materials back on the shelf: on hand goes up by its size's bill. */
  async putBack(
    trx: Transaction<Database>,
    pieces: readonly { productId: string; size: string; quantity: number }[],
  ): Promise<void> {
    const needs = await this.needsOf(trx, pieces);
    if (needs.size === 0) return;
    await this.o.store.addOnHand(trx, needs, this.at());
    await this.recheck(trx);
  }

  /** After the payment committed: this instance serves what it changed at once. */
  async afterPaid(): Promise<void> {
    await this.o.refreshCatalogue();
  }

  /**
   * The owner changed an order at the desk: pieces dispatched (made) use their materials for good; an
   * order cancelled or refunded in full before that gives its reservations back.
   */
  async onStatus(orderId: string, status: string): Promise<void> {
    const to =
      status === 'dispatched' || status === 'delivered'
        ? 'consumed'
        : status === 'cancelled' || status === 'refunded'
          ? 'released'
          : null;
    if (!to) return;
    const { store } = this.o;
    const moved = await store.settle(orderId, to, this.at());
    if (moved.length === 0) return;
    await store.transaction((trx) => this.recheck(trx));
    await this.o.refreshCatalogue();
  }

  /**
   * Today's "Can I make these?": the queue's orders (first to be made first) against what is on hand;
   * the shortages, the first order they block, and the materials at or below their low-stock level.
   */
  async canIMake(
    queue: readonly {
      reference: string;
      lines: readonly { product_id: string; size: string; quantity: number }[];
    }[],
  ): Promise<{ shortages: Shortage[]; firstBlocked: string | null; lowStock: Material[] }> {
    const { store } = this.o;
    const materials = await store.list();
    const ids = [...new Set(queue.flatMap((o) => o.lines.map((l) => l.product_id)))];
    const boms = await store.boms(ids);
    const orders = queue.map((o) => {
      const needs = new Map<string, number>();
      for (const line of o.lines)
        for (const b of boms.get(line.product_id)?.sizes[line.size as SizeCode] ?? [])
          needs.set(b.materialId, (needs.get(b.materialId) ?? 0) + b.quantity * Number(line.quantity));
      return { reference: o.reference, needs };
    });
    const { shortages, firstBlocked } = shortagesOf(
      orders,
      new Map(materials.map((m) => [m.id, { name: m.name, onHand: m.onHand }])),
    );
    return { shortages, firstBlocked, lowStock: materials.map(toMaterial).filter((m) => m.low) };
  }

  /**
   * What pieces sold cost to make, per product, at today's average unit costs and her settings now
   * (Numbers' margins): materials, labour and packaging in cents.
   */
  async costsOfPieces(
    pieces: readonly { productId: string; size: SizeCode; quantity: number }[],
  ): Promise<Map<string, { materials: number; labour: number; packaging: number }>> {
    const { store } = this.o;
    const [boms, materials, settings] = await Promise.all([
      store.boms([...new Set(pieces.map((p) => p.productId))]),
      store.list(),
      store.settings(),
    ]);
    const unitCost = new Map(materials.map((m) => [m.id, m.unitCost]));
    const out = new Map<string, { materials: number; labour: number; packaging: number }>();
    for (const piece of pieces) {
      const bom = boms.get(piece.productId);
      if (!bom) continue;
      const cost = pieceCost(
        bom.sizes[piece.size].map((l) => ({
          quantity: l.quantity,
          unitCost: unitCost.get(l.materialId) ?? null,
        })),
        bom.minutes[piece.size],
        settings,
      );
      const sum = out.get(piece.productId) ?? { materials: 0, labour: 0, packaging: 0 };
      sum.materials += cost.materials * piece.quantity;
      sum.labour += cost.labour * piece.quantity;
      sum.packaging += cost.packaging * piece.quantity;
      out.set(piece.productId, sum);
    }
    return out;
  }

  // --- CSV -------------------------------------------------------------------------------------------

  async exportCsv(): Promise<string> {
    const materials = await this.o.store.list();
    return csvDocument(
      MATERIAL_CSV_COLUMNS,
      materials.map((m) => [m.id, m.name, m.unit, m.onHand, m.lowStock, m.unitCost]),
    );
  }

  /**
   * All or nothing: a row with an id updates that material (its name, unit, count and low-stock level;
   * the unit cost comes from purchases and is not imported), a row without one adds a material. Every bad
   * row is named with its line and field, and nothing is written.
   */
  async importCsv(text: string): Promise<{ created: number; updated: number }> {
    const [header, ...records] = readCsv(text);
    const columns = (header?.cells ?? []).map((c) => c.trim());
    const col = (name: string) => columns.indexOf(name);
    const errors: { line: number; field: string; message: string }[] = [];
    for (const name of ['name', 'unit', 'onHand', 'lowStock'])
      if (col(name) < 0) errors.push({ line: 1, field: name, message: `The ${name} column is missing` });
    if (errors.length > 0) return refuse('invalid', MATERIAL_MESSAGES.csvInvalid, { rows: errors });
    const cell = (cells: readonly string[], name: string) =>
      col(name) >= 0 ? (cells[col(name)] ?? '').trim() : '';
    const count = (text: string): number | null => {
      if (!/^\d+$/.test(text)) return null;
      const n = Number(text);
      return n <= MATERIAL_MAX ? n : null;
    };
    const rows: { line: number; id: string; input: MaterialCreate }[] = [];
    for (const r of records) {
      if (r.cells.every((c) => c.trim() === '')) continue;
      const name = cell(r.cells, 'name');
      const unit = cell(r.cells, 'unit') as MaterialUnit;
      const onHand = count(cell(r.cells, 'onHand'));
      const lowStock = count(cell(r.cells, 'lowStock'));
      if (name.length < 1 || name.length > 80)
        errors.push({ line: r.line, field: 'name', message: MATERIAL_MESSAGES.name });
      if (!MATERIAL_UNITS.includes(unit))
        errors.push({ line: r.line, field: 'unit', message: MATERIAL_MESSAGES.unit });
      if (onHand === null) errors.push({ line: r.line, field: 'onHand', message: MATERIAL_MESSAGES.onHand });
      if (lowStock === null)
        errors.push({ line: r.line, field: 'lowStock', message: MATERIAL_MESSAGES.lowStock });
      if (onHand !== null && lowStock !== null)
        rows.push({ line: r.line, id: cell(r.cells, 'id'), input: { name, unit, onHand, lowStock } });
    }
    if (errors.length > 0) return refuse('invalid', MATERIAL_MESSAGES.csvInvalid, { rows: errors });
    const { store } = this.o;
    const at = this.at();
    let created = 0;
    let updated = 0;
    await store.transaction(async (trx) => {
      for (const row of rows) {
        const existing = row.id ? await store.get(row.id, trx) : null;
        if (row.id && !existing) {
          errors.push({ line: row.line, field: 'id', message: MATERIAL_MESSAGES.notFound });
          continue;
        }
        if (existing) {
          if (!(await store.patch(trx, existing.id, row.input, at)))
            errors.push({ line: row.line, field: 'onHand', message: MATERIAL_MESSAGES.belowReserved });
          else updated += 1;
        } else {
          await store.createIn(trx, row.input, at);
          created += 1;
        }
      }
      if (errors.length > 0) refuse('invalid', MATERIAL_MESSAGES.csvInvalid, { rows: errors });
      await this.recheck(trx);
    });
    await this.o.refreshCatalogue();
    return { created, updated };
  }
}
