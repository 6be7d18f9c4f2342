/**
 * Quotes the client pays by card (docs/product/quotes.md): the owner makes one from catalogue and custom
 * lines, sends it, may withdraw it; the client opens its page with the key and pays it on the usual hosted
 * checkout. A paid quote is an ordinary order carrying the quote's reference and its enquiry. A quote has
 * at most one live checkout (QuoteStore.claim; docs/decisions/0017-quote-checkout.md).
 */
import { randomBytes } from 'node:crypto';
import type { PricedLine, ShippingRates } from '../../domain/cart/pricing';
import type { CatalogueProduct } from '../../domain/catalogue/snapshot';
import type { SizeCode, ZoneId } from '../../domain/config';
import { DEFAULT_SIZE } from '../../domain/config';
import { type DispatchCalendar, dispatchDate } from '../../domain/making/dispatch';
import { type MakingQueueSource, promisedQueue } from '../../domain/making/making-queue';
import {
  type AdminQuote,
  customLineId,
  isQuoteKey,
  isQuoteReference,
  priceQuote,
  QUOTE_MESSAGES,
  type QuoteCreateRequest,
  type QuoteLine,
  type QuotePageView,
  type QuoteStatus,
  type QuoteViewLine,
  quoteClosedMessage,
  quoteDispatchDate,
  quoteLineKind,
  quotePagePath,
  quoteStatus,
} from '../../domain/quotes/quotes';
import { type IsoDate, irishDate, parseIsoDate } from '../../domain/shared/calendar-date';
import { checkEmail, maskEmail } from '../../domain/shared/email';
import { type Cents, cents } from '../../domain/shared/money';
import type { CatalogueSource } from '../catalogue';
import type { CheckoutOutcome, CheckoutService } from '../checkout';
import { Refusal, refuse } from '../lib/refusal';
import { outboxRow } from '../mail/outbox';
import { senderDomain } from '../mail/transport';
import type { OrderStore } from '../orders';
import { hashKey } from '../orders';
import { QUOTES_MAIL_KINDS } from './mail-kinds';
import { quoteMail } from './quote-mail';
import { type NewQuote, QuoteClaimLost, type QuoteStore } from './quote-store';
import type { QuoteRow } from './tables';

/**
 * What quotes ask of enquiries (server/enquiries, wired in quotes/plugin.ts): whether an id is one,
 * marking it quoted, and what the desk calls it.
 */
export interface EnquiryLink {
  exists(id: string): Promise<boolean>;
  markQuoted(id: string): Promise<void>;
  /** How the desk names an enquiry (its company or sender, and its date); null once it was erased. */
  describe(id: string): Promise<AdminQuote['enquiry']>;
}

/** How long an open hosted checkout lives (Stripe's default and the test checkout's). */
const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A concurrent Pay click waits at most this long for the checkout another one is opening. */
const OPENING_WAIT_MS = 5_000;
const OPENING_POLL_MS = 50;
/** The desk's list: the newest quotes. */
const LIST_LIMIT = 200;

export interface QuoteServiceOptions {
  readonly store: QuoteStore;
  readonly orders: CheckoutService;
  readonly orderStore: OrderStore;
  readonly catalogue: CatalogueSource;
  readonly enquiries: EnquiryLink;
  /** No trailing slash. */
  readonly publicUrl: string;
  readonly mailFrom: string;
  /** The contact e-mail shown to shoppers, as the owner's settings say now (server/settings). */
  readonly contactEmail: () => Promise<string>;
  /** A zone as the owner names it now (her shipping settings). */
  readonly zoneName: (zone: ZoneId) => Promise<string>;
  /** Her shipping prices and free-shipping thresholds now (server/settings): a new quote is priced at them. */
  readonly shippingRates?: () => Promise<ShippingRates>;
  readonly termsUrl: string;
  readonly onMailQueued: () => void;
  readonly queue?: MakingQueueSource;
  /** The owner's closures, working days and away state (server/settings `calendar`); none: Monday to Friday. */
  readonly calendar?: () => Promise<DispatchCalendar>;
  readonly now?: () => Date;
  readonly log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** What making or changing a quote answers. */
type QuoteMade = Pick<AdminQuote, 'reference' | 'url' | 'total' | 'status' | 'dispatchBy'>;

/** The quote's hosted checkout; `logged` when this request opened it (the request's log line). */
export interface QuoteCheckout {
  readonly url: string;
  readonly sessionId: string;
  readonly logged?: Readonly<Record<string, unknown>>;
}

/** 'Q-' and 8 characters of an alphabet without look-alikes (0/O, 1/I). */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newQuoteReference(): string {
  const bytes = randomBytes(8);
  let out = 'Q-';
  for (const b of bytes) out += REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length];
  return out;
}

function linesOf(row: QuoteRow): QuoteLine[] {
  return JSON.parse(row.lines) as QuoteLine[];
}

function viewLines(lines: readonly QuoteLine[]): QuoteViewLine[] {
  return lines.map((l) => ({
    productId: l.productId,
    name: l.name,
    size: l.size,
    unitPrice: l.unitPrice,
    quantity: l.quantity,
    lineTotal: l.unitPrice * l.quantity,
  }));
}

/** The owner's date; a row from before 0018 filled it, so the fallback (the shop's rule) is never used. */
function dispatchByOf(row: QuoteRow): IsoDate {
  return parseIsoDate(row.dispatch_by ?? '') ?? dispatchDate(new Date(row.created_at));
}

/** What the quote page and the desk both show of a quote. */
function shownOf(row: QuoteRow, status: QuoteStatus): Omit<QuotePageView, 'dispatchDate'> {
  return {
    dispatchBy: dispatchByOf(row),
    reference: row.reference,
    status,
    name: row.name,
    lines: viewLines(linesOf(row)),
    subtotal: row.subtotal,
    discountPercent: row.discount_percent,
    discount: row.discount,
    shipping: row.shipping,
    total: row.total,
    zone: row.zone as ZoneId,
    validUntil: row.valid_until as QuotePageView['validUntil'],
    note: row.note,
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

export class QuoteService {
  constructor(private readonly o: QuoteServiceOptions) {}

  private now(): Date {
    return (this.o.now ?? (() => new Date()))();
  }

  pageUrl(reference: string, key: string): string {
    return `${this.o.publicUrl}${quotePagePath(reference, key)}`;
  }

  /** POST /api/admin/quotes: priced from the catalogue the server serves now, kept at those prices. */
  async create(body: QuoteCreateRequest, requestKey?: string): Promise<QuoteMade> {
    // One quote per desk submission (docs/product/orders.md §10.5): a repeat answers the quote it made.
    const made = requestKey === undefined ? null : await this.o.store.findByRequestKey(requestKey);
    if (made) return this.created(made);
    const terms = await this.prepare(body, new Map());
    const reference = newQuoteReference();
    let row: QuoteRow;
    try {
      row = await this.o.store.create({ reference, ...terms, requestKey: requestKey ?? null }, this.now());
    } catch (err) {
      // The same submission, stored meanwhile by another request or instance (the key is unique).
      const other = requestKey === undefined ? null : await this.o.store.findByRequestKey(requestKey);
      if (other) return this.created(other);
      throw err;
    }
    if (body.enquiryId !== undefined) await this.o.enquiries.markQuoted(body.enquiryId);
    this.o.log.info({ quote: reference, total: terms.total, to: maskEmail(terms.email) }, 'quote created');
    return this.created(row);
  }

  /**
   * PUT /api/admin/quotes/{reference}: the owner's changes to a quote not yet paid (nor withdrawn), checked
   * and priced as a new one, under the same reference and link. A catalogue line still quoted in the same
   * product and size keeps the price it was quoted at (a quote is a promise of a price); a checkout the
   * client had open is closed, so the next Pay opens one with the new terms.
   */
  async update(reference: string, body: QuoteCreateRequest): Promise<QuoteMade> {
    const row = await this.o.store.find(reference);
    if (!row) return refuse('not-found', QUOTE_MESSAGES.adminNotFound);
    if (['paid', 'withdrawn'].includes(await this.statusOf(row)))
      return refuse('conflict', QUOTE_MESSAGES.notEditable);
    const kept = new Map(
      linesOf(row)
        .filter((l) => l.productId !== null && l.size !== null)
        .map((l) => [`${l.productId}:${l.size}`, l.unitPrice] as const),
    );
    const terms = await this.prepare(body, kept);
    if (row.order_id) await this.endCheckout(row.order_id);
    // A checkout paid meanwhile stays paid (endCheckout leaves a paid order alone): no change then.
    if (['paid', 'withdrawn'].includes(await this.statusOf(row)))
      return refuse('conflict', QUOTE_MESSAGES.notEditable);
    if (!(await this.o.store.update(reference, row.order_id, terms, this.now())))
      return refuse('conflict', QUOTE_MESSAGES.notEditable);
    if (body.enquiryId !== undefined && body.enquiryId !== row.enquiry_id)
      await this.o.enquiries.markQuoted(body.enquiryId);
    this.o.log.info({ quote: reference, total: terms.total }, 'quote changed');
    const after = await this.o.store.find(reference);
    return this.created(after ?? row);
  }

  /**
   * The desk's body checked against the catalogue and the calendar, and priced. `kept`: the unit prices a
   * catalogue line keeps (`{productId}:{size}`), when the quote is changed.
   */
  private async prepare(
    body: QuoteCreateRequest,
    kept: ReadonlyMap<string, Cents>,
  ): Promise<Omit<NewQuote, 'reference' | 'key' | 'requestKey'>> {
    const invalid = (error: string) => refuse('invalid', error);
    const email = checkEmail(body.email);
    if (!email.ok) return invalid(`email: ${email.message}`);
    const validUntil = parseIsoDate(body.validUntil);
    if (!validUntil) return invalid(QUOTE_MESSAGES.validUntil);
    const chosenDispatch = body.dispatchBy === undefined ? null : parseIsoDate(body.dispatchBy);
    if (body.dispatchBy !== undefined && (!chosenDispatch || chosenDispatch < irishDate(this.now())))
      return invalid(QUOTE_MESSAGES.dispatchBy);
    if (body.enquiryId !== undefined && !(await this.o.enquiries.exists(body.enquiryId)))
      return invalid(QUOTE_MESSAGES.unknownEnquiry);
    const products = new Map(this.o.catalogue.current().products.map((p) => [p.id, p]));
    const lines: QuoteLine[] = [];
    for (const [i, line] of body.lines.entries()) {
      const kind = quoteLineKind(line);
      if (kind === null) return invalid(`lines[${i}]: ${QUOTE_MESSAGES.lineKind}`);
      if (kind === 'custom') {
        lines.push({
          productId: null,
          name: line.name ?? '',
          size: null,
          unitPrice: cents(line.unitPrice ?? 0),
          quantity: line.quantity,
          image: null,
        });
        continue;
      }
      const product: CatalogueProduct | undefined = products.get(line.productId ?? '');
      if (!product || product.status === 'retired')
        return invalid(`lines[${i}].productId: ${QUOTE_MESSAGES.unknownProduct}`);
      const size: SizeCode = line.size ?? DEFAULT_SIZE;
      if (!product.sizes.includes(size))
        return invalid(`lines[${i}].size: ${product.name} is not made in size ${size}`);
      lines.push({
        productId: product.id,
        name: product.name,
        size,
        unitPrice: kept.get(`${product.id}:${size}`) ?? product.price,
        quantity: line.quantity,
        image: product.images[0]?.base ?? null,
      });
    }
    const discountPercent = body.discountPercent ?? 0;
    // Her shipping now, as a cart is priced: the quote keeps what it says (its shipping is stored).
    const rates = await this.o.shippingRates?.();
    const totals = priceQuote(lines, body.zone, discountPercent, rates);
    // Nothing to take by card: no hosted checkout opens for €0 (docs/product/quotes.md).
    if (totals.total <= 0) return invalid(QUOTE_MESSAGES.freeQuote);
    const dispatchBy =
      chosenDispatch ?? (await this.dispatchIfPaidNow(lines.reduce((n, l) => n + l.quantity, 0)));
    return {
      enquiryId: body.enquiryId ?? null,
      email: email.email,
      name: body.name?.trim() ? body.name.trim() : null,
      lines: JSON.stringify(lines),
      discountPercent,
      zone: body.zone,
      subtotal: totals.subtotal,
      discount: totals.discount,
      shipping: totals.shipping,
      total: totals.total,
      validUntil,
      dispatchBy,
      note: body.note?.trim() ? body.note.trim() : null,
    };
  }

  /** GET /api/admin/quotes/dispatch-by: the date the desk's form proposes, the making queue's. */
  async proposedDispatchBy(pieces: number): Promise<IsoDate> {
    return this.dispatchIfPaidNow(pieces);
  }

  /** GET /api/admin/quotes/{reference}/mail: the e-mail Send queues, built the same way, queued nowhere. */
  async mailPreview(
    reference: string,
  ): Promise<{ readonly to: string; readonly subject: string; readonly text: string } | null> {
    const row = await this.o.store.find(reference);
    if (!row) return null;
    const mail = quoteMail({
      ...shownOf(row, await this.statusOf(row)),
      // The link as Send writes it, with a key of its own (the database keeps only keys' hashes).
      url: this.pageUrl(reference, await this.o.store.issueKey(reference, this.now())),
      termsUrl: this.o.termsUrl,
      contactEmail: await this.o.contactEmail(),
      zoneName: await this.o.zoneName(row.zone as ZoneId),
    });
    return { to: row.email, subject: mail.subject, text: mail.text };
  }

  /** The answer that made the quote: the only one with the page's link besides the e-mails. */
  private async created(row: QuoteRow): Promise<QuoteMade> {
    const key = await this.o.store.issueKey(row.reference, this.now());
    const quote = await this.adminView(row, this.pageUrl(row.reference, key));
    return {
      reference: row.reference,
      url: quote.url,
      total: quote.total,
      status: quote.status,
      dispatchBy: quote.dispatchBy,
    };
  }

  async list(): Promise<AdminQuote[]> {
    const rows = await this.o.store.list(LIST_LIMIT);
    const orders = await this.o.orderStore.statusesOf(
      rows.map((r) => r.order_id).filter((id): id is string => id !== null),
    );
    const ids = [...new Set(rows.map((r) => r.enquiry_id).filter((id): id is string => id !== null))];
    const enquiries = new Map(
      await Promise.all(ids.map(async (id) => [id, await this.o.enquiries.describe(id)] as const)),
    );
    return rows.map((row) =>
      this.toAdmin(
        row,
        row.order_id ? (orders.get(row.order_id) ?? null) : null,
        row.enquiry_id ? (enquiries.get(row.enquiry_id) ?? null) : null,
      ),
    );
  }

  /**
   * One quote for the desk's page, with the client's link (a key issued for this answer: the database keeps
   * only the keys' hashes), so the owner can preview the page as the client will see it.
   */
  async get(reference: string): Promise<AdminQuote | null> {
    const row = await this.o.store.find(reference);
    if (!row) return null;
    const key = await this.o.store.issueKey(row.reference, this.now());
    return this.adminView(row, this.pageUrl(row.reference, key));
  }

  /** Queues the quote's e-mail to the client (again, when sent before). */
  async send(reference: string): Promise<AdminQuote> {
    const row = await this.o.store.find(reference);
    if (!row) return refuse('not-found', QUOTE_MESSAGES.adminNotFound);
    const current = await this.adminView(row);
    // An erased quote (no address left) cannot be sent.
    if (!['draft', 'sent'].includes(current.status) || row.email === '')
      return refuse('conflict', QUOTE_MESSAGES.notSendable);
    // Each e-mail carries a key of its own; the ones sent before keep working (server/orders/order-key.ts).
    const url = this.pageUrl(reference, await this.o.store.issueKey(reference, this.now()));
    const mail = quoteMail({
      ...shownOf(row, current.status),
      url,
      termsUrl: this.o.termsUrl,
      contactEmail: await this.o.contactEmail(),
      zoneName: await this.o.zoneName(row.zone as ZoneId),
    });
    const now = this.now();
    await this.o.store.queueMail(
      outboxRow(
        { orderId: null, reference, kind: QUOTES_MAIL_KINDS.quote, to: row.email, ...mail },
        senderDomain(this.o.mailFrom),
        now.getTime(),
      ),
      now,
    );
    this.o.onMailQueued();
    this.o.log.info({ quote: reference, to: maskEmail(row.email) }, 'quote e-mail queued');
    const sent = await this.o.store.find(reference);
    return this.adminView(sent ?? row, url);
  }

  async withdraw(reference: string): Promise<AdminQuote> {
    const row = await this.o.store.find(reference);
    if (!row) return refuse('not-found', QUOTE_MESSAGES.adminNotFound);
    if ((await this.adminView(row)).status === 'paid')
      return refuse('conflict', QUOTE_MESSAGES.notWithdrawable);
    await this.o.store.withdraw(reference, this.now());
    // A checkout still open for it must not be paid any more.
    if (row.order_id) await this.endCheckout(row.order_id);
    const after = await this.o.store.find(reference);
    return this.adminView(after ?? row);
  }

  /** The quote page's read: null for an unknown reference or a wrong key alike. */
  async view(referenceInput: string, key: string): Promise<QuotePageView | null> {
    const row = await this.open(referenceInput, key);
    if (!row) return null;
    const status = await this.statusOf(row);
    const lines = linesOf(row);
    // The owner's date while it is ahead; paid after it, the order gets the shop's date, which this shows.
    const dispatch =
      quoteClosedMessage(status) !== null
        ? null
        : (quoteDispatchDate(dispatchByOf(row), irishDate(this.now())) ??
          (await this.dispatchIfPaidNow(lines.reduce((n, l) => n + l.quantity, 0))));
    return { ...shownOf(row, status), dispatchDate: dispatch };
  }

  /**
   * The quote page's Pay: the quote's one hosted checkout. Concurrent clicks all get the checkout the
   * first one opened; a paid, expired or withdrawn quote none.
   */
  async checkout(referenceInput: string, key: string): Promise<QuoteCheckout> {
    const deadline = Date.now() + OPENING_WAIT_MS;
    let row = await this.open(referenceInput, key);
    if (!row) return refuse('not-found', QUOTE_MESSAGES.notFound);
    for (;;) {
      const closed = quoteClosedMessage(await this.statusOf(row));
      if (closed) return refuse('conflict', closed);
      const current = row.order_id ? await this.o.orderStore.findById(row.order_id) : null;
      if (current?.status === 'pending') {
        const fresh = Date.now() - Date.parse(current.createdAt) < CHECKOUT_LIFETIME_MS;
        if (fresh && current.sessionId && row.checkout_url) {
          return { url: row.checkout_url, sessionId: current.sessionId };
        }
        if (fresh) {
          // Another click is opening it (a remote provider's session is attached after its order).
          if (Date.now() > deadline) return refuse('conflict', QUOTE_MESSAGES.opening);
          await sleep(OPENING_POLL_MS);
          row = (await this.o.store.find(row.reference)) ?? row;
          continue;
        }
        await this.endCheckout(current.id);
      }
      const outcome = await this.openCheckout(row);
      if (outcome !== 'lost') {
        return {
          url: outcome.url,
          sessionId: outcome.sessionId,
          logged: { ...outcome.logged, quote: row.reference },
        };
      }
      // A concurrent click took it: show that one's checkout.
      const again = await this.o.store.find(row.reference);
      if (!again) return refuse('not-found', QUOTE_MESSAGES.notFound);
      row = again;
    }
  }

  private async openCheckout(row: QuoteRow): Promise<CheckoutOutcome | 'lost'> {
    const lines = linesOf(row);
    // The client pays what the quote says: its shipping as stored, whatever the owner's prices are now.
    const zone = row.zone as ZoneId;
    const totals = priceQuote(lines, zone, row.discount_percent, {
      [zone]: { fee: cents(row.shipping), freeOver: null },
    });
    // The order's lines as sold: custom lines carry their own id (no catalogue product has it).
    const orderLines: PricedLine[] = totals.lines.map((l, i) => {
      const q = lines[i];
      return {
        ...l,
        id: q?.productId ?? customLineId(row.reference, i),
        image: q?.image ?? null,
      };
    });
    const seen = row.order_id;
    const lost = new Refusal('conflict', QUOTE_MESSAGES.opening);
    const opening = this.o.orders.createQuoteCheckout({
      quote: { reference: row.reference, enquiryId: row.enquiry_id, dispatchBy: dispatchByOf(row) },
      email: row.email,
      totals: { ...totals, lines: orderLines },
      discountLabel: `Quote discount (${row.discount_percent}%)`,
      claim: (trx, orderId, url) =>
        this.o.store.claim(trx, { reference: row.reference, seen, orderId, url, now: this.now() }),
      refusal: (err) => (err instanceof QuoteClaimLost ? lost : null),
      attached: (orderId, session) => this.o.store.recordCheckoutUrl(row.reference, orderId, session.url),
      release: (orderId) => this.o.store.release(row.reference, orderId),
    });
    // Another click took the quote's checkout first (its claim rolled this order back).
    return opening.catch((err: unknown) => {
      if (err === lost) return 'lost' as const;
      throw err;
    });
  }

  /** Closes a checkout that must not be paid any more (too old, or its quote withdrawn). */
  private async endCheckout(orderId: string): Promise<void> {
    const order = await this.o.orderStore.findById(orderId);
    if (order?.status !== 'pending') return;
    if (order.sessionId) {
      await this.o.orders.provider.expireSession(order.sessionId).catch((err: unknown) => {
        this.o.log.warn({ orderId, err: String(err) }, 'quote: could not expire an old checkout');
      });
    }
    await this.o.orderStore.markIfPending(orderId, 'expired', 'quote checkout closed');
  }

  private async open(referenceInput: string, key: string): Promise<QuoteRow | null> {
    const reference = referenceInput.trim().toUpperCase();
    if (!isQuoteReference(reference) || !isQuoteKey(key)) {
      // The same work as a well-formed guess: the hash of what was given.
      hashKey(key);
      return null;
    }
    return this.o.store.findWithKey(reference, key);
  }

  private async statusOf(row: QuoteRow): Promise<QuoteStatus> {
    const order = row.order_id ? await this.o.orderStore.findById(row.order_id) : null;
    return this.statusWith(row, order?.status === 'paid');
  }

  private statusWith(row: QuoteRow, paid: boolean): QuoteStatus {
    const validUntil = parseIsoDate(row.valid_until);
    if (!validUntil) throw new Error(`quote ${row.reference} has no valid date`);
    return quoteStatus(
      { paid, withdrawn: row.withdrawn_at !== null, sent: row.sent_at !== null, validUntil },
      this.now(),
    );
  }

  private async adminView(row: QuoteRow, url = ''): Promise<AdminQuote> {
    const order = row.order_id ? await this.o.orderStore.findById(row.order_id) : null;
    return this.toAdmin(
      row,
      order ? { status: order.status, reference: order.reference } : null,
      row.enquiry_id ? await this.o.enquiries.describe(row.enquiry_id) : null,
      url,
    );
  }

  /**
   * `url`: the page's link with a key issued for this answer (making or sending the quote); '' in the
   * list and the other answers, since the database keeps only the keys' hashes.
   */
  private toAdmin(
    row: QuoteRow,
    order: { readonly status: string; readonly reference: string | null } | null,
    enquiry: AdminQuote['enquiry'],
    url = '',
  ): AdminQuote {
    const paid = order?.status === 'paid';
    return {
      url,
      ...shownOf(row, this.statusWith(row, paid)),
      email: row.email,
      enquiryId: row.enquiry_id,
      enquiry,
      createdAt: row.created_at,
      sentAt: row.sent_at,
      withdrawnAt: row.withdrawn_at,
      orderReference: paid ? (order?.reference ?? null) : null,
    };
  }

  /** The dispatch date of an order of `pieces` paid now, behind the making queue (domain/making/making-queue.ts). */
  private async dispatchIfPaidNow(pieces: number): Promise<IsoDate> {
    const calendar = (await this.o.calendar?.()) ?? {};
    const queue = await this.o.queue?.current();
    return dispatchDate(this.now(), {
      ...calendar,
      ...(queue ? { queue: promisedQueue(queue), pieces } : {}),
    });
  }
}
