/**
 * Exchanges for another size (docs/product/exchanges.md). The shopper asks on her order page (her order's
 * key opens it, as it opens the page): one line, a size the product is offered in, other than hers, that
 * the materials can make now, within the returns window, the line not already exchanged or returned. The
 * owner accepts (the replacement takes a remake slot at the front of the making queue and reserves its
 * materials, in the accept's own transaction) or declines with a reason. A price difference is settled
 * once, by the request that accepted: the desk's refund path for less; for more the shop has no payment
 * link that is not an order of its own, so it is logged for the owner (sizes share a price today). When the
 * returned piece is back the owner keeps it as a finished piece or puts its materials back on the shelf.
 */
import type { Transaction } from 'kysely';
import { isSizeCode } from '../../domain/catalogue/sizes';
import type { CatalogueSnapshot } from '../../domain/catalogue/snapshot';
import { SIZE_CODES, type SizeCode } from '../../domain/config';
import {
  EXCHANGE_MESSAGES,
  EXCHANGE_SHOPPER_TEXTS,
  type ExchangeInfo,
  type ExchangeOffer,
  type ExchangeRequest,
  exchangeItemText,
  exchangeText,
  priceDifference,
  type ReceivedChoice,
  type ShopperExchange,
  signedDifference,
} from '../../domain/exchanges/exchanges';
import type { DispatchRequest } from '../../domain/orders/admin-api';
import { ORDER_NOT_FOUND } from '../../domain/orders/order-page';
import { returnWindow } from '../../domain/orders/returns';
import { isCustomLineId } from '../../domain/shared/custom-line';
import type { Actor } from '../audit/audit-trail';
import type { Database } from '../db/schema';
import { refuse } from '../lib/refusal';
import { money, type RenderedMail } from '../mail/layout';
import { IssuedOrderKeys, type OrderLineRow, type OrderRow } from '../orders';
import {
  acceptedMail,
  declinedMail,
  type ExchangeMailFacts,
  type ExchangeMailSetup,
  exchangeMailRow,
  requestedMails,
} from './exchange-mail';
import { type ExchangeRow, type ExchangeStore, LineTaken } from './exchange-store';

/** What the exchanges use of the materials (their service: what can be made, reservations, stock). */
export interface ExchangeMaterials {
  canMake(productId: string, size: SizeCode): Promise<boolean>;
  reserveFor(trx: Transaction<Database>, holder: string, pieces: readonly Piece[]): Promise<void>;
  putBack(trx: Transaction<Database>, pieces: readonly Piece[]): Promise<void>;
  /** The remake made and sent: what it reserved is used for good. */
  consume(trx: Transaction<Database>, holder: string): Promise<void>;
  afterChange(): Promise<void>;
}

export interface Piece {
  readonly productId: string;
  readonly size: SizeCode;
  readonly quantity: number;
}

export interface ExchangeServiceOptions {
  readonly store: ExchangeStore;
  /** The order behind a reference and its page key (orders' page service), or null. */
  readonly openOrder: (
    reference: string,
    key: string,
  ) => Promise<{ row: OrderRow; lineRows: readonly OrderLineRow[] } | null>;
  readonly orderById: (orderId: string) => Promise<{ row: OrderRow } | null>;
  /** Lines of the order already in a return that is not closed (returns' store). */
  readonly returnedLines: (orderId: string) => Promise<ReadonlySet<number>>;
  readonly catalogue: () => CatalogueSnapshot;
  readonly materials: ExchangeMaterials;
  /** A size's price now, in cents (a size never changes a price today: the product's price). */
  readonly priceOf?: (productId: string, size: SizeCode) => number | null;
  /** The desk's refund path (its provider, history, e-mail and credit note). */
  readonly refund: (reference: string, amount: number, reason: string, actor: Actor) => Promise<void>;
  /** A payment link for the difference, e-mailed to the shopper; its URL. */
  readonly paymentLink: (order: OrderRow, exchange: ExchangeRow, amount: number) => Promise<string>;
  readonly ownerEmail: () => Promise<string>;
  /**
   * The replacement's "On its way" e-mail: the order's own dispatch e-mail, rendered by fulfilment, with
   * the order page's link it carries.
   */
  readonly dispatchMail: (
    order: OrderRow,
    parcel: DispatchRequest,
    orderPageUrl: string,
  ) => Promise<RenderedMail>;
  readonly mailFrom: string;
  /** The order page's absolute link with this key (orders' page service). */
  readonly pageUrl: (reference: string, key: string) => string;
  readonly deskUrl: (reference: string) => string;
  readonly onMailQueued: () => void;
  readonly log: { error(obj: object, msg: string): void };
  readonly now?: () => Date;
}

export interface ExchangeOutcome {
  readonly exchange: ExchangeInfo;
  readonly changed: boolean;
}

export function exchangeInfo(row: ExchangeRow, reference: string): ExchangeInfo {
  return {
    id: row.id,
    reference,
    lineId: row.line_id,
    productId: row.product_id,
    name: row.name,
    fromSize: row.from_size,
    toSize: row.to_size,
    status: row.status,
    difference: row.difference,
    settlement: row.settlement,
    declineReason: row.decline_reason,
    receivedChoice: row.received_choice,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    receivedAt: row.received_at,
    dispatchedAt: row.dispatched_at,
  };
}

function facts(row: ExchangeRow, reference: string): ExchangeMailFacts {
  return {
    id: row.id,
    orderId: row.order_id,
    reference,
    name: row.name,
    fromSize: row.from_size,
    toSize: row.to_size,
    difference: row.difference,
  };
}

const ownerBy = (actor: Actor) => ({ actor: 'owner' as const, by: actor.name });

export class ExchangeService {
  private readonly now: () => Date;

  constructor(private readonly o: ExchangeServiceOptions) {
    this.now = o.now ?? (() => new Date());
  }

  private at(): string {
    return this.now().toISOString();
  }

  private priceOf(productId: string, size: SizeCode): number | null {
    if (this.o.priceOf) return this.o.priceOf(productId, size);
    return this.o.catalogue().products.find((p) => p.id === productId)?.price ?? null;
  }

  /** The shopper's request from her order page (POST /api/orders/{ref}/exchanges). */
  async request(reference: string, body: ExchangeRequest): Promise<ExchangeOutcome> {
    const record = await this.o.openOrder(reference, body.key);
    // A wrong key answers as the order page does: the same 404 as an unknown order.
    if (!record) return refuse('not-found', ORDER_NOT_FOUND);
    const { row, lineRows } = record;
    const line = lineRows.find((l) => l.position === body.lineId);
    if (!line) return refuse('invalid', EXCHANGE_MESSAGES.lineUnknown);
    if (isCustomLineId(line.product_id) || !isSizeCode(line.size))
      return refuse('invalid', EXCHANGE_MESSAGES.lineNoSize);
    const from = line.size;
    if (body.size === from) return refuse('invalid', EXCHANGE_MESSAGES.sameSize);
    const product = this.o.catalogue().products.find((p) => p.id === line.product_id);
    if (!product || (product.sizes.length > 0 && !product.sizes.includes(body.size)))
      return refuse('invalid', EXCHANGE_MESSAGES.sizeNotMade);
    if (row.delivered_at === null) return refuse('conflict', EXCHANGE_MESSAGES.notDelivered);
    const window = returnWindow(row.delivered_at, this.now());
    if (!window.open) return refuse('conflict', EXCHANGE_MESSAGES.late(window.until));
    if ((await this.o.returnedLines(row.id)).has(line.position))
      return refuse('conflict', EXCHANGE_MESSAGES.inReturn);
    if (!(await this.o.materials.canMake(line.product_id, body.size)))
      return refuse('invalid', EXCHANGE_MESSAGES.sizeNotMade);
    const oldPrice = this.priceOf(line.product_id, from) ?? line.unit_price;
    const newPrice = this.priceOf(line.product_id, body.size) ?? oldPrice;
    const difference = signedDifference(priceDifference(oldPrice, newPrice));
    const ref = row.reference ?? reference;
    const owner = await this.o.ownerEmail();
    // The receipt's link carries a key of its own, as every later e-mail's does, not the one she asked with.
    const keys = new IssuedOrderKeys();
    const setup = this.setup(row, ref, keys);
    let stored: ExchangeRow;
    try {
      stored = await this.o.store.request(
        {
          orderId: row.id,
          lineId: line.position,
          productId: line.product_id,
          name: line.name,
          fromSize: from,
          toSize: body.size,
          difference,
        },
        (existing) => {
          if (existing.some((e) => e.line_id === line.position && e.status !== 'declined'))
            refuse('conflict', EXCHANGE_MESSAGES.alreadyExchanged);
        },
        (r) => ({
          events: [
            {
              kind: 'exchange',
              actor: 'shop',
              text: `Exchange ${r.id} asked for by the shopper: ${exchangeItemText(r.name, from, body.size)} (${exchangeText(from, body.size)})`,
            },
          ],
          mails: requestedMails(facts(r, ref), { owner, shopper: row.email }, setup),
          keys,
        }),
        this.at(),
      );
    } catch (err) {
      if (err instanceof LineTaken) return refuse('conflict', EXCHANGE_MESSAGES.alreadyExchanged);
      throw err;
    }
    this.o.onMailQueued();
    return { exchange: exchangeInfo(stored, ref), changed: true };
  }

  private async found(id: number): Promise<{ row: ExchangeRow; order: OrderRow; reference: string }> {
    const row = await this.o.store.byId(id);
    if (!row) return refuse('not-found', EXCHANGE_MESSAGES.notFound);
    const order = await this.o.orderById(row.order_id);
    if (!order) return refuse('not-found', EXCHANGE_MESSAGES.notFound);
    return { row, order: order.row, reference: order.row.reference ?? order.row.id };
  }

  /**
   * The owner accepts: one conditional move from pending, with the remake's materials reserved, the
   * history and the shopper's e-mail in its transaction. Posted twice at once, one request accepts and
   * the other answers the exchange as it is (changed: false): one replacement, one e-mail, one settlement.
   */
  async accept(id: number, actor: Actor): Promise<ExchangeOutcome> {
    const { row, order, reference } = await this.found(id);
    if (row.status === 'accepted') return { exchange: exchangeInfo(row, reference), changed: false };
    if (row.status !== 'pending') return refuse('conflict', EXCHANGE_MESSAGES.notPending(row.status));
    const d = priceDifference(0, Math.abs(row.difference));
    const settlement = row.difference > 0 ? 'payment-link' : row.difference < 0 ? 'refund' : 'none';
    const keys = new IssuedOrderKeys();
    const setup = this.setup(order, reference, keys);
    const moved = await this.o.store.decide(
      id,
      'accepted',
      { settlement: 'none' },
      (r) => ({
        within: (trx) =>
          this.o.materials.reserveFor(trx, `exchange:${r.id}`, [
            { productId: r.product_id, size: r.to_size, quantity: 1 },
          ]),
        events: [
          {
            kind: 'exchange',
            ...ownerBy(actor),
            text: `Exchange ${r.id} accepted (${r.from_size} -> ${r.to_size}): the new size is made first`,
          },
        ],
        mails: [acceptedMail(facts(r, reference), order.email, setup)],
        keys,
      }),
      this.at(),
    );
    if (!moved) return this.answerNow(id, 'accepted');
    this.o.onMailQueued();
    await this.o.materials.afterChange().catch(() => {});
    if (settlement !== 'none') await this.settle(moved, order, reference, d.amount, settlement, actor);
    const after = (await this.o.store.byId(id)) ?? moved;
    return { exchange: exchangeInfo(after, reference), changed: true };
  }

  /** The difference, once, by the request that accepted: a failure leaves it for the owner to see. */
  private async settle(
    row: ExchangeRow,
    order: OrderRow,
    reference: string,
    amount: number,
    how: 'payment-link' | 'refund',
    actor: Actor,
  ): Promise<void> {
    try {
      if (how === 'refund')
        await this.o.refund(
          reference,
          amount,
          `Exchange ${row.id}: ${exchangeText(row.from_size, row.to_size)}, ${money(amount)} less`,
          actor,
        );
      else await this.o.paymentLink(order, row, amount);
      await this.o.store.settled(row.id, how, this.at());
    } catch (err) {
      this.o.log.error({ err, exchangeId: row.id }, 'exchange accepted but its difference was not settled');
    }
  }

  async decline(id: number, reason: string, actor: Actor): Promise<ExchangeOutcome> {
    const { row, order, reference } = await this.found(id);
    if (row.status === 'declined') return { exchange: exchangeInfo(row, reference), changed: false };
    if (row.status !== 'pending') return refuse('conflict', EXCHANGE_MESSAGES.notPending(row.status));
    const keys = new IssuedOrderKeys();
    const setup = this.setup(order, reference, keys);
    const moved = await this.o.store.decide(
      id,
      'declined',
      { declineReason: reason },
      (r) => ({
        events: [{ kind: 'exchange', ...ownerBy(actor), text: `Exchange ${r.id} declined` }],
        mails: [declinedMail(facts(r, reference), reason, order.email, setup)],
        keys,
      }),
      this.at(),
    );
    if (!moved) return this.answerNow(id, 'declined');
    this.o.onMailQueued();
    return { exchange: exchangeInfo(moved, reference), changed: true };
  }

  /** The returned piece is back: kept as a finished piece, or its materials back on the shelf. */
  async receive(id: number, choice: ReceivedChoice, actor: Actor): Promise<ExchangeOutcome> {
    const { row, reference } = await this.found(id);
    if (row.status !== 'accepted') return refuse('conflict', EXCHANGE_MESSAGES.notAccepted);
    if (row.received_at !== null) {
      if (row.received_choice === choice) return { exchange: exchangeInfo(row, reference), changed: false };
      return refuse('conflict', EXCHANGE_MESSAGES.alreadyReceived);
    }
    const moved = await this.o.store.receive(
      id,
      choice,
      (r) => ({
        within:
          choice === 'reuse'
            ? (trx) =>
                this.o.materials.putBack(trx, [{ productId: r.product_id, size: r.from_size, quantity: 1 }])
            : undefined,
        events: [
          {
            kind: 'exchange',
            ...ownerBy(actor),
            text: `Exchange ${r.id}: the ${r.from_size} piece received, ${
              choice === 'restock' ? 'kept as a finished piece' : 'its materials put back for reuse'
            }`,
          },
        ],
        mails: [],
      }),
      this.at(),
    );
    if (!moved) {
      const now = await this.o.store.byId(id);
      if (now?.received_choice === choice) return { exchange: exchangeInfo(now, reference), changed: false };
      return refuse('conflict', EXCHANGE_MESSAGES.alreadyReceived);
    }
    if (choice === 'reuse') await this.o.materials.afterChange().catch(() => {});
    return { exchange: exchangeInfo(moved, reference), changed: true };
  }

  /**
   * The new piece is made and posted: its materials are used for good, it leaves the queue's front, the
   * history says so and the shopper gets the order's "On its way" e-mail for it, once.
   */
  async dispatch(id: number, parcel: DispatchRequest, actor: Actor): Promise<ExchangeOutcome> {
    const { row, order, reference } = await this.found(id);
    if (row.status !== 'accepted') return refuse('conflict', EXCHANGE_MESSAGES.notAccepted);
    if (row.dispatched_at !== null) return { exchange: exchangeInfo(row, reference), changed: false };
    const keys = new IssuedOrderKeys();
    const rendered = await this.o.dispatchMail(order, parcel, this.pageLink(order.id, reference, keys));
    const moved = await this.o.store.dispatch(
      id,
      (r) => ({
        within: (trx) => this.o.materials.consume(trx, `exchange:${r.id}`),
        events: [
          {
            kind: 'exchange',
            ...ownerBy(actor),
            text: `Exchange ${r.id}: the new ${r.to_size} piece dispatched, tracking ${parcel.trackingNumber}`,
          },
        ],
        mails: [exchangeMailRow('dispatched', facts(r, reference), order.email, rendered, this.o.mailFrom)],
        keys,
      }),
      this.at(),
    );
    if (!moved) {
      const now = await this.o.store.byId(id);
      return { exchange: exchangeInfo(now ?? row, reference), changed: false };
    }
    this.o.onMailQueued();
    await this.o.materials.afterChange().catch(() => {});
    return { exchange: exchangeInfo(moved, reference), changed: true };
  }

  /**
   * The order page's link for one e-mail, with a key of its own: the shop keeps only keys' hashes, so a
   * desk step, which has no key of the shopper's, issues one; its hash is stored with the e-mail, in the
   * step's transaction (StepEffects.keys).
   */
  private pageLink(orderId: string, reference: string, keys: IssuedOrderKeys): string {
    return this.o.pageUrl(reference, keys.issue(orderId));
  }

  private setup(order: OrderRow, reference: string, keys: IssuedOrderKeys): ExchangeMailSetup {
    return {
      mailFrom: this.o.mailFrom,
      pageUrl: this.pageLink(order.id, reference, keys),
      deskUrl: this.o.deskUrl(reference),
    };
  }

  /** Moved by another request meanwhile: the same move is a repeat, another a refusal. */
  private async answerNow(id: number, to: 'accepted' | 'declined'): Promise<ExchangeOutcome> {
    const { row, reference } = await this.found(id);
    if (row.status === to) return { exchange: exchangeInfo(row, reference), changed: false };
    return refuse('conflict', EXCHANGE_MESSAGES.notPending(row.status));
  }

  /**
   * The order page's part: the order's exchanges in plain words, and the sizes each piece may be swapped
   * for now (delivered, within the window, not already exchanged or returned, a size that can be made).
   */
  async pagePart(
    row: OrderRow,
    lines: readonly OrderLineRow[],
  ): Promise<{ exchanges: ShopperExchange[]; offer: ExchangeOffer | null }> {
    const rows = await this.o.store.ofOrder(row.id);
    const exchanges = rows.map((r) => ({
      id: r.id,
      lineId: r.line_id,
      status: r.status,
      item: exchangeItemText(r.name, r.from_size, r.to_size),
      text: EXCHANGE_SHOPPER_TEXTS[r.status],
    }));
    if (row.delivered_at === null) return { exchanges, offer: null };
    const window = returnWindow(row.delivered_at, this.now());
    if (!window.open) return { exchanges, offer: null };
    const taken = new Set(rows.filter((r) => r.status !== 'declined').map((r) => r.line_id));
    const returned = await this.o.returnedLines(row.id);
    const products = new Map(this.o.catalogue().products.map((p) => [p.id, p]));
    const offered: ExchangeOffer['lines'] = [];
    for (const line of lines) {
      if (taken.has(line.position) || returned.has(line.position)) continue;
      if (isCustomLineId(line.product_id) || !isSizeCode(line.size)) continue;
      const product = products.get(line.product_id);
      if (!product) continue;
      const candidates = (product.sizes.length > 0 ? product.sizes : SIZE_CODES).filter(
        (s) => s !== line.size,
      );
      const sizes: SizeCode[] = [];
      for (const size of candidates)
        if (await this.o.materials.canMake(line.product_id, size)) sizes.push(size);
      if (sizes.length > 0) offered.push({ lineId: line.position, sizes });
    }
    return { exchanges, offer: offered.length > 0 ? { until: window.until, lines: offered } : null };
  }

  /** An order's exchanges, oldest first, as the desk and the order page show them. */
  async ofOrder(orderId: string, reference: string): Promise<ExchangeInfo[]> {
    return (await this.o.store.ofOrder(orderId)).map((r) => exchangeInfo(r, reference));
  }

  /** Accepted replacements to make, first accepted first (the making queue's front). */
  async remakes(): Promise<
    { reference: string; productId: string; name: string; size: SizeCode; decidedAt: string | null }[]
  > {
    return (await this.o.store.remakes()).map((r) => ({
      reference: r.reference,
      productId: r.product_id,
      name: r.name,
      size: r.to_size,
      decidedAt: r.decided_at,
    }));
  }
}
