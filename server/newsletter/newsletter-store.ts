/**
 * The newsletter list with double opt-in (docs/product/states.md §5.10): one row per address (case-insensitive),
 * pending until the confirmation link is followed. Each row keeps the SHA-256 of a random token, the secret
 * of its confirmation and unsubscribe links: the token itself is only in the e-mail. Each e-mail (a
 * confirmation, a campaign message) carries a key of its own, hashed in `newsletter_keys`, every one
 * working until the sign-up goes. The confirmation e-mail is queued in the outbox in the same
 * transaction that records it was sent, so a sign-up never records a mail that was not queued (nor the
 * reverse), and at most one goes out per address per hour however often the form is sent.
 * Unsubscribing deletes the row (and any of its mail still waiting): the address is then unknown, never
 * e-mailed again, and not in any export; signing up again starts over with a new confirmation.
 */
import { randomBytes } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { dialectOf } from '../db/dialect';
import { claimConfirmation } from '../db/double-opt-in';
import type { Database } from '../db/schema';
import { hashKey } from '../lib/ids';
import { deleteWaitingNewsletterMail, enqueueMail, outboxRow, type QueuedMail } from '../mail/outbox';
import type { MailQueueOptions } from './confirmation-claim';
import type { NewsletterStatus } from './tables';

/** 192 bits, URL-safe: unguessable, so the token alone can authorise confirming and unsubscribing. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The shape of a token (newToken's output); anything else is refused before a query. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export type SignUpOutcome = 'confirmation-queued' | 'recently-sent' | 'already-subscribed';

export type ConfirmOutcome = 'confirmed' | 'already-confirmed' | 'unknown';

export interface Subscriber {
  readonly email: string;
  readonly source: string;
  readonly signedUpAt: string;
  readonly confirmedAt: string;
}

export interface NewsletterStoreOptions extends MailQueueOptions {
  /** Builds the confirmation e-mail for an address and its token. */
  readonly confirmationMail: (email: string, token: string) => QueuedMail;
}

export class NewsletterStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: NewsletterStoreOptions,
  ) {}

  /**
   * Records a sign-up and queues its confirmation e-mail, unless the address is already subscribed or a
   * confirmation went to it less than an hour ago. The caller answers the same in every case.
   */
  async signUp(email: string, source: string, now = new Date()): Promise<SignUpOutcome> {
    const nowIso = now.toISOString();
    const key = email.toLowerCase();
    const outcome = await this.db.transaction().execute(async (trx): Promise<SignUpOutcome> => {
      await trx
        .insertInto('newsletter_signups')
        .values({
          email,
          email_key: key,
          source,
          created_at: nowIso,
          status: 'pending',
          token: hashKey(newToken()),
        })
        .onConflict((oc) => oc.column('email_key').doNothing())
        .execute();
      const row = await trx
        .selectFrom('newsletter_signups')
        .select(['id', 'status', 'email'])
        .where('email_key', '=', key)
        .executeTakeFirstOrThrow();
      if (row.status === 'confirmed') return 'already-subscribed';
      if (!(await claimConfirmation(trx, 'newsletter_signups', row.id, now))) return 'recently-sent';
      // Each e-mail its own key: the links of one sent before keep working beside it.
      const token = await issueSignupKey(trx, row.id, now);
      await this.queue(trx, this.options.confirmationMail(row.email, token), now);
      return 'confirmation-queued';
    });
    if (outcome === 'confirmation-queued') this.options.onMailQueued?.();
    return outcome;
  }

  private async queue(trx: Transaction<Database>, mail: QueuedMail, now: Date): Promise<void> {
    await enqueueMail(trx, [outboxRow(mail, this.options.senderDomain, now.getTime())]);
  }

  /** Follows a confirmation link: the address is subscribed from now on. */
  async confirm(token: string, now = new Date()): Promise<ConfirmOutcome> {
    if (!TOKEN_PATTERN.test(token)) return 'unknown';
    const row = await signupOfKey(this.db, token).select('id').executeTakeFirst();
    if (!row) return 'unknown';
    const updated = await this.db
      .updateTable('newsletter_signups')
      .set({ status: 'confirmed', confirmed_at: now.toISOString() })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n ? 'confirmed' : 'already-confirmed';
  }

  /**
   * Removes the token's address from the list, with its newsletter mail not yet sent. True when the
   * token was known; unsubscribing twice is not an error.
   */
  async unsubscribe(token: string): Promise<boolean> {
    if (!TOKEN_PATTERN.test(token)) return false;
    return this.db.transaction().execute(async (trx) => {
      const row = await signupOfKey(trx, token).select(['id', 'email']).executeTakeFirst();
      if (!row) return false;
      // The sign-up first: a campaign queueing this address holds its row (campaign-store.ts), so the
      // mail deleted next includes a message it queued a moment ago.
      await trx.deleteFrom('newsletter_signups').where('id', '=', row.id).execute();
      await deleteWaitingNewsletterMail(trx, row.email);
      return true;
    });
  }

  /** The desk's list: confirmed subscribers whose address contains `search`, newest first. */
  search(search: string, limit: number): Promise<{ subscribers: Subscriber[]; total: number }> {
    return searchSubscribers(this.db, search, limit);
  }

  /**
   * The owner removes an address from the list (an erasure request, a complaint): the sign-up goes with
   * its newsletter mail not yet sent, as when its owner unsubscribes. False when the address is unknown.
   */
  async remove(email: string): Promise<boolean> {
    const key = email.trim().toLowerCase();
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx
        .deleteFrom('newsletter_signups')
        .where('email_key', '=', key)
        .executeTakeFirst();
      if (deleted.numDeletedRows === 0n) return false;
      await deleteWaitingNewsletterMail(trx, key);
      return true;
    });
  }

  /** Confirmed subscribers only, oldest first: what any export of the list (the desk's CSV) must use. */
  async subscribers(): Promise<Subscriber[]> {
    const rows = await this.db
      .selectFrom('newsletter_signups')
      .select(['email', 'source', 'created_at', 'confirmed_at'])
      .where('status', '=', 'confirmed')
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      email: r.email,
      source: r.source,
      signedUpAt: r.created_at,
      confirmedAt: r.confirmed_at ?? r.created_at,
    }));
  }
}

// ------------------------------------------------------------------ the privacy pages' queries

type Executor = Kysely<Database> | Transaction<Database>;

// ------------------------------------------------------------------ the campaigns' view of the list

/**
 * A new key for a sign-up's links, for one e-mail (a confirmation, a campaign message), its hash kept in
 * `trx`: it opens the sign-up's links beside every earlier one, until the sign-up goes.
 */
export async function issueSignupKey(trx: Executor, signupId: number, now: Date): Promise<string> {
  const token = newToken();
  await trx
    .insertInto('newsletter_keys')
    .values({ key_hash: hashKey(token), signup_id: signupId, created_at: now.toISOString() })
    .execute();
  return token;
}

/** The sign-up a link's token opens: its first key (kept on the row) or one of its e-mails' keys. */
function signupOfKey(db: Executor, token: string) {
  const hash = hashKey(token);
  return db
    .selectFrom('newsletter_signups')
    .where((eb) =>
      eb.or([
        eb('token', '=', hash),
        eb('id', 'in', eb.selectFrom('newsletter_keys').select('signup_id').where('key_hash', '=', hash)),
      ]),
    );
}

/** The ids of the confirmed sign-ups (a campaign's recipients when it starts), to build on. */
export function confirmedSignupIds(db: Executor) {
  return db.selectFrom('newsletter_signups').select('id').where('status', '=', 'confirmed');
}

/** The ids of every sign-up still on the list ("unsubscribed since" counts the ones gone). */
export function signupIds(db: Executor) {
  return db.selectFrom('newsletter_signups').select('id');
}

/**
 * A confirmed sign-up's address, locked on PostgreSQL until `trx` ends: unsubscribe() deletes the sign-up
 * before its waiting mail, so it either comes first (undefined here) or waits for this transaction's
 * commit and then deletes the message it queued.
 */
export async function lockConfirmedSignup(
  trx: Transaction<Database>,
  id: number,
): Promise<{ email: string } | undefined> {
  const query = trx
    .selectFrom('newsletter_signups')
    .select(['email'])
    .where('id', '=', id)
    .where('status', '=', 'confirmed');
  return (dialectOf(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** Confirmed subscribers whose address contains `search` (any case), newest first, at most `limit`. */
export async function searchSubscribers(
  db: Executor,
  search: string,
  limit: number,
): Promise<{ subscribers: Subscriber[]; total: number }> {
  const key = search.trim().toLowerCase();
  let query = db.selectFrom('newsletter_signups').where('status', '=', 'confirmed');
  // LIKE's wildcards typed in the search are matched as themselves (one escape both dialects read).
  if (key !== '') {
    const pattern = `%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where(sql<boolean>`email_key like ${pattern} escape '\\'`);
  }
  const [rows, count] = await Promise.all([
    query
      .select(['email', 'source', 'created_at', 'confirmed_at'])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).executeTakeFirst(),
  ]);
  return {
    subscribers: rows.map((r) => ({
      email: r.email,
      source: r.source,
      signedUpAt: r.created_at,
      confirmedAt: r.confirmed_at ?? r.created_at,
    })),
    total: Number(count?.n ?? 0),
  };
}

/** Deletes the sign-ups never confirmed whose last confirmation e-mail (or sign-up) is before `before`. */
export async function deleteUnconfirmedSignups(db: Executor, before: string): Promise<number> {
  const result = await db
    .deleteFrom('newsletter_signups')
    .where('status', '=', 'pending')
    .where((eb) => eb(eb.fn.coalesce('confirmation_sent_at', 'created_at'), '<', before))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The address's sign-up as an export shows it (`emailKey` lower case), or undefined. */
export async function signupOfEmail(db: Executor, emailKey: string) {
  return db
    .selectFrom('newsletter_signups')
    .select(['email', 'source', 'status', 'created_at', 'confirmation_sent_at', 'confirmed_at'])
    .where('email_key', '=', emailKey)
    .executeTakeFirst();
}

/** Every sign-up's address and state (newest first, at most `limit`): the desk's Customers list. */
export async function signupAddresses(
  db: Executor,
  limit: number,
): Promise<{ email: string; status: NewsletterStatus; created_at: string }[]> {
  return db
    .selectFrom('newsletter_signups')
    .select(['email', 'status', 'created_at'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Deletes the address's sign-up, whatever its state (`emailKey` lower case); how many went. */
export async function deleteSignupOfEmail(db: Executor, emailKey: string): Promise<number> {
  const result = await db
    .deleteFrom('newsletter_signups')
    .where('email_key', '=', emailKey)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
