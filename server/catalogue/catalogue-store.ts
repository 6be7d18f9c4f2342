/**
 * The catalogue's data layer (migration 0011): every statement about products, their pictures, former
 * handles, the catalogue's version and the products' history lives here, on both dialects. An edit runs
 * in one transaction that first bumps the version (on PostgreSQL that row lock also queues concurrent
 * edits) and, on PostgreSQL, sends NOTIFY, which the server delivers only when the transaction commits:
 * no instance hears of a version it cannot read yet.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type {
  CatalogueProduct,
  CatalogueSnapshot,
  ProductImage,
  ProductStatus,
} from '../../domain/catalogue/snapshot';
import { SIZE_CODES, type SizeCode } from '../../domain/config';
import type { ProductCustoms } from '../../domain/customs/product-customs';
import { type AuditEntry, recordAudit } from '../audit/audit-trail';
import { dialectOf } from '../db/dialect';
import type { Database } from '../db/schema';
import type { CatalogueImagesTable, CatalogueProductsTable } from './tables';

/** The PostgreSQL channel every instance LISTENs on; the payload is `schema:version`. */
export const CATALOGUE_CHANNEL = 'solas_catalogue';

/**
 * A product as the store holds it: the snapshot's fields, when it was created and its customs data
 * (absent: none given), which only the desk and the declarations read, never the storefront.
 */
export interface StoredProduct extends CatalogueProduct {
  readonly createdAt: string;
  readonly customs?: ProductCustoms;
}

/** The stored customs JSON, or undefined when absent or unreadable (then the desk asks for it again). */
function parseCustoms(json: string | null): ProductCustoms | undefined {
  if (!json) return undefined;
  try {
    const value = JSON.parse(json) as ProductCustoms;
    return value && typeof value.hsCode === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** One entry of a product's history: the fields it changed, each before and after. */
export interface StoredChange {
  readonly at: string;
  readonly session: string;
  readonly action: string;
  readonly changes: Record<string, { before: unknown; after: unknown }>;
}

type ProductRow = CatalogueProductsTable;
type ImageRow = CatalogueImagesTable;

function parseList<T>(json: string): T[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as T[]) : [];
}

function toImage(row: ImageRow): ProductImage {
  return {
    id: row.id,
    base: row.base,
    widths: parseList<number>(row.widths),
    width: row.width,
    height: row.height,
    alt: row.alt,
    ...(row.placeholder ? { placeholder: row.placeholder } : {}),
  };
}

function toProduct(row: ProductRow, images: readonly ImageRow[]): StoredProduct {
  return {
    id: String(row.id),
    handle: row.handle,
    name: row.name,
    price: row.price as CatalogueProduct['price'],
    category: row.category,
    materials: parseList<string>(row.materials),
    description: row.description,
    fullDescription: row.full_description,
    sizes: parseList<SizeCode>(row.sizes),
    status: row.status,
    note: row.note,
    position: row.position,
    images: [...images].sort((a, b) => a.position - b.position).map(toImage),
    palette: parseList<string>(row.palette),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    // Only where set: a product without them reads (and is sent to the browser) as before.
    ...(row.gtin ? { gtin: row.gtin } : {}),
    ...(row.colour ? { colour: row.colour } : {}),
    ...(row.exclude_from_feeds === 1 ? { excludeFromFeeds: true } : {}),
    ...(row.customs ? withCustoms(parseCustoms(row.customs)) : {}),
    ...(row.unmakeable_sizes && row.unmakeable_sizes !== '[]'
      ? { unmakeableSizes: parseList<SizeCode>(row.unmakeable_sizes) }
      : {}),
  };
}

function withCustoms(customs: ProductCustoms | undefined): { customs?: ProductCustoms } {
  return customs ? { customs } : {};
}

function toRow(p: StoredProduct): ProductRow {
  return {
    id: Number(p.id),
    handle: p.handle,
    name: p.name,
    price: p.price,
    category: p.category,
    materials: JSON.stringify(p.materials),
    description: p.description,
    full_description: p.fullDescription,
    sizes: JSON.stringify(p.sizes),
    status: p.status,
    note: p.note,
    position: p.position,
    palette: JSON.stringify(p.palette),
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    gtin: p.gtin?.trim() || null,
    colour: p.colour ?? '',
    exclude_from_feeds: p.excludeFromFeeds ? 1 : 0,
    customs: p.customs ? JSON.stringify(p.customs) : null,
    unmakeable_sizes: JSON.stringify(p.unmakeableSizes ?? []),
  };
}

function imageRows(productId: number, images: readonly ProductImage[]): ImageRow[] {
  return images.map((image, position) => ({
    product_id: productId,
    id: image.id,
    position,
    base: image.base,
    widths: JSON.stringify(image.widths),
    width: image.width,
    height: image.height,
    alt: image.alt,
    placeholder: image.placeholder ?? null,
  }));
}

type Executor = Kysely<Database> | Transaction<Database>;

function groupImages(rows: readonly ImageRow[]): Map<number, ImageRow[]> {
  const byProduct = new Map<number, ImageRow[]>();
  for (const row of rows) {
    const list = byProduct.get(row.product_id) ?? [];
    list.push(row);
    byProduct.set(row.product_id, list);
  }
  return byProduct;
}

async function readVersion(db: Executor): Promise<number> {
  const row = await db.selectFrom('catalogue_state').select('version').where('id', '=', 1).executeTakeFirst();
  if (!row) throw new Error('The catalogue has no state row: the database is not migrated');
  return Number(row.version);
}

/**
 * A new catalogue version without a product change, in the caller's transaction: what the owner's shop
 * settings use so that every instance re-reads them and renders its pages again the way a product edit
 * reaches them (the version poll, and NOTIFY on PostgreSQL once the transaction commits).
 */
export async function publishCatalogueVersion(trx: Transaction<Database>): Promise<void> {
  await trx
    .updateTable('catalogue_state')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
  if (dialectOf(trx) === 'postgres') {
    const version = await readVersion(trx);
    await sql`select pg_notify(${CATALOGUE_CHANNEL}, current_schema() || ':' || ${String(version)})`.execute(
      trx,
    );
  }
}

/**
 * What the maker's materials can make of a product now (docs/product/materials.md §23), in the caller's
 * transaction (a payment's, a stock receipt's): the sizes they cannot cover; an active product paused when
 * none can be made (`pause`), a paused one active again when the materials had paused it (`mayResume`).
 * A retired product keeps its status. A change publishes a catalogue version, so every instance serves it
 * as it serves an edit.
 */
export async function setMakeable(
  trx: Transaction<Database>,
  productId: string,
  change: { readonly unmakeable: readonly SizeCode[]; readonly pause: boolean; readonly mayResume: boolean },
): Promise<{ readonly pausedNow: boolean; readonly resumedNow: boolean }> {
  const none = { pausedNow: false, resumedNow: false };
  if (!/^[1-9][0-9]{0,8}$/.test(productId)) return none;
  const row = await trx
    .selectFrom('catalogue_products')
    .select(['status', 'unmakeable_sizes'])
    .where('id', '=', Number(productId))
    .executeTakeFirst();
  if (!row) return none;
  const unmakeable = JSON.stringify(SIZE_CODES.filter((s) => change.unmakeable.includes(s)));
  const pausedNow = change.pause && row.status === 'active';
  const resumedNow = !change.pause && change.mayResume && row.status === 'paused';
  const status = pausedNow ? 'paused' : resumedNow ? 'active' : row.status;
  if (row.unmakeable_sizes === unmakeable && row.status === status) return none;
  await trx
    .updateTable('catalogue_products')
    .set({ unmakeable_sizes: unmakeable, status })
    .where('id', '=', Number(productId))
    .execute();
  await publishCatalogueVersion(trx);
  return { pausedNow, resumedNow };
}

async function readProducts(db: Executor, ids?: readonly number[]): Promise<StoredProduct[]> {
  if (ids && ids.length === 0) return [];
  let products = db.selectFrom('catalogue_products').selectAll().orderBy('position').orderBy('id');
  let images = db.selectFrom('catalogue_images').selectAll();
  if (ids) {
    products = products.where('id', 'in', ids);
    images = images.where('product_id', 'in', ids);
  }
  const [productRows, imageRowsFound] = [await products.execute(), await images.execute()];
  const byProduct = groupImages(imageRowsFound);
  return productRows.map((row) => toProduct(row, byProduct.get(row.id) ?? []));
}

/** The work of one edit, inside its transaction. */
export class CatalogueEdit {
  constructor(
    private readonly trx: Transaction<Database>,
    /** The catalogue's version once this edit commits. */
    readonly version: number,
    /** When the edit happens (every row it writes says the same time). */
    readonly at: string,
  ) {}

  async product(id: string): Promise<StoredProduct | null> {
    if (!/^[1-9][0-9]{0,8}$/.test(id)) return null;
    return (await readProducts(this.trx, [Number(id)]))[0] ?? null;
  }

  /** Every product, in position order. */
  async products(): Promise<StoredProduct[]> {
    return readProducts(this.trx);
  }

  /** The product using `handle`, now or as a former handle; null when it is free. */
  async handleOwner(handle: string): Promise<string | null> {
    const current = await this.trx
      .selectFrom('catalogue_products')
      .select('id')
      .where('handle', '=', handle)
      .executeTakeFirst();
    if (current) return String(current.id);
    const former = await this.trx
      .selectFrom('catalogue_former_handles')
      .select('product_id')
      .where('handle', '=', handle)
      .executeTakeFirst();
    return former ? String(former.product_id) : null;
  }

  /** The next free id, taken: never given again, even if this product is retired. */
  async takeNextId(): Promise<string> {
    const row = await this.trx
      .selectFrom('catalogue_state')
      .select('next_product_id')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    await this.trx
      .updateTable('catalogue_state')
      .set({ next_product_id: row.next_product_id + 1 })
      .where('id', '=', 1)
      .execute();
    return String(row.next_product_id);
  }

  async insert(product: StoredProduct): Promise<void> {
    await this.trx.insertInto('catalogue_products').values(toRow(product)).execute();
    const rows = imageRows(Number(product.id), product.images);
    if (rows.length > 0) await this.trx.insertInto('catalogue_images').values(rows).execute();
  }

  /**
   * Writes the product's fields and, when they changed, its pictures. A changed handle keeps the old one
   * pointing at the product; a handle the product takes back stops being a former one.
   */
  async update(before: StoredProduct, after: StoredProduct): Promise<void> {
    const { id, created_at: _created, ...fields } = toRow(after);
    await this.trx.updateTable('catalogue_products').set(fields).where('id', '=', id).execute();
    if (before.handle !== after.handle) {
      await this.trx.deleteFrom('catalogue_former_handles').where('handle', '=', after.handle).execute();
      await this.trx
        .insertInto('catalogue_former_handles')
        .values({ handle: before.handle, product_id: id })
        .execute();
    }
    if (JSON.stringify(before.images) !== JSON.stringify(after.images)) {
      await this.trx.deleteFrom('catalogue_images').where('product_id', '=', id).execute();
      const rows = imageRows(id, after.images);
      if (rows.length > 0) await this.trx.insertInto('catalogue_images').values(rows).execute();
    }
  }

  /** Renumbers positions without touching the products' other fields (a reorder moves its neighbours). */
  async setPositions(positions: readonly { id: string; position: number }[]): Promise<void> {
    for (const { id, position } of positions) {
      await this.trx
        .updateTable('catalogue_products')
        .set({ position })
        .where('id', '=', Number(id))
        .execute();
    }
  }

  /** The product's history entry and the desk's audit row, in this edit's transaction. */
  async record(productId: string, change: Omit<StoredChange, 'at'>, audit: AuditEntry): Promise<void> {
    await this.trx
      .insertInto('catalogue_changes')
      .values({
        product_id: Number(productId),
        at: this.at,
        session: change.session,
        action: change.action,
        changes: JSON.stringify(change.changes),
      })
      .execute();
    await recordAudit(this.trx, this.at, audit);
  }
}

export class CatalogueStore {
  constructor(private readonly db: Kysely<Database>) {}

  async version(): Promise<string> {
    return String(await readVersion(this.db));
  }

  /**
   * The whole catalogue at one version. Read outside a transaction (a SQLite transaction here would take
   * the write lock), so the version is read before and after and the read is repeated when an edit
   * committed in between.
   */
  async snapshot(): Promise<CatalogueSnapshot> {
    for (let attempt = 1; ; attempt += 1) {
      const version = await readVersion(this.db);
      const products = await readProducts(this.db);
      const former = await this.db.selectFrom('catalogue_former_handles').selectAll().execute();
      if ((await readVersion(this.db)) === version || attempt >= 5) {
        return {
          version: String(version),
          products: products.map(({ createdAt: _c, customs: _customs, ...p }) => p),
          formerHandles: Object.fromEntries(former.map((f) => [f.handle, String(f.product_id)])),
        };
      }
    }
  }

  /** Every product with its creation time, in position order (the desk's list). */
  async products(): Promise<StoredProduct[]> {
    return readProducts(this.db);
  }

  async product(id: string): Promise<StoredProduct | null> {
    if (!/^[1-9][0-9]{0,8}$/.test(id)) return null;
    return (await readProducts(this.db, [Number(id)]))[0] ?? null;
  }

  /** Every distinct picture base of any product (any status) under `prefix`. */
  async imagesUnder(prefix: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('catalogue_images')
      .select('base')
      .distinct()
      .where('base', 'like', `${prefix}%`)
      .execute();
    return rows.map((r) => r.base);
  }

  /** A product's history, newest first. */
  async history(id: string): Promise<StoredChange[]> {
    const rows = await this.db
      .selectFrom('catalogue_changes')
      .selectAll()
      .where('product_id', '=', Number(id))
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({
      at: r.at,
      session: r.session,
      action: r.action,
      changes: JSON.parse(r.changes) as StoredChange['changes'],
    }));
  }

  /**
   * Runs `work` as one edit: all of it or nothing, under a new catalogue version. `work` may throw to
   * undo everything (nothing is written, the version stays).
   */
  async edit<T>(work: (edit: CatalogueEdit) => Promise<T>): Promise<{ result: T; version: string }> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('catalogue_state')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', 1)
        .execute();
      const version = await readVersion(trx);
      const result = await work(new CatalogueEdit(trx, version, new Date().toISOString()));
      if (dialectOf(trx) === 'postgres') {
        await sql`select pg_notify(${CATALOGUE_CHANNEL}, current_schema() || ':' || ${String(version)})`.execute(
          trx,
        );
      }
      return { result, version: String(version) };
    });
  }
}

export type { ProductStatus };
