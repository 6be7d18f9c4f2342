/** `npm run backup`: an online, consistent copy of the live database, checked, named by time, pruned. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { phonePhoto } from '../../tests/support/photo-fixtures';
import { buildTestApp, tempDataDir } from '../../tests/support/test-app';
import { BACKUP_DIR, backupDatabase, backupFileName } from './backup';

let data: ReturnType<typeof tempDataDir>;
let app: FastifyInstance;
beforeEach(async () => {
  data = tempDataDir();
  app = await buildTestApp({ DATA_DIR: data.dir, RATE_LIMITS: 'off' });
});
afterEach(async () => {
  await app.close();
  data.remove();
});

function checkout() {
  return app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: { email: 'backup@example.ie', items: [{ id: '3', quantity: 1 }] },
  });
}

describe('backupDatabase', () => {
  it('copies the live database consistently while orders keep coming in', async () => {
    for (let i = 0; i < 20; i += 1) await checkout();
    let writing = true;
    const writer = (async () => {
      let n = 0;
      while (writing) {
        await checkout();
        n += 1;
      }
      return n;
    })();
    const result = await backupDatabase({ dataDir: data.dir });
    writing = false;
    const during = await writer;
    expect(path.dirname(result.file)).toBe(path.join(data.dir, BACKUP_DIR));
    expect(path.basename(result.file)).toMatch(/^solas-\d{8}T\d{9}Z\.sqlite$/);
    expect(result.orders).toBeGreaterThanOrEqual(20);
    expect(during).toBeGreaterThan(0);

    const copy = new DatabaseSync(result.file, { readOnly: true });
    try {
      expect(copy.prepare('pragma integrity_check').get()?.integrity_check).toBe('ok');
      // Consistent: every order in the copy has its lines, and the migrations are recorded.
      const orphans = copy
        .prepare(
          'select count(*) as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)',
        )
        .get() as { n: number };
      expect(orphans.n).toBe(0);
      expect(
        (copy.prepare('select count(*) as n from kysely_migration').get() as { n: number }).n,
      ).toBeGreaterThan(0);
    } finally {
      copy.close();
    }
    expect(readdirSync(path.dirname(result.file)).filter((f) => f.endsWith('.partial'))).toEqual([]);
  });

  it('keeps only the newest backups', async () => {
    const names: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const now = new Date(Date.UTC(2026, 10, 1 + i, 3, 0, 0));
      names.push(backupFileName(now));
      const result = await backupDatabase({ dataDir: data.dir, keep: 3, now });
      expect(result.pruned).toEqual(i >= 3 ? [names[i - 3]] : []);
    }
    expect(readdirSync(path.join(data.dir, BACKUP_DIR)).sort()).toEqual(names.slice(2));
  });

  it("includes the owner's photos: every rendition is in the copy, byte for byte", async () => {
    const photo = await app.media.pipeline.process(await phonePhoto());
    await app.media.store.save(photo);
    const result = await backupDatabase({ dataDir: data.dir });
    const copy = new DatabaseSync(result.file, { readOnly: true });
    try {
      const rows = copy
        .prepare('select width, format, data from media where id = ? order by width, format')
        .all(photo.id) as { width: number; format: string; data: Buffer }[];
      expect(rows.map((r) => `${r.width}.${r.format}`)).toEqual(
        // The pipeline's order is already by width, then format.
        photo.renditions.map((r) => `${r.width}.${r.format}`),
      );
      for (const row of rows) {
        const original = photo.renditions.find((r) => r.width === row.width && r.format === row.format);
        expect(Buffer.compare(row.data, Buffer.from(original?.data ?? []))).toBe(0);
      }
    } finally {
      copy.close();
    }
  }, 60_000);

  it('npm run backup uses DATA_DIR and says where the copy is', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', '--keep', '2'], {
      env: { ...process.env, DATA_DIR: data.dir },
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      /^backup: .*backups\/solas-\d{8}T\d{9}Z\.sqlite \(\d+ KB, 0 orders, integrity ok\)/,
    );
  });
});
