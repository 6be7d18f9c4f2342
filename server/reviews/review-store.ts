/**
 * Every query of the review tables (reviews, review_requests, review_opt_outs, reviews_version); the rules
 * are in ./review-service.ts. A change shoppers can see (publishing, hiding, a published review edited back
 * to pending, picking a quote, erasure) bumps `reviews_version` in the same transaction, which is how every
 * instance learns its pages are out of date (./reviews-source.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ReviewStatus } from '../../domain/reviews/reviews';
import { rowsOfOrders } from '../db/order-rows';
import type { Database, NewOutboxRow } from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import type { ReviewsTable } from './tables';

export type ReviewRow = Selectable<ReviewsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** The address as the opt-out table knows it: a hash, never the address (docs/product/privacy.md §12). */
export function emailHash(email: string): string {
  return createHash('sha256').update(`solas-review-requests:${email.trim().toLowerCase()}`).digest('hex');
}

export function newReviewId(): string {
  return `rev_${randomBytes(9).toString('base64url')}`;
}

export interface ReviewWrite {
  readonly orderId: string;
  readonly reference: string;
  readonly productId: string;
  readonly linePosition: number;
  readonly size: string | null;
  readonly rating: number;
  readonly title: string | null;
  readonly text: string;
  readonly displayName: string;
  readonly purchasedMonth: string;
}

export type WriteOutcome =
  | { readonly kind: 'created' | 'updated'; readonly row: ReviewRow }
  | { readonly kind: 'closed'; readonly row: ReviewRow };

async function bumpVersion(db: Db): Promise<void> {
  await db
    .updateTable('reviews_version')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}

export class ReviewStore {
  constructor(private readonly db: Kysely<Database>) {}

  async ofOrder(orderId: string): Promise<ReviewRow[]> {
    return this.db
      .selectFrom('reviews')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute();
  }

  /**
   * Stores the buyer's reviews of one order in one transaction: a new product is inserted, a product
   * reviewed before is changed (pending again, off the home page) while its first sending is younger than
   * `editableSince`'s bound; an older one is left as it is ('closed'). Two concurrent sendings of the same
   * line end as one row (the unique index).
   */
  async write(reviews: readonly ReviewWrite[], now: Date, editableSince: string): Promise<WriteOutcome[]> {
    const at = now.toISOString();
    return this.db.transaction().execute(async (trx) => {
      const out: WriteOutcome[] = [];
      let visibleChange = false;
      for (const r of reviews) {
        const inserted = await trx
          .insertInto('reviews')
          .values({
            id: newReviewId(),
            order_id: r.orderId,
            reference: r.reference,
            product_id: r.productId,
            line_position: r.linePosition,
            size: r.size,
            rating: r.rating,
            title: r.title,
            text: r.text,
            display_name: r.displayName,
            status: 'pending',
            reason: null,
            reply: null,
            featured: 0,
            purchased_month: r.purchasedMonth,
            created_at: at,
            updated_at: at,
            published_at: null,
          })
          .onConflict((oc) => oc.columns(['order_id', 'product_id']).doNothing())
          .executeTakeFirst();
        const row = await trx
          .selectFrom('reviews')
          .selectAll()
          .where('order_id', '=', r.orderId)
          .where('product_id', '=', r.productId)
          .executeTakeFirstOrThrow();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
          out.push({ kind: 'created', row });
          continue;
        }
        if (row.created_at < editableSince) {
          out.push({ kind: 'closed', row });
          continue;
        }
        if (row.status === 'published') visibleChange = true;
        const changed = await trx
          .updateTable('reviews')
          .set({
            rating: r.rating,
            title: r.title,
            text: r.text,
            display_name: r.displayName,
            status: 'pending',
            featured: 0,
            published_at: null,
            updated_at: at,
          })
          .where('id', '=', row.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        out.push({ kind: 'updated', row: changed });
      }
      if (visibleChange) await bumpVersion(trx);
      return out;
    });
  }

  async byId(id: string): Promise<ReviewRow | null> {
    return (await this.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  /** The desk's list, newest first. */
  async list(status: ReviewStatus | undefined, limit = 500): Promise<ReviewRow[]> {
    let q = this.db.selectFrom('reviews').selectAll();
    if (status) q = q.where('status', '=', status);
    return q.orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
  }

  async pendingCount(): Promise<number> {
    const row = await this.db
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The owner's decision; null when there is no such review. */
  async decide(
    id: string,
    change: {
      status: 'published' | 'hidden';
      reason?: string | null;
      reply?: string | null;
      featured?: boolean;
    },
    now: Date,
  ): Promise<ReviewRow | null> {
    const at = now.toISOString();
    return this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) return null;
      const published = change.status === 'published';
      const updated = await trx
        .updateTable('reviews')
        .set({
          status: change.status,
          ...(change.reason !== undefined ? { reason: change.reason } : {}),
          ...(change.reply !== undefined ? { reply: change.reply } : {}),
          // Only a published review is quoted; hiding one takes it off the home page.
          featured: published ? ((change.featured ?? before.featured === 1) ? 1 : 0) : 0,
          published_at: published ? (before.status === 'published' ? before.published_at : at) : null,
          updated_at: at,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await bumpVersion(trx);
      return updated;
    });
  }

  /** Every published review, newest first (the storefront's whole picture; a shop has hundreds, not millions). */
  async published(): Promise<ReviewRow[]> {
    return this.db
      .selectFrom('reviews')
      .selectAll()
      .where('status', '=', 'published')
      .orderBy('published_at', 'desc')
      .orderBy('id')
      .execute();
  }

  async version(): Promise<number> {
    const row = await this.db
      .selectFrom('reviews_version')
      .select('version')
      .where('id', '=', 1)
      .executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  // ---------------------------------------------------------------- the request e-mail

  async requestOf(orderId: string): Promise<{ queued_at: string } | null> {
    return (
      (await this.db
        .selectFrom('review_requests')
        .select('queued_at')
        .where('order_id', '=', orderId)
        .executeTakeFirst()) ?? null
    );
  }

  /** Of these orders, the ones whose request was already queued. */
  async requested(orderIds: readonly string[]): Promise<Set<string>> {
    if (orderIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('review_requests')
      .select('order_id')
      .where('order_id', 'in', [...orderIds])
      .execute();
    return new Set(rows.map((r) => r.order_id));
  }

  async optedOut(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('review_opt_outs')
      .select('email_hash')
      .where('email_hash', '=', emailHash(email))
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Records the order's request and queues its e-mail in one transaction, only if none was recorded
   * before (the primary key): two instances, or the desk and the periodic job, queue one e-mail.
   */
  async queueRequest(
    orderId: string,
    email: string,
    token: string,
    mail: NewOutboxRow,
    now: Date,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('review_requests')
        .values({ order_id: orderId, queued_at: now.toISOString(), token, email_hash: emailHash(email) })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await enqueueMail(trx, [mail]);
      return true;
    });
  }

  /** The "no more review requests" link: true when the token was known (whether or not already used). */
  async optOutByToken(token: string, now: Date): Promise<boolean> {
    const row = await this.db
      .selectFrom('review_requests')
      .select('email_hash')
      .where('token', '=', token)
      .executeTakeFirst();
    if (!row?.email_hash) return false;
    await this.db
      .insertInto('review_opt_outs')
      .values({ email_hash: row.email_hash, created_at: now.toISOString() })
      .onConflict((oc) => oc.column('email_hash').doNothing())
      .execute();
    return true;
  }
}

// ------------------------------------------------------------------ export, erasure and retention

/** The reviews written from these orders, for a data export. */
export async function reviewsOfOrders(db: Db, orderIds: readonly string[]): Promise<ReviewRow[]> {
  return rowsOfOrders(db, 'reviews', orderIds, 'created_at');
}

/** The review requests of these orders lose the address's hash and link; the row stays, so none is asked again. */
async function forgetRequestsOf(db: Db, orderIds: readonly string[]): Promise<void> {
  await db
    .updateTable('review_requests')
    .set({ token: null, email_hash: null })
    .where('order_id', 'in', [...orderIds])
    .execute();
}

/**
 * Erasure (docs/product/privacy.md §12): the reviews written from these orders are deleted, text, name and link
 * together (the text is the reviewer's own words and may name them), and the requests lose the address's
 * hash and link. The row of the request stays, so the order is never asked again. True when a review went.
 */
export async function eraseReviewsOfOrders(db: Db, orderIds: readonly string[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const deleted = await db
    .deleteFrom('reviews')
    .where('order_id', 'in', [...orderIds])
    .executeTakeFirst();
  await forgetRequestsOf(db, orderIds);
  const count = Number(deleted.numDeletedRows);
  if (count > 0) await bumpVersion(db);
  return count;
}

/**
 * The retention pass: once an order's personal data is anonymised (its period over), its reviews lose the
 * link to it and the reviewer's name; the rating and text stay as an anonymous verified buyer's.
 */
export async function anonymiseReviewsOfOrders(db: Db, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const changed = await db
    .updateTable('reviews')
    .set({ order_id: null, reference: null, display_name: null })
    .where('order_id', 'in', [...orderIds])
    .executeTakeFirst();
  await forgetRequestsOf(db, orderIds);
  if (Number(changed.numUpdatedRows) > 0) await bumpVersion(db);
}
