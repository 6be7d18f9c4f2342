/**
 * The double opt-in's rule shared by the newsletter's list and "tell me when it's back": at most one
 * confirmation e-mail an hour for a pending row. Each store passes its own table; the queries of each
 * table stay with its store, this claim aside.
 */
import type { Transaction } from 'kysely';
import { NEWSLETTER_RESEND_AFTER_MS } from '../../domain/config';
import type { Database } from '../db/schema';

/** What a store needs to queue its e-mails in the outbox. */
export interface MailQueueOptions {
  readonly senderDomain: string;
  /** Called after a confirmation was queued (wakes the outbox sender). */
  readonly onMailQueued?: () => void;
}

/**
 * Claims this hour's confirmation of the row `id`: of two sign-ups at once, only one updates the row.
 * False when a confirmation went to it less than NEWSLETTER_RESEND_AFTER_MS ago.
 */
export async function claimConfirmation(
  trx: Transaction<Database>,
  table: 'newsletter_signups' | 'back_in_stock_requests',
  id: number,
  now: Date,
): Promise<boolean> {
  const cutoff = new Date(now.getTime() - NEWSLETTER_RESEND_AFTER_MS).toISOString();
  const claimed = await trx
    .updateTable(table)
    .set({ confirmation_sent_at: now.toISOString() })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('confirmation_sent_at', 'is', null), eb('confirmation_sent_at', '<=', cutoff)]))
    .executeTakeFirst();
  return claimed.numUpdatedRows > 0n;
}
