/**
 * The owner's notes about customers (`customer_notes`, one per lower-cased address): the only module that
 * touches the table. The privacy erasure and the retention pass delete notes through the functions below.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface StoredNote {
  readonly note: string;
  readonly updatedAt: string;
}

/** The note about this address (`emailKey` lower case), or null. */
export async function customerNoteOf(db: Db, emailKey: string): Promise<StoredNote | null> {
  const row = await db
    .selectFrom('customer_notes')
    .select(['note', 'updated_at'])
    .where('email_key', '=', emailKey)
    .executeTakeFirst();
  return row ? { note: row.note, updatedAt: row.updated_at } : null;
}

/** Deletes the note about this address; how many went (0 or 1). */
export async function deleteCustomerNote(db: Db, emailKey: string): Promise<number> {
  const result = await db.deleteFrom('customer_notes').where('email_key', '=', emailKey).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The retention pass: notes nobody changed since `before` go; how many. */
export async function deleteCustomerNotesUnchangedSince(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom('customer_notes').where('updated_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Writes the note (an empty one deletes it: nothing is kept for nothing). The note as it is now, or null
 * when there is none.
 */
export async function saveCustomerNote(
  db: Db,
  emailKey: string,
  note: string,
  at: string,
): Promise<StoredNote | null> {
  if (note === '') {
    await deleteCustomerNote(db, emailKey);
    return null;
  }
  await db
    .insertInto('customer_notes')
    .values({ email_key: emailKey, note, updated_at: at })
    .onConflict((oc) => oc.column('email_key').doUpdateSet({ note, updated_at: at }))
    .execute();
  return { note, updatedAt: at };
}
