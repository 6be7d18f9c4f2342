/**
 * The orders data layer: every SQL statement about orders, their lines and withdrawal notices lives
 * here, the desk's and the privacy pages' reads included, so routes and services never see the database
 * dialect and a change to these tables has one file to follow. Writes that must happen together happen
 * in one transaction.
 */
import { type CompiledQuery, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { OrderTotals } from '../../domain/cart/pricing';
import { orderReference } from '../../domain/checkout/checkout';
import { DEFAULT_SIZE, type SizeCode, type ZoneId } from '../../domain/config';
import { itemsSubtotal } from '../../domain/offers/discounts';
import type { FulfilmentStatus } from '../../domain/orders/admin-api';
import type { PaymentMethod } from '../../domain/orders/manual-order';
import { type IsoDate, parseIsoDate } from '../../domain/shared/calendar-date';
import { PAYMENT_CURRENCY } from '../../domain/shared/money';
import { executeAtomically } from '../db/database';
import { dialectOf } from '../db/dialect';
import { lockForTransaction } from '../db/job-lock';
import { rowsOfOrders } from '../db/order-rows';
import { type InsertRow, preparedInsert } from '../db/prepared-insert';
import type { Database, NewOutboxRow } from '../db/schema';
import { enqueueMail, mailStatus } from '../mail/outbox';
import type { LocalSession, ShippingAddress, ShippingDetails } from '../payments';
import { hashKey, IssuedOrderKeys, newOrderKey } from './order-key';
import { type OrderVat, storedVat } from './order-vat';
import type { OrderLineRow, OrderRow, StoredOrderStatus } from './tables';

export interface StoredOrder {
  readonly id: string;
  readonly provider: string;
  readonly sessionId: string | null;
  /** Set together with sessionId, from it; null while the order has no payment session. */
  readonly reference: string | null;
  readonly status: StoredOrderStatus;
  readonly email: string;
  readonly zone: ZoneId;
  readonly currency: string;
  readonly subtotal: number;
  readonly shipping: number;
  readonly giftWrap: number;
  /** Plain text as the shopper wrote it; render it escaped (docs/product/sizes.md §13.4). */
  readonly giftMessage: string | null;
  readonly total: number;
  /** Cents of gift cards bought, in `total`: a multi-purpose voucher, no revenue and no VAT (§19.2). */
  readonly giftCardsSold?: number;
  /** Cents off the items (a discount code's or the early-bird tier's); 0 for none. */
  readonly discount: number;
  /** The code that gave the discount; null without one or when the tier's applied. */
  readonly discountCode: string | null;
  readonly itemCount: number;
  readonly shippingDetails: ShippingDetails | null;
  readonly createdAt: string;
  readonly paidAt: string | null;
  /**
   * A key to the order's page issued for the e-mails built from this read (markPaidAndQueue's); null
   * otherwise: the database keeps only hashes of keys (order-key.ts).
   */
  readonly orderKey: string | null;
  /** Computed at payment (domain/making/dispatch.ts); null before, and for orders paid before it was stored. */
  readonly dispatchDate: IsoDate | null;
  /** The quote this order pays, and the enquiry it answered (server/quotes); null for a cart's order. */
  readonly quoteReference?: string | null;
  readonly enquiryId?: string | null;
  /** How the order was taken ('web', or the owner's own: docs/product/orders.md §10.17); 'handed_over' is never made. */
  readonly channel?: OrderRow['channel'];
  /** Gift cards paid it all (no hosted checkout, no test card): its e-mails say so. */
  readonly paidByGiftCards?: boolean;
  /** The VAT rate (basis points) and number stored when the order was created; null before (order-vat.ts). */
  readonly vatRateBp: number | null;
  readonly vatNumber: string | null;
  /** The VAT the payment settled (cents); null: read with the flat rate (order-vat.ts). */
  readonly vatTotal?: number | null;
  /** The VAT a valid intra-EU business was not charged, inside `discount` (the reverse charge). */
  readonly vatNotCharged?: number;
  readonly lines: readonly StoredOrderLine[];
}

/**
 * An order as its page needs it: the stored order plus its rows, for what only the page shows (the desk's
 * dispatch and tracking columns, the lines' positions).
 */
export interface OrderPageRecord {
  readonly order: StoredOrder;
  readonly row: OrderRow;
  readonly lineRows: readonly OrderLineRow[];
}

export interface StoredWithdrawal {
  readonly name: string;
  readonly items: string;
  readonly reason: string | null;
  readonly createdAt: string;
}

export interface StoredOrderLine {
  readonly id: string;
  /** The product's name without the size: show it with nameWithSize. */
  readonly name: string;
  readonly size: SizeCode;
  readonly unitPrice: number;
  readonly quantity: number;
  readonly lineTotal: number;
  /** The base URL of the product's main picture as sold; null when unknown (see order_lines.image). */
  readonly image?: string | null;
}

/** A new order's columns, in the order its prepared insert writes them (the rest keep their defaults). */
const insertOrder = preparedInsert('orders', [
  'id',
  'provider',
  'session_id',
  'reference',
  'status',
  'email',
  'zone',
  'currency',
  'subtotal',
  'shipping',
  'gift_wrap',
  'total',
  'item_count',
  'shipping_name',
  'shipping_address',
  'failure_reason',
  'created_at',
  'updated_at',
  'paid_at',
  'checked_at',
  'desk_status',
  'gift_message',
  'dispatch_date',
  'discount',
  'discount_code',
  'quote_reference',
  'enquiry_id',
  'channel',
  'payment_method',
  'gift_cards_sold',
  'request_key',
  'checkout_url',
  'vat_rate_bp',
  'vat_number',
  'vat_not_charged',
]);

/** All of an order's lines in one statement. */
const insertLines = preparedInsert('order_lines', [
  'order_id',
  'position',
  'product_id',
  'name',
  'size',
  'unit_price',
  'quantity',
  'line_total',
  'image',
  'price_reason',
]);

/** An order's stored shipping address, each field as written: the checkout's address as it was stored. */
export type StoredAddress = ShippingAddress;

/** The one read of an order row's shipping address (the desk's order, its changes). */
export function storedAddress(row: Pick<OrderRow, 'shipping_address'>): StoredAddress | null {
  if (!row.shipping_address) return null;
  try {
    const a = JSON.parse(row.shipping_address) as Record<string, unknown>;
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
    return {
      line1: text(a.line1) ?? '',
      line2: text(a.line2),
      city: text(a.city) ?? '',
      state: text(a.state),
      postalCode: text(a.postalCode),
      country: text(a.country) ?? '',
    };
  } catch {
    return null;
  }
}

function nowIso(): string {
  return new Date().toISOString();
}

export function toOrder(
  row: OrderRow,
  lines: readonly OrderLineRow[],
  orderKey: string | null = null,
): StoredOrder {
  let shippingDetails: ShippingDetails | null = null;
  if (row.shipping_address) {
    shippingDetails = {
      name: row.shipping_name ?? '',
      address: JSON.parse(row.shipping_address) as ShippingAddress,
    };
  }
  return {
    id: row.id,
    provider: row.provider,
    sessionId: row.session_id,
    reference: row.reference,
    status: row.status,
    email: row.email,
    zone: row.zone as ZoneId,
    currency: row.currency,
    subtotal: itemsSubtotal(row),
    shipping: row.shipping,
    giftWrap: row.gift_wrap,
    giftMessage: row.gift_message,
    total: row.total,
    giftCardsSold: row.gift_cards_sold,
    discount: row.discount,
    discountCode: row.discount_code,
    // The pieces to make (piecesOf): none for an order of gift cards alone.
    itemCount: piecesOf(row),
    shippingDetails,
    createdAt: row.created_at,
    paidAt: row.paid_at,
    orderKey,
    dispatchDate: row.dispatch_date === null ? null : parseIsoDate(row.dispatch_date),
    quoteReference: row.quote_reference ?? null,
    enquiryId: row.enquiry_id ?? null,
    channel: row.channel,
    paidByGiftCards: row.payment_method === 'gift_card',
    vatRateBp: row.vat_rate_bp ?? null,
    vatNumber: row.vat_number ?? null,
    vatTotal: row.vat_total ?? null,
    vatNotCharged: row.vat_not_charged ?? 0,
    lines: [...lines]
      .sort((a, b) => a.position - b.position)
      .map((l) => ({
        id: l.product_id,
        name: l.name,
        size: l.size,
        unitPrice: l.unit_price,
        quantity: l.quantity,
        lineTotal: l.line_total,
        image: l.image ?? null,
      })),
  };
}

export class OrderStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The order and its lines, in one transaction: there is never an order without its lines. With a
   * `session` (a provider that keeps its sessions in the shop's database, LocalSession), the order is
   * stored with its session id and reference and the session is written in the same transaction: one
   * commit, and a failure anywhere leaves nothing of the checkout behind.
   */
  async createPending(input: {
    id: string;
    provider: string;
    email: string;
    totals: OrderTotals;
    /** The VAT the order is charged with: the owner's rate and VAT number now (kept with the order). */
    vat: OrderVat;
    /** With gift wrap only (checked by checkGiftMessage); absent or null without one. */
    giftMessage?: string | null;
    session?: LocalSession;
    /** Cents off the items (already in totals.total) and the code that gave them (null: the tier's). */
    discount?: { readonly amount: number; readonly code: string | null };
    /** The quote the order pays (server/quotes) and its enquiry. */
    /** A quote's checkout: its reference, its enquiry and the owner's dispatch date, stored until paid. */
    quote?: {
      readonly reference: string;
      readonly enquiryId: string | null;
      readonly dispatchBy?: IsoDate;
    };
    /**
     * The owner's own order (docs/product/orders.md §10.17): its reference when it has no payment session (one
     * marked paid), the address she took, how it was paid, and the desk's submission key (unique).
     */
    manual?: {
      readonly reference?: string;
      /** Null for a sale handed over on the spot: nothing is delivered. */
      readonly shipping: ShippingDetails | null;
      readonly paymentMethod: PaymentMethod | null;
      readonly requestKey: string | null;
      readonly handedOver?: boolean;
    };
    /** The owner's reason for each line's own price (null: the catalogue's), in the lines' order. */
    lineReasons?: readonly (string | null)[];
    /** A reference of its own for an order with no session (one gift cards paid in full). */
    reference?: string;
    /** How it is paid when no session pays it: gift cards in full (docs/product/gift-cards.md §19). */
    paidBy?: 'gift_card';
    /** Cents of gift cards bought, in totals.total (docs/product/gift-cards.md §19.2). */
    giftCardsSold?: number;
    /** How many gift cards it buys (`totals.itemCount` counts the pieces only). */
    giftCardsBought?: number;
    /** The VAT a valid intra-EU business is not charged, inside `discount` (docs/product/vat.md §20). */
    vatNotCharged?: number;
    /**
     * More rows stored with the order, all or none (its VAT, the gift cards it buys), as statements in
     * `db`'s dialect: plain inserts keep the checkout one atomic write, which group commit
     * (server/db/group-commit.ts) stores with the other checkouts of the same turn.
     */
    inserts?: (db: Kysely<Database>) => readonly CompiledQuery[];
    /**
     * Runs in the same transaction after the inserts (a discount code's reservation): when it throws,
     * nothing of the checkout is stored. A transaction of its own: a checkout without one is cheaper.
     */
    within?: (trx: Transaction<Database>) => Promise<void>;
    /** The shopper's checkout request (its Idempotency-Key, unique): a retry finds the order it made. */
    requestKey?: string;
  }): Promise<void> {
    const queries = this.pendingQueries(input);
    const { within } = input;
    if (!within) return executeAtomically(this.db, queries);
    await this.db.transaction().execute(async (trx) => {
      await executeAtomically(trx, queries);
      await within(trx);
    });
  }

  /**
   * The same order stored inside the caller's transaction (an order the gift cards pay in full is stored
   * and paid in one, markPaidAndQueue's `store`): the caller commits or rolls back all of it.
   */
  async createPendingIn(trx: Transaction<Database>, input: Parameters<OrderStore['createPending']>[0]) {
    await executeAtomically(trx, this.pendingQueries(input));
    await input.within?.(trx);
  }

  private pendingQueries(input: Parameters<OrderStore['createPending']>[0]): CompiledQuery[] {
    const { totals, session } = input;
    const at = nowIso();
    const order: InsertRow<'orders'> = {
      id: input.id,
      provider: input.provider,
      session_id: session ? session.id : null,
      reference: session ? orderReference(session.id) : (input.reference ?? input.manual?.reference ?? null),
      status: 'pending',
      email: input.email,
      zone: totals.zone,
      // ISO 4217 in the lower case payment providers use.
      currency: PAYMENT_CURRENCY,
      // The items after the discount: the column keeps total = subtotal + shipping + gift_wrap (its CHECK
      // since 0001); itemsSubtotal adds the discount back for everything that shows the items' prices.
      subtotal: totals.subtotal - (input.discount?.amount ?? 0),
      shipping: totals.shipping,
      gift_wrap: totals.giftWrap,
      total: totals.total,
      // The column's CHECK (> 0) predates gift cards: an order of cards alone keeps their number there
      // while its pieces (piecesOf) are none.
      item_count: totals.itemCount > 0 ? totals.itemCount : (input.giftCardsBought ?? 0),
      shipping_name: input.manual?.shipping?.name ?? null,
      shipping_address: input.manual?.shipping ? JSON.stringify(input.manual.shipping.address) : null,
      failure_reason: null,
      created_at: at,
      updated_at: at,
      paid_at: null,
      checked_at: null,
      desk_status: 'pending',
      gift_message: input.giftMessage ?? null,
      // A cart's date is computed at payment; a quote's is the owner's, which payment keeps while ahead.
      dispatch_date: input.quote?.dispatchBy ?? null,
      discount: input.discount?.amount ?? 0,
      discount_code: input.discount?.code ?? null,
      quote_reference: input.quote?.reference ?? null,
      enquiry_id: input.quote?.enquiryId ?? null,
      channel: input.manual
        ? input.manual.handedOver
          ? 'handed_over'
          : 'manual'
        : input.quote
          ? 'quote'
          : 'web',
      payment_method: input.manual?.paymentMethod ?? input.paidBy ?? null,
      gift_cards_sold: input.giftCardsSold ?? 0,
      vat_not_charged: input.vatNotCharged ?? 0,
      request_key: input.manual?.requestKey ?? input.requestKey ?? null,
      ...storedVat(input.vat),
    };
    const lines = totals.lines.map(
      (l, position): InsertRow<'order_lines'> => ({
        order_id: input.id,
        position,
        product_id: l.id,
        name: l.name,
        size: l.size ?? DEFAULT_SIZE,
        unit_price: l.unitPrice,
        quantity: l.quantity,
        line_total: l.lineTotal,
        image: l.image ?? null,
        price_reason: input.lineReasons?.[position] ?? null,
      }),
    );
    return [
      insertOrder.compile(this.db, [order]),
      // An order of gift cards only has no bracelet line (its cards are the checkout's own rows).
      ...(lines.length > 0 ? [insertLines.compile(this.db, lines)] : []),
      ...(session ? session.inserts(this.db) : []),
      ...(input.inserts ? input.inserts(this.db) : []),
    ];
  }

  /** The session and the reference derived from it are stored once, together. */
  async attachSession(orderId: string, sessionId: string): Promise<void> {
    const result = await this.db
      .updateTable('orders')
      .set({ session_id: sessionId, reference: orderReference(sessionId), updated_at: nowIso() })
      .where('id', '=', orderId)
      .where('session_id', 'is', null)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw new Error(`Order ${orderId} already has a payment session`);
  }

  /**
   * The order moves to the session Stripe made from its expired one's recovery link; its reference (from
   * the first session) stays, as every e-mail and page already names it. False when it moved already.
   */
  async followSession(orderId: string, fromSessionId: string, toSessionId: string): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set({ session_id: toSessionId, updated_at: nowIso() })
      .where('id', '=', orderId)
      .where('session_id', '=', fromSessionId)
      .where('paid_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** The order never reached a payable checkout (the provider refused or failed). */
  async markAbandoned(orderId: string, reason: string): Promise<void> {
    await this.db
      .updateTable('orders')
      .set({
        status: 'failed',
        desk_status: 'failed',
        failure_reason: reason.slice(0, 500),
        updated_at: nowIso(),
      })
      .where('id', '=', orderId)
      .where('status', '=', 'pending')
      .execute();
  }

  async findBySession(sessionId: string): Promise<StoredOrder | null> {
    return this.find('session_id', sessionId);
  }

  async findById(orderId: string): Promise<StoredOrder | null> {
    return this.find('id', orderId);
  }

  /** The manual order a desk submission made (its Idempotency-Key), if any. */
  async findByRequestKey(requestKey: string): Promise<OrderRow | null> {
    const row = await this.db
      .selectFrom('orders')
      .selectAll()
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
    return row ?? null;
  }

  /** A manual order's payment link, once its hosted checkout exists (in the order's transaction or after). */
  async recordCheckoutUrl(
    orderId: string,
    url: string,
    db: Kysely<Database> | Transaction<Database> = this.db,
  ): Promise<void> {
    await db.updateTable('orders').set({ checkout_url: url }).where('id', '=', orderId).execute();
  }

  /** The order's row, as stored. */
  async findRowById(orderId: string): Promise<OrderRow | null> {
    const row = await this.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    return row ?? null;
  }

  /** The lines of one order, in their positions. */
  async linesOf(orderId: string): Promise<OrderLineRow[]> {
    return linesOfOrder(this.db, orderId);
  }

  /** The payment status and reference of these orders (the quotes' list shows which are paid). */
  async statusesOf(
    orderIds: readonly string[],
  ): Promise<Map<string, { readonly status: StoredOrderStatus; readonly reference: string | null }>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('orders')
      .select(['id', 'status', 'reference'])
      .where('id', 'in', [...orderIds])
      .execute();
    return new Map(rows.map((r) => [r.id, { status: r.status, reference: r.reference }]));
  }

  private async find(column: 'id' | 'session_id', value: string): Promise<StoredOrder | null> {
    const row = await this.db.selectFrom('orders').selectAll().where(column, '=', value).executeTakeFirst();
    if (!row) return null;
    const lines = await this.db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', row.id)
      .execute();
    return toOrder(row, lines);
  }

  /**
   * Moves the order to `paid` and queues its e-mails in ONE transaction. The conditional UPDATE is the
   * lock: of any number of concurrent callers (confirm requests, webhook deliveries, other processes)
   * exactly one sees a changed row and queues the e-mails; the others change nothing. The outbox's
   * unique (order_id, kind) refuses a second pair even if that guard were ever bypassed. The dispatch
   * date is stored by the same winning UPDATE, so the e-mails built here and every later read agree.
   */
  async markPaidAndQueue(
    orderId: string,
    shipping: ShippingDetails | null,
    buildMessages: (paidOrder: StoredOrder) => readonly NewOutboxRow[],
    // Named, not positional: both are strings, and a date passed as the payment id would type-check.
    {
      paymentId = null,
      dispatchDate = null,
      handedOver = false,
      within,
      store,
    }: {
      /** Stores the order first, in the same transaction (an order paid as it is stored). */
      store?: (trx: Transaction<Database>) => Promise<void>;
      paymentId?: string | null;
      /** Handed over on the spot: delivered as it is paid, never in the making queue. */
      handedOver?: boolean;
      /** The date, or how to compute it from the pieces queued ahead of this order (making-queue.ts). */
      dispatchDate?: IsoDate | null | ((piecesAhead: number) => IsoDate);
      /** Runs in the payment's transaction for the winning call only, before the e-mails are queued. */
      within?: (trx: Transaction<Database>, paidOrder: StoredOrder) => Promise<void>;
    } = {},
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await store?.(trx);
      // Two payments at once must not both take the last piece of a day: on PostgreSQL the payments
      // queue on one lock; on SQLite the UPDATE below takes the file's write lock before the queue is read.
      if (typeof dispatchDate === 'function') await lockForTransaction(trx, MAKING_QUEUE_LOCK);
      const at = nowIso();
      const result = await trx
        .updateTable('orders')
        .set({
          status: 'paid',
          // The desk's flow starts here (docs/product/orders.md §10.3); a review flag the payment settles goes.
          desk_status: handedOver ? 'delivered' : 'paid',
          ...(handedOver ? { delivered_at: at } : {}),
          review_reason: null,
          payment_id: paymentId,
          paid_at: at,
          updated_at: at,
          failure_reason: null,
          dispatch_date: typeof dispatchDate === 'function' ? null : dispatchDate,
          ...(shipping
            ? { shipping_name: shipping.name, shipping_address: JSON.stringify(shipping.address) }
            : {}),
        })
        .where('id', '=', orderId)
        // Not only 'pending': when the provider says it took the money, the order is paid even if an
        // out-of-order event marked it failed or expired before.
        .where('status', '!=', 'paid')
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return false;
      if (typeof dispatchDate === 'function') {
        // Written by the winning payment only, once: a paid order's date never changes after this.
        const ahead = await queuedPiecesIn(trx, orderId);
        await trx
          .updateTable('orders')
          .set({ dispatch_date: dispatchDate(ahead) })
          .where('id', '=', orderId)
          .execute();
      }
      const row = await trx
        .selectFrom('orders')
        .selectAll()
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow();
      const lines = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).execute();
      // The order page's key comes with payment (its e-mails link to the page), stored as its hash.
      const keys = new IssuedOrderKeys();
      const paidOrder = toOrder(row, lines, keys.issue(orderId));
      await within?.(trx, paidOrder);
      const messages = buildMessages(paidOrder);
      await insertIssuedKeys(trx, keys);
      await enqueueMail(trx, messages);
      return true;
    });
  }

  /** The pieces paid and not yet dispatched: the making queue (domain/making/making-queue.ts). */
  async queuedPieces(): Promise<number> {
    return queuedPiecesIn(this.db);
  }

  /** Each discount code's paid orders and their revenue (the desk's Discounts). */
  async paidByDiscountCode(): Promise<Map<string, { readonly orders: number; readonly revenue: number }>> {
    return paidOrdersByDiscountCode(this.db);
  }

  /** Photo ids under `prefix` that a past order's lines still show (the photos' retention keeps them). */
  async lineImagesUnder(prefix: string): Promise<string[]> {
    return lineImagesUnder(this.db, prefix);
  }

  /** failed / expired, only from pending: a paid order stays paid whatever arrives late. */
  async markIfPending(orderId: string, status: 'failed' | 'expired', reason: string): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set({
        status,
        desk_status: status === 'expired' ? 'abandoned' : 'failed',
        failure_reason: reason,
        updated_at: nowIso(),
      })
      .where('id', '=', orderId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * Pending orders with a session created since `since` that no pass checked since `checkedBefore`:
   * never checked ones first, the newest first (the likeliest to have just been paid for), then by when a
   * pass last checked them. Marking each one checked (markChecked) takes it out of the rest of the pass.
   * With `createdBefore`, only orders created before it (a checkout still being filled in is left alone).
   */
  async pendingToReconcile(
    since: string,
    limit: number,
    checkedBefore: string,
    createdBefore?: string,
  ): Promise<{ id: string; sessionId: string }[]> {
    let query = this.db
      .selectFrom('orders')
      .select(['id', 'session_id'])
      .where('status', '=', 'pending')
      .where('session_id', 'is not', null)
      .where('created_at', '>=', since);
    if (createdBefore !== undefined) query = query.where('created_at', '<', createdBefore);
    const rows = await query
      .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<', checkedBefore)]))
      .orderBy(sql`case when checked_at is null then 0 else 1 end`)
      .orderBy('checked_at')
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.flatMap((r) => (r.session_id ? [{ id: r.id, sessionId: r.session_id }] : []));
  }

  /**
   * The shop's checkouts still open at the provider: pending orders of the cart and of quotes with a
   * session created since `since` (a hosted checkout lives 24 hours). The owner's own orders are not
   * among them: paused sales do not stop those (docs/product/desk.md §10.14).
   */
  async openCheckouts(since: string): Promise<{ id: string; sessionId: string }[]> {
    const rows = await this.db
      .selectFrom('orders')
      .select(['id', 'session_id'])
      .where('status', '=', 'pending')
      .where('session_id', 'is not', null)
      .where('channel', '!=', 'manual')
      .where('created_at', '>=', since)
      .execute();
    return rows.flatMap((r) => (r.session_id ? [{ id: r.id, sessionId: r.session_id }] : []));
  }

  /**
   * Orders the owner marked paid whose second step never ran (the process stopped between storing the
   * order and marking it paid): pending, her own (manual or handed over), with how she was paid and no
   * checkout session, created before `before`, oldest first. Never a shopper's order: one the gift cards
   * paid is stored and paid in one transaction, and a pending one left by an older release was never paid
   * (its hold lapses); paying it as hers would charge the cards twice, with no address and no e-mail.
   */
  async strandedMarkedPaid(before: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'pending')
      .where('channel', 'in', ['manual', 'handed_over'])
      .where('created_at', '<', before)
      .where('session_id', 'is', null)
      .where('payment_method', 'is not', null)
      .orderBy('created_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /** The pending orders of these sessions created since `since` (the provider says they are paid), newest first. */
  async pendingOfSessions(
    sessionIds: readonly string[],
    since: string,
  ): Promise<{ id: string; sessionId: string }[]> {
    const found: { id: string; session_id: string | null; created_at: string }[] = [];
    // In slices: a statement's parameters are bounded (SQLite's 32766), the list is not.
    for (let i = 0; i < sessionIds.length; i += SESSION_SLICE) {
      const slice = sessionIds.slice(i, i + SESSION_SLICE);
      found.push(
        ...(await this.db
          .selectFrom('orders')
          .select(['id', 'session_id', 'created_at'])
          .where('status', '=', 'pending')
          .where('session_id', 'in', slice)
          .where('created_at', '>=', since)
          .execute()),
      );
    }
    return found
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .flatMap((r) => (r.session_id ? [{ id: r.id, sessionId: r.session_id }] : []));
  }

  async markChecked(orderId: string): Promise<void> {
    await this.db.updateTable('orders').set({ checked_at: nowIso() }).where('id', '=', orderId).execute();
  }

  /**
   * A paid session the shop cannot settle by itself (docs/product/orders.md §10.3): the order lands in the desk's
   * "needs review" list with the reason instead of only a log line. A paid or later order keeps its status.
   */
  async flagForReview(orderId: string, reason: string): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set({ desk_status: 'needs_review', review_reason: reason.slice(0, 500), updated_at: nowIso() })
      .where('id', '=', orderId)
      .where('desk_status', 'in', ['pending', 'abandoned', 'failed'])
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /**
   * A payment that left part of the order unpaid (a gift card's lapsed hold that could not be taken
   * again): in the payment's own transaction, the order lands in the desk's "needs review" list with
   * what is owed, paid all the same (the provider took its part).
   */
  async flagPaidForReview(trx: Transaction<Database>, orderId: string, reason: string): Promise<void> {
    await trx
      .updateTable('orders')
      .set({ desk_status: 'needs_review', review_reason: reason.slice(0, 500), updated_at: nowIso() })
      .where('id', '=', orderId)
      .execute();
  }

  /**
   * The order with this reference, for its page: one indexed select whether or not it exists, so a wrong
   * key and an unknown reference cost the same (the lines are read only once the key matched).
   */
  async findByReference(reference: string): Promise<OrderRow | null> {
    return orderRowByReference(this.db, reference);
  }

  /** The order with its lines, as its page reads them. */
  async pageRecord(row: OrderRow): Promise<OrderPageRecord> {
    const lines = await linesOfOrder(this.db, row.id);
    return { order: toOrder(row, lines), row, lineRows: lines };
  }

  /**
   * The order with this reference, and whether `key` is one of its keys: one indexed select whether or
   * not the order exists or the key matches, so a wrong key and an unknown reference cost the same.
   */
  async findByReferenceAndKey(
    reference: string,
    key: string,
  ): Promise<{ row: OrderRow; keyMatches: boolean } | null> {
    const hash = hashKey(key);
    const found = await this.db
      .selectFrom('orders')
      .selectAll('orders')
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('order_keys')
              .select('order_keys.key_hash')
              .whereRef('order_keys.order_id', '=', 'orders.id')
              .where('order_keys.key_hash', '=', hash),
          )
          .as('key_matches'),
      )
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (!found) return null;
    const { key_matches, ...row } = found;
    // PostgreSQL answers a boolean, SQLite 0 or 1.
    return { row, keyMatches: Boolean(key_matches) };
  }

  /**
   * A new key to the order's page, for one e-mail that links to it (its hash stored now; the earlier
   * keys keep working). Issued before the e-mail is queued: a key whose e-mail never goes is known to no
   * one.
   */
  async issueKey(orderId: string): Promise<string> {
    const key = newOrderKey();
    await this.db
      .insertInto('order_keys')
      .values({ key_hash: hashKey(key), order_id: orderId, created_at: nowIso() })
      .execute();
    return key;
  }

  /** Dispatched in [from, to], never marked delivered, still asked for a review (dispatchedNotDelivered). */
  async dueForReviewRequest(from: string, to: string, limit: number): Promise<OrderRow[]> {
    return dispatchedNotDelivered(this.db, from, to, limit);
  }

  async withdrawal(orderId: string): Promise<StoredWithdrawal | null> {
    return readWithdrawal(this.db, orderId);
  }

  /**
   * Stores the notice and queues its e-mails in ONE transaction, only if the order has none yet (the
   * table's primary key): a notice sent twice, even at the same moment, is one notice and one pair of
   * e-mails. True when this call stored it.
   */
  async recordWithdrawal(
    orderId: string,
    notice: { name: string; items: string; reason: string | null },
    messages: readonly NewOutboxRow[],
    /** More work of the same notice in its transaction (the return it opens, return-service.ts). */
    within?: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .insertInto('withdrawal_notices')
        .values({ order_id: orderId, ...notice, created_at: nowIso() })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .executeTakeFirst();
      if ((result.numInsertedOrUpdatedRows ?? 0n) === 0n) return false;
      await within?.(trx);
      await enqueueMail(trx, messages);
      return true;
    });
  }

  /** Queues e-mails that belong to no state change (the order page's link, asked for again). */
  async queueMail(messages: readonly NewOutboxRow[]): Promise<void> {
    await enqueueMail(this.db, messages);
  }

  /** Delivery state of the shopper's confirmation e-mail, for the confirmation page. */
  async customerEmailStatus(orderId: string, kind: string): Promise<'queued' | 'sent' | 'failed' | null> {
    const status = await mailStatus(this.db, orderId, kind);
    if (!status) return null;
    return status === 'pending' ? 'queued' : status;
  }
}

/** The withdrawal notices of these orders (the privacy export shows them). */
export async function withdrawalsOfOrders(
  db: Kysely<Database> | Transaction<Database>,
  orderIds: readonly string[],
): Promise<Selectable<Database['withdrawal_notices']>[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('withdrawal_notices')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .execute();
}

/** The order's withdrawal notice, if the shopper sent one: the order page and the desk both show it. */
export async function readWithdrawal(
  db: Kysely<Database>,
  orderId: string,
): Promise<StoredWithdrawal | null> {
  const [row] = await withdrawalsOfOrders(db, [orderId]);
  return row ? { name: row.name, items: row.items, reason: row.reason, createdAt: row.created_at } : null;
}

// ------------------------------------------------------------------ the desk's and the privacy pages' reads

/** Who may run a read: the store's connection or the caller's transaction (an erasure reads in its own). */
type Executor = Kysely<Database> | Transaction<Database>;

/** The order with this reference, or null; one indexed select. */
export async function orderRowByReference(db: Executor, reference: string): Promise<OrderRow | null> {
  const row = await db.selectFrom('orders').selectAll().where('reference', '=', reference).executeTakeFirst();
  return row ?? null;
}

/** The order a provider's payment id belongs to (a webhook names the payment, not the order). */
export async function orderRowByPaymentId(db: Executor, paymentId: string): Promise<OrderRow | null> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  return row ?? null;
}

/** One order's lines in their cart order. */
export async function linesOfOrder(db: Executor, orderId: string): Promise<OrderLineRow[]> {
  return db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
}

/** The lines of several orders in one statement, each order's in cart order; none for no orders. */
export async function linesOfOrders(db: Executor, orderIds: readonly string[]): Promise<OrderLineRow[]> {
  return rowsOfOrders(db, 'order_lines', orderIds, 'position');
}

/** Stores the hashes of the keys issued for e-mails, in the caller's transaction (order-key.ts). */
/** Every key to the order's page stops working (its e-mail address changed): in the caller's transaction. */
export async function revokeOrderKeys(trx: Transaction<Database>, orderId: string): Promise<void> {
  await trx.deleteFrom('order_keys').where('order_id', '=', orderId).execute();
}

export async function insertIssuedKeys(trx: Transaction<Database>, keys: IssuedOrderKeys): Promise<void> {
  const rows = keys.take();
  if (rows.length > 0) await trx.insertInto('order_keys').values(rows).execute();
}

/** Session ids per statement of pendingOfSessions. */
const SESSION_SLICE = 500;

/** The advisory lock that orders payments while each reads the queue (db/job-lock.ts). */
const MAKING_QUEUE_LOCK = 'making-queue';

/**
 * Desk statuses whose pieces are no longer made though the order was paid and not dispatched: delivered
 * is a sale handed over on the spot (docs/product/orders.md §10.17), made already.
 */
const NOT_MADE: readonly FulfilmentStatus[] = ['cancelled', 'refunded', 'delivered'];

/** The orders whose pieces are still to make: paid, not dispatched, neither cancelled, refunded nor handed over. */
function queuedOrders(db: Executor) {
  return db
    .selectFrom('orders')
    .where('status', '=', 'paid')
    .where('dispatched_at', 'is', null)
    .where('desk_status', 'not in', [...NOT_MADE]);
}

/**
 * The pieces still to make (the making queue, domain/making/making-queue.ts), but for `exceptOrderId`'s own:
 * the pieces ahead of an order being paid, or the whole queue.
 */
export async function queuedPiecesIn(db: Executor, exceptOrderId: string | null = null): Promise<number> {
  // The pieces, not the column: an order of gift cards alone takes no making capacity (piecesOf).
  let query = queuedOrders(db).select((eb) => eb.fn.sum<number | string | bigint | null>(piecesSql).as('n'));
  if (exceptOrderId !== null) query = query.where('id', '!=', exceptOrderId);
  const row = await query.executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The queued orders in the order they are made (payment first), with their lines: the desk's Today. */
export async function queuedOrdersWithLines(
  db: Executor,
): Promise<{ row: OrderRow; lines: OrderLineRow[] }[]> {
  const rows = await queuedOrders(db)
    .selectAll()
    .orderBy(sql`coalesce(dispatch_date, substr(paid_at, 1, 10))`, 'asc')
    .orderBy('paid_at', 'asc')
    .execute();
  if (rows.length === 0) return [];
  const lines = await linesOfOrders(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ row, lines: lines.filter((l) => l.order_id === row.id) }));
}

/**
 * The orders of one dispatch day (the customs declarations' day, docs/product/customs.md §21.3): those
 * dispatched within [start, end), and those paid, not dispatched nor stopped, due by `date`; with lines.
 */
export async function ordersOfDispatchDay(
  db: Executor,
  day: { readonly date: string; readonly start: string; readonly end: string },
): Promise<{ row: OrderRow; lines: OrderLineRow[] }[]> {
  const dispatched = await db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'paid')
    .where('dispatched_at', '>=', day.start)
    .where('dispatched_at', '<', day.end)
    .orderBy('dispatched_at', 'asc')
    .execute();
  const due = await queuedOrders(db)
    .selectAll()
    .where(sql<string>`coalesce(dispatch_date, substr(paid_at, 1, 10))`, '<=', day.date)
    .orderBy('paid_at', 'asc')
    .execute();
  const rows = [...dispatched, ...due];
  if (rows.length === 0) return [];
  const lines = await linesOfOrders(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ row, lines: lines.filter((l) => l.order_id === row.id) }));
}

/** The references of these orders (an order without one yet: its id), by id. */
export async function referencesOfOrders(
  db: Executor,
  orderIds: readonly string[],
): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'reference'])
    .where('id', 'in', [...new Set(orderIds)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.reference ?? r.id]));
}

/** Every distinct picture base that order lines keep under `prefix` (the photos still shown by past orders). */
export async function lineImagesUnder(db: Executor, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('order_lines')
    .select('image')
    .distinct()
    .where('image', 'like', `${prefix}%`)
    .execute();
  return rows.map((r) => r.image).filter((image): image is string => image !== null);
}

/** What the desk's list narrows by before the status filter (its per-status counts ignore the status). */
export interface OrderSearch {
  /** Found in the reference, e-mail or shipping name, whatever the case; empty for every order. */
  readonly q: string;
  /** The half-open range of the payment instant (the creation instant of unpaid orders); null: open. */
  readonly start: string | null;
  readonly end: string | null;
}

/** LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally (escape `\`). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of the desk's list (orders with a reference, in `statuses`, and refunded in part when
 * `partlyRefunded`), the number matching, the count of every status matching the search and of the
 * orders in `countedStatuses` refunded in part. `byDispatch` sorts the work list: oldest dispatch date
 * first (docs/product/orders.md §10.2), orders paid before dates were stored by their payment day; otherwise
 * the newest order first.
 */
export async function searchOrders(
  db: Executor,
  search: OrderSearch,
  page: {
    statuses: readonly FulfilmentStatus[];
    partlyRefunded: boolean;
    countedStatuses: readonly FulfilmentStatus[];
    byDispatch: boolean;
    limit: number;
    offset: number;
  },
): Promise<{
  rows: OrderRow[];
  total: number;
  counts: { status: FulfilmentStatus; n: number }[];
  partlyRefunded: number;
}> {
  const base = () => {
    let b = db.selectFrom('orders').where('reference', 'is not', null);
    if (search.start) b = b.where((eb) => eb.fn.coalesce('paid_at', 'created_at'), '>=', search.start);
    if (search.end) b = b.where((eb) => eb.fn.coalesce('paid_at', 'created_at'), '<', search.end);
    if (search.q) {
      const pattern = containsPattern(search.q);
      b = b.where((eb) =>
        eb.or([
          eb(sql`lower(reference)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(email)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(shipping_name)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    return b;
  };
  // Refunded in part (domain/orders/admin-api.ts isPartlyRefunded): a money fact across statuses.
  const partly = <Q extends ReturnType<typeof base>>(q: Q) =>
    q.where('refunded', '>', 0).where((eb) => eb('refunded', '<', eb.ref('total'))) as Q;
  const filtered = () => {
    const inStatus = base().where('desk_status', 'in', [...page.statuses]);
    return page.partlyRefunded ? partly(inStatus) : inStatus;
  };
  const countRow = await filtered()
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  let rowsQuery = filtered().selectAll();
  rowsQuery = page.byDispatch
    ? // coalesce and substr read the same on both dialects.
      rowsQuery
        .orderBy(sql`coalesce(dispatch_date, substr(paid_at, 1, 10))`, 'asc')
        .orderBy('paid_at', 'asc')
        .orderBy('created_at', 'asc')
    : rowsQuery.orderBy('created_at', 'desc');
  const rows = await rowsQuery.limit(page.limit).offset(page.offset).execute();
  const grouped = await base()
    .select(['desk_status', (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
    .groupBy('desk_status')
    .execute();
  const partlyRow = await partly(base().where('desk_status', 'in', [...page.countedStatuses]))
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    rows,
    total: Number(countRow.n),
    counts: grouped.map((g) => ({ status: g.desk_status, n: Number(g.n) })),
    partlyRefunded: Number(partlyRow.n),
  };
}

/** Orders in one desk status, the oldest payment first (the packing slips of those in production). */
export async function ordersInDeskStatus(
  db: Executor,
  status: FulfilmentStatus,
  limit: number,
): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('desk_status', '=', status)
    .orderBy('paid_at')
    .limit(limit)
    .execute();
}

/** Orders paid in the half-open range [start, end) of instants, the oldest payment first (the CSV). */
/** When the newest paid order was paid (any way: provider, test checkout, marked paid); null with none. */
export async function lastPaidAt(db: Executor): Promise<string | null> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.max('paid_at').as('at'))
    .where('paid_at', 'is not', null)
    .executeTakeFirst();
  return row?.at ?? null;
}

export async function ordersPaidBetween(db: Executor, start: string, end: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('paid_at', 'is not', null)
    .where('paid_at', '>=', start)
    .where('paid_at', '<', end)
    .orderBy('paid_at')
    .execute();
}

/**
 * Up to `limit` orders whose retention period ended and that still name someone: paid (or never paid)
 * before `before`, with an e-mail or a name left. Erasing them takes them out of the next answer.
 */
export async function ordersHoldingPersonalData(
  db: Executor,
  paid: boolean,
  before: string,
  limit: number,
): Promise<{ id: string }[]> {
  return db
    .selectFrom('orders')
    .select('id')
    .where('paid_at', paid ? 'is not' : 'is', null)
    .where(paid ? 'paid_at' : 'created_at', '<', before)
    .where((eb) => eb.or([eb('email', '!=', ''), eb('shipping_name', 'is not', null)]))
    .limit(limit)
    .execute();
}

/** Every order placed with this address (`emailKey` lower case: the match ignores case), oldest first. */
export async function ordersOfEmail(db: Executor, emailKey: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', emailKey))
    .orderBy('created_at')
    .execute();
}

/**
 * The paid orders of every address still on them, newest payment first, at most `limit`: what the desk's
 * Customers list adds up (an anonymised order has no address and counts for nobody).
 */
export async function customerOrderRows(
  db: Executor,
  limit: number,
): Promise<Pick<OrderRow, 'email' | 'shipping_name' | 'total' | 'refunded' | 'paid_at'>[]> {
  return db
    .selectFrom('orders')
    .select(['email', 'shipping_name', 'total', 'refunded', 'paid_at'])
    .where('paid_at', 'is not', null)
    .where('email', '!=', '')
    .orderBy('paid_at', 'desc')
    .limit(limit)
    .execute();
}

/** What an erasure needs of the orders placed with this address (`emailKey` lower case). */
export async function paymentsOfEmail(
  db: Executor,
  emailKey: string,
): Promise<
  {
    id: string;
    reference: string | null;
    paid_at: string | null;
    delivered_at: string | null;
    desk_status: FulfilmentStatus;
  }[]
> {
  return db
    .selectFrom('orders')
    .select(['id', 'reference', 'paid_at', 'delivered_at', 'desk_status'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', emailKey))
    .execute();
}

// ------------------------------------------------------------------ the desk's and the retention's writes

/** What a desk action may change on an order (its refunds only through addOrderRefund). */
export type OrderChange = Partial<Omit<OrderRow, 'id' | 'refunded'>>;

/** The states and dates an order must be in for a desk action to change it. */
export interface OrderGuard {
  readonly from: readonly FulfilmentStatus[];
  /** Only before (true) or only after (false) dispatch; undefined: either. */
  readonly beforeDispatch?: boolean;
  /** Only while the order is not marked delivered. */
  readonly notDelivered?: boolean;
}

/**
 * Applies `change` to the order if it passes `guard`, in the caller's transaction: the conditional UPDATE
 * is the lock, so of any number of concurrent callers exactly one changes the row. The row after the
 * change, or null when the order was not in a state the guard allows.
 */
export async function changeOrderIf(
  trx: Transaction<Database>,
  orderId: string,
  guard: OrderGuard,
  change: OrderChange,
  at: string,
): Promise<OrderRow | null> {
  let update = trx
    .updateTable('orders')
    .set({ ...change, updated_at: at })
    .where('id', '=', orderId)
    .where('desk_status', 'in', [...guard.from]);
  if (guard.beforeDispatch === true) update = update.where('dispatched_at', 'is', null);
  if (guard.beforeDispatch === false) update = update.where('dispatched_at', 'is not', null);
  if (guard.notDelivered) update = update.where('delivered_at', 'is', null);
  const result = await update.executeTakeFirst();
  if (result.numUpdatedRows !== 1n) return null;
  return trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

/**
 * Adds a refund to the order's `refunded` (never beyond its total); in the caller's transaction. A refund
 * of everything (or of everything left to refund, `endsAt`) ends the order (desk status refunded) unless `keepStatus` lists the current one; a refund
 * in part is money only: the order keeps its status, and its `updated_at`, which tells the shopper's page
 * since when the order is in that status (docs/product/orders.md §10.3). The row after the change.
 */
export async function addOrderRefund(
  trx: Transaction<Database>,
  orderId: string,
  amount: number,
  keepStatus: readonly FulfilmentStatus[],
  at: string,
  /**
   * What refunded in all ends the order when less than its total: an order whose gift cards were spent
   * in part can never be refunded more than what is left on them (docs/product/gift-cards.md §19.3).
   */
  endsAt?: number,
): Promise<OrderRow> {
  const sum = sql<number>`case when refunded + ${amount} > total then total else refunded + ${amount} end`;
  const end = endsAt === undefined ? sql`total` : sql`${endsAt}`;
  const ends = sql<boolean>`${sum} >= ${end} and desk_status not in (${sql.join(
    keepStatus.length > 0 ? [...keepStatus] : ['-'],
  )})`;
  await trx
    .updateTable('orders')
    .set({
      refunded: sum,
      desk_status: sql<FulfilmentStatus>`case when ${ends} then 'refunded' else desk_status end`,
      updated_at: sql<string>`case when ${ends} then ${at} else updated_at end`,
    })
    .where('id', '=', orderId)
    .execute();
  return trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
}

/**
 * Takes the order's one refund slot while the provider is asked: of concurrent refunds from the same
 * state (a double click, two tabs, two instances) one gets it, the others change nothing. A claim older
 * than `staleMs` (an instance that died mid-call) may be taken over.
 */
export async function claimOrderRefund(
  db: Kysely<Database>,
  orderId: string,
  seenRefunded: number,
  staleMs: number,
): Promise<boolean> {
  const now = Date.now();
  const result = await db
    .updateTable('orders')
    .set({ refund_claimed_ms: now })
    .where('id', '=', orderId)
    .where('refunded', '=', seenRefunded)
    .where((eb) => eb.or([eb('refund_claimed_ms', 'is', null), eb('refund_claimed_ms', '<', now - staleMs)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function releaseOrderRefund(db: Kysely<Database>, orderId: string): Promise<void> {
  await db.updateTable('orders').set({ refund_claimed_ms: null }).where('id', '=', orderId).execute();
}

/**
 * Anonymises these orders (retention and erasure, docs/product/privacy.md §12): the e-mail, name, address and
 * gift message (it may name people), the order page's key (an anonymised order has no page), and the
 * signature and reason of their withdrawal notices.
 */
/** Changes the size of these lines of one order (by position), in the caller's transaction. */
export async function setLineSizes(
  trx: Transaction<Database>,
  orderId: string,
  sizes: readonly { readonly position: number; readonly size: 'S' | 'M' | 'L' }[],
): Promise<void> {
  for (const { position, size } of sizes) {
    await trx
      .updateTable('order_lines')
      .set({ size })
      .where('order_id', '=', orderId)
      .where('position', '=', position)
      .execute();
  }
}

/** The country of a stored delivery address, or null (none, or not readable). */
function countryOfAddress(stored: string | null): string | null {
  if (!stored) return null;
  try {
    const country = (JSON.parse(stored) as { country?: unknown }).country;
    return typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? country : null;
  } catch {
    return null;
  }
}

export async function anonymiseOrders(
  db: Kysely<Database> | Transaction<Database>,
  orderIds: readonly string[],
  at: string,
): Promise<void> {
  // The country stays (the accounts' VAT by place of supply, docs/product/privacy.md §12): the rest of the address goes.
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'shipping_address'])
    .where('id', 'in', [...orderIds])
    .execute();
  const countries = new Map<string | null, string[]>();
  for (const row of rows) {
    const country = countryOfAddress(row.shipping_address);
    countries.set(country, [...(countries.get(country) ?? []), row.id]);
  }
  for (const [country, ids] of countries) {
    await db
      .updateTable('orders')
      .set({
        email: '',
        shipping_name: null,
        shipping_address: country === null ? null : JSON.stringify({ country }),
        gift_message: null,
        updated_at: at,
      })
      .where('id', 'in', ids)
      .execute();
  }
  // An anonymised order has no page: every key to it goes.
  await db
    .deleteFrom('order_keys')
    .where('order_id', 'in', [...orderIds])
    .execute();
  // The withdrawal notice's signature and reason name the shopper too.
  await db
    .updateTable('withdrawal_notices')
    .set({ name: '', reason: null })
    .where('order_id', 'in', [...orderIds])
    .execute();
}

/**
 * The pieces an order has to make, what `item_count` means everywhere it is read (the making queue and its
 * capacity, the desk's list and Today, Numbers' pieces, the payment's dispatch date): the bracelets. An
 * order of gift cards alone keeps the number of its cards in the column, whose CHECK (item_count > 0)
 * dates from before gift cards, but has no piece to make (docs/product/gift-cards.md §19.3). It is told
 * by its items before any discount (`subtotal + discount`) being its cards alone: a mixed order whose
 * bracelets a code made free still has its bracelets. `piecesSql` is the same rule for SQL.
 */
export function piecesOf(
  row: Pick<OrderRow, 'item_count' | 'subtotal' | 'discount' | 'gift_cards_sold'>,
): number {
  const cardsAlone = row.gift_cards_sold > 0 && row.subtotal + row.discount === row.gift_cards_sold;
  return cardsAlone ? 0 : row.item_count;
}

/** piecesOf in SQL, for a query on `orders` alone. */
export const piecesSql = sql<number>`case when gift_cards_sold > 0 and subtotal + discount = gift_cards_sold then 0 else item_count end`;

/** What the desk's Numbers read of one paid order (numbers/stats.ts). */
export type StatsOrderRow = Pick<
  OrderRow,
  | 'id'
  | 'provider'
  | 'paid_at'
  | 'total'
  | 'refunded'
  | 'gift_wrap'
  | 'item_count'
  | 'subtotal'
  | 'discount'
  | 'channel'
  | 'gift_cards_sold'
  | 'reference'
  | 'vat_rate_bp'
>;

/**
 * One payment provider's orders paid in [start, end) of instants: only the columns the Numbers add up
 * (no personal data).
 */
export async function paidOrdersForStats(
  db: Executor,
  start: string,
  end: string,
  provider: string,
): Promise<StatsOrderRow[]> {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'provider',
      'paid_at',
      'total',
      'refunded',
      'gift_wrap',
      'item_count',
      'subtotal',
      'discount',
      'channel',
      'gift_cards_sold',
      'reference',
      'vat_rate_bp',
    ])
    .where('status', '=', 'paid')
    .where('provider', '=', provider)
    .where('paid_at', '>=', start)
    .where('paid_at', '<', end)
    .execute();
}

/** The product, size and amounts of every line of those orders (paidOrdersForStats), in one statement. */
export async function paidLinesForStats(
  db: Executor,
  start: string,
  end: string,
  provider: string,
): Promise<
  Pick<OrderLineRow, 'order_id' | 'position' | 'product_id' | 'name' | 'size' | 'quantity' | 'line_total'>[]
> {
  return db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select([
      'order_lines.order_id',
      'order_lines.position',
      'order_lines.product_id',
      'order_lines.name',
      'order_lines.size',
      'order_lines.quantity',
      'order_lines.line_total',
    ])
    .where('orders.status', '=', 'paid')
    .where('orders.provider', '=', provider)
    .where('orders.paid_at', '>=', start)
    .where('orders.paid_at', '<', end)
    .execute();
}

/** Checkouts opened in [start, end) of instants by one provider, and how many of them are paid. */
export async function checkoutsOpenedBetween(
  db: Executor,
  start: string,
  end: string,
  provider: string,
): Promise<{ started: number; paid: number }> {
  const rows = await db
    .selectFrom('orders')
    .select(['status', (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
    .where('provider', '=', provider)
    // The owner's own orders are no shopper's checkout (docs/product/orders.md §10.17).
    .where('channel', 'not in', ['manual', 'handed_over'])
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .groupBy('status')
    .execute();
  const started = rows.reduce((sum, r) => sum + Number(r.n), 0);
  const paid = Number(rows.find((r) => r.status === 'paid')?.n ?? 0);
  return { started, paid };
}

/**
 * Orders dispatched between `from` and `to` (ISO instants) that nobody marked delivered and that were not
 * cancelled, refunded in full or erased: the review requests' periodic job asks these once their delay is
 * over (server/reviews/review-service.ts).
 */
export async function dispatchedNotDelivered(
  db: Executor,
  from: string,
  to: string,
  limit: number,
): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('dispatched_at', '>=', from)
    .where('dispatched_at', '<=', to)
    .where('delivered_at', 'is', null)
    .where('desk_status', '=', 'dispatched')
    .where('email', '!=', '')
    .orderBy('dispatched_at')
    .limit(limit)
    .execute();
}

/** Each discount code's paid orders and their revenue (cents, before refunds), for the desk's Discounts. */
export async function paidOrdersByDiscountCode(
  db: Executor,
): Promise<Map<string, { readonly orders: number; readonly revenue: number }>> {
  const rows = await db
    .selectFrom('orders')
    .select([
      'discount_code',
      (eb) => eb.fn.countAll<number | string>().as('orders'),
      (eb) => eb.fn.sum<number | string | null>('total').as('revenue'),
    ])
    .where('status', '=', 'paid')
    .where('discount_code', 'is not', null)
    .groupBy('discount_code')
    .execute();
  const out = new Map<string, { orders: number; revenue: number }>();
  for (const r of rows) {
    if (r.discount_code !== null)
      out.set(r.discount_code, { orders: Number(r.orders), revenue: Number(r.revenue ?? 0) });
  }
  return out;
}

/**
 * The VAT the payment settled on the order's row, in the payment's transaction (docs/product/vat.md §20):
 * the e-mails, the desk, the order page and the CSV then state the invoice's VAT and rate.
 */
export async function settleOrderVatTotal(
  trx: Transaction<Database>,
  orderId: string,
  vat: { readonly totalVat: number; readonly rateBp: number },
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ vat_total: vat.totalVat, vat_rate_bp: vat.rateBp })
    .where('id', '=', orderId)
    .execute();
}

/**
 * Locks the order's row until `trx` ends if the order is not paid, on both databases (a no-op UPDATE that
 * only an unpaid order matches); answers whether it was. What a checkout held is given back under it:
 * a payment at the same moment either committed first or waits for the release.
 */
export async function lockIfUnpaid(trx: Transaction<Database>, orderId: string): Promise<boolean> {
  const unpaid = await trx
    .updateTable('orders')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', orderId)
    .where('status', '<>', 'paid')
    .executeTakeFirst();
  return Number(unpaid.numUpdatedRows) > 0;
}

/**
 * Holds the order's row until `trx` ends (PostgreSQL; SQLite runs one write transaction at a time): two
 * returns opened at once (two tabs) count each other's pieces instead of both passing the check.
 */
export async function lockOrderRow(trx: Transaction<Database>, orderId: string): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await trx.selectFrom('orders').select('id').where('id', '=', orderId).forUpdate().execute();
}
