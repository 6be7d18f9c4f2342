/**
 * Reviews from buyers (docs/product/settled-choices.md §8.13): the buyer's reviews through their order page's key, the
 * owner's decisions, the one review request e-mail per order, and what shoppers see. Only a buyer can
 * write one (the order's key), only of a product of that order, only once the order is delivered (marked
 * so in the desk, or its request e-mail was sent, or dispatched `delayDays` ago).
 */

import { randomBytes } from 'node:crypto';
import type { AdminReview, OrderReviews, ReviewRequest } from '../../domain/reviews/review-schemas';
import {
  ANONYMOUS_NAME,
  defaultDisplayName,
  type ProductReviews,
  type PublicReview,
  REVIEW_API,
  REVIEW_LIMITS,
  type ReviewReceipt,
  type ReviewStatus,
  type ReviewsSnapshot,
  summarise,
} from '../../domain/reviews/reviews';
import { isCustomLineId } from '../../domain/shared/custom-line';
import { outboxRow } from '../mail/outbox';
import type { OrderPageRecord, OrderRow, OrderStore } from '../orders';
import { REVIEW_REQUEST_KIND, reviewRequestMail } from './review-mail';
import type { ReviewRow, ReviewStore, ReviewWrite } from './review-store';

const DAY_MS = 24 * 60 * 60_000;

export interface ReviewServiceOptions {
  readonly reviews: ReviewStore;
  readonly orders: OrderStore;
  /**
   * The order behind a reference and key, exactly as its page opens it (OrderPageService.open): a wrong
   * key, an unknown reference and an unpaid order are the same miss.
   */
  readonly openOrder: (reference: string, key: string) => Promise<OrderPageRecord | null>;
  /** No trailing slash. */
  readonly publicUrl: string;
  readonly mailFrom: string;
  /** REVIEW_REQUEST_DELAY_DAYS: after dispatch, an order nobody marked delivered counts as delivered. */
  readonly delayDays: number;
  /** The order page's absolute link with its key. */
  readonly pageUrl: (reference: string, key: string) => string;
  readonly onMailQueued: () => void;
  /** A change shoppers can see was stored (this instance's source refreshes at once). */
  readonly onVisibleChange: () => void;
  /** The product's current name for the desk (null: no longer in the catalogue). */
  readonly productName: (productId: string) => string | null;
  readonly log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
  readonly now?: () => Date;
}

export type SubmitOutcome =
  | { readonly kind: 'ok'; readonly created: boolean; readonly reviews: ReviewReceipt[] }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'not-delivered' }
  | { readonly kind: 'closed' };

/** Orders in these desk statuses are never asked for a review. */
const NEVER_ASK: readonly OrderRow['desk_status'][] = ['cancelled', 'refunded', 'disputed'];

export class ReviewService {
  private readonly now: () => Date;

  constructor(private readonly o: ReviewServiceOptions) {
    this.now = o.now ?? (() => new Date());
  }

  get store(): ReviewStore {
    return this.o.reviews;
  }

  private open(reference: string, key: string): Promise<OrderPageRecord | null> {
    return this.o.openOrder(reference, key);
  }

  /** Delivered for reviewing: marked so, asked already, or dispatched `delayDays` ago; never cancelled. */
  private async reviewable(row: OrderRow): Promise<boolean> {
    if (row.desk_status === 'cancelled') return false;
    if (row.delivered_at) return true;
    if (!row.dispatched_at) return false;
    if (Date.parse(row.dispatched_at) + this.o.delayDays * DAY_MS <= this.now().getTime()) return true;
    return (await this.o.reviews.requestOf(row.id)) !== null;
  }

  async submit(reference: string, request: ReviewRequest): Promise<SubmitOutcome> {
    const record = await this.open(reference, request.key);
    if (!record) return { kind: 'not-found' };
    const { row, lineRows } = record;
    // A product not in this order is refused exactly like an unknown order.
    // A quote's custom line is no catalogue product: nothing to review on a product page.
    const lines = request.reviews.map((r) =>
      lineRows.find((l) => l.product_id === r.productId && !isCustomLineId(l.product_id)),
    );
    if (lines.some((l) => l === undefined)) return { kind: 'not-found' };
    if (!(await this.reviewable(row))) return { kind: 'not-delivered' };
    const now = this.now();
    const fallbackName = defaultDisplayName(row.shipping_name);
    // The last of two entries for one product wins: one review per product of the order.
    const byProduct = new Map<string, ReviewWrite>();
    request.reviews.forEach((r, i) => {
      const line = lines[i];
      if (!line) return;
      const title = r.title?.trim() ?? '';
      const name = r.displayName?.trim() ?? '';
      byProduct.set(r.productId, {
        orderId: row.id,
        reference: row.reference ?? '',
        productId: r.productId,
        linePosition: line.position,
        size: line.size,
        rating: r.rating,
        title: title === '' ? null : title,
        text: r.text.trim(),
        displayName: name === '' ? fallbackName : name,
        purchasedMonth: (row.paid_at ?? row.created_at).slice(0, 7),
      });
    });
    const editableSince = new Date(now.getTime() - REVIEW_LIMITS.editDays * DAY_MS).toISOString();
    const outcomes = await this.o.reviews.write([...byProduct.values()], now, editableSince);
    if (outcomes.some((o) => o.kind === 'closed')) return { kind: 'closed' };
    if (outcomes.some((o) => o.kind === 'updated')) this.o.onVisibleChange();
    this.o.log.info({ orderId: row.id, reviews: outcomes.length }, 'reviews: received from a buyer');
    return {
      kind: 'ok',
      created: outcomes.every((o) => o.kind === 'created'),
      reviews: outcomes.map((o) => ({ id: o.row.id, productId: o.row.product_id, status: o.row.status })),
    };
  }

  /** The order page's reviews block, or null for the same misses as the page itself. */
  async forOrderPage(reference: string, key: string): Promise<OrderReviews | null> {
    const record = await this.open(reference, key);
    if (!record) return null;
    const { row, lineRows } = record;
    const own = await this.o.reviews.ofOrder(row.id);
    const products: { productId: string; name: string }[] = [];
    for (const l of lineRows) {
      if (isCustomLineId(l.product_id)) continue;
      if (!products.some((p) => p.productId === l.product_id))
        products.push({ productId: l.product_id, name: l.name });
    }
    return {
      open: await this.reviewable(row),
      defaultDisplayName: defaultDisplayName(row.shipping_name),
      products,
      reviews: own.map((r) => ({
        id: r.id,
        productId: r.product_id,
        rating: r.rating,
        title: r.title,
        text: r.text,
        displayName: r.display_name ?? ANONYMOUS_NAME,
        status: r.status,
        createdAt: r.created_at,
        editableUntil: new Date(Date.parse(r.created_at) + REVIEW_LIMITS.editDays * DAY_MS).toISOString(),
      })),
    };
  }

  // ---------------------------------------------------------------- the owner

  async list(status: ReviewStatus | undefined): Promise<AdminReview[]> {
    return (await this.o.reviews.list(status)).map((r) => toAdminReview(r, this.o.productName(r.product_id)));
  }

  pendingCount(): Promise<number> {
    return this.o.reviews.pendingCount();
  }

  async decide(
    id: string,
    change: { status: 'published' | 'hidden'; reason?: string; reply?: string; featured?: boolean },
  ): Promise<AdminReview | null> {
    const clean = (v: string | undefined) =>
      v === undefined ? undefined : v.trim() === '' ? null : v.trim();
    const row = await this.o.reviews.decide(
      id,
      {
        status: change.status,
        reason: clean(change.reason),
        reply: clean(change.reply),
        ...(change.featured !== undefined ? { featured: change.featured } : {}),
      },
      this.now(),
    );
    if (row) this.o.onVisibleChange();
    return row ? toAdminReview(row, this.o.productName(row.product_id)) : null;
  }

  // ---------------------------------------------------------------- the request e-mail

  /**
   * Queues the order's one review request, unless it was cancelled, refunded in full, disputed or erased,
   * the address asked for no more, or it was queued before. True when this call queued it.
   */
  async requestReview(row: OrderRow): Promise<boolean> {
    if (NEVER_ASK.includes(row.desk_status) || row.email === '' || !row.reference || row.status !== 'paid') {
      return false;
    }
    if (row.refunded >= row.total && row.total > 0) return false;
    if ((await this.o.reviews.requestOf(row.id)) !== null) return false;
    if (await this.o.reviews.optedOut(row.email)) return false;
    const key = await this.o.orders.issueKey(row.id);
    const record = await this.o.orders.pageRecord(row);
    const token = randomBytes(24).toString('base64url');
    const mail = reviewRequestMail({
      reference: row.reference,
      name: row.shipping_name,
      products: [...new Set(record.lineRows.map((l) => l.name))],
      orderPageUrl: this.o.pageUrl(row.reference, key),
      stopUrl: `${this.o.publicUrl}${REVIEW_API.stopRequests}?token=${token}`,
      testOrder: row.provider === 'test-checkout',
    });
    const domain = this.o.mailFrom.slice(this.o.mailFrom.lastIndexOf('@') + 1);
    const queued = await this.o.reviews.queueRequest(
      row.id,
      row.email,
      token,
      outboxRow(
        { orderId: row.id, reference: row.reference, kind: REVIEW_REQUEST_KIND, to: row.email, ...mail },
        domain,
      ),
      this.now(),
    );
    if (queued) {
      this.o.log.info({ orderId: row.id }, 'reviews: request e-mail queued');
      this.o.onMailQueued();
    }
    return queued;
  }

  /** Marking delivered in the desk: the request goes in the same step (failures are logged, never the desk's). */
  async onDelivered(reference: string): Promise<void> {
    try {
      const row = await this.o.orders.findByReference(reference);
      if (row?.delivered_at) await this.requestReview(row);
    } catch (err) {
      this.o.log.error({ err }, 'reviews: could not queue the request e-mail');
    }
  }

  /**
   * The periodic pass: orders dispatched `delayDays` ago (looking back 60 days) that nobody marked
   * delivered get their request. Returns how many were queued.
   */
  async requestDue(limit = 200): Promise<number> {
    const now = this.now().getTime();
    const to = new Date(now - this.o.delayDays * DAY_MS).toISOString();
    const from = new Date(now - (this.o.delayDays + 60) * DAY_MS).toISOString();
    const rows = await this.o.orders.dueForReviewRequest(from, to, limit);
    const asked = await this.o.reviews.requested(rows.map((r) => r.id));
    let queued = 0;
    for (const row of rows) {
      if (asked.has(row.id)) continue;
      if (await this.requestReview(row)) queued += 1;
    }
    return queued;
  }

  /** The "no more review requests" link. */
  stopRequests(token: string): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return Promise.resolve(false);
    return this.o.reviews.optOutByToken(token, this.now());
  }

  // ---------------------------------------------------------------- what shoppers see

  /** Every published review, per product and the home page's quotes. */
  async snapshot(): Promise<ReviewsSnapshot> {
    const [version, rows] = await Promise.all([this.o.reviews.version(), this.o.reviews.published()]);
    return buildSnapshot(version, rows);
  }
}

export function toPublicReview(r: ReviewRow): PublicReview {
  return {
    id: r.id,
    productId: r.product_id,
    rating: r.rating,
    title: r.title,
    text: r.text,
    displayName: r.display_name,
    purchasedMonth: r.purchased_month,
    publishedAt: r.published_at ?? r.updated_at,
    reply: r.reply,
  };
}

/** `rows`: published, newest first. */
export function buildSnapshot(version: number, rows: readonly ReviewRow[]): ReviewsSnapshot {
  const grouped = new Map<string, PublicReview[]>();
  for (const r of rows) {
    const list = grouped.get(r.product_id) ?? [];
    list.push(toPublicReview(r));
    grouped.set(r.product_id, list);
  }
  const byProduct: Record<string, ProductReviews> = {};
  for (const [productId, reviews] of grouped) {
    byProduct[productId] = { summary: summarise(reviews.map((r) => r.rating)), reviews };
  }
  return {
    version,
    byProduct,
    testimonials: rows
      .filter((r) => r.featured === 1)
      .map((r) => ({
        id: r.id,
        productId: r.product_id,
        rating: r.rating,
        text: r.text,
        displayName: r.display_name,
      })),
  };
}

function toAdminReview(r: ReviewRow, productName: string | null): AdminReview {
  return {
    id: r.id,
    reference: r.reference,
    productId: r.product_id,
    productName,
    rating: r.rating,
    title: r.title,
    text: r.text,
    displayName: r.display_name ?? ANONYMOUS_NAME,
    status: r.status,
    reason: r.reason,
    reply: r.reply,
    featured: r.featured === 1,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    publishedAt: r.published_at,
  };
}
