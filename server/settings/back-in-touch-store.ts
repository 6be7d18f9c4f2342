/**
 * "Tell me when you're back" (docs/product/desk.md §10.14): an address a shopper leaves while the maker is
 * away, confirmed by a link as the newsletter's (double opt-in), one row per address (case-insensitive).
 * When away returns to off, each confirmed address gets one e-mail, queued in the transaction that
 * deletes its row: the address is then gone. An address never confirmed is deleted after a week (the
 * retention pass, server/privacy). Each confirmation e-mail is queued with the row that records it, at
 * most one an hour per address.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { claimConfirmation, confirmPending } from '../db/double-opt-in';
import type { Database } from '../db/schema';
import { hashKey } from '../lib/ids';
import { enqueueMail, outboxRow, type QueuedMail } from '../mail/outbox';

type Executor = Kysely<Database> | Transaction<Database>;

/** The shape of a token (192 random bits, URL-safe); anything else is refused before a query. */
export const BACK_IN_TOUCH_TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** How many addresses one pass of the return e-mail takes per transaction. */
const BATCH = 200;

export interface BackInTouchStoreOptions {
  readonly confirmationMail: (email: string, token: string) => QueuedMail;
  readonly backMail: (email: string) => QueuedMail;
  readonly senderDomain: string;
  readonly onMailQueued?: () => void;
}

export class BackInTouchStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: BackInTouchStoreOptions,
  ) {}

  /** Records the address and queues its confirmation, unless one went out less than an hour ago. */
  async signUp(email: string, now = new Date()): Promise<'queued' | 'recently-sent' | 'already-confirmed'> {
    const nowIso = now.toISOString();
    const key = email.toLowerCase();
    const outcome = await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('back_in_touch')
        .values({
          email,
          email_key: key,
          token: hashKey(randomBytes(24).toString('base64url')),
          status: 'pending',
          created_at: nowIso,
        })
        .onConflict((oc) => oc.column('email_key').doNothing())
        .execute();
      const row = await trx
        .selectFrom('back_in_touch')
        .select(['id', 'status', 'email'])
        .where('email_key', '=', key)
        .executeTakeFirstOrThrow();
      if (row.status === 'confirmed') return 'already-confirmed' as const;
      if (!(await claimConfirmation(trx, 'back_in_touch', row.id, now))) return 'recently-sent' as const;
      // Only the new e-mail's link works from now on: the row keeps one hash, never the token.
      const token = randomBytes(24).toString('base64url');
      await trx
        .updateTable('back_in_touch')
        .set({ token: hashKey(token) })
        .where('id', '=', row.id)
        .execute();
      const mail = this.options.confirmationMail(row.email, token);
      await enqueueMail(trx, [outboxRow(mail, this.options.senderDomain, now.getTime())]);
      return 'queued' as const;
    });
    if (outcome === 'queued') this.options.onMailQueued?.();
    return outcome;
  }

  /** Follows a confirmation link; false for a token that is unknown (or already gone). */
  async confirm(token: string, now = new Date()): Promise<boolean> {
    if (!BACK_IN_TOUCH_TOKEN.test(token)) return false;
    return (await confirmPending(this.db, 'back_in_touch', hashKey(token), now)) !== undefined;
  }

  /**
   * The shop is back: one e-mail to every confirmed address, each queued in the transaction that deletes
   * its row (a second pass, on this instance or another, finds nothing left to send). Unconfirmed rows
   * stay until their week is over. Returns how many were told.
   */
  async tellEveryone(now = new Date()): Promise<number> {
    let told = 0;
    for (;;) {
      const sent = await this.db
        .transaction()
        .execute(async (trx) => {
          const rows = await trx
            .selectFrom('back_in_touch')
            .select(['id', 'email'])
            .where('status', '=', 'confirmed')
            .orderBy('id')
            .limit(BATCH)
            .execute();
          if (rows.length === 0) return 0;
          const deleted = await trx
            .deleteFrom('back_in_touch')
            .where(
              'id',
              'in',
              rows.map((r) => r.id),
            )
            .executeTakeFirst();
          // Another instance deleting the same rows at once: only the one whose delete took them sends.
          if (Number(deleted.numDeletedRows) !== rows.length) throw new BackInTouchRace();
          await enqueueMail(
            trx,
            rows.map((r) =>
              outboxRow(this.options.backMail(r.email), this.options.senderDomain, now.getTime()),
            ),
          );
          return rows.length;
        })
        .catch((err: unknown) => {
          if (err instanceof BackInTouchRace) return 0;
          throw err;
        });
      told += sent;
      if (sent < BATCH) break;
    }
    if (told > 0) this.options.onMailQueued?.();
    return told;
  }
}

class BackInTouchRace extends Error {}

// ------------------------------------------------------------------ the privacy pages' queries

/** The address's row, for the privacy export; undefined when none. */
export async function backInTouchOfEmail(db: Executor, key: string) {
  return db
    .selectFrom('back_in_touch')
    .select(['email', 'status', 'created_at', 'confirmation_sent_at', 'confirmed_at'])
    .where('email_key', '=', key)
    .executeTakeFirst();
}

/** Erasure: the address's row goes. */
export async function deleteBackInTouchOfEmail(db: Executor, key: string): Promise<number> {
  const result = await db.deleteFrom('back_in_touch').where('email_key', '=', key).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Retention: rows never confirmed whose last confirmation e-mail (or creation) is before `before`. */
export async function deleteUnconfirmedBackInTouch(db: Executor, before: string): Promise<number> {
  const result = await db
    .deleteFrom('back_in_touch')
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('confirmation_sent_at', '<', before),
        eb.and([eb('confirmation_sent_at', 'is', null), eb('created_at', '<', before)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
