/**
 * The owner's photos in the database (docs/decisions/0013-photo-storage.md): every rendition of every
 * photo is a row of `media`, keyed by the photo's content address, its width and its format. Rows are
 * written once and never change, so each instance keeps the renditions it served in a small in-memory
 * cache (bounded by bytes) that needs no invalidation: a deleted photo is one no page shows any more.
 *
 * Retention (`sweep`): a photo that no product and no order shows is stamped `unreferenced_since`; a
 * photo shown again loses the stamp; one unreferenced for 30 days is deleted. The rows hold no personal
 * data, only pictures of bracelets.
 */
import type { Kysely } from 'kysely';
import type { ImageFormat } from '../../domain/media/images';
import type { Database } from '../db/schema';
import type { RenderedPhoto } from './photo-render';

export const MEDIA_RETENTION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface MediaStoreOptions {
  /** The most bytes of renditions each instance keeps in memory. */
  readonly cacheBytes?: number;
  readonly now?: () => Date;
}

export interface SweepResult {
  /** Photos stamped as unreferenced in this pass. */
  readonly marked: number;
  /** Photos shown again, whose stamp was removed. */
  readonly restored: number;
  /** Photos deleted (every rendition), unreferenced for the whole retention period. */
  readonly deleted: readonly string[];
}

/** A least-recently-used map bounded by the bytes it holds. */
export class ByteLru {
  private readonly entries = new Map<string, Uint8Array>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Uint8Array | undefined {
    const value = this.entries.get(key);
    if (value) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Uint8Array): void {
    if (value.byteLength > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, value);
    this.bytes += value.byteLength;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.byteLength;
    }
  }

  delete(key: string): void {
    const value = this.entries.get(key);
    if (!value) return;
    this.entries.delete(key);
    this.bytes -= value.byteLength;
  }

  deletePrefix(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.delete(key);
  }
}

function cacheKey(id: string, width: number, format: ImageFormat): string {
  return `${id}-${width}.${format}`;
}

export class MediaStore {
  private readonly cache: ByteLru;
  private readonly now: () => Date;

  constructor(
    private readonly db: Kysely<Database>,
    options: MediaStoreOptions = {},
  ) {
    // About 30 photos' full sets of renditions: the photos of the pages most often visited.
    this.cache = new ByteLru(options.cacheBytes ?? 16 * 1024 * 1024);
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Stores every rendition of a photo in one transaction. The same photo uploaded again (same content
   * address) writes nothing new and is no longer unreferenced.
   */
  async save(photo: RenderedPhoto): Promise<void> {
    const at = this.now().toISOString();
    await this.db.transaction().execute(async (trx) => {
      for (const r of photo.renditions) {
        await trx
          .insertInto('media')
          .values({
            id: photo.id,
            width: r.width,
            format: r.format,
            data: r.data,
            created_at: at,
            unreferenced_since: null,
          })
          .onConflict((oc) => oc.columns(['id', 'width', 'format']).doUpdateSet({ unreferenced_since: null }))
          .execute();
      }
    });
  }

  /** One rendition's bytes, or null when there is no such photo or rendition. */
  async rendition(id: string, width: number, format: ImageFormat): Promise<Uint8Array | null> {
    const key = cacheKey(id, width, format);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const row = await this.db
      .selectFrom('media')
      .select('data')
      .where('id', '=', id)
      .where('width', '=', width)
      .where('format', '=', format)
      .executeTakeFirst();
    if (!row) return null;
    const data = new Uint8Array(row.data);
    this.cache.set(key, data);
    return data;
  }

  /** The content addresses of every stored photo. */
  async ids(): Promise<string[]> {
    const rows = await this.db.selectFrom('media').select('id').distinct().orderBy('id').execute();
    return rows.map((r) => r.id);
  }

  /** One retention pass, given every photo id a product or an order still shows. */
  async sweep(referenced: ReadonlySet<string>): Promise<SweepResult> {
    const now = this.now();
    const before = new Date(now.getTime() - MEDIA_RETENTION_DAYS * DAY_MS).toISOString();
    // The rows of one photo always share their stamp: every change below is made per photo id.
    const photos = await this.db
      .selectFrom('media')
      .select(['id', 'unreferenced_since'])
      .distinct()
      .orderBy('id')
      .execute();
    const restore = photos.filter((p) => referenced.has(p.id) && p.unreferenced_since !== null);
    const mark = photos.filter((p) => !referenced.has(p.id) && p.unreferenced_since === null);
    const expire = photos.filter(
      (p) => !referenced.has(p.id) && p.unreferenced_since !== null && p.unreferenced_since < before,
    );
    const ids = (list: readonly { id: string }[]) => list.map((p) => p.id);
    if (restore.length > 0) {
      await this.db
        .updateTable('media')
        .set({ unreferenced_since: null })
        .where('id', 'in', ids(restore))
        .execute();
    }
    if (mark.length > 0) {
      await this.db
        .updateTable('media')
        .set({ unreferenced_since: now.toISOString() })
        .where('id', 'in', ids(mark))
        .where('unreferenced_since', 'is', null)
        .execute();
    }
    if (expire.length > 0) {
      // Checked again in the statement: a photo shown again since the read above keeps its rows.
      await this.db
        .deleteFrom('media')
        .where('id', 'in', ids(expire))
        .where('unreferenced_since', '<', before)
        .execute();
      for (const id of ids(expire)) this.cache.deletePrefix(`${id}-`);
    }
    return { marked: mark.length, restored: restore.length, deleted: ids(expire) };
  }
}
