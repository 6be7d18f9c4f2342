// `npm run backup [-- --keep N]`: an online, consistent copy of the shop's database into
// DATA_DIR/backups/ (see server/ops/backup.ts). Safe while the shop runs; schedule it daily (cron,
// a systemd timer) and copy DATA_DIR/backups/ off the machine.
import { ConfigError, loadConfig } from '../server/config';
import { backupDatabase, DEFAULT_BACKUP_KEEP } from '../server/ops/backup';

function keepArg(argv: readonly string[]): number {
  const i = argv.indexOf('--keep');
  if (i === -1) return DEFAULT_BACKUP_KEEP;
  const n = Number(argv[i + 1]);
  if (!Number.isInteger(n) || n < 1) {
    console.error('--keep must be a whole number of backups to keep, at least 1');
    process.exit(1);
  }
  return n;
}

try {
  const { dataDir, database } = loadConfig();
  if (database.dialect !== 'sqlite') {
    throw new ConfigError(
      'DATABASE_URL is set: npm run backup copies the SQLite database in DATA_DIR only; back up PostgreSQL with pg_dump or your provider',
    );
  }
  const result = await backupDatabase({ dataDir, keep: keepArg(process.argv.slice(2)) });
  console.log(
    `backup: ${result.file} (${(result.bytes / 1024).toFixed(0)} KB, ${result.orders} orders, integrity ok)` +
      (result.pruned.length > 0 ? `; removed ${result.pruned.length} older backup(s)` : ''),
  );
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : `backup failed: ${(err as Error).message}`);
  process.exit(1);
}
