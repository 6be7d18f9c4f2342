/**
 * Which SQL dialect a Kysely instance speaks. Only the data layer (stores, migrations, ./database.ts) asks:
 * where SQLite and PostgreSQL differ, the difference is decided here and stays inside the store.
 */
import { type Kysely, PostgresAdapter } from 'kysely';

export type SqlDialect = 'sqlite' | 'postgres';

// biome-ignore lint/suspicious/noExplicitAny: works for any schema, including a migration's.
export function dialectOf(db: Kysely<any>): SqlDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
