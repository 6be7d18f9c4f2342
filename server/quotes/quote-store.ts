/**
 * Every query of the quotes table (docs/product/quotes.md). A quote has at most one live checkout: its
 * `order_id`, taken by a conditional UPDATE in the transaction that stores the checkout's order (claim),
 * so of any number of concurrent Pay clicks, on any instance and either dialect, one stores an order and
 * the others roll back and are shown that one's checkout (docs/decisions/0017-quote-checkout.md).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, NewOutboxRow } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { hashKey, newOrderKey } from '../orders';
import type { QuoteRow } from './tables';

/** Thrown inside a checkout's transaction when another checkout took the quote first: it rolls back. */
/** The columns a quote's terms fill, the same on creation and on an edit. */
function quoteColumns(q: Omit<NewQuote, 'reference' | 'key' | 'requestKey'>) {
  return {
    enquiry_id: q.enquiryId,
    email: q.email,
    name: q.name,
    lines: q.lines,
    discount_percent: q.discountPercent,
    zone: q.zone,
    subtotal: q.subtotal,
    discount: q.discount,
    shipping: q.shipping,
    total: q.total,
    valid_until: q.validUntil,
    dispatch_by: q.dispatchBy,
    note: q.note,
  };
}

export class QuoteClaimLost extends Error {
  constructor(readonly reference: string) {
    super(`quote ${reference}: another checkout took it first`);
  }
}

export interface NewQuote {
  readonly reference: string;
  readonly enquiryId: string | null;
  readonly email: string;
  readonly name: string | null;
  /** JSON of QuoteLine[]. */
  readonly lines: string;
  readonly discountPercent: number;
  readonly zone: string;
  readonly subtotal: number;
  readonly discount: number;
  readonly shipping: number;
  readonly total: number;
  readonly validUntil: string;
  readonly dispatchBy: string;
  readonly note: string | null;
  /** The desk submission's Idempotency-Key, when it sent one. */
  readonly requestKey: string | null;
}

export class QuoteStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The quote a desk submission made, if it made one. */
  async findByRequestKey(key: string): Promise<QuoteRow | null> {
    return (
      (await this.db.selectFrom('quotes').selectAll().where('request_key', '=', key).executeTakeFirst()) ??
      null
    );
  }

  async create(q: NewQuote, now: Date): Promise<QuoteRow> {
    const at = now.toISOString();
    await this.db
      .insertInto('quotes')
      .values({
        reference: q.reference,
        ...quoteColumns(q),
        order_id: null,
        checkout_url: null,
        sent_at: null,
        withdrawn_at: null,
        request_key: q.requestKey,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const row = await this.find(q.reference);
    if (!row) throw new Error(`quote ${q.reference} was not stored`);
    return row;
  }

  async find(reference: string): Promise<QuoteRow | null> {
    return (
      (await this.db
        .selectFrom('quotes')
        .selectAll()
        .where('reference', '=', reference)
        .executeTakeFirst()) ?? null
    );
  }

  /**
   * The quote with this reference if `key` is one of its keys: one indexed select either way (the key's
   * hash looked up, server/orders/order-key.ts).
   */
  async findWithKey(reference: string, key: string): Promise<QuoteRow | null> {
    const hash = hashKey(key);
    const found = await this.db
      .selectFrom('quotes')
      .selectAll('quotes')
      .where('reference', '=', reference)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('quote_keys')
            .select('quote_keys.key_hash')
            .whereRef('quote_keys.quote_reference', '=', 'quotes.reference')
            .where('quote_keys.key_hash', '=', hash),
        ),
      )
      .executeTakeFirst();
    return found ?? null;
  }

  /** A new key to the quote's page for one link (its hash stored now; the earlier keys keep working). */
  async issueKey(reference: string, now: Date): Promise<string> {
    const key = newOrderKey();
    await this.db
      .insertInto('quote_keys')
      .values({ key_hash: hashKey(key), quote_reference: reference, created_at: now.toISOString() })
      .execute();
    return key;
  }

  /** The newest first. */
  async list(limit: number): Promise<QuoteRow[]> {
    return this.db.selectFrom('quotes').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
  }

  /**
   * The owner's changes to a quote not yet paid: everything the desk's form sets, priced again. Only while
   * it is not withdrawn and still has the checkout the caller saw (`seen`, closed by then): a Pay click in
   * between opened a new one with the old terms, and the caller answers 409 rather than change under it.
   * False when the row did not match.
   */
  async update(
    reference: string,
    seen: string | null,
    q: Omit<NewQuote, 'reference' | 'key' | 'requestKey'>,
    now: Date,
  ): Promise<boolean> {
    const update = this.db
      .updateTable('quotes')
      .set({
        ...quoteColumns(q),
        updated_at: now.toISOString(),
      })
      .where('reference', '=', reference)
      .where('withdrawn_at', 'is', null);
    const result = await (seen === null
      ? update.where('order_id', 'is', null)
      : update.where('order_id', '=', seen)
    ).executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Queues the quote's e-mail and marks the quote sent, together. */
  async queueMail(mail: NewOutboxRow, now: Date): Promise<void> {
    const at = now.toISOString();
    await this.db.transaction().execute(async (trx) => {
      await enqueueMail(trx, [mail]);
      await trx
        .updateTable('quotes')
        .set({ sent_at: at, updated_at: at })
        .where('reference', '=', mail.reference)
        .execute();
    });
  }

  /** False when it was withdrawn already. */
  async withdraw(reference: string, now: Date): Promise<boolean> {
    const at = now.toISOString();
    const result = await this.db
      .updateTable('quotes')
      .set({ withdrawn_at: at, updated_at: at })
      .where('reference', '=', reference)
      .where('withdrawn_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * Takes the quote for a new checkout's order, in that checkout's transaction: only while the quote still
   * has the checkout the caller saw (`seen`: none, or one that ended) and is not withdrawn. The UPDATE's
   * row lock (PostgreSQL) or the database's write lock (SQLite) makes a concurrent claim wait, then find
   * the row changed: it throws QuoteClaimLost and its order is never stored.
   */
  async claim(
    trx: Transaction<Database>,
    claim: { reference: string; seen: string | null; orderId: string; url: string | null; now: Date },
  ): Promise<void> {
    let update = trx
      .updateTable('quotes')
      .set({ order_id: claim.orderId, checkout_url: claim.url, updated_at: claim.now.toISOString() })
      .where('reference', '=', claim.reference)
      .where('withdrawn_at', 'is', null);
    update =
      claim.seen === null ? update.where('order_id', 'is', null) : update.where('order_id', '=', claim.seen);
    const result = await update.executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new QuoteClaimLost(claim.reference);
  }

  /** A remote provider's page, once its session is attached to the claimed order. */
  async recordCheckoutUrl(reference: string, orderId: string, url: string): Promise<void> {
    await this.db
      .updateTable('quotes')
      .set({ checkout_url: url })
      .where('reference', '=', reference)
      .where('order_id', '=', orderId)
      .execute();
  }

  /** The claimed checkout never opened (the provider failed): the quote may be paid again. */
  async release(reference: string, orderId: string): Promise<void> {
    await this.db
      .updateTable('quotes')
      .set({ order_id: null, checkout_url: null })
      .where('reference', '=', reference)
      .where('order_id', '=', orderId)
      .execute();
  }
}

type Db = Kysely<Database> | Transaction<Database>;

/** Erases what names the client: the address, the name, the note (it may name people) and the page's key. */
async function anonymise(db: Db, references: readonly string[], nowIso: string): Promise<number> {
  if (references.length === 0) return 0;
  await db
    .updateTable('quotes')
    .set({ email: '', name: null, note: null, updated_at: nowIso })
    .where('reference', 'in', [...references])
    .execute();
  // An erased quote has no page: every key to it goes.
  await db
    .deleteFrom('quote_keys')
    .where('quote_reference', 'in', [...references])
    .execute();
  return references.length;
}

/**
 * The retention pass (docs/product/privacy.md §12): quotes whose last valid day is before `validBefore`
 * ('YYYY-MM-DD') and that still name someone are erased. Returns how many.
 */
export async function eraseQuotesValidBefore(db: Db, validBefore: string, nowIso: string): Promise<number> {
  const rows = await db
    .selectFrom('quotes')
    .select('reference')
    .where('valid_until', '<', validBefore)
    .where('email', '!=', '')
    .execute();
  return anonymise(
    db,
    rows.map((r) => r.reference),
    nowIso,
  );
}

/** Every quote made for this address (`emailKey` lower case), for the owner's export. */
export async function quotesOfEmail(db: Db, emailKey: string): Promise<QuoteRow[]> {
  return db
    .selectFrom('quotes')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', emailKey))
    .orderBy('created_at')
    .execute();
}

/** The clients of quotes still holding one (newest first, at most `limit`): the desk's Customers list. */
export async function quoteClients(
  db: Db,
  limit: number,
): Promise<Pick<QuoteRow, 'email' | 'name' | 'created_at'>[]> {
  return db
    .selectFrom('quotes')
    .select(['email', 'name', 'created_at'])
    .where('email', '!=', '')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** An erasure request: every quote made for this address loses the client's data. Returns how many. */
export async function eraseQuotesOfEmail(db: Db, emailKey: string, nowIso: string): Promise<number> {
  const rows = await quotesOfEmail(db, emailKey);
  return anonymise(
    db,
    rows.map((r) => r.reference),
    nowIso,
  );
}
