/**
 * A database that comes back empty under a running instance (PostgreSQL's schema dropped and created
 * again, an SQLite file restored empty): every query then fails with "no such table" (42P01). Those
 * requests answer 503 with Retry-After like any other outage (./unavailable.ts), /api/health says the
 * database is empty, and the instance runs its migrations again, one run at a time, so it serves again
 * without a restart. Only a database with no migration recorded is migrated again: one that records its
 * migrations yet lacks a table is damaged, not empty, and is left to the owner (a restore from a backup).
 */
import type { Kysely, Migration } from 'kysely';
import { isSchemaMissing } from '../lib/unavailable';
import { appliedMigrationCount, migrate } from './database';
import { shopMigrations } from './migrations';
import type { Database } from './schema';

export interface SchemaRecoveryLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class SchemaRecovery {
  private running: Promise<void> | null = null;
  /** The damaged state is said once, not on every request that finds it. */
  private reportedDamage = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: SchemaRecoveryLog,
    private readonly migrations: Readonly<Record<string, Migration>> = shopMigrations(),
  ) {}

  /** How many migrations an empty database lacks: all of this release's. */
  get migrationCount(): number {
    return Object.keys(this.migrations).length;
  }

  /** Runs the migrations again if the database is empty; requests meanwhile join the run. Never throws. */
  recover(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<void> {
    try {
      if ((await this.recordedMigrations()) > 0) {
        if (!this.reportedDamage) {
          // Also seen once by a request that failed just before a recovery ended: hence "unless".
          this.log.error(
            {},
            'database: a table is missing although its migrations are recorded; unless it came back empty a moment ago, restore it from a backup',
          );
        }
        this.reportedDamage = true;
        return;
      }
      const applied = await migrate(this.db, this.migrations);
      this.reportedDamage = false;
      this.log.warn({ applied: applied.length }, 'database: it came back empty; its migrations ran again');
    } catch (err) {
      this.log.error({ err }, 'database: it came back empty, and running its migrations again failed');
    }
  }

  private async recordedMigrations(): Promise<number> {
    try {
      return await appliedMigrationCount(this.db);
    } catch (err) {
      if (isSchemaMissing(err)) return 0;
      throw err;
    }
  }
}
