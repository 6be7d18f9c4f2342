/**
 * `npm run backup`: a consistent copy of the live SQLite database, taken online with SQLite's backup API
 * (server/db/native-sqlite.ts) while the shop keeps serving, into DATA_DIR/backups/ with a UTC
 * timestamp in its name. The copy is checked (integrity_check) before it gets its final name, and only
 * the newest `keep` backups are kept so that backups never fill the disk the shop needs.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { DATABASE_FILE } from '../db/database';
import { backupNativeSqlite, openNativeSqlite } from '../db/native-sqlite';

export const BACKUP_DIR = 'backups';
export const DEFAULT_BACKUP_KEEP = 30;
const NAME = /^solas-\d{8}T\d{6}(?:\d{3})?Z\.sqlite$/;

export interface BackupResult {
  readonly file: string;
  readonly bytes: number;
  readonly orders: number;
  readonly pruned: readonly string[];
}

export function backupFileName(at: Date): string {
  return `solas-${at.toISOString().replace(/[-:]/g, '').replace('.', '')}.sqlite`;
}

export async function backupDatabase(options: {
  readonly dataDir: string;
  readonly keep?: number;
  readonly now?: Date;
}): Promise<BackupResult> {
  const source = path.join(options.dataDir, DATABASE_FILE);
  if (!existsSync(source)) throw new Error(`No database at ${source}: nothing to back up`);
  const dir = path.join(options.dataDir, BACKUP_DIR);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, backupFileName(options.now ?? new Date()));
  const partial = `${file}.partial`;

  await backupNativeSqlite(source, partial);

  let orders = 0;
  const copy = openNativeSqlite(partial, { mustExist: true });
  try {
    const check = copy.pragma('integrity_check');
    if (check !== 'ok') throw new Error(`The backup failed its integrity check: ${String(check)}`);
    orders = (copy.prepare('select count(*) as n from orders').all([])[0] as { n: number }).n;
  } catch (err) {
    copy.close();
    rmSync(partial, { force: true });
    throw err;
  }
  copy.close();
  renameSync(partial, file);

  const keep = Math.max(1, options.keep ?? DEFAULT_BACKUP_KEEP);
  const all = readdirSync(dir)
    .filter((n) => NAME.test(n))
    .sort();
  const pruned = all.slice(0, Math.max(0, all.length - keep));
  for (const name of pruned) rmSync(path.join(dir, name), { force: true });
  return { file, bytes: statSync(file).size, orders, pruned };
}
