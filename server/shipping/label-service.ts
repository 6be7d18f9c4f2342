/**
 * Labels in one tap (docs/product/shipping.md §22): "Buy label" on a paid order claims the order's one label
 * slot, asks the provider for a label with the order's address, its pieces' weight and, outside the EU,
 * its customs items, keeps the PDF, and dispatches the order through fulfilment's own dispatch (the
 * tracking number and carrier stored, the "on its way" e-mail queued once with the tracking link). A label
 * is voided while the carrier has not taken the parcel: the order goes back to production. The carrier's
 * tracking events (the webhook) mark it delivered.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { OrderDetail } from '../../domain/orders/admin-api';
import { trackingUrlFor } from '../../domain/orders/admin-api';
import { irishDate, irishInstant } from '../../domain/shared/calendar-date';
import {
  carrierHasParcel,
  DELIVERED_STATUS,
  type Label,
  type LabelLayout,
  labelPath,
  leavesEu,
  type OrderLabel,
  parcelGrams,
  SHIPPING_MESSAGES,
  type TrackEvent,
} from '../../domain/shipping/shipping';
import type { Actor } from '../audit/audit-trail';
import type { FulfilmentService } from '../fulfilment';
import { Refusal, refuse } from '../lib/refusal';
import type { SellerNow } from '../orders';
import { labelsBatchPdf } from './label-batch-pdf';
import {
  type CustomsItem,
  type LabelProvider,
  LabelProviderError,
  type LabelRequest,
  senderAddress,
} from './label-provider';
import type { LabelStore } from './label-store';

/**
 * An order's pieces as customs sees them (description, value, HS code, origin, net weight), from the
 * products' customs data; `missing` says what the owner must give first (a product without its data).
 */
export type CustomsItemsOf = (
  order: OrderDetail,
) => Promise<{ readonly items: readonly CustomsItem[] } | { readonly missing: string }>;

/** A bracelet's net weight when its product has none given (inside the EU the label needs only a weight). */
export const DEFAULT_PIECE_GRAMS = 20;

/**
 * An order's lines as a parcel's contents when its products have no customs data: beaded bracelets of
 * DEFAULT_PIECE_GRAMS each. Only inside the EU, where the label takes the weight and nothing else of them.
 */
export function usualPieces(order: OrderDetail): readonly CustomsItem[] {
  return order.lines.map((line) => ({
    description: 'Beaded bracelet',
    quantity: line.quantity,
    valueCents: line.lineTotal,
    unitValueCents: line.unitPrice,
    currency: order.currency.toUpperCase(),
    hsCode: '7117',
    originCountry: 'IE',
    weightGrams: DEFAULT_PIECE_GRAMS * line.quantity,
    unitWeightGrams: DEFAULT_PIECE_GRAMS,
  }));
}

/** The actor of the carrier's tracking events in the order's history and the audit trail. */
const CARRIER_ACTOR: Actor = { session: 'carrier', address: 'carrier', name: 'Carrier tracking' };

export interface LabelServiceOptions {
  readonly store: LabelStore;
  readonly provider: LabelProvider;
  readonly desk: FulfilmentService;
  readonly seller: SellerNow;
  readonly customsItemsOf: CustomsItemsOf;
  readonly log: FastifyBaseLogger;
  readonly now?: () => Date;
}

export class LabelService {
  constructor(private readonly o: LabelServiceOptions) {}

  private now(): Date {
    return this.o.now?.() ?? new Date();
  }

  /** Buys the order's label and dispatches the order; refused (409) when it has one or cannot have one. */
  async buy(reference: string, actor: Actor): Promise<Label> {
    const { desk, store, provider } = this.o;
    const found = await desk.store.findByReference(reference);
    if (!found) return refuse('not-found', SHIPPING_MESSAGES.notFound);
    const current = await store.currentOf(found.row.id);
    if (current) return refuse('conflict', SHIPPING_MESSAGES.alreadyLabelled);
    const { order } = await desk.detail(reference);
    if (!order.allowedActions.includes('dispatch')) return refuse('conflict', SHIPPING_MESSAGES.notReady);
    const address = order.address;
    if (!address) return refuse('conflict', SHIPPING_MESSAGES.noAddress);
    const abroad = leavesEu(address.country);
    const pieces = await this.o.customsItemsOf(order);
    if ('missing' in pieces && abroad) return refuse('conflict', pieces.missing);
    const items = 'items' in pieces ? pieces.items : usualPieces(order);
    const seller = await this.o.seller();
    const request: LabelRequest = {
      reference,
      shipTo: { ...address, name: address.name || order.name || '' },
      shipFrom: senderAddress(seller.name, seller.address),
      weightGrams: parcelGrams(items),
      customs: abroad ? items : null,
    };
    const claim = await store.claim({
      orderId: found.row.id,
      reference,
      provider: provider.name,
      weightGrams: request.weightGrams,
      customs: request.customs,
      now: this.now(),
    });
    // Another "Buy label" holds the slot (a double tap, another tab or instance): one label per order.
    if (claim === null) return refuse('conflict', SHIPPING_MESSAGES.alreadyLabelled);
    let bought: Awaited<ReturnType<LabelProvider['buy']>>;
    try {
      bought = await provider.buy(request);
    } catch (err) {
      await store.release(claim);
      if (!(err instanceof LabelProviderError)) throw err;
      this.o.log.error({ reference, err: err.message }, 'shipping: the provider did not make the label');
      return refuse('upstream', SHIPPING_MESSAGES.providerFailed);
    }
    const trackingUrl = bought.trackingUrl ?? trackingUrlFor(bought.carrier, bought.trackingNumber);
    await store.complete(claim, { ...bought, trackingUrl }, this.now());
    // Fulfilment's own dispatch: the status, the tracking, the history and the one e-mail with its link.
    await desk.dispatch(
      reference,
      {
        carrier: bought.carrier,
        trackingNumber: bought.trackingNumber,
        trackingUrl: trackingUrl ?? undefined,
      },
      actor,
    );
    return { carrier: bought.carrier, trackingNumber: bought.trackingNumber, url: labelPath(reference) };
  }

  /** The order's live label as the desk shows it (null: none). */
  async labelOf(reference: string): Promise<OrderLabel> {
    const found = await this.o.desk.store.findByReference(reference);
    if (!found) return refuse('not-found', SHIPPING_MESSAGES.notFound);
    const row = await this.o.store.currentOf(found.row.id);
    if (row?.status !== 'live' || !row.tracking_number) return { label: null };
    return {
      label: {
        carrier: (row.carrier ?? 'other') as Label['carrier'],
        trackingNumber: row.tracking_number,
        url: labelPath(reference),
        test: row.provider === 'test',
        createdAt: row.created_at,
        voidable: !carrierHasParcel(row.tracking_status) && found.row.delivered_at === null,
      },
    };
  }

  /** The live label's PDF; 404 when the order has none (or its PDF is past its keeping). */
  async pdfOf(reference: string): Promise<Buffer> {
    const pdfs = await this.o.store.livePdfs([reference]);
    return pdfs.get(reference) ?? refuse('not-found', SHIPPING_MESSAGES.noLabel);
  }

  /** Voids the order's live label while the carrier has not taken the parcel; the order goes back to production. */
  async void(reference: string, actor: Actor): Promise<void> {
    const { desk, store, provider } = this.o;
    const found = await desk.store.findByReference(reference);
    if (!found) return refuse('not-found', SHIPPING_MESSAGES.notFound);
    const row = await store.currentOf(found.row.id);
    if (row?.status !== 'live' || !row.provider_label_id)
      return refuse('not-found', SHIPPING_MESSAGES.noLabel);
    if (carrierHasParcel(row.tracking_status) || found.row.delivered_at !== null)
      return refuse('conflict', SHIPPING_MESSAGES.notVoidable);
    let answer: { approved: boolean; message: string };
    try {
      answer = await provider.void(row.provider_label_id);
    } catch (err) {
      if (!(err instanceof LabelProviderError)) throw err;
      this.o.log.error({ reference, err: err.message }, 'shipping: the provider did not void the label');
      return refuse('upstream', SHIPPING_MESSAGES.voidRefused);
    }
    if (!answer.approved)
      return refuse(
        'conflict',
        `${SHIPPING_MESSAGES.voidRefused}${answer.message ? `: ${answer.message}` : ''}`,
      );
    if (!(await store.markVoided(row.id, this.now()))) return refuse('not-found', SHIPPING_MESSAGES.noLabel);
    await desk.undoDispatch(reference, row.tracking_number ?? '', actor);
  }

  /** One PDF of these orders' labels; 409 naming the orders that have none. */
  async batch(references: readonly string[], layout: LabelLayout): Promise<Buffer> {
    const unique = [...new Set(references)];
    const pdfs = await this.o.store.livePdfs(unique);
    const without = unique.filter((r) => !pdfs.has(r));
    if (without.length > 0)
      return refuse('conflict', `${SHIPPING_MESSAGES.batchUnknown}: ${without.join(', ')}`);
    return labelsBatchPdf(
      unique.map((r) => pdfs.get(r) as Buffer),
      layout,
    );
  }

  /** Today's labels (bought since midnight, Irish time), oldest first: the desk's "Print today's labels". */
  async todaysReferences(): Promise<string[]> {
    const today = irishDate(this.now());
    return this.o.store.liveSince(irishInstant(today, 0, 0).toISOString());
  }

  /**
   * ShipEngine's `track` event: its status kept on the label, and "delivered" (DE) marks the order
   * delivered through fulfilment (the review request follows, as when the owner marks it). An event about
   * a number the shop does not know is answered and ignored: the carrier's account may ship for others.
   */
  async track(event: TrackEvent): Promise<{ delivered: boolean }> {
    const data = event.data;
    if (!data || !/track/i.test(event.resource_type)) return { delivered: false };
    const row = await this.o.store.liveByTracking(data.tracking_number);
    if (!row) return { delivered: false };
    await this.o.store.setTrackingStatus(row.id, data.status_code, this.now());
    if (data.status_code !== DELIVERED_STATUS) return { delivered: false };
    const found = await this.o.desk.store.findByReference(row.reference);
    if (!found || found.row.delivered_at !== null) return { delivered: false };
    try {
      const outcome = await this.o.desk.changeStatus(row.reference, 'delivered', {
        ...CARRIER_ACTOR,
        requestKey: `track:${data.tracking_number}:${DELIVERED_STATUS}`,
      });
      return { delivered: outcome.changed };
    } catch (err) {
      // Refunded or cancelled meanwhile: the flow refuses "delivered"; the carrier is answered all the same.
      if (!(err instanceof Refusal)) throw err;
      this.o.log.warn({ reference: row.reference, err: err.message }, 'shipping: delivery not recorded');
      return { delivered: false };
    }
  }
}
