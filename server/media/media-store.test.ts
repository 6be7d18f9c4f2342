/**
 * The photo store on both dialects: renditions stored once per content address and read back byte for
 * byte (through the instance's cache), and the retention rule: a photo nothing shows is deleted only
 * after 30 days unshown, and one shown again keeps its rows.
 */
import { describe, expect, it } from 'vitest';
import { storeSuite } from '../../tests/support/store-suite';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { MEDIA_RETENTION_DAYS, MediaStore } from './media-store';
import type { RenderedPhoto } from './photo-render';

const DAY = 24 * 60 * 60 * 1000;

/** A photo as the pipeline gives it; the bytes only need to be told apart. */
function photo(id: string): RenderedPhoto {
  const renditions = [320, 1080].flatMap((width) =>
    (['avif', 'webp'] as const).map((format) => ({
      width,
      format,
      data: new Uint8Array(Buffer.from(`${id}:${width}:${format}:\u0000\u00ff binary`)),
    })),
  );
  return { id, width: 1080, height: 1080, renditions, placeholder: 'data:image/webp;base64,AA==' };
}

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);

describe.each(TEST_DIALECTS)('MediaStore on %s', (dialect) => {
  let now: Date;
  const suite = storeSuite(dialect, (database) => {
    now = new Date('2026-12-01T10:00:00Z');
    return new MediaStore(database.db, { now: () => now });
  });

  it('stores every rendition once and reads it back byte for byte', async () => {
    await suite.store.save(photo(A));
    await suite.store.save(photo(A));
    expect(await suite.store.ids()).toEqual([A]);
    const webp = await suite.store.rendition(A, 1080, 'webp');
    expect(Buffer.from(webp ?? []).toString()).toBe(`${A}:1080:webp:\u0000\u00ff binary`);
    // A second store (another instance) reads from the database, not from the first one's cache.
    const other = new MediaStore(suite.database.db);
    expect(Buffer.from((await other.rendition(A, 320, 'avif')) ?? []).toString()).toBe(
      `${A}:320:avif:\u0000\u00ff binary`,
    );
    expect(await suite.store.rendition(A, 480, 'webp')).toBeNull();
    expect(await suite.store.rendition(B, 320, 'webp')).toBeNull();
  });

  it('deletes a photo only after 30 days unshown, and keeps one shown again', async () => {
    await suite.store.save(photo(A));
    await suite.store.save(photo(B));
    // Both shown: nothing happens.
    expect(await suite.store.sweep(new Set([A, B]))).toEqual({ marked: 0, restored: 0, deleted: [] });
    // B no longer shown: stamped, kept.
    expect(await suite.store.sweep(new Set([A]))).toEqual({ marked: 1, restored: 0, deleted: [] });
    now = new Date(now.getTime() + (MEDIA_RETENTION_DAYS - 1) * DAY);
    expect(await suite.store.sweep(new Set([A]))).toEqual({ marked: 0, restored: 0, deleted: [] });
    // Shown again on day 29: the stamp goes, the clock starts over when it is next unshown.
    expect(await suite.store.sweep(new Set([A, B]))).toEqual({ marked: 0, restored: 1, deleted: [] });
    expect(await suite.store.sweep(new Set([A]))).toEqual({ marked: 1, restored: 0, deleted: [] });
    now = new Date(now.getTime() + MEDIA_RETENTION_DAYS * DAY - 1000);
    expect((await suite.store.sweep(new Set([A]))).deleted).toEqual([]);
    now = new Date(now.getTime() + 2000);
    expect((await suite.store.sweep(new Set([A]))).deleted).toEqual([B]);
    expect(await suite.store.ids()).toEqual([A]);
    expect(await suite.store.rendition(B, 320, 'webp')).toBeNull();
    expect(await suite.store.rendition(A, 320, 'webp')).not.toBeNull();
  });

  it('an unshown photo uploaded again is no longer on its way out', async () => {
    await suite.store.save(photo(B));
    await suite.store.sweep(new Set());
    now = new Date(now.getTime() + 20 * DAY);
    await suite.store.save(photo(B));
    now = new Date(now.getTime() + 20 * DAY);
    // Restamped by this pass (the upload cleared the stamp), so 40 days after the first stamp it stays.
    expect(await suite.store.sweep(new Set())).toEqual({ marked: 1, restored: 0, deleted: [] });
    expect(await suite.store.ids()).toEqual([B]);
  });
});
