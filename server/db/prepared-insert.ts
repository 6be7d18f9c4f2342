/**
 * Inserts on the checkout's path whose SQL Kysely writes once and the store then reuses with new values.
 * Building a query with Kysely (operation nodes, then compiling them to SQL text) cost about a tenth of a
 * checkout's CPU in `bench:api --profile`, for statements whose text never changes: only their values
 * do. The text is still Kysely's (its quoting and the dialect's placeholders, checked against the
 * schema's types here); SQLite's compiled statements are then found by that text in database.ts's cache,
 * and PostgreSQL receives exactly what Kysely would have sent.
 */
import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import { dialectOf } from './dialect';
import type { Database } from './schema';

export type InsertRow<T extends keyof Database> = Insertable<Database[T]>;

export interface PreparedInsert<T extends keyof Database> {
  /** The statement inserting `rows` (at least one) in `db`'s dialect, for executeAtomically. */
  compile(db: Kysely<Database>, rows: readonly InsertRow<T>[]): CompiledQuery;
  /** Inserts `rows` (none: nothing is sent) with `db`, which may be a transaction. */
  run(db: Kysely<Database>, rows: readonly InsertRow<T>[]): Promise<void>;
}

/** A statement's text per dialect and number of rows: a multi-row insert's text depends on both. */
const TEXT_LIMIT = 64;

/**
 * `columns` are the columns written, in order; a row's missing or undefined value is written as null.
 * Kysely parameterises every value, so the parameters are the rows' values, row after row, in `columns`'
 * order; the first compile of each shape checks that (a Kysely that inlined a value would make the reused
 * text wrong for other values, so it fails loudly instead).
 */
export function preparedInsert<T extends keyof Database & string>(
  table: T,
  columns: readonly (keyof InsertRow<T> & string)[],
): PreparedInsert<T> {
  const texts = new Map<string, string>();
  const valuesOf = (row: InsertRow<T>): unknown[] =>
    columns.map((column) => (row as Record<string, unknown>)[column] ?? null);
  const compile = (db: Kysely<Database>, rows: readonly InsertRow<T>[]): CompiledQuery => {
    if (rows.length === 0) throw new Error(`preparedInsert(${table}): no rows`);
    // A plain loop: flatMap over a map allocated an array per row and was a few per cent of a checkout.
    const parameters: unknown[] = [];
    for (const row of rows) {
      for (const column of columns) parameters.push((row as Record<string, unknown>)[column] ?? null);
    }
    const key = `${dialectOf(db)}:${rows.length}`;
    let text = texts.get(key);
    if (text === undefined) {
      const ordered = rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, valuesOf(row)[i]])));
      // The table's own row type is checked at the call (InsertRow<T>); Kysely's generic overloads cannot
      // follow a table name that is itself a type parameter.
      const compiled = db
        .insertInto(table)
        .values(ordered as never)
        .compile();
      const same =
        compiled.parameters.length === parameters.length &&
        compiled.parameters.every((p, i) => Object.is(p, parameters[i]));
      if (!same) throw new Error(`preparedInsert(${table}): Kysely's parameters are not the rows' values`);
      text = compiled.sql;
      if (texts.size >= TEXT_LIMIT) texts.clear();
      texts.set(key, text);
    }
    return CompiledQuery.raw(text, parameters);
  };
  return {
    compile,
    async run(db, rows) {
      if (rows.length > 0) await db.executeQuery(compile(db, rows));
    },
  };
}
