/**
 * The cart reminder's rows (docs/product/states.md §5.10a): one per checkout whose shopper ticked "E-mail me
 * once if I don't finish my order", none otherwise. The row's one e-mail is queued in the transaction
 * that claims it (`reminded_at`, a conditional UPDATE: of two passes or two instances, one wins, the
 * other changes nothing), and the outbox's one row per order and kind refuses a second copy even so.
 * A mailbox gets one reminder in CART_REMINDER_ADDRESS_DAYS, however many checkouts ticked it under
 * whichever spelling (`+tag`, Gmail's dots: `mailbox_key`): the claim locks the mailbox's rows and looks
 * for one reminded since, in the same transaction.
 * The restore link's token exists only in that e-mail: the row keeps its SHA-256, as the order page's keys.
 * A paid order deletes its rows; the rest go RETENTION.cartReminderDaysAfterSent after the e-mail.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import * as z from 'zod/mini';
import { CART_REMINDER_ADDRESS_DAYS } from '../../domain/config';
import type { ReminderLine } from '../../domain/newsletter/cart-reminder';
import { RESTORE_TOKEN_PATTERN } from '../../domain/newsletter/cart-reminder';
import { reminderLineSchema } from '../../domain/newsletter/cart-reminder-api';
import { canonicalEmail } from '../../domain/shared/email';
import { dialectOf } from '../db/dialect';
import type { Database } from '../db/schema';
import { enqueueMail, outboxRow, type QueuedMail } from '../mail/outbox';
import { hashKey, newOrderKey } from '../orders';
import type { CartRemindersTable } from './tables';

type Executor = Kysely<Database> | Transaction<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A row as the pass and the restore link read it. */
export interface CartReminder {
  readonly id: number;
  readonly orderId: string;
  readonly sessionId: string;
  readonly email: string;
  readonly emailKey: string;
  /** The mailbox the weekly rule counts (canonicalEmail). */
  readonly mailboxKey: string;
  readonly lines: readonly ReminderLine[];
  readonly consentedAt: string;
  readonly remindedAt: string | null;
  readonly restoredAt: string | null;
  readonly recoveryUrl: string | null;
}

const linesSchema = z.array(reminderLineSchema);

function parseLines(json: string): ReminderLine[] {
  try {
    const parsed = linesSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function reminderOf(row: Omit<Selectable<CartRemindersTable>, 'token_hash'>): CartReminder {
  return {
    id: row.id,
    orderId: row.order_id,
    sessionId: row.session_id,
    email: row.email,
    emailKey: row.email_key,
    mailboxKey: row.mailbox_key,
    lines: parseLines(row.lines),
    consentedAt: row.consented_at,
    remindedAt: row.reminded_at,
    restoredAt: row.restored_at,
    recoveryUrl: row.recovery_url,
  };
}

const COLUMNS = [
  'id',
  'order_id',
  'session_id',
  'email',
  'email_key',
  'mailbox_key',
  'lines',
  'consented_at',
  'reminded_at',
  'restored_at',
  'recovery_url',
] as const;

export type ConsumeOutcome =
  | { readonly kind: 'restored'; readonly reminder: CartReminder }
  | { readonly kind: 'used'; readonly reminder: CartReminder }
  | { readonly kind: 'unknown' };

export interface CartReminderStoreOptions {
  readonly senderDomain: string;
  readonly onMailQueued?: () => void;
}

export class CartReminderStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: CartReminderStoreOptions,
  ) {}

  /** The shopper's consent, with the checkout it is about (called only when the box was ticked). */
  async record(input: {
    readonly orderId: string;
    readonly sessionId: string;
    readonly email: string;
    readonly lines: readonly ReminderLine[];
    readonly at: Date;
  }): Promise<void> {
    const lines = input.lines.map((l) => ({ id: l.id, size: l.size, quantity: l.quantity }));
    await this.db
      .insertInto('cart_reminders')
      .values({
        order_id: input.orderId,
        session_id: input.sessionId,
        email: input.email,
        email_key: input.email.toLowerCase(),
        mailbox_key: canonicalEmail(input.email),
        lines: JSON.stringify(lines),
        consented_at: input.at.toISOString(),
        token_hash: null,
        reminded_at: null,
        restored_at: null,
        recovery_url: null,
      })
      .onConflict((oc) => oc.column('order_id').doNothing())
      .execute();
  }

  /** A paid order: its reminder, and every one the same address asked for before it, are not needed. */
  async forgetPaid(orderId: string, emailKey: string | null, paidAt: Date): Promise<number> {
    const result = await this.db
      .deleteFrom('cart_reminders')
      .where((eb) =>
        emailKey === null
          ? eb('order_id', '=', orderId)
          : eb.or([
              eb('order_id', '=', orderId),
              eb.and([eb('email_key', '=', emailKey), eb('consented_at', '<=', paidAt.toISOString())]),
            ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Stripe's link back to the expired checkout (checkout.session.expired): the e-mail uses it. */
  async setRecoveryUrl(orderId: string, url: string): Promise<void> {
    await this.db
      .updateTable('cart_reminders')
      .set({ recovery_url: url })
      .where('order_id', '=', orderId)
      .where('reminded_at', 'is', null)
      .execute();
  }

  /** Rows whose reminder is due at `now` (consent older than the delay, not yet reminded), oldest first. */
  async due(now: Date, delayMs: number, limit = 100): Promise<CartReminder[]> {
    const rows = await this.db
      .selectFrom('cart_reminders')
      .select(COLUMNS)
      .where('reminded_at', 'is', null)
      .where('consented_at', '<=', new Date(now.getTime() - delayMs).toISOString())
      .orderBy('consented_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(reminderOf);
  }

  /**
   * Claims the row and queues its one e-mail, in one transaction: false when another pass (or instance)
   * claimed it first, the row is gone (paid, erased), or the address had a reminder in the last
   * CART_REMINDER_ADDRESS_DAYS under any spelling of its mailbox (the row is then deleted: that reminder
   * was the one). `mailFor` gets the link's new token.
   */
  async claimAndQueue(
    reminder: CartReminder,
    mailFor: (token: string) => QueuedMail,
    now = new Date(),
  ): Promise<boolean> {
    const token = newOrderKey();
    const since = new Date(now.getTime() - CART_REMINDER_ADDRESS_DAYS * DAY_MS).toISOString();
    const queued = await this.db.transaction().execute(async (trx) => {
      // The mailbox's rows, locked on PostgreSQL until the commit, in one order (no deadlock): a claim of
      // another of its rows on another instance waits here, then reads this one's reminder. SQLite has
      // one writer per file, and the claim's UPDATE below takes it before the look.
      if (dialectOf(trx) === 'postgres') {
        await trx
          .selectFrom('cart_reminders')
          .select('id')
          .where('mailbox_key', '=', reminder.mailboxKey)
          .orderBy('id')
          .forUpdate()
          .execute();
      }
      const claimed = await trx
        .updateTable('cart_reminders')
        .set({ reminded_at: now.toISOString(), token_hash: hashKey(token) })
        .where('id', '=', reminder.id)
        .where('reminded_at', 'is', null)
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) return false;
      const earlier = await trx
        .selectFrom('cart_reminders')
        .select('id')
        .where('mailbox_key', '=', reminder.mailboxKey)
        .where('id', '!=', reminder.id)
        .where('reminded_at', '>=', since)
        .executeTakeFirst();
      if (earlier) {
        await trx.deleteFrom('cart_reminders').where('id', '=', reminder.id).execute();
        return false;
      }
      // Due at once by the wall clock, whatever clock the pass runs on (tests move theirs ahead).
      await enqueueMail(trx, [outboxRow(mailFor(token), this.options.senderDomain)]);
      return true;
    });
    if (queued) this.options.onMailQueued?.();
    return queued;
  }

  /** Forgets a due row without e-mail (its order or a later one of the address was paid). */
  async drop(id: number): Promise<void> {
    await this.db.deleteFrom('cart_reminders').where('id', '=', id).execute();
  }

  /** The row a link's token opens, read only (a GET: link scanners open it too); null when unknown. */
  async findByToken(token: string): Promise<CartReminder | null> {
    if (!RESTORE_TOKEN_PATTERN.test(token)) return null;
    const row = await this.db
      .selectFrom('cart_reminders')
      .select(COLUMNS)
      .where('token_hash', '=', hashKey(token))
      .executeTakeFirst();
    return row ? reminderOf(row) : null;
  }

  /** The shopper's "Put these back in my cart": the link's one use (a conditional UPDATE). */
  async consume(token: string, now = new Date()): Promise<ConsumeOutcome> {
    if (!RESTORE_TOKEN_PATTERN.test(token)) return { kind: 'unknown' };
    const hash = hashKey(token);
    const updated = await this.db
      .updateTable('cart_reminders')
      .set({ restored_at: now.toISOString() })
      .where('token_hash', '=', hash)
      .where('restored_at', 'is', null)
      .executeTakeFirst();
    const reminder = await this.findByToken(token);
    if (!reminder) return { kind: 'unknown' };
    return updated.numUpdatedRows > 0n ? { kind: 'restored', reminder } : { kind: 'used', reminder };
  }
}

// ------------------------------------------------------------------ the privacy pages' queries

/**
 * The retention rule (docs/product/privacy.md §12.1): a row goes RETENTION.cartReminderDaysAfterSent after its
 * e-mail, and one never reminded (the pass was off, or it was due while every instance was down) with
 * its unpaid checkout's period. How many went.
 */
export async function deleteExpiredCartReminders(
  db: Executor,
  now: Date,
  retention: { readonly daysAfterSent: number; readonly unremindedDays: number },
): Promise<number> {
  const sentBefore = new Date(now.getTime() - retention.daysAfterSent * DAY_MS).toISOString();
  const askedBefore = new Date(now.getTime() - retention.unremindedDays * DAY_MS).toISOString();
  const result = await db
    .deleteFrom('cart_reminders')
    .where((eb) =>
      eb.or([
        eb('reminded_at', '<', sentBefore),
        eb.and([eb('reminded_at', 'is', null), eb('consented_at', '<', askedBefore)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The address's reminders as an export shows them (`emailKey` lower case). */
export async function cartRemindersOfEmail(db: Executor, emailKey: string): Promise<CartReminder[]> {
  const rows = await db
    .selectFrom('cart_reminders')
    .select(COLUMNS)
    .where('email_key', '=', emailKey)
    .orderBy('id')
    .execute();
  return rows.map(reminderOf);
}

/** Deletes the address's reminders, whatever their state; how many went. */
export async function deleteCartRemindersOfEmail(db: Executor, emailKey: string): Promise<number> {
  const result = await db.deleteFrom('cart_reminders').where('email_key', '=', emailKey).executeTakeFirst();
  return Number(result.numDeletedRows);
}
