/**
 * The double opt-in's rules, shared by every list an address joins by following a link (the newsletter,
 * "tell me when it's back", "tell me when you're back"): at most one confirmation e-mail an hour for a
 * pending row, and a link that confirms its pending row once. Each store passes its own table; the other
 * queries of each table stay with its store.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { NEWSLETTER_RESEND_AFTER_MS } from '../../domain/config';
import type { Database } from './schema';

/** The tables of a double opt-in: rows with an id, a pending or confirmed status and a link's token hash. */
export type OptInTable = {
  [T in keyof Database]: 'confirmation_sent_at' | 'confirmed_at' | 'token' extends keyof Database[T]
    ? T
    : never;
}[keyof Database];

// Kysely cannot follow a table chosen by a parameter; every OptInTable has the columns used here.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>;

/**
 * Claims this hour's confirmation of the row `id`: of two sign-ups at once, only one updates the row.
 * False when a confirmation went to it less than NEWSLETTER_RESEND_AFTER_MS ago.
 */
export async function claimConfirmation(
  trx: Transaction<Database>,
  table: OptInTable,
  id: number,
  now: Date,
): Promise<boolean> {
  const cutoff = new Date(now.getTime() - NEWSLETTER_RESEND_AFTER_MS).toISOString();
  const claimed = await (trx as AnyDb)
    .updateTable(table)
    .set({ confirmation_sent_at: now.toISOString() })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('confirmation_sent_at', 'is', null), eb('confirmation_sent_at', '<=', cutoff)]))
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n;
}

/**
 * Follows a confirmation link: confirms the pending row whose token has this hash (a confirmed row stays
 * as it was), and answers that row; undefined for an unknown token.
 */
export async function confirmPending<T extends OptInTable>(
  db: Kysely<Database>,
  table: T,
  tokenHash: string,
  now: Date,
): Promise<Selectable<Database[T]> | undefined> {
  await (db as AnyDb)
    .updateTable(table as OptInTable)
    .set({ status: 'confirmed', confirmed_at: now.toISOString() })
    .where('token', '=', tokenHash)
    .where('status', '=', 'pending')
    .execute();
  const row = await (db as AnyDb)
    .selectFrom(table)
    .selectAll()
    .where('token', '=', tokenHash)
    .executeTakeFirst();
  return row as Selectable<Database[T]> | undefined;
}
