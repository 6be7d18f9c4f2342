/**
 * The rows several features keep per order (its lines, returns, reviews, notes), read for a set of orders
 * in one statement: the privacy export and the desk read them so, each table in its own order.
 */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema';

/** The tables whose rows belong to an order through their `order_id` column. */
export type OrderOwnedTable = {
  [T in keyof Database]: 'order_id' extends keyof Database[T] ? T : never;
}[keyof Database];

/** The rows of `table` of these orders, ordered by `orderBy`; none (and no query) for no orders. */
export async function rowsOfOrders<T extends OrderOwnedTable>(
  db: Kysely<Database>,
  table: T,
  orderIds: readonly string[],
  orderBy: keyof Database[T] & string,
): Promise<Selectable<Database[T]>[]> {
  if (orderIds.length === 0) return [];
  // Kysely cannot follow a table chosen by a type parameter; every table of OrderOwnedTable has order_id.
  // biome-ignore lint/suspicious/noExplicitAny: see above.
  const anyDb = db as Kysely<any>;
  const rows = await anyDb
    .selectFrom(table)
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy(orderBy)
    .execute();
  return rows as Selectable<Database[T]>[];
}
