/**
 * Every query of the materials' tables (docs/product/materials.md §23). Stock moves only through
 * conditional UPDATEs the tables' checks back up (`reserved <= on_hand`, both >= 0): a reservation that
 * does not fit changes no row, so two payments on any number of instances never take the same last unit,
 * on SQLite and PostgreSQL alike.
 */
import { CompiledQuery, type Kysely, sql, type Transaction } from 'kysely';
import { SIZE_CODES, type SizeCode } from '../../domain/config';
import {
  type BomLine,
  type CostSettings,
  DEFAULT_COST_SETTINGS,
  type MaterialUnit,
  weightedUnitCost,
} from '../../domain/materials/materials';
import type { MaterialCreate } from '../../domain/materials/materials-api';
import { dialectOf } from '../db/dialect';
import type { Database } from '../db/schema';
import { randomAlphanumeric } from '../lib/ids';
import type { MaterialsTable } from './tables';

type Executor = Kysely<Database> | Transaction<Database>;

export interface StoredMaterial {
  readonly id: string;
  readonly name: string;
  readonly unit: MaterialUnit;
  readonly onHand: number;
  readonly reserved: number;
  readonly lowStock: number;
  readonly unitCost: number | null;
}

export type SizedLines = Record<SizeCode, BomLine[]>;

/** A product's bill of materials: lines and minutes per size. */
export interface StoredBom {
  readonly sizes: SizedLines;
  readonly minutes: Record<SizeCode, number>;
}

/** Thrown inside a payment's transaction when a material cannot cover the order: the payment rolls back. */
export class MaterialsShort extends Error {
  override readonly name = 'MaterialsShort';
  constructor(readonly materialId: string) {
    super(`materials: not enough of ${materialId} for this order`);
  }
}

function toMaterial(row: MaterialsTable): StoredMaterial {
  return {
    id: row.id,
    name: row.name,
    unit: row.unit,
    onHand: Number(row.on_hand),
    reserved: Number(row.reserved),
    lowStock: Number(row.low_stock),
    unitCost: row.unit_cost === null ? null : Number(row.unit_cost),
  };
}

const emptySized = (): SizedLines => ({ S: [], M: [], L: [] });

export class MaterialStore {
  /** hasBom's SQL text per dialect, built once. */
  private readonly bomLookups = new Map<string, string>();

  constructor(private readonly db: Kysely<Database>) {}

  async transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async list(db: Executor = this.db): Promise<StoredMaterial[]> {
    const rows = await db.selectFrom('materials').selectAll().orderBy('name').orderBy('id').execute();
    return rows.map(toMaterial);
  }

  async get(id: string, db: Executor = this.db): Promise<StoredMaterial | null> {
    const row = await db.selectFrom('materials').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toMaterial(row) : null;
  }

  async create(input: MaterialCreate, at: string): Promise<StoredMaterial> {
    return this.createIn(this.db, input, at);
  }

  async createIn(db: Executor, input: MaterialCreate, at: string): Promise<StoredMaterial> {
    const id = `mat_${randomAlphanumeric(12)}`;
    await db
      .insertInto('materials')
      .values({
        id,
        name: input.name,
        unit: input.unit,
        on_hand: input.onHand,
        reserved: 0,
        low_stock: input.lowStock,
        unit_cost: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return { id, ...input, reserved: 0, unitCost: null };
  }

  /**
   * The owner's edit; a new on-hand count below what paid orders reserved changes nothing (false), in the
   * same statement that writes it.
   */
  async patch(
    trx: Executor,
    id: string,
    fields: {
      name?: string;
      unit?: MaterialUnit;
      onHand?: number;
      lowStock?: number;
      unitCost?: number | null;
    },
    at: string,
  ): Promise<boolean> {
    let update = trx
      .updateTable('materials')
      .set({
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(fields.unit !== undefined ? { unit: fields.unit } : {}),
        ...(fields.onHand !== undefined ? { on_hand: fields.onHand } : {}),
        ...(fields.lowStock !== undefined ? { low_stock: fields.lowStock } : {}),
        ...(fields.unitCost !== undefined ? { unit_cost: fields.unitCost } : {}),
        updated_at: at,
      })
      .where('id', '=', id);
    if (fields.onHand !== undefined) update = update.where('reserved', '<=', fields.onHand);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * A purchase received: on hand rises by its quantity and the unit cost becomes the weighted average.
   * The new figures are written only over the ones they were computed from (a consumption in between
   * makes it read again), so the average is always of what was really on hand.
   */
  async receive(
    trx: Transaction<Database>,
    id: string,
    purchase: { quantity: number; cost: number },
    at: string,
  ): Promise<StoredMaterial | null> {
    for (;;) {
      const before = await this.get(id, trx);
      if (!before) return null;
      const unitCost = weightedUnitCost(before, purchase);
      let update = trx
        .updateTable('materials')
        .set({ on_hand: before.onHand + purchase.quantity, unit_cost: unitCost, updated_at: at })
        .where('id', '=', id)
        .where('on_hand', '=', before.onHand);
      update =
        before.unitCost === null
          ? update.where('unit_cost', 'is', null)
          : update.where('unit_cost', '=', before.unitCost);
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) continue;
      await trx
        .insertInto('material_purchases')
        .values({ id: `pur_${randomAlphanumeric(12)}`, material_id: id, ...purchase, at })
        .execute();
      return { ...before, onHand: before.onHand + purchase.quantity, unitCost };
    }
  }

  async bom(productId: string, db: Executor = this.db): Promise<StoredBom> {
    return (
      (await this.boms([productId], db)).get(productId) ?? {
        sizes: emptySized(),
        minutes: { S: 0, M: 0, L: 0 },
      }
    );
  }

  /** The bills of materials of these products (every product that has one when `ids` is absent). */
  async boms(ids?: readonly string[], db: Executor = this.db): Promise<Map<string, StoredBom>> {
    if (ids && ids.length === 0) return new Map();
    let lines = db.selectFrom('product_materials').selectAll().orderBy('product_id').orderBy('material_id');
    let labour = db.selectFrom('product_labour').selectAll();
    if (ids) {
      lines = lines.where('product_id', 'in', [...ids]);
      labour = labour.where('product_id', 'in', [...ids]);
    }
    const out = new Map<string, { sizes: SizedLines; minutes: Record<SizeCode, number> }>();
    const of = (productId: string) => {
      let bom = out.get(productId);
      if (!bom) {
        bom = { sizes: emptySized(), minutes: { S: 0, M: 0, L: 0 } };
        out.set(productId, bom);
      }
      return bom;
    };
    for (const row of await lines.execute()) {
      const size = row.size as SizeCode;
      if (!SIZE_CODES.includes(size)) continue;
      of(row.product_id).sizes[size].push({ materialId: row.material_id, quantity: Number(row.quantity) });
    }
    for (const row of await labour.execute()) {
      const size = row.size as SizeCode;
      if (SIZE_CODES.includes(size)) of(row.product_id).minutes[size] = Number(row.minutes);
    }
    return out;
  }

  /** Replaces a product's lines (and, where given, its minutes) per size. */
  async setBom(
    trx: Transaction<Database>,
    productId: string,
    sizes: Partial<Record<SizeCode, readonly BomLine[]>>,
    minutes: Partial<Record<SizeCode, number>> | undefined,
  ): Promise<void> {
    await trx.deleteFrom('product_materials').where('product_id', '=', productId).execute();
    const rows = SIZE_CODES.flatMap((size) =>
      (sizes[size] ?? []).map((l) => ({
        product_id: productId,
        size,
        material_id: l.materialId,
        quantity: l.quantity,
      })),
    );
    if (rows.length > 0) await trx.insertInto('product_materials').values(rows).execute();
    if (minutes) {
      for (const size of SIZE_CODES) {
        const value = minutes[size];
        if (value === undefined) continue;
        await trx
          .deleteFrom('product_labour')
          .where('product_id', '=', productId)
          .where('size', '=', size)
          .execute();
        await trx
          .insertInto('product_labour')
          .values({ product_id: productId, size, minutes: value })
          .execute();
      }
    }
  }

  /**
   * Whether any of these products has a bill of materials (a checkout of them holds materials). Every
   * checkout asks before its write, so the lookup is built by Kysely once per dialect and then reused
   * with each product's id (building it was most of its cost), with a literal LIMIT: on SQLite a bound
   * `limit ?` with `in (...)` made the lookup several times slower (about 20 against 3 µs).
   */
  async hasBom(productIds: readonly string[], db: Executor = this.db): Promise<boolean> {
    if (productIds.length === 0) return false;
    const text = this.bomLookup(db);
    for (const productId of new Set(productIds)) {
      const { rows } = await db.executeQuery(CompiledQuery.raw(text, [productId]));
      if (rows.length > 0) return true;
    }
    return false;
  }

  /** hasBom's SQL text in `db`'s dialect, its one parameter the product's id. */
  private bomLookup(db: Executor): string {
    const dialect = dialectOf(db);
    let text = this.bomLookups.get(dialect);
    if (text === undefined) {
      text = db
        .selectFrom('product_materials')
        .select('product_id')
        .where('product_id', '=', '')
        .limit(sql.lit(1))
        .compile().sql;
      this.bomLookups.set(dialect, text);
    }
    return text;
  }

  /**
   * Whether this order still holds materials, or was made with them: its checkout's hold became its
   * reservation, and a payment takes nothing again. An order whose hold was given back holds none.
   */
  async holdsMaterials(trx: Executor, orderId: string): Promise<boolean> {
    const row = await trx
      .selectFrom('material_reservations')
      .select('holder_id')
      .where('holder_id', '=', orderId)
      .where('state', '<>', 'released')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * A holder (an order, or an exchange's remake: `exchange:<id>`) is the reservation's `holder_id`.
   * A payment's part when the order holds nothing (its checkout's hold lapsed, or an order the owner
   * made): takes what each material still has, up to what the pieces need, and never refuses. What it
   * could not take shows in Today's shortages (they count the queue's needs against what is on hand).
   */
  async reserveWhatFits(
    trx: Transaction<Database>,
    holderId: string,
    needs: ReadonlyMap<string, number>,
    at: string,
  ): Promise<void> {
    // The order's earlier hold, given back, is replaced by what is taken now.
    await trx
      .deleteFrom('material_reservations')
      .where('holder_id', '=', holderId)
      .where('state', '=', 'released')
      .execute();
    for (const [materialId, quantity] of [...needs].sort(([a], [b]) => (a < b ? -1 : 1))) {
      let taken = 0;
      // Another payment may take some between the read and the guarded UPDATE: read again, a few times.
      for (let attempt = 0; attempt < 5 && taken === 0; attempt++) {
        const row = await trx
          .selectFrom('materials')
          .select(['on_hand', 'reserved'])
          .where('id', '=', materialId)
          .executeTakeFirst();
        const free = row ? Number(row.on_hand) - Number(row.reserved) : 0;
        const take = Math.min(quantity, free);
        if (take <= 0) break;
        const result = await trx
          .updateTable('materials')
          .set((eb) => ({ reserved: eb('reserved', '+', take) }))
          .where('id', '=', materialId)
          .where((eb) => eb(eb('on_hand', '-', eb.ref('reserved')), '>=', take))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) > 0) taken = take;
      }
      if (taken > 0)
        await trx
          .insertInto('material_reservations')
          .values({ holder_id: holderId, material_id: materialId, quantity: taken, state: 'reserved', at })
          .execute();
    }
  }

  /**
   * Reserves the order's needs in the caller's transaction, each with one guarded UPDATE; the first that
   * does not fit throws MaterialsShort (the caller's transaction undoes the ones before it).
   */
  async reserve(
    trx: Transaction<Database>,
    holderId: string,
    needs: ReadonlyMap<string, number>,
    at: string,
  ): Promise<void> {
    // Always in the same order, so two payments never wait on each other's rows the other way round.
    for (const [materialId, quantity] of [...needs].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (quantity <= 0) continue;
      const result = await trx
        .updateTable('materials')
        .set((eb) => ({ reserved: eb('reserved', '+', quantity) }))
        .where('id', '=', materialId)
        .where((eb) => eb(eb('on_hand', '-', eb.ref('reserved')), '>=', quantity))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new MaterialsShort(materialId);
      await trx
        .insertInto('material_reservations')
        .values({ holder_id: holderId, material_id: materialId, quantity, state: 'reserved', at })
        .execute();
    }
  }

  /**
   * Ends the order's reservations that are still held: `consumed` takes them off the stock (the pieces
   * are made), `released` gives them back. Each row changes state once (its conditional UPDATE), so a
   * second call, on any instance, moves no stock. Answers the materials that moved.
   */
  async settle(holderId: string, to: 'consumed' | 'released', at: string): Promise<string[]> {
    return this.db.transaction().execute((trx) => this.settleIn(trx, holderId, to, at));
  }

  /** The same in the caller's transaction (a checkout's hold given back). */
  async settleIn(
    trx: Transaction<Database>,
    holderId: string,
    to: 'consumed' | 'released',
    at: string,
  ): Promise<string[]> {
    const held = await trx
      .selectFrom('material_reservations')
      .selectAll()
      .where('holder_id', '=', holderId)
      .where('state', '=', 'reserved')
      .execute();
    const moved: string[] = [];
    for (const row of held) {
      const claimed = await trx
        .updateTable('material_reservations')
        .set({ state: to, at })
        .where('holder_id', '=', holderId)
        .where('material_id', '=', row.material_id)
        .where('state', '=', 'reserved')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) continue;
      const quantity = Number(row.quantity);
      await trx
        .updateTable('materials')
        .set((eb) =>
          to === 'consumed'
            ? {
                reserved: eb('reserved', '-', quantity),
                on_hand: eb('on_hand', '-', quantity),
                updated_at: at,
              }
            : { reserved: eb('reserved', '-', quantity), updated_at: at },
        )
        .where('id', '=', row.material_id)
        .execute();
      moved.push(row.material_id);
    }
    return moved;
  }

  /** Adds to what is on hand (materials of a returned piece put back), in the caller's transaction. */
  async addOnHand(trx: Transaction<Database>, needs: ReadonlyMap<string, number>, at: string): Promise<void> {
    for (const [materialId, quantity] of [...needs].sort(([a], [b]) => (a < b ? -1 : 1))) {
      if (quantity <= 0) continue;
      await trx
        .updateTable('materials')
        .set((eb) => ({ on_hand: eb('on_hand', '+', quantity), updated_at: at }))
        .where('id', '=', materialId)
        .execute();
    }
  }

  /** The products this feature paused. */
  async pausedByMaterials(db: Executor = this.db): Promise<Set<string>> {
    const rows = await db.selectFrom('material_paused_products').select('product_id').execute();
    return new Set(rows.map((r) => r.product_id));
  }

  async markPaused(trx: Executor, productId: string, paused: boolean, at: string): Promise<void> {
    await trx.deleteFrom('material_paused_products').where('product_id', '=', productId).execute();
    if (paused)
      await trx.insertInto('material_paused_products').values({ product_id: productId, at }).execute();
  }

  async settings(db: Executor = this.db): Promise<CostSettings> {
    const row = await db.selectFrom('material_settings').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!row) return DEFAULT_COST_SETTINGS;
    return {
      hourlyRate: Number(row.hourly_rate),
      packaging: Number(row.packaging),
      multiplier: Number(row.multiplier),
    };
  }

  async saveSettings(settings: CostSettings): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('material_settings').where('id', '=', 1).execute();
      await trx
        .insertInto('material_settings')
        .values({
          id: 1,
          hourly_rate: settings.hourlyRate,
          packaging: settings.packaging,
          multiplier: settings.multiplier,
        })
        .execute();
    });
  }
}
