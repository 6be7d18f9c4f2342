/**
 * "Tell me when it's back" (docs/product/states.md §5.10): an address waiting for one paused product, with double
 * opt-in like the newsletter's (a pending row and its confirmation e-mail queued in one transaction, at
 * most one an hour). When the product is active again each confirmed row is deleted in the transaction
 * that queues its one e-mail: whichever instance (or pass) gets there first sends it, never twice, and
 * the address is gone with it. Unconfirmed rows go after RETENTION.unconfirmedSignupDays.
 */
import type { Kysely, Transaction } from 'kysely';
import { claimConfirmation, confirmPending } from '../db/double-opt-in';
import type { Database } from '../db/schema';
import { hashKey } from '../lib/ids';
import { enqueueMail, outboxRow, type QueuedMail } from '../mail/outbox';
import type { MailQueueOptions } from './confirmation-claim';
import { newToken, TOKEN_PATTERN } from './newsletter-store';

export type NotifyOutcome = 'confirmation-queued' | 'recently-sent' | 'already-waiting';

type Executor = Kysely<Database> | Transaction<Database>;

export interface BackInStockStoreOptions extends MailQueueOptions {
  readonly confirmationMail: (email: string, productId: string, token: string) => QueuedMail | null;
}

export class BackInStockStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: BackInStockStoreOptions,
  ) {}

  /** Records an address for a product and queues its confirmation, unless sent within the hour. */
  async request(productId: string, email: string, now = new Date()): Promise<NotifyOutcome> {
    const nowIso = now.toISOString();
    const key = email.toLowerCase();
    const outcome = await this.db.transaction().execute(async (trx): Promise<NotifyOutcome> => {
      await trx
        .insertInto('back_in_stock_requests')
        .values({
          product_id: productId,
          email,
          email_key: key,
          status: 'pending',
          token: hashKey(newToken()),
          created_at: nowIso,
        })
        .onConflict((oc) => oc.columns(['product_id', 'email_key']).doNothing())
        .execute();
      const row = await trx
        .selectFrom('back_in_stock_requests')
        .select(['id', 'status', 'email'])
        .where('product_id', '=', productId)
        .where('email_key', '=', key)
        .executeTakeFirstOrThrow();
      if (row.status === 'confirmed') return 'already-waiting';
      if (!(await claimConfirmation(trx, 'back_in_stock_requests', row.id, now))) return 'recently-sent';
      // Only the new e-mail's link works from now on: the row keeps one hash, never the token.
      const token = newToken();
      await trx
        .updateTable('back_in_stock_requests')
        .set({ token: hashKey(token) })
        .where('id', '=', row.id)
        .execute();
      const mail = this.options.confirmationMail(row.email, productId, token);
      if (!mail) return 'recently-sent';
      await enqueueMail(trx, [outboxRow(mail, this.options.senderDomain, now.getTime())]);
      return 'confirmation-queued';
    });
    if (outcome === 'confirmation-queued') this.options.onMailQueued?.();
    return outcome;
  }

  /** Follows a confirmation link; the product it waits for, or null for an unknown token. */
  async confirm(token: string, now = new Date()): Promise<string | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const row = await confirmPending(this.db, 'back_in_stock_requests', hashKey(token), now);
    return row?.product_id ?? null;
  }

  /** How many confirmed addresses wait for each product (the desk's products). */
  async waitingCounts(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('back_in_stock_requests')
      .select((eb) => ['product_id', eb.fn.countAll<number | string | bigint>().as('n')])
      .where('status', '=', 'confirmed')
      .groupBy('product_id')
      .execute();
    return new Map(rows.map((r) => [r.product_id, Number(r.n)]));
  }

  /**
   * The product is active again: each confirmed address gets its one e-mail, its row deleted in the same
   * transaction (of two instances, one deletes it and queues; the other finds nothing). How many queued.
   */
  async notifyReturned(
    productId: string,
    mailFor: (email: string) => QueuedMail,
    now = new Date(),
  ): Promise<number> {
    let queued = 0;
    // Bounded batches: a product thousands wait for is handled in steps, never one huge transaction.
    for (let round = 0; round < 1000; round += 1) {
      const rows = await this.db
        .selectFrom('back_in_stock_requests')
        .select(['id', 'email'])
        .where('product_id', '=', productId)
        .where('status', '=', 'confirmed')
        .orderBy('id')
        .limit(100)
        .execute();
      if (rows.length === 0) break;
      for (const row of rows) {
        const sent = await this.db.transaction().execute(async (trx) => {
          const deleted = await trx
            .deleteFrom('back_in_stock_requests')
            .where('id', '=', row.id)
            .where('status', '=', 'confirmed')
            .executeTakeFirst();
          if (deleted.numDeletedRows === 0n) return false;
          await enqueueMail(trx, [outboxRow(mailFor(row.email), this.options.senderDomain, now.getTime())]);
          return true;
        });
        if (sent) queued += 1;
      }
    }
    if (queued > 0) this.options.onMailQueued?.();
    return queued;
  }

  /** Products someone confirmed waiting for (the periodic pass checks them against the catalogue). */
  async productsWaited(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('back_in_stock_requests')
      .select('product_id')
      .where('status', '=', 'confirmed')
      .groupBy('product_id')
      .execute();
    return rows.map((r) => r.product_id);
  }
}

// ------------------------------------------------------------------ the privacy pages' queries

/** Requests never confirmed whose last confirmation e-mail (or request) is before `before`. */
export async function deleteUnconfirmedBackInStock(db: Executor, before: string): Promise<number> {
  const result = await db
    .deleteFrom('back_in_stock_requests')
    .where('status', '=', 'pending')
    .where((eb) => eb(eb.fn.coalesce('confirmation_sent_at', 'created_at'), '<', before))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The address's waiting requests as an export shows them (`emailKey` lower case). */
export async function backInStockOfEmail(db: Executor, emailKey: string) {
  return db
    .selectFrom('back_in_stock_requests')
    .select(['product_id', 'email', 'status', 'created_at', 'confirmation_sent_at', 'confirmed_at'])
    .where('email_key', '=', emailKey)
    .orderBy('id')
    .execute();
}

/** Deletes the address's requests, whatever their state; how many went. */
export async function deleteBackInStockOfEmail(db: Executor, emailKey: string): Promise<number> {
  const result = await db
    .deleteFrom('back_in_stock_requests')
    .where('email_key', '=', emailKey)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
