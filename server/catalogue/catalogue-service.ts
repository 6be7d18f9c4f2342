/**
 * The owner's products (docs/product/catalogue.md): create, edit (fields, status, position),
 * duplicate, pictures, CSV export and all-or-nothing import, each product's history. Every change is one
 * edit of the store (one transaction, one new catalogue version) that writes the product's history and
 * the desk's audit row; the catalogue source then has the new snapshot before the answer leaves.
 *
 * Optimistic concurrency: a change carrying the product's `updatedAt` as the desk last received it (in the
 * body, or `If-Match`) is refused with 409 when the product has changed since, instead of overwriting it.
 */

import { canonicalCategory } from '../../domain/catalogue/palettes';
import {
  type AdminProduct,
  type AdminProductImage,
  CSV_LIST_SEPARATOR,
  type CsvRowError,
  PRODUCT_CSV_COLUMNS,
  PRODUCT_FIELD_SCHEMAS,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  type ProductChange,
  type ProductCreate,
  type ProductImagePatch,
  type ProductPatch,
} from '../../domain/catalogue/product-admin';
import type { ProductImage } from '../../domain/catalogue/snapshot';
import { CATEGORIES } from '../../domain/catalogue/types';
import { SIZE_CODES, type SizeCode } from '../../domain/config';
import {
  normaliseCustoms,
  type ProductCustomsInput,
  productCustomsSchema,
} from '../../domain/customs/product-customs';
import { type Actor, type AuditEntry, type Made, madeOnce, type RequestClaims } from '../audit/audit-trail';
import { csvDocument } from '../lib/csv';
import { refuse } from '../lib/refusal';
import { validateField } from '../lib/validation';
import type { CatalogueEdit, CatalogueStore, StoredProduct } from './catalogue-store';
import { parseCsv } from './csv-parse';

/** A picture the photo pipeline has stored (or a drawn one), to add to a product. */
export interface NewProductImage {
  readonly id: string;
  readonly base: string;
  readonly widths: readonly number[];
  readonly width: number;
  readonly height: number;
  readonly alt: string;
  readonly placeholder?: string;
}

export interface CatalogueServiceOptions {
  readonly store: CatalogueStore;
  readonly requests: RequestClaims;
  /** After every committed edit, before the answer: the source loads the new snapshot (server/catalogue). */
  readonly onChange: () => Promise<void>;
}

/** Thrown inside an import's row once its refusal is recorded: the row writes nothing, the next is checked. */
class RowRefused extends Error {}

const EDITABLE_FIELDS = [
  'handle',
  'name',
  'price',
  'category',
  'materials',
  'description',
  'fullDescription',
  'sizes',
  'status',
  'note',
  'position',
  'gtin',
  'colour',
  'excludeFromFeeds',
  'customs',
] as const;

/** The feed fields a product without them has: none, none, in the feeds (domain/catalogue/snapshot.ts). */
const FIELD_DEFAULTS: Partial<Record<(typeof EDITABLE_FIELDS)[number], unknown>> = {
  gtin: '',
  colour: '',
  excludeFromFeeds: false,
  customs: null,
};

function fieldValue(p: StoredProduct, field: (typeof EDITABLE_FIELDS)[number]): unknown {
  return p[field] ?? FIELD_DEFAULTS[field];
}

const notFound = (): never => refuse('not-found', PRODUCT_MESSAGES.notFound);

/** A CSV file refused whole, with every bad row's line, field and message. */
const invalidCsv = (rows: readonly CsvRowError[]): never =>
  refuse('invalid', PRODUCT_MESSAGES.csvInvalid, { rows });

/** The largest width's WebP: what the desk's list and the API's `url` show. */
function imageUrl(image: ProductImage): string {
  const largest = image.widths[image.widths.length - 1] ?? image.width;
  return `${image.base}-${largest}.webp`;
}

function toAdminImage(image: ProductImage, position: number): AdminProductImage {
  return {
    id: image.id,
    url: imageUrl(image),
    alt: image.alt,
    width: image.width,
    height: image.height,
    base: image.base,
    widths: [...image.widths],
    placeholder: image.placeholder ?? null,
    position,
  };
}

export function toAdminProduct(p: StoredProduct): AdminProduct {
  return {
    id: p.id,
    handle: p.handle,
    name: p.name,
    category: p.category,
    materials: [...p.materials],
    price: p.price,
    description: p.description,
    fullDescription: p.fullDescription,
    sizes: [...p.sizes],
    status: p.status,
    note: p.note,
    position: p.position,
    gtin: p.gtin ?? '',
    colour: p.colour ?? '',
    excludeFromFeeds: p.excludeFromFeeds ?? false,
    customs: p.customs ?? null,
    images: p.images.map(toAdminImage),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/** 'Sea Thrift' -> 'sea-thrift'; accents dropped, at most the handle's length. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PRODUCT_LIMITS.handleMax - 4)
    .replace(/-+$/g, '');
  return slug || 'bracelet';
}

/** A later time than `previous`, so every change moves updatedAt forward even within one millisecond. */
function nextUpdatedAt(at: string, previous: string): string {
  const now = Date.parse(at);
  const before = Date.parse(previous);
  return new Date(Number.isNaN(before) || now > before ? now : before + 1).toISOString();
}

/** The If-Match header's value without quotes or the weak prefix; null without one. */
export function ifMatchValue(header: string | undefined): string | null {
  if (!header) return null;
  return header.trim().replace(/^W\//, '').replace(/^"|"$/g, '') || null;
}

/** True when the desk's copy (its updatedAt) is older than the product: the change would overwrite. */
function isStale(seen: string | null | undefined, current: string): boolean {
  if (!seen) return false;
  const s = Date.parse(seen);
  return Number.isNaN(s) || s < Date.parse(current);
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** How a value reads in the audit row (which is short: long texts are cut). */
function auditValue(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null';
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** What a product's history keeps of its images: their ids and alt texts, in order. */
function imageSummary(images: readonly ProductImage[]): { id: string; alt: string }[] {
  return images.map((i) => ({ id: i.id, alt: i.alt }));
}

/** The fields `after` changed, each before and after (images as their ids and alt texts). */
export function changedFields(
  before: StoredProduct | null,
  after: StoredProduct,
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of EDITABLE_FIELDS) {
    const b = before ? fieldValue(before, field) : null;
    const a = fieldValue(after, field);
    // A new product records its feed fields only when set.
    if (!before && a === FIELD_DEFAULTS[field]) continue;
    if (!sameValue(b, a)) changes[field] = { before: b, after: a };
  }
  const imagesBefore = before ? imageSummary(before.images) : [];
  const imagesAfter = imageSummary(after.images);
  if (!sameValue(imagesBefore, imagesAfter)) changes.images = { before: imagesBefore, after: imagesAfter };
  return changes;
}

function auditEntry(
  actor: Actor,
  action: string,
  productId: string,
  changes: Record<string, unknown>,
): AuditEntry {
  const detail = Object.entries(changes as Record<string, { before: unknown; after: unknown }>)
    .map(([field, c]) => `${field}: ${auditValue(c.before)} -> ${auditValue(c.after)}`)
    .join('; ');
  return {
    session: actor.session,
    address: actor.address,
    name: actor.name,
    action,
    target: `product ${productId}`,
    detail,
  };
}

/** The shop's own palettes first, then every category a product has now. */
function knownCategories(products: readonly StoredProduct[]): string[] {
  return [...CATEGORIES, ...products.map((p) => p.category)];
}

/** Trimmed texts; materials and sizes de-duplicated in the order given. */
function tidy<T extends Partial<ProductCreate & ProductPatch>>(input: T): T {
  const out: Record<string, unknown> = { ...input };
  for (const key of [
    'name',
    'category',
    'description',
    'fullDescription',
    'note',
    'gtin',
    'colour',
  ] as const) {
    const value = input[key];
    if (typeof value === 'string') out[key] = value.trim();
  }
  if (input.materials) out.materials = input.materials.map((m) => m.trim());
  if (input.sizes) out.sizes = SIZE_CODES.filter((s) => input.sizes?.includes(s));
  if (input.customs) out.customs = normaliseCustoms(input.customs);
  return out as T;
}

/** The field whose rule a change breaks once applied (an active product needs alt text everywhere). */
function activeNeedsAlt(p: StoredProduct): boolean {
  return p.status === 'active' && p.images.some((i) => i.alt.trim() === '');
}

export class CatalogueService {
  constructor(private readonly o: CatalogueServiceOptions) {}

  async list(): Promise<AdminProduct[]> {
    return (await this.o.store.products()).map(toAdminProduct);
  }

  /** The product as the desk and the image routes see it; null for an unknown id. */
  async getAdminProduct(id: string): Promise<AdminProduct | null> {
    const product = await this.o.store.product(id);
    return product ? toAdminProduct(product) : null;
  }

  /** The picture bases of every product (any status) under `prefix`: the photos the catalogue shows. */
  imagesUnder(prefix: string): Promise<string[]> {
    return this.o.store.imagesUnder(prefix);
  }

  async history(id: string): Promise<ProductChange[]> {
    if (!(await this.o.store.product(id))) notFound();
    return (await this.o.store.history(id)).map(
      (h): ProductChange => ({
        at: h.at,
        actor: h.session,
        action: h.action,
        changes: Object.entries(h.changes).map(([field, c]) => ({ field, before: c.before, after: c.after })),
      }),
    );
  }

  async create(input: ProductCreate, actor: Actor): Promise<AdminProduct> {
    const made = await this.once('product-create', 'new', actor, async () =>
      this.editing(async (edit) =>
        toAdminProduct(await this.createIn(edit, tidy(input), actor, 'product-create')),
      ),
    );
    return made.value;
  }

  async patch(
    id: string,
    input: ProductPatch,
    actor: Actor,
    ifMatch: string | null = null,
  ): Promise<AdminProduct> {
    const made = await this.once('product-update', id, actor, async () =>
      this.editing(async (edit) => {
        const before = (await edit.product(id)) ?? notFound();
        const { updatedAt, ...fields } = tidy(input);
        if (isStale(updatedAt ?? ifMatch, before.updatedAt)) refuse('conflict', PRODUCT_MESSAGES.stale);
        return toAdminProduct(await this.patchIn(edit, before, fields, actor, 'product-update'));
      }),
    );
    return made.value;
  }

  /** A paused copy (" (copy)" in its name, a free handle, the same pictures) to edit into a new design. */
  async duplicate(id: string, actor: Actor): Promise<Made<AdminProduct>> {
    return this.once('product-duplicate', id, actor, async () =>
      this.editing(async (edit) => {
        const source = (await edit.product(id)) ?? notFound();
        const suffix = ' (copy)';
        const product = await this.createIn(
          edit,
          {
            name: `${source.name.slice(0, PRODUCT_LIMITS.nameMax - suffix.length)}${suffix}`,
            category: source.category,
            materials: [...source.materials],
            price: source.price,
            description: source.description,
            fullDescription: source.fullDescription,
            sizes: [...source.sizes],
            status: 'paused',
            note: '',
          },
          actor,
          'product-duplicate',
          { images: source.images, palette: source.palette },
        );
        return toAdminProduct(product);
      }),
    );
  }

  async addProductImage(
    productId: string,
    image: NewProductImage,
    actor: Actor,
  ): Promise<{ product: AdminProduct; image: AdminProductImage }> {
    return this.editing(async (edit) => {
      const before = (await edit.product(productId)) ?? notFound();
      if (before.images.some((i) => i.id === image.id)) refuse('conflict', PRODUCT_MESSAGES.imageTaken);
      const alt = image.alt.trim();
      if (alt.length > PRODUCT_LIMITS.altMax) refuse('invalid', PRODUCT_MESSAGES.alt, { field: 'alt' });
      const added: ProductImage = { ...image, alt, widths: [...image.widths] };
      const after = await this.write(
        edit,
        before,
        { ...before, images: [...before.images, added] },
        actor,
        'product-image-add',
      );
      const position = after.images.findIndex((i) => i.id === image.id);
      return { product: toAdminProduct(after), image: toAdminImage(added, position) };
    });
  }

  async updateProductImage(
    productId: string,
    imageId: string,
    patch: ProductImagePatch,
    actor: Actor,
  ): Promise<{ product: AdminProduct; image: AdminProductImage }> {
    return this.editing(async (edit) => {
      const before = (await edit.product(productId)) ?? notFound();
      const index = before.images.findIndex((i) => i.id === imageId);
      const current = before.images[index] ?? refuse('not-found', PRODUCT_MESSAGES.imageNotFound);
      const changed: ProductImage = {
        ...current,
        alt: patch.alt === undefined ? current.alt : patch.alt.trim(),
      };
      const images = before.images.filter((i) => i.id !== imageId);
      const to = Math.min(patch.position ?? index, images.length);
      images.splice(to, 0, changed);
      const after = await this.write(edit, before, { ...before, images }, actor, 'product-image-update');
      return { product: toAdminProduct(after), image: toAdminImage(changed, to) };
    });
  }

  async removeProductImage(productId: string, imageId: string, actor: Actor): Promise<AdminProduct> {
    return this.editing(async (edit) => {
      const before = (await edit.product(productId)) ?? notFound();
      if (!before.images.some((i) => i.id === imageId)) refuse('not-found', PRODUCT_MESSAGES.imageNotFound);
      const images = before.images.filter((i) => i.id !== imageId);
      return toAdminProduct(
        await this.write(edit, before, { ...before, images }, actor, 'product-image-remove'),
      );
    });
  }

  /** Every product, one row each, in position order (RFC 4180, as the desk's other exports). */
  async exportCsv(): Promise<string> {
    const products = await this.o.store.products();
    return csvDocument(
      PRODUCT_CSV_COLUMNS,
      products.map((p) =>
        PRODUCT_CSV_COLUMNS.map((column) => {
          switch (column) {
            case 'materials':
              return p.materials.join(CSV_LIST_SEPARATOR);
            case 'sizes':
              return p.sizes.join(CSV_LIST_SEPARATOR);
            case 'price':
            case 'position':
              return p[column];
            case 'customsHsCode':
              return p.customs?.hsCode ?? '';
            case 'customsOriginCountry':
              return p.customs?.originCountry ?? '';
            case 'customsMaterials':
              return p.customs?.materials ?? '';
            case 'customsWeightS':
              return p.customs?.weightGrams.S ?? '';
            case 'customsWeightM':
              return p.customs?.weightGrams.M ?? '';
            case 'customsWeightL':
              return p.customs?.weightGrams.L ?? '';
            default:
              return p[column];
          }
        }),
      ),
    );
  }

  /**
   * Applies a CSV file all or nothing: every row is checked (its cells, its id, its handle against the
   * others), and one bad row refuses the whole file with every bad row's line and field.
   */
  async importCsv(text: string, actor: Actor): Promise<number> {
    const parsed = parseCsv(text);
    const invalid = invalidCsv;
    if (!parsed.ok)
      return invalid([{ line: parsed.line, field: 'file', message: PRODUCT_MESSAGES.csvQuote }]);
    const [header, ...records] = parsed.records;
    if (!header) return invalid([{ line: 1, field: 'header', message: PRODUCT_MESSAGES.csvEmpty }]);
    const columns = header.cells.map((c) => c.trim());
    const errors: CsvRowError[] = [];
    for (const column of columns) {
      if (!(PRODUCT_CSV_COLUMNS as readonly string[]).includes(column)) {
        errors.push({ line: header.line, field: column, message: PRODUCT_MESSAGES.csvUnknownColumn });
      }
    }
    if (!['id', 'name', 'price'].every((c) => columns.includes(c))) {
      errors.push({ line: header.line, field: 'header', message: PRODUCT_MESSAGES.csvHeader });
    }
    if (errors.length > 0) return invalid(errors);
    const rows = records.filter((r) => r.cells.some((c) => c.trim() !== ''));
    if (rows.length > PRODUCT_LIMITS.csvRowsMax) {
      return invalid([{ line: header.line, field: 'file', message: PRODUCT_MESSAGES.csvTooLarge }]);
    }
    const planned = rows.map((record) => {
      if (record.cells.length !== columns.length) {
        errors.push({ line: record.line, field: 'row', message: PRODUCT_MESSAGES.csvColumns });
        return null;
      }
      const cells = Object.fromEntries(columns.map((c, i) => [c, record.cells[i] ?? '']));
      return { line: record.line, ...rowInput(cells, record.line, errors) };
    });
    if (errors.length > 0) return invalid(errors);
    return this.editing(async (edit) => {
      const seen = new Set<string>();
      for (const row of planned) {
        if (!row) continue;
        const fail = (field: string, message: string) => errors.push({ line: row.line, field, message });
        if (row.id === '') {
          const missing = (['name', 'price', 'category', 'materials', 'description'] as const).filter(
            (f) => row.fields[f] === undefined,
          );
          for (const f of missing) fail(f, 'Required for a new product');
          if (missing.length > 0) continue;
          await refusedRowsSkipped(() =>
            this.createIn(edit, tidy(row.fields as ProductCreate), actor, 'product-import', undefined, fail),
          );
          continue;
        }
        if (seen.has(row.id)) {
          fail('id', PRODUCT_MESSAGES.csvDuplicateId);
          continue;
        }
        seen.add(row.id);
        const before = await edit.product(row.id);
        if (!before) {
          fail('id', PRODUCT_MESSAGES.csvUnknownId);
          continue;
        }
        if (isStale(row.updatedAt, before.updatedAt)) {
          fail('updatedAt', PRODUCT_MESSAGES.csvStale);
          continue;
        }
        await refusedRowsSkipped(() =>
          this.patchIn(edit, before, tidy(row.fields), actor, 'product-import', fail),
        );
      }
      if (errors.length > 0) invalid(errors);
      return planned.length;
    });
  }

  // ------------------------------------------------------------------------------------------ internals

  /** A new product in `edit`; `fail` collects a field's refusal instead of throwing it (the CSV import). */
  private async createIn(
    edit: CatalogueEdit,
    input: ProductCreate,
    actor: Actor,
    action: string,
    copied?: { images: readonly ProductImage[]; palette: readonly string[] },
    fail?: (field: string, message: string) => void,
  ): Promise<StoredProduct> {
    const handle = await this.freeHandle(edit, input.handle, input.name, null, fail);
    const all = await edit.products();
    const category = canonicalCategory(input.category, knownCategories(all));
    const position = all.reduce((max, p) => Math.max(max, p.position + 1), 0);
    const id = await edit.takeNextId();
    const product: StoredProduct = {
      id,
      handle,
      name: input.name,
      price: input.price as StoredProduct['price'],
      category,
      materials: input.materials,
      description: input.description,
      fullDescription: input.fullDescription ?? '',
      sizes: input.sizes ?? [...SIZE_CODES],
      status: input.status ?? 'active',
      note: input.note ?? '',
      position,
      images: copied ? [...copied.images] : [],
      palette: copied ? [...copied.palette] : [],
      createdAt: edit.at,
      updatedAt: edit.at,
      // The feeds' fields as the owner gave them with the new product (the form sends its colour).
      ...(input.gtin ? { gtin: input.gtin } : {}),
      ...(input.colour?.trim() ? { colour: input.colour.trim() } : {}),
      ...(input.excludeFromFeeds ? { excludeFromFeeds: true } : {}),
      ...(input.customs ? { customs: normaliseCustoms(input.customs) } : {}),
    };
    if (activeNeedsAlt(product)) this.refuseField('alt', PRODUCT_MESSAGES.altRequired, fail);
    await edit.insert(product);
    const changes = changedFields(null, product);
    await edit.record(
      id,
      { session: actor.session, action, changes },
      auditEntry(actor, action, id, changes),
    );
    return product;
  }

  /** Applies a patch's fields to `before` in `edit` (a position moves the neighbours too). */
  private async patchIn(
    edit: CatalogueEdit,
    before: StoredProduct,
    fields: Omit<ProductPatch, 'updatedAt'>,
    actor: Actor,
    action: string,
    fail?: (field: string, message: string) => void,
  ): Promise<StoredProduct> {
    const handle =
      fields.handle === undefined || fields.handle === '' || fields.handle === before.handle
        ? before.handle
        : await this.freeHandle(edit, fields.handle, before.name, before.id, fail);
    const { position, ...rest } = fields;
    if (rest.category !== undefined) {
      const others = (await edit.products()).filter((p) => p.id !== before.id);
      rest.category = canonicalCategory(rest.category, knownCategories(others));
    }
    let after: StoredProduct = { ...before, ...stripUndefined(rest), handle } as StoredProduct;
    if (position !== undefined && position !== before.position) {
      const others = (await edit.products()).filter((p) => p.id !== before.id);
      const to = Math.min(position, others.length);
      const order = [...others.slice(0, to), after, ...others.slice(to)];
      await edit.setPositions(
        order
          .map((p, i) => ({ id: p.id, position: i, was: p.position }))
          .filter((p) => p.id !== before.id && p.position !== p.was),
      );
      after = { ...after, position: to };
    }
    return this.write(edit, before, after, actor, action, fail);
  }

  /** Writes `after` over `before` with its history and audit rows; no change writes nothing. */
  private async write(
    edit: CatalogueEdit,
    before: StoredProduct,
    proposed: StoredProduct,
    actor: Actor,
    action: string,
    fail?: (field: string, message: string) => void,
  ): Promise<StoredProduct> {
    if (activeNeedsAlt(proposed)) this.refuseField('alt', PRODUCT_MESSAGES.altRequired, fail);
    const changes = changedFields(before, proposed);
    if (Object.keys(changes).length === 0) return before;
    const after: StoredProduct = { ...proposed, updatedAt: nextUpdatedAt(edit.at, before.updatedAt) };
    await edit.update(before, after);
    await edit.record(
      before.id,
      { session: actor.session, action, changes },
      auditEntry(actor, action, before.id, changes),
    );
    return after;
  }

  /**
   * The handle a product gets: the one asked for if no other product uses it (now or formerly), else a
   * 400; without one, the name's slug, numbered when taken.
   */
  private async freeHandle(
    edit: CatalogueEdit,
    asked: string | undefined,
    name: string,
    productId: string | null,
    fail?: (field: string, message: string) => void,
  ): Promise<string> {
    if (asked !== undefined && asked !== '') {
      const owner = await edit.handleOwner(asked);
      if (owner !== null && owner !== productId)
        this.refuseField('handle', PRODUCT_MESSAGES.handleTaken, fail);
      return asked;
    }
    const base = slugify(name);
    for (let n = 1; ; n += 1) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      const owner = await edit.handleOwner(candidate);
      if (owner === null || owner === productId) return candidate;
    }
  }

  private refuseField(
    field: string,
    message: string,
    fail?: (field: string, message: string) => void,
  ): never {
    if (!fail) refuse('invalid', message, { field });
    fail(field, message);
    throw new RowRefused(message);
  }

  /** Runs one store edit; a Refusal thrown inside undoes all of it. The source is refreshed after a commit. */
  private async editing<T>(work: (edit: CatalogueEdit) => Promise<T>): Promise<T> {
    const { result } = await this.o.store.edit(work);
    await this.o.onChange();
    return result;
  }

  /** One change per desk submission (audit-trail.ts `madeOnce`): a repeat answers the product as it is now. */
  private once(action: string, target: string, actor: Actor, run: () => Promise<AdminProduct>) {
    return madeOnce(this.o.requests, { action, target, actor }, run, async () =>
      target === 'new'
        ? refuse('conflict', PRODUCT_MESSAGES.repeated)
        : ((await this.getAdminProduct(target)) ?? refuse('conflict', PRODUCT_MESSAGES.repeated)),
    );
  }
}

/** Runs one import row's write; a row refused (its refusal already recorded) writes nothing. */
async function refusedRowsSkipped(write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!(error instanceof RowRefused)) throw error;
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A spreadsheet's neutralised cell ("'=..." written by csvDocument) read back as written. */
function unneutralised(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

function listCell(cell: string): string[] {
  return cell
    .split(/[;,]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Cents as written ("3500"), or euros with a decimal point ("35.00"); NaN for anything else. */
function priceCell(cell: string): number {
  const text = cell.trim().replace(/^€\s*/, '');
  if (/^\d+$/.test(text)) return Number(text);
  if (/^\d+\.\d{1,2}$/.test(text)) return Math.round(Number(text) * 100);
  return Number.NaN;
}

/** One CSV row's id, its guard and its fields, each checked by the same rules as the JSON routes. */
function rowInput(
  cells: Record<string, string>,
  line: number,
  errors: CsvRowError[],
): {
  id: string;
  updatedAt: string | null;
  fields: Partial<ProductCreate> & Omit<ProductPatch, 'updatedAt'>;
} {
  const fields: Record<string, unknown> = {};
  const id = (cells.id ?? '').trim();
  if (id !== '' && !/^[1-9][0-9]{0,8}$/.test(id)) {
    errors.push({ line, field: 'id', message: PRODUCT_MESSAGES.csvUnknownId });
  }
  for (const [column, raw] of Object.entries(cells)) {
    if (column === 'id' || column === 'position' || column === 'updatedAt') continue;
    if (column.startsWith('customs')) continue;
    const cell = unneutralised(raw);
    // An empty cell leaves an optional field as it is; a required one (name, price…) is refused.
    if (cell.trim() === '' && ['handle', 'sizes', 'status'].includes(column)) continue;
    const value: unknown =
      column === 'price'
        ? priceCell(cell)
        : column === 'materials'
          ? listCell(cell)
          : column === 'sizes'
            ? listCell(cell).map((s) => s.toUpperCase() as SizeCode)
            : column === 'handle' || column === 'status'
              ? cell.trim()
              : cell;
    const schema = PRODUCT_FIELD_SCHEMAS[column as keyof typeof PRODUCT_FIELD_SCHEMAS];
    const result = validateField(schema, value, column);
    if (!result.ok) {
      errors.push({ line, field: column, message: result.message });
      continue;
    }
    fields[column] = result.value;
  }
  const customs = customsCells(cells, line, errors);
  if (customs !== undefined) fields.customs = customs;
  const updatedAt = (cells.updatedAt ?? '').trim() || null;
  return { id, updatedAt, fields: fields as Partial<ProductCreate> };
}

/** The CSV's customs columns and the API field each fills. */
const CUSTOMS_CSV = {
  customsHsCode: 'hsCode',
  customsOriginCountry: 'originCountry',
  customsMaterials: 'materials',
  customsWeightS: 'S',
  customsWeightM: 'M',
  customsWeightL: 'L',
} as const;

/**
 * A row's customs data: undefined (left as it is) when the file has none of its columns or they are all
 * empty, else the whole of it checked by the API's rule; a refusal names `customs.hsCode` and so on.
 */
function customsCells(
  cells: Record<string, string>,
  line: number,
  errors: CsvRowError[],
): ProductCustomsInput | undefined {
  const given = Object.keys(CUSTOMS_CSV).filter((c) => (cells[c] ?? '').trim() !== '');
  if (given.length === 0) return undefined;
  const cell = (c: keyof typeof CUSTOMS_CSV) => unneutralised(cells[c] ?? '').trim();
  const weight = (c: keyof typeof CUSTOMS_CSV) => (/^\d+$/.test(cell(c)) ? Number(cell(c)) : Number.NaN);
  const value = {
    hsCode: cell('customsHsCode'),
    ...(cell('customsOriginCountry') ? { originCountry: cell('customsOriginCountry').toUpperCase() } : {}),
    materials: cell('customsMaterials'),
    weightGrams: { S: weight('customsWeightS'), M: weight('customsWeightM'), L: weight('customsWeightL') },
  };
  const result = productCustomsSchema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const field = `customs.${issue.path.map(String).join('.')}`;
    errors.push({ line, field, message: issue.message });
  }
  return undefined;
}
