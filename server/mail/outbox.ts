/**
 * The persistent outbox. Messages are queued in the same transaction that marks an order paid (see
 * OrderStore.markPaidAndQueue), and a sender delivers them: one at a time, with exponential backoff on
 * failure, forever (a mail server that is down for a day loses nothing), and never twice:
 * - a message is claimed with a lease (`locked_until_ms`), so two senders never take the same row. On
 *   PostgreSQL, where several instances drain one queue, the claim is one UPDATE of the first due row
 *   `FOR UPDATE SKIP LOCKED`: concurrent senders each take a different row at once instead of racing for
 *   the oldest. SQLite has one writer per file, so a select and a conditional UPDATE do;
 * - a sender that dies holding a claim releases it by the lease running out; another sender takes the row
 *   over. The lease is far longer than a send may take (the SMTP socket timeout), and the holder's own
 *   updates only apply while the row still carries its lease, so a holder that comes back late never
 *   overwrites what the sender that took over recorded;
 * - it is marked sent right after the transport accepted it. When the database does not answer at that
 *   moment (stopping, unreachable, locked), the sender keeps the mark in memory and writes it before it
 *   claims anything else, as soon as the database answers again: a message handed to the transport is
 *   never released to be sent again by its lease running out. Only a crash in between can repeat a
 *   message, and then with the same Message-ID, which receiving servers de-duplicate.
 */
import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import { dialectOf } from '../db/dialect';
import type { Database, NewOutboxRow, OutboxRow } from '../db/schema';
import { isPermanentFailure, type MailTransport, type OutgoingMail, replyAddress } from './transport';

export interface QueuedMail {
  /** Null for newsletter e-mail. */
  readonly orderId: string | null;
  /** The order's reference, kept with the row for the sender's file names and log lines. */
  readonly reference: string;
  readonly kind: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** Newsletter e-mail: the one-click unsubscribe URL (List-Unsubscribe headers, RFC 8058). */
  readonly listUnsubscribe?: string;
  /**
   * Where the recipient's Reply goes instead of the shop's address (the owner's copy of an enquiry: the
   * client). Kept only when it is a valid address, so no typed text can become a header line.
   */
  readonly replyTo?: string;
}

/**
 * The one way an e-mail is queued, by every module that sends one: its rows go into the outbox through
 * `db`, the caller's transaction when the mail tells of a change (so it goes out only once the change is
 * committed). The sender delivers them (OutboxSender; wake it to send at once).
 */
export async function enqueueMail(
  db: Kysely<Database> | Transaction<Database>,
  mails: readonly NewOutboxRow[],
): Promise<void> {
  if (mails.length === 0) return;
  await db
    .insertInto('outbox')
    .values([...mails])
    .execute();
}

/** Queues one message through `db` (the caller's transaction) and answers its outbox id. */
export async function enqueueOneMail(
  db: Kysely<Database> | Transaction<Database>,
  mail: NewOutboxRow,
): Promise<number> {
  const row = await db.insertInto('outbox').values(mail).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** An outbox row for enqueueMail; the Message-ID is fixed now, once. */
export function outboxRow(mail: QueuedMail, senderDomain: string, nowMs = Date.now()): NewOutboxRow {
  return {
    order_id: mail.orderId,
    reference: mail.reference,
    kind: mail.kind,
    message_id: `<${randomUUID()}@${senderDomain}>`,
    recipient: mail.to,
    subject: mail.subject,
    text_body: mail.text,
    html_body: mail.html,
    status: 'pending',
    attempts: 0,
    next_attempt_ms: nowMs,
    locked_until_ms: null,
    last_error: null,
    created_at: new Date(nowMs).toISOString(),
    sent_at: null,
    list_unsubscribe: mail.listUnsubscribe ?? null,
    reply_to: replyAddress(mail.replyTo ?? null),
  };
}

const MIN_RESCHEDULE_MS = 10;

/** How often a sent message's mark is tried again while the database does not answer. */
const HELD_MARK_RETRY_MS = 1_000;

export interface OutboxTimings {
  /** First retry delay; doubles with every failed attempt. */
  readonly retryBaseMs: number;
  readonly retryMaxMs: number;
  /** How long a claimed message is reserved for its sender. */
  readonly leaseMs: number;
  /** Look for due messages at least this often, even without a wake-up. */
  readonly pollMs: number;
}

export const DEFAULT_OUTBOX_TIMINGS: OutboxTimings = {
  retryBaseMs: 5_000,
  retryMaxMs: 15 * 60_000,
  leaseMs: 2 * 60_000,
  pollMs: 30_000,
};

export function retryDelayMs(attempts: number, timings: OutboxTimings, random = Math.random): number {
  const exp = Math.min(timings.retryMaxMs, timings.retryBaseMs * 2 ** Math.max(0, attempts - 1));
  // Up to 20% jitter so that many queued messages do not retry in lockstep.
  return Math.round(Math.min(timings.retryMaxMs, exp * (1 + 0.2 * random())));
}

export interface OutboxLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface OutboxSenderOptions {
  readonly db: Kysely<Database>;
  readonly transport: MailTransport;
  readonly from: string;
  readonly log: OutboxLogger;
  readonly timings?: Partial<OutboxTimings>;
  /** Each delivery attempt's outcome (the /metrics counters): sent, to be retried, or given up. */
  readonly onAttempt?: (result: DeliveryResult) => void;
}

/**
 * The Reply-To of a message queued without one, decided when it is sent (the owner's contact address in
 * her settings now): null for none.
 */
export type ReplyToOf = (recipient: string) => Promise<string | null>;

export type DeliveryResult = 'sent' | 'retry' | 'failed';

/** What a sent message no longer keeps: its text, with the links (and their keys) inside. */
const SENT_LEAVES = { subject: '', text_body: '', html_body: '', list_unsubscribe: null } as const;

/** What marking a message sent writes. */
type SentChanges = Pick<OutboxRow, 'status' | 'attempts' | 'sent_at' | 'last_error'>;

export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at <= 0 ? '***' : `${address[0]}***${address.slice(at)}`;
}

function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 500);
}

/** A pending message that is due and whose lease (if it ever had one) has run out. */
function dueAndUnclaimed(now: number) {
  return (eb: ExpressionBuilder<Database, 'outbox'>) =>
    eb.and([
      eb('status', '=', 'pending'),
      eb('next_attempt_ms', '<=', now),
      eb.or([eb('locked_until_ms', 'is', null), eb('locked_until_ms', '<=', now)]),
    ]);
}

export class OutboxSender {
  private readonly db: Kysely<Database>;
  private readonly timings: OutboxTimings;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  /**
   * Messages the transport accepted whose "sent" could not be written yet (the database failed right
   * after the send), by outbox id: written first on every drain, never sent again meanwhile.
   */
  private readonly unmarked = new Map<number, { row: OutboxRow; changes: SentChanges }>();
  private replyToOf: ReplyToOf = async () => null;

  constructor(private readonly options: OutboxSenderOptions) {
    this.db = options.db;
    this.timings = { ...DEFAULT_OUTBOX_TIMINGS, ...options.timings };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake();
  }

  /**
   * Where replies to messages queued without a Reply-To go (the settings feature gives her contact
   * address: the sender, MAIL_FROM, is an address of the shop's domain that nobody may read).
   */
  setReplyTo(replyToOf: ReplyToOf): void {
    this.replyToOf = replyToOf;
  }

  /** A message's own Reply-To, else the shop's for its recipient; none when that cannot be read now. */
  private async replyTo(row: OutboxRow): Promise<string | null> {
    if (row.reply_to !== null) return row.reply_to;
    try {
      return replyAddress(await this.replyToOf(row.recipient));
    } catch (err) {
      this.options.log.warn(
        { outboxId: row.id, err: errorText(err) },
        'outbox: Reply-To unreadable; sent without',
      );
      return null;
    }
  }

  /** Look for due messages now (called right after an order's e-mails were queued). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.clearTimer();
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** Stops scheduling and waits for the message being sent, if any, to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    if (!this.running) return;
    // Said before the wait: a shutdown that takes a while is waiting for the mail server.
    this.options.log.info({}, 'outbox: stopped; finishing the e-mail being sent');
    await this.running;
    // One last try for marks still held: a restarted instance would otherwise send them again.
    if (this.unmarked.size > 0) {
      await this.markHeld().catch((err: unknown) =>
        this.options.log.error(
          { err, messages: this.unmarked.size },
          'outbox: sent e-mails could not be marked sent before stopping',
        ),
      );
    }
  }

  /** Sent messages whose mark waits for the database (tests and the shutdown log). */
  get unmarkedCount(): number {
    return this.unmarked.size;
  }

  /** Resolves once nothing is due or in flight (for tests and graceful shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.clearTimer();
    this.timer = setTimeout(() => this.wake(), Math.max(0, delayMs));
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    try {
      // Before any claim: a message sent while the database was away is marked now, not sent again.
      await this.markHeld();
      for (;;) {
        if (this.stopped) return;
        const row = await this.claimNext();
        if (!row) break;
        await this.deliver(row);
      }
      this.schedule(await this.nextWakeDelay());
    } catch (err) {
      // The database itself failed (locked, disk full): try again later rather than stop for good.
      this.options.log.error({ err }, 'outbox: could not read the queue');
      // A held mark is retried sooner: the sooner it is written, the less another sender could take it.
      const delay = this.unmarked.size > 0 ? Math.min(HELD_MARK_RETRY_MS, this.timings.retryBaseMs) : null;
      this.schedule(delay ?? this.timings.retryBaseMs);
    }
  }

  private async claimNext(): Promise<OutboxRow | null> {
    return dialectOf(this.db) === 'postgres' ? this.claimSkippingLocked() : this.claimOldest();
  }

  /** PostgreSQL: the first due row no other sender is claiming right now, in one statement. */
  private async claimSkippingLocked(): Promise<OutboxRow | null> {
    const now = Date.now();
    const claimed = await this.db
      .updateTable('outbox')
      .set({ locked_until_ms: now + this.timings.leaseMs })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('outbox')
          .select('id')
          .where(dueAndUnclaimed(now))
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .executeTakeFirst();
    return claimed ?? null;
  }

  /** SQLite (one writer per file): the oldest due row, claimed by a conditional update. */
  private async claimOldest(): Promise<OutboxRow | null> {
    for (;;) {
      const now = Date.now();
      const candidate = await this.db
        .selectFrom('outbox')
        .select('id')
        .where(dueAndUnclaimed(now))
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!candidate) return null;
      const claimed = await this.db
        .updateTable('outbox')
        .set({ locked_until_ms: now + this.timings.leaseMs })
        .where('id', '=', candidate.id)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('locked_until_ms', 'is', null), eb('locked_until_ms', '<=', now)]))
        .returningAll()
        .executeTakeFirst();
      // Another process took it between the two statements: look for the next one.
      if (claimed) return claimed;
    }
  }

  /**
   * Records the outcome of a send, only while the row still carries this sender's lease: a sender whose
   * lease ran out and whose row was taken over writes nothing (the new holder's outcome stands).
   */
  private async settle(row: OutboxRow, changes: Partial<Omit<OutboxRow, 'id'>>): Promise<void> {
    const { locked_until_ms: lease } = row;
    let update = this.db
      .updateTable('outbox')
      .set({ ...changes, locked_until_ms: null })
      .where('id', '=', row.id);
    update =
      lease === null
        ? update.where('locked_until_ms', 'is', null)
        : update.where('locked_until_ms', '=', lease);
    const result = await update.executeTakeFirst();
    if (result.numUpdatedRows === 0n) {
      this.options.log.warn(
        { outboxId: row.id, kind: row.kind, reference: row.reference },
        'outbox: lease ran out before the send finished; another sender took the message over',
      );
    }
  }

  /**
   * Marks a message the transport accepted as sent. Not bound to this sender's lease: the message went
   * out, whoever holds the row now (a lease that ran out while the database was away included); only a
   * row already settled as sent is left as it is. A sent message keeps what the desk shows of it (kind,
   * recipient, times): its subject and bodies go, with the page links and their keys (docs/product/order-flow.md
   * §6.6); a message sent again is built again.
   */
  private async markSent(row: OutboxRow, changes: SentChanges): Promise<void> {
    const result = await this.db
      .updateTable('outbox')
      .set({ ...changes, ...SENT_LEAVES, locked_until_ms: null })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) return;
    const kept = await this.db.selectFrom('outbox').select('id').where('id', '=', row.id).executeTakeFirst();
    if (!kept) {
      // Its address was erased while the message was on its way: what the transport kept of it goes too.
      this.options.transport.forget?.(row.id);
      this.options.log.info(
        { outboxId: row.id, kind: row.kind, reference: row.reference },
        'outbox: e-mail to an erased address was already on its way; nothing of it kept',
      );
      return;
    }
    this.options.log.warn(
      { outboxId: row.id, kind: row.kind, reference: row.reference },
      'outbox: lease ran out before the send finished; another sender took the message over',
    );
  }

  /** Writes the held marks, oldest first; throws (keeping the rest) while the database still fails. */
  private async markHeld(): Promise<void> {
    for (const [id, { row, changes }] of [...this.unmarked]) {
      await this.markSent(row, changes);
      this.unmarked.delete(id);
      this.options.log.info(
        { outboxId: row.id, kind: row.kind, reference: row.reference },
        'outbox: e-mail sent while the database was away now marked sent',
      );
    }
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const { log } = this.options;
    const { reference } = row;
    const mail: OutgoingMail = {
      outboxId: row.id,
      kind: row.kind,
      messageId: row.message_id,
      from: this.options.from,
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      reference,
      listUnsubscribe: row.list_unsubscribe,
      replyTo: await this.replyTo(row),
    };
    const logFields = { outboxId: row.id, kind: row.kind, reference, to: maskAddress(row.recipient) };
    let detail: string;
    try {
      detail = await this.options.transport.send(mail);
    } catch (err) {
      const attempts = row.attempts + 1;
      if (isPermanentFailure(err)) {
        await this.settle(row, { status: 'failed', attempts, last_error: errorText(err) });
        this.options.onAttempt?.('failed');
        log.error(
          { ...logFields, attempts, err: errorText(err) },
          'e-mail refused permanently; not retrying',
        );
        return;
      }
      const delay = retryDelayMs(attempts, this.timings);
      await this.settle(row, { attempts, last_error: errorText(err), next_attempt_ms: Date.now() + delay });
      this.options.onAttempt?.('retry');
      log.warn(
        { ...logFields, attempts, retryInMs: delay, err: errorText(err) },
        'e-mail not sent; will retry',
      );
      return;
    }
    const changes: SentChanges = {
      status: 'sent',
      attempts: row.attempts + 1,
      sent_at: new Date().toISOString(),
      last_error: null,
    };
    this.options.onAttempt?.('sent');
    log.info({ ...logFields, detail }, 'e-mail sent');
    try {
      await this.markSent(row, changes);
    } catch (err) {
      // Held and written before anything else is claimed (markHeld); the drain retries after its delay.
      this.unmarked.set(row.id, { row, changes });
      log.warn({ ...logFields, err: errorText(err) }, 'e-mail sent; marking it sent waits for the database');
      throw err;
    }
  }

  private async nextWakeDelay(): Promise<number> {
    // A message leased by another sender is not due before its lease ends.
    const next = await this.db
      .selectFrom('outbox')
      // The later of the two per row, written as a CASE because SQLite's two-argument max() is
      // PostgreSQL's greatest().
      .select(
        sql<
          number | null
        >`min(case when next_attempt_ms > coalesce(locked_until_ms, 0) then next_attempt_ms else coalesce(locked_until_ms, 0) end)`.as(
          'next',
        ),
      )
      .where('status', '=', 'pending')
      .executeTakeFirst();
    const due = next?.next;
    if (due === null || due === undefined) return this.timings.pollMs;
    return Math.min(this.timings.pollMs, Math.max(MIN_RESCHEDULE_MS, Number(due) - Date.now()));
  }
}

// ------------------------------------------------------------------ reads, retention, export and erasure

type Db = Kysely<Database> | Transaction<Database>;

/** The e-mails of an order, oldest first, for the desk's view of it. */
export async function mailOfOrder(db: Db, orderId: string) {
  return db
    .selectFrom('outbox')
    .select(['kind', 'status', 'created_at', 'sent_at', 'recipient'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** The delivery state of an order's e-mail of this kind, or null when there is none. */
export async function mailStatus(db: Db, orderId: string, kind: string): Promise<OutboxRow['status'] | null> {
  const row = await db
    .selectFrom('outbox')
    .select('status')
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.status ?? null;
}

/**
 * How the messages with these ids ended (a feature's own record of what it queued, such as a campaign's
 * recipients): sent, and failed by reason; waiting ones are not counted.
 */
export async function deliveryOutcomes(
  db: Db,
  ids: SelectQueryBuilder<Database, keyof Database, { outbox_id: number | null }>,
): Promise<{ sent: number; failed: { reason: string; count: number }[] }> {
  const rows = await db
    .selectFrom('outbox')
    .select((eb) => ['status', 'last_error', eb.fn.countAll<number | string | bigint>().as('n')])
    .where('id', 'in', ids)
    .where('status', 'in', ['sent', 'failed'])
    .groupBy(['status', 'last_error'])
    .execute();
  return {
    sent: rows.filter((r) => r.status === 'sent').reduce((sum, r) => sum + Number(r.n), 0),
    failed: rows
      .filter((r) => r.status === 'failed')
      .map((r) => ({ reason: r.last_error ?? 'unknown', count: Number(r.n) })),
  };
}

/** What waits in the outbox, for the desk's Today and the /metrics scrape: what waits, what failed for good, how old the oldest is. */
export interface OutboxBacklog {
  readonly waiting: number;
  /** Waiting after at least one failed attempt: the mail transport is refusing or unreachable. */
  readonly retrying: number;
  readonly failed: number;
  /** The oldest waiting or failed e-mail's creation instant; null when there is none. */
  readonly oldestCreatedAt: string | null;
  /** The oldest waiting e-mail's creation instant (the /metrics scrape's backlog age); null when none waits. */
  readonly oldestWaitingAt: string | null;
  /** The newest failed e-mails, at most `failedLimit`. */
  readonly failedMail: readonly Pick<OutboxRow, 'id' | 'reference' | 'kind' | 'created_at' | 'last_error'>[];
}

export async function outboxBacklog(db: Db, failedLimit = 5): Promise<OutboxBacklog> {
  const counts = await db
    .selectFrom('outbox')
    .select((eb) => [
      'status',
      eb.fn.countAll<number | string | bigint>().as('n'),
      eb.fn.min('created_at').as('oldest'),
      eb.fn
        .sum<number | string | bigint | null>(sql`case when attempts > 0 then 1 else 0 end`)
        .as('retrying'),
    ])
    .where('status', '!=', 'sent')
    .groupBy('status')
    .execute();
  // The /metrics scrape asks for counts only (failedLimit 0): no second statement for it.
  const failedMail =
    failedLimit > 0
      ? await db
          .selectFrom('outbox')
          .select(['id', 'reference', 'kind', 'created_at', 'last_error'])
          .where('status', '=', 'failed')
          .orderBy('id', 'desc')
          .limit(failedLimit)
          .execute()
      : [];
  const pending = counts.find((c) => c.status === 'pending');
  const failed = counts.find((c) => c.status === 'failed');
  const oldest = counts
    .map((c) => c.oldest)
    .filter((v): v is string => typeof v === 'string')
    .sort()[0];
  return {
    waiting: Number(pending?.n ?? 0),
    retrying: Number(pending?.retrying ?? 0),
    failed: Number(failed?.n ?? 0),
    oldestCreatedAt: oldest ?? null,
    oldestWaitingAt: pending?.oldest ?? null,
    failedMail,
  };
}

/**
 * Puts an e-mail that failed for good back in the queue ("Send again" on the desk): due now, with a fresh
 * count of attempts. False when there is no failed e-mail with that id (already sent again, or never).
 */
export async function retryFailedMail(db: Db, id: number, nowMs = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_ms: nowMs, locked_until_ms: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Newsletter e-mail (no order) to this address that has not gone out yet: it must not go out now. */
export async function deleteWaitingNewsletterMail(db: Db, email: string): Promise<void> {
  await db
    .deleteFrom('outbox')
    .where('order_id', 'is', null)
    .where('status', '=', 'pending')
    .where((eb) => eb(eb.fn('lower', ['recipient']), '=', email.toLowerCase()))
    .execute();
}

/**
 * The erasure of an address: every e-mail still waiting to it, answering to it (Reply-To) or about one of
 * these orders is deleted, on whatever instance, whether a sender has claimed it or not. A claimed one is
 * already on its way and cannot be stopped; its sender then finds no row: nothing is queued again, and
 * what its transport kept of it goes (OutboxSender.markSent).
 */
export async function cancelWaitingMailOf(db: Db, key: string, orderIds: readonly string[]): Promise<void> {
  await db
    .deleteFrom('outbox')
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['recipient']), '=', key),
        eb(eb.fn('lower', ['reply_to']), '=', key),
        ...(orderIds.length > 0 ? [eb('order_id', 'in', [...orderIds])] : []),
      ]),
    )
    .execute();
}

/**
 * Every e-mail to the address (case-insensitive `key`), about these orders, or carrying one of these
 * references (an enquiry's e-mails carry its id), for a data export.
 */
export async function mailAbout(
  db: Db,
  key: string,
  orderIds: readonly string[],
  references: readonly string[] = [],
) {
  return db
    .selectFrom('outbox')
    .select([
      'id',
      'order_id',
      'kind',
      'recipient',
      'subject',
      'text_body',
      'status',
      'created_at',
      'sent_at',
    ])
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['recipient']), '=', key),
        eb(eb.fn('lower', ['reply_to']), '=', key),
        ...(orderIds.length > 0 ? [eb('order_id', 'in', [...orderIds])] : []),
        ...(references.length > 0 ? [eb('reference', 'in', [...references])] : []),
      ]),
    )
    .orderBy('id')
    .execute();
}

/**
 * The e-mails of orderless records (an enquiry: its id is the reference) lose their text and address,
 * and any still waiting is deleted: the record they tell of is gone. The ids whose text was erased.
 */
export async function eraseMailOfReferences(
  db: Db,
  references: readonly string[],
): Promise<{ id: number }[]> {
  if (references.length === 0) return [];
  await db
    .deleteFrom('outbox')
    .where('order_id', 'is', null)
    .where('reference', 'in', [...references])
    .where('status', '=', 'pending')
    .execute();
  return db
    .updateTable('outbox')
    .set({ recipient: '', reply_to: null, text_body: '', html_body: '' })
    .where('order_id', 'is', null)
    .where('reference', 'in', [...references])
    .returning('id')
    .execute();
}

/** The sent (or given up) e-mails of these orders lose their address and text; waiting ones still go. */
export async function eraseSentMailOfOrders(db: Db, orderIds: readonly string[]): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ recipient: '', reply_to: null, text_body: '', html_body: '' })
    .where('order_id', 'in', [...orderIds])
    .where('status', '!=', 'pending')
    .execute();
}

/**
 * The text of every e-mail to the address (case-insensitive `key`) that is no longer waiting goes, and
 * newsletter e-mail loses the address too (order e-mail keeps it with its kept order). The ids erased.
 */
export async function eraseSentMailTo(db: Db, key: string): Promise<{ id: number }[]> {
  const erased = await db
    .updateTable('outbox')
    .set({ text_body: '', html_body: '' })
    .where((eb) => eb(eb.fn('lower', ['recipient']), '=', key))
    .where('status', '!=', 'pending')
    .returning('id')
    .execute();
  await db
    .updateTable('outbox')
    .set({ recipient: '' })
    .where('order_id', 'is', null)
    .where((eb) => eb(eb.fn('lower', ['recipient']), '=', key))
    .execute();
  // The owner's notices answered the address (Reply-To): they keep neither it nor their text.
  const answered = await db
    .updateTable('outbox')
    .set({ reply_to: null, text_body: '', html_body: '' })
    .where((eb) => eb(eb.fn('lower', ['reply_to']), '=', key))
    .where('status', '!=', 'pending')
    .returning('id')
    .execute();
  return [...erased, ...answered];
}

/**
 * The retention pass over e-mails created before `before`: one still not delivered never will be (it
 * gives up), every one loses its text, and newsletter e-mail (no order keeps its address) its address.
 * The number of e-mails whose text was erased.
 */
export async function eraseMailCreatedBefore(db: Db, before: string): Promise<number> {
  await db
    .updateTable('outbox')
    .set({ status: 'failed', last_error: 'not delivered within the retention period', locked_until_ms: null })
    .where('status', '=', 'pending')
    .where('created_at', '<', before)
    .execute();
  const bodies = await db
    .updateTable('outbox')
    .set({ text_body: '', html_body: '' })
    .where('created_at', '<', before)
    .where((eb) => eb.or([eb('text_body', '!=', ''), eb('html_body', '!=', '')]))
    .executeTakeFirst();
  await db
    .updateTable('outbox')
    .set({ recipient: '' })
    .where('order_id', 'is', null)
    .where('created_at', '<', before)
    .where('recipient', '!=', '')
    .execute();
  // A Reply-To names someone too (an enquiry's client): it goes with the text.
  await db
    .updateTable('outbox')
    .set({ reply_to: null })
    .where('created_at', '<', before)
    .where('reply_to', 'is not', null)
    .execute();
  return Number(bodies.numUpdatedRows);
}
