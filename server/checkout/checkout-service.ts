/**
 * The money path: price a cart from the catalogue, store it as a pending order, open the provider's hosted
 * checkout; later confirm the payment with the provider and mark the order paid (mark-paid.ts, exactly
 * once). `confirm` is the one confirmation step for the confirmation page and the provider's webhook alike.
 */

import type { Kysely, Transaction } from 'kysely';
import type { OrderTotals } from '../../domain/cart/pricing';
import { lineSize } from '../../domain/catalogue/sizes';
import type { Adjustment } from '../../domain/checkout/adjustments';
import {
  CHECKOUT_VAT_ERRORS,
  type ConfirmResponse,
  EARLIER_CHECKOUT_ENDED,
  type EmailDeliveryStatus,
  type OrderPayment,
} from '../../domain/checkout/checkout';
import type { ValidCheckout } from '../../domain/checkout/checkout-request';
import { pricedVat } from '../../domain/checkout/priced-order';
import { SHIPPING_ZONES, type ZoneId } from '../../domain/config';
import { checkSendOn, GIFT_CARD_MESSAGES } from '../../domain/gift-cards/gift-cards';
import {
  type DeliveryPromise,
  type DispatchCalendar,
  deliveryEstimate,
  deliveryPromise,
} from '../../domain/making/dispatch';
import type { MakingQueueSource } from '../../domain/making/making-queue';
import { promisedQueue, queueExtraDays } from '../../domain/making/making-queue';
import type { DiscountedTotals } from '../../domain/offers/discounts';
import { orderPagePath } from '../../domain/orders/order-page';
import { orderDiscountLabel, REVERSE_CHARGE_LABEL } from '../../domain/quotes/quotes';
import {
  type AllSettings,
  currentZone,
  pausedSalesMessage,
  zoneClosedMessage,
} from '../../domain/settings/shop-settings';
import type { IsoDate } from '../../domain/shared/calendar-date';
import { maskEmail } from '../../domain/shared/email';
import { type Cents, cents } from '../../domain/shared/money';
import { refusesDestination } from '../../domain/vat/vat-breakdown';
import type { Database } from '../db/schema';
import {
  type CheckoutGiftCards,
  GIFT_CARD_CHECKOUT_MS,
  GiftCardBalanceChanged,
  giftCardCodeRefusal,
  giftCardLinesInsert,
  type PendingGiftCardLine,
  refusedCodeIndex,
} from '../gift-cards';
import { newOrderId, randomAlphanumeric } from '../lib/ids';
import { Refusal, refuse } from '../lib/refusal';
import { type CheckoutDiscounts, discountLabel } from '../offers';
import {
  giftCardsAlone,
  ORDERS_MAIL_KINDS,
  type OrderStore,
  type OrderVat,
  referenceOf,
  type SellerNow,
  type StoredOrder,
} from '../orders';
import {
  type CheckoutSessionInput,
  type CreatedSession,
  type LocalSession,
  type PaymentProvider,
  PaymentProviderError,
  type ProviderSession,
  type ProviderWebhookEvent,
  SESSION_ID_PATTERN,
  SESSION_ID_PLACEHOLDER,
  type ShippingDetails,
} from '../payments';
import { CARDS_ALONE_VAT_PLAN, type CheckoutVatFace, orderVatAnswer, planCheckoutVat } from '../vat';
import { cardPaidAddress } from './card-paid-address';
import type { CheckoutHolds } from './checkout-holds';
import type { MarkPaid } from './mark-paid';
import { priceCheckout } from './pricing';

export interface CheckoutServiceLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface CheckoutServiceOptions {
  readonly store: OrderStore;
  readonly provider: PaymentProvider;
  /** Marks a paid session's order paid, once (mark-paid.ts). */
  readonly markPaid: MarkPaid;
  /** No trailing slash. */
  readonly publicUrl: string;
  /** The owner's seller settings now: the VAT rate and number a new order is charged with. */
  readonly seller: SellerNow;
  readonly log: CheckoutServiceLogger;
  /**
   * The owner's closures, working days and away state as this instance holds them (server/settings
   * `calendar`, no query); none: Monday to Friday without closures.
   */
  readonly calendar?: () => Promise<DispatchCalendar>;
  /** The clock dispatch dates are computed from (tests); Date.now by default. */
  readonly now?: () => number;
  /**
   * The maker's queue and capacity (making/making-queue-state.ts): the hosted checkout's promise counts
   * the pieces ahead. None: every order is promised as if it were the only one (today's rule).
   */
  readonly queue?: MakingQueueSource;
  /** The provider ended an unpaid checkout with a link back to it (Stripe's after_expiration recovery). */
  readonly onRecoverable?: (checkout: {
    readonly orderId: string;
    readonly recoveryUrl: string;
  }) => Promise<void> | void;
  /** Discount codes and the early-bird tier (server/discounts); none: every order at full price. */
  readonly discounts?: CheckoutDiscounts;
  /** The adjustments in their declared order (pricing.ts); none: every order at full price. */
  readonly adjustments?: readonly Adjustment[];
  /**
   * The owner's settings as this instance holds them (server/settings, no query): the zones' prices and
   * countries, and whether sales are paused. None: the first start's zones, never paused.
   */
  readonly settings?: () => Promise<Pick<AllSettings, 'shipping' | 'away'>>;
  /** Gift cards as a payment (gift-card-payment.ts); none: codes are refused as unknown. */
  readonly giftCards?: CheckoutGiftCards;
  /** What features hold while a checkout is open (checkout-holds.ts); none: nothing is held. */
  readonly holds?: CheckoutHolds;
  /**
   * The VAT rules (server/vat, docs/product/vat.md §20): the destination and a business buyer checked, the VAT
   * inside each line stored with the order. None: the order carries the flat rate only (older tests).
   */
  readonly vat?: CheckoutVatFace;
}

/** An order to store, without its VAT: the service adds the owner's rate and number at that moment. */
type PendingOrder = Omit<Parameters<OrderStore['createPending']>[0], 'vat'>;

/** What the owner's order stores (docs/product/orders.md §10.17); `within` writes its history in the same transaction. */
export type ManualOrderInput = Omit<PendingOrder, 'id' | 'provider' | 'within'> & {
  readonly totals: DiscountedTotals;
  readonly within: (trx: Transaction<Database>, orderId: string) => Promise<void>;
};

/** Gift cards paid the whole order: paid at once, no hosted checkout (docs/product/gift-cards.md §19). */
export interface PaidByGiftCards {
  readonly ok: true;
  readonly paid: true;
  readonly reference: string;
  readonly orderId: string;
  /** Why VAT was charged to a business buyer after all (VIES did not answer); null otherwise. */
  readonly vatNotice: string | null;
  /** EARLIER_CHECKOUT_ENDED when an earlier checkout holding the same card was ended; null otherwise. */
  readonly giftCardNotice?: string | null;
  readonly logged: CheckoutOutcome['logged'];
}

/** A hosted checkout opened; a refusal (paused sales, a closed zone, a code, the provider) is thrown. */
export type CheckoutOutcome = {
  readonly ok: true;
  readonly url: string;
  readonly sessionId: string;
  /** For the request's log line (ops/logging.ts `addToRequestLine`): what was opened, no personal data. */
  readonly logged: {
    readonly orderId: string;
    readonly total: number;
    readonly items: number;
    readonly zone: string;
  };
  /** The order the checkout opened (the cart reminder keeps it with the consent). */
  readonly orderId: string;
  /** What the hosted checkout charges (a valid intra-EU business: the price less its VAT). */
  readonly total: number;
  /** Why VAT was charged to a business buyer after all (VIES did not answer); null otherwise. */
  readonly vatNotice: string | null;
  /** EARLIER_CHECKOUT_ENDED when an earlier checkout holding the same card was ended; null otherwise. */
  readonly giftCardNotice?: string | null;
};

/** What confirming a session found; a malformed session id and a provider that is down are refusals. */
export interface ConfirmOutcome {
  /** False for a session the shop never opened: the body is then `{ status: 'unknown' }`. */
  readonly found: boolean;
  /** What the browser gets. */
  readonly body: ConfirmResponse;
  /**
   * True only for the one call that moved the order to paid and queued its e-mails (the reconcile pass
   * counts these). The server's own business: never part of the body.
   */
  readonly firstConfirmation: boolean;
}

export const PROVIDER_UNAVAILABLE =
  'The payment provider could not be reached. No payment was taken; please try again in a moment.';
export const CONFIRM_UNAVAILABLE =
  'We could not check your payment with the payment provider just now. Please try again in a moment.';
export const INVALID_SESSION_ID = 'This is not a valid checkout session id';

/** Without the settings (tests): Monday to Friday, no closures, never away. */
const NO_CALENDAR: DispatchCalendar = {};

/** A hosted checkout's lifetime (24 hours, Stripe's default and the test checkout's) and an hour's margin. */
const CHECKOUT_LIFETIME_MS = 25 * 60 * 60 * 1000;

/** A shopper's checkout request as its order keeps it: never the same as a desk submission's key. */
function checkoutRequestKey(key: string): string {
  return `checkout:${key}`;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export class CheckoutService {
  constructor(private readonly o: CheckoutServiceOptions) {}

  get provider(): PaymentProvider {
    return this.o.provider;
  }

  private async calendar(): Promise<DispatchCalendar> {
    return (await this.o.calendar?.()) ?? NO_CALENDAR;
  }

  private now(): Date {
    return new Date((this.o.now ?? Date.now)());
  }

  /** The last promise made per zone, the minute it was made in and the settings it followed. */
  private readonly promises = new Map<
    ZoneId,
    { readonly minute: number; readonly calendar: DispatchCalendar; readonly promise: DeliveryPromise }
  >();

  /**
   * What the hosted checkout shows for an order placed now. The dispatch rules read the Irish date, hour
   * and minute (domain/making/dispatch.ts), and Irish time is UTC plus whole hours, so the answer is the same for
   * every instant of one UTC minute: computed once a minute per zone instead of at every checkout (about
   * 10-15 µs each, a few per cent of a checkout's CPU; it was a sixth of it while Irish time came from Intl).
   * A settings save gives a new calendar object, which is made again at once.
   */
  private quietPromise(zone: ZoneId, now: Date, calendar: DispatchCalendar): DeliveryPromise {
    const minute = Math.floor(now.getTime() / 60_000);
    const cached = this.promises.get(zone);
    if (cached?.minute === minute && cached.calendar === calendar) return cached.promise;
    const promise = deliveryPromise(now, zone, calendar);
    this.promises.set(zone, { minute, calendar, promise });
    return promise;
  }

  /**
   * The promise for an order of `pieces` placed now, behind the making queue as the shop's pages know it
   * (at most a minute old). The date stored at payment counts the queue again, exactly.
   */
  private async deliveryPromise(zone: ZoneId, pieces: number): Promise<DeliveryPromise> {
    const now = this.now();
    const calendar = await this.calendar();
    const current = await this.o.queue?.current();
    // The cart's inputs (making-queue.ts promisedQueue): the same pieces get the cart's date.
    const queue = current && promisedQueue(current);
    if (!queue || queueExtraDays(queue, pieces) === 0) return this.quietPromise(zone, now, calendar);
    return deliveryPromise(now, zone, { ...calendar, queue, pieces });
  }

  /** A cart without gift cards that pay it in full: its hosted checkout (checkoutCart answers both). */
  async createCheckout(input: ValidCheckout): Promise<CheckoutOutcome> {
    const outcome = await this.checkoutCart(input);
    if ('paid' in outcome) throw new Error('createCheckout: the gift cards paid this order in full');
    return outcome;
  }

  /**
   * A cart's checkout: its hosted checkout for what the gift cards leave, or, when they pay it all, the
   * order paid at once (docs/product/gift-cards.md §19).
   */
  async checkoutCart(
    input: ValidCheckout,
    /** The request's Idempotency-Key (the storefront sends one per attempt, the same one on a retry). */
    request: { readonly key?: string } = {},
  ): Promise<CheckoutOutcome | PaidByGiftCards> {
    // A retry of a checkout the cards paid whose answer was lost: the same order, never a second payment
    // (its cards no longer hold what they paid, so pricing it again would open another checkout).
    const requestKey = request.key === undefined ? null : checkoutRequestKey(request.key);
    const made = requestKey ? await this.paidByRequest(requestKey) : null;
    if (made) return made;
    const shop = await this.o.settings?.();
    // Paused: refused before anything is reserved or stored.
    if (shop?.away.mode === 'pause-sales') {
      return refuse('conflict', pausedSalesMessage(shop.away));
    }
    const zone = shop ? currentZone(shop.shipping, input.zone) : null;
    if (shop && !zone) return refuse('invalid', zoneClosedMessage(input.zone));
    // A card's holder opens a new checkout with it: an earlier one left unfinished (its tab closed, its
    // answer lost) no longer holds the card's money for its hour, and the answer says so.
    const ended = await this.endCheckoutsHolding(this.o.giftCards ? (input.giftCardCodes ?? []) : []);
    const outcome = await this.checkoutPriced(input, shop, zone, requestKey);
    return ended > 0 ? { ...outcome, giftCardNotice: EARLIER_CHECKOUT_ENDED } : outcome;
  }

  /**
   * Ends the unfinished checkouts holding these codes' cards: the provider is told to end each session
   * (so it can no longer be paid), then it is confirmed as any: one paid meanwhile is paid (its holds
   * spent), the others expire and their holds go back to the cards at once. Answers how many ended.
   */
  private async endCheckoutsHolding(codes: readonly string[]): Promise<number> {
    const { giftCards, store, provider, log } = this.o;
    if (!giftCards || codes.length === 0) return 0;
    let ended = 0;
    for (const orderId of await giftCards.holdersOf(codes)) {
      const order = await store.findById(orderId);
      if (order?.status !== 'pending' || order.sessionId === null) continue;
      try {
        await provider.expireSession(order.sessionId);
        const confirmed = await this.confirm(order.sessionId);
        if (confirmed.body.status === 'expired') ended += 1;
      } catch (err) {
        // The provider is down: the earlier checkout keeps its hold until its hour is up.
        log.warn(
          { orderId, err: errorText(err) },
          'checkout: an earlier checkout holding a card was not ended',
        );
      }
    }
    return ended;
  }

  private async checkoutPriced(
    input: ValidCheckout,
    shop: Pick<AllSettings, 'shipping' | 'away'> | undefined,
    zone: ReturnType<typeof currentZone> | null,
    requestKey: string | null,
  ): Promise<CheckoutOutcome | PaidByGiftCards> {
    const { provider, discounts } = this.o;
    const now = this.now();
    const { vat } = this.o;
    // The destination and a business buyer, before anything is priced or stored (checkout-vat.ts).
    // The address a card-paid order carries says where it goes: its country is the VAT's (refused like
    // any country, Great Britain while the owner does not sell there), and never another one chosen.
    // An address outside the zone is refused by its own field further on (card-paid-address.ts).
    const zoneCountries = zone?.countries ?? SHIPPING_ZONES[input.zone].countries;
    const addressCountry = zoneCountries.find((c) => c === input.shipping?.country);
    if (addressCountry && input.country && input.country !== addressCountry)
      refuse('invalid', CHECKOUT_VAT_ERRORS.addressElsewhere, { field: 'shipping.country' });
    // Gift cards alone: nothing is posted and nothing carries VAT, so no destination is needed (§19.2).
    const cardsAlone = input.lines.length === 0;
    const plan = !vat
      ? null
      : cardsAlone
        ? CARDS_ALONE_VAT_PLAN
        : await planCheckoutVat(
            vat,
            { ...input, country: input.country ?? addressCountry ?? null },
            zoneCountries,
          );
    const bought = this.boughtCards(input, now);
    // One priced order (domain/checkout/priced-order.ts), the cart's check's own function (pricing.ts):
    // discounts, then the VAT for the destination, then the cards paying. It is stored as it comes: the
    // row's totals, the VAT lines and what the cards and the hosted checkout take. Nothing is priced again.
    const priced = await priceCheckout(
      { adjustments: this.o.adjustments ?? discounts?.entries ?? [], shipping: shop?.shipping },
      {
        email: input.email,
        lines: input.lines,
        code: input.discountCode ?? null,
        zone: input.zone,
        giftWrap: input.giftWrap,
        now,
        giftCardCodes: input.giftCardCodes ?? [],
        cardsBought: bought.map((c) => cents(c.amount)),
        ...(plan ? { destination: plan.destination } : {}),
      },
    );
    if (!priced.ok) return refuse('invalid', priced.error);
    const { applied, totals, order: pricedLines } = priced;
    const vatPriced = plan && vat ? pricedVat(pricedLines) : null;
    const notCharged = pricedLines.totals.notCharged;
    // What the cards may pay: the order less the cards it buys (a gift card never buys another gift card).
    const payable = pricedLines.totals.total - pricedLines.totals.cardsBought;
    const due = pricedLines.due;
    const paidByCards = totals.total - due;
    const orderId = newOrderId();
    const code = applied?.source === 'code' ? applied.code : null;
    const cards = this.o.giftCards;
    const codes = cards ? (input.giftCardCodes ?? []) : [];
    // The cards' part is held in the order's own transaction, exactly what the price found: another
    // checkout that took a balance since then makes this one start again rather than charge another amount.
    const holdCards = async (trx: Transaction<Database>) => {
      if (!cards || codes.length === 0) return;
      // The cards pay the bracelets' part only: a gift card never buys another gift card.
      const rest = await cards.hold(trx, orderId, codes, payable);
      if (rest !== payable - paidByCards) throw new GiftCardBalanceChanged();
    };
    // What other features hold for the pieces (the maker's materials), in the same transaction: refused,
    // and nothing is stored before the provider hears of it.
    const holdPieces = await this.o.holds?.taker(
      orderId,
      input.lines.map((line, index) => ({
        index,
        productId: line.id,
        name: line.name,
        size: line.size ?? 'M',
        quantity: line.quantity,
      })),
    );
    const order = {
      id: orderId,
      provider: provider.id,
      email: input.email,
      totals,
      giftMessage: input.giftMessage,
      discount: { amount: totals.discount, code },
      giftCardsSold: pricedLines.totals.cardsBought,
      giftCardsBought: bought.length,
      // The pieces' part of it, which `discount` holds (the shipping and the wrap are stored net).
      vatNotCharged: totals.discount - pricedLines.totals.discount,
      // The order's VAT and the cards it buys are stored with it, all or none, as plain inserts: a
      // checkout with no code and no card paying is one atomic write, committed with the other
      // checkouts of its turn (server/db/group-commit.ts).
      inserts: (db: Kysely<Database>) => [
        ...giftCardLinesInsert(db, orderId, bought),
        ...(vat && plan && vatPriced
          ? [
              vat.orderVatInsert(db, {
                orderId,
                breakdown: vatPriced.breakdown,
                lines: vatPriced.lines,
                business: plan.company,
                viesConsultation: plan.viesConsultation,
                vatToRefund: plan.vatToRefund,
              }),
            ]
          : []),
      ],
      // A code's use and the cards' holds are taken in the checkout's own transaction: refused, and
      // nothing is stored.
      ...((code && discounts) || codes.length > 0 || holdPieces
        ? {
            within: async (trx: Transaction<Database>) => {
              if (code && discounts) await discounts.reserve(trx, { code, orderId, email: input.email, now });
              await holdCards(trx);
              await holdPieces?.(trx);
            },
          }
        : {}),
    };
    const refusal = (err: unknown): Refusal | null => {
      const index = refusedCodeIndex(err);
      if (index !== null) return new Refusal('invalid', giftCardCodeRefusal(index));
      if (err instanceof GiftCardBalanceChanged) return new Refusal('conflict', err.message);
      const refused = code ? discounts?.refusalOf(err, code) : null;
      return refused ? new Refusal('invalid', refused) : null;
    };
    if (codes.length > 0 && due === 0) {
      // No hosted checkout asks for the address: the bracelets' one came with the body (checked first).
      const shipping = cardPaidAddress({
        hasBracelets: !cardsAlone,
        shipping: input.shipping,
        zoneId: input.zone,
        zone,
      });
      return this.paidByCards(order, refusal, shipping, plan?.notice ?? null, requestKey);
    }
    const discountLine =
      applied && pricedLines.totals.discount > 0 ? { label: discountLabel(applied), code } : null;
    const sessionInput = {
      ...(await this.sessionInput(
        orderId,
        input.email,
        totals,
        notCharged > 0
          ? {
              label: discountLine
                ? `${discountLine.label} and ${REVERSE_CHARGE_LABEL}`
                : REVERSE_CHARGE_LABEL,
              code,
            }
          : discountLine,
        zone
          ? { name: zone.name, countries: plan?.countries ?? zone.countries }
          : plan
            ? { name: SHIPPING_ZONES[input.zone].label, countries: plan.countries }
            : null,
        !cardsAlone,
      )),
      // Only with the shopper's consent to the one reminder (docs/product/states.md §5.10a).
      ...(input.remindMe ? { recovery: true } : {}),
      ...(bought.length > 0 ? { giftCards: bought.map((c) => cents(c.amount)) } : {}),
      // The hosted checkout takes what the cards leave.
      ...(due < totals.total
        ? {
            total: due,
            paidByGiftCards: cents(totals.total - due),
            // The page shows what each card pays (docs/product/gift-cards.md §19.3).
            ...(cards ? { giftCardParts: await this.cardParts(cards, codes, payable) } : {}),
          }
        : {}),
      // The cards' money is held no longer than the hosted checkout lives (docs/product/gift-cards.md §19.3),
      // and so are the pieces' materials (docs/product/materials.md §23.3): an hour, not the provider's day.
      ...(codes.length > 0 || holdPieces
        ? { expiresAt: new Date(now.getTime() + GIFT_CARD_CHECKOUT_MS) }
        : {}),
    };
    const outcome = await this.open(order, sessionInput, refusal, {
      release: async () => {
        await discounts?.release(orderId, this.now());
        if (codes.length > 0) await cards?.release(orderId);
        if (holdPieces) await this.o.holds?.release(orderId);
      },
    });
    return { ...outcome, vatNotice: plan?.notice ?? null };
  }

  /** The cards bought, each with its send date (today when none; a day outside the year ahead is refused). */
  private boughtCards(input: ValidCheckout, now: Date): PendingGiftCardLine[] {
    return (input.giftCards ?? []).map((card, index) => {
      const sendOn = checkSendOn(card.sendOn, now);
      if (sendOn === null)
        return refuse('invalid', `giftCards[${index}].sendOn: ${GIFT_CARD_MESSAGES.sendOn}`);
      // Gift cards alone: the buyer's name says who they are from (with bracelets, the address's).
      return { ...card, sendOn, ...(input.giftCardsFrom ? { from: input.giftCardsFrom } : {}) };
    });
  }

  /**
   * The cards pay the whole order: stored with a reference of its own (there is no session) and paid
   * through the one markPaid (payment method "gift card") in the SAME transaction, with the same e-mails
   * as any order (docs/product/gift-cards.md §19.3). A failure anywhere keeps nothing (no order, no hold),
   * so an error answer (a 503 included) always means nothing was kept; the request's key is stored with
   * the order, so a retry whose first answer was lost gets this order again.
   */
  private async paidByCards(
    order: PendingOrder,
    refusal: (err: unknown) => Refusal | null,
    shipping: ShippingDetails | null,
    vatNotice: string | null,
    requestKey: string | null,
  ): Promise<PaidByGiftCards> {
    const reference = await this.freeReference();
    const { totals } = order;
    const stored = {
      ...order,
      reference,
      paidBy: 'gift_card' as const,
      vat: await this.vatNow(),
      ...(requestKey ? { requestKey } : {}),
    };
    const draft = {
      id: order.id,
      zone: totals.zone,
      total: totals.total,
      email: order.email,
      itemCount: totals.itemCount,
      dispatchDate: null,
      channel: 'web' as const,
      lines: totals.lines,
    };
    try {
      await this.o.markPaid.storeAndMarkPaid(draft, (trx) => this.o.store.createPendingIn(trx, stored), {
        by: 'gift_card',
        shipping,
      });
    } catch (err) {
      // The same request at the same moment on another instance stored it first (the key is unique).
      const made = requestKey ? await this.paidByRequest(requestKey).catch(() => null) : null;
      if (made) return made;
      throw refusal(err) ?? err;
    }
    return {
      ok: true,
      paid: true,
      reference,
      orderId: order.id,
      vatNotice,
      logged: { orderId: order.id, total: totals.total, items: totals.itemCount, zone: totals.zone },
    };
  }

  /** What each card pays of `total`, by its last 4 (the hosted checkout's page shows it). */
  private async cardParts(
    cards: CheckoutGiftCards,
    codes: readonly string[],
    total: number,
  ): Promise<{ last4: string; amount: Cents }[]> {
    return (await cards.parts(codes, total)).map((p) => ({ last4: p.last4, amount: cents(p.amount) }));
  }

  /** The order a card-paid checkout request stored and paid, as its first answer said it. */
  private async paidByRequest(requestKey: string): Promise<PaidByGiftCards | null> {
    const row = await this.o.store.findByRequestKey(requestKey);
    if (row?.status !== 'paid' || row.channel !== 'web' || row.reference === null) return null;
    return {
      ok: true,
      paid: true,
      reference: row.reference,
      orderId: row.id,
      // Said with the first answer (its VIES check is not made again).
      vatNotice: null,
      logged: { orderId: row.id, total: row.total, items: row.item_count, zone: row.zone },
    };
  }

  /** 'SOL-' and 8 letters or digits, as every order's reference, that no order has yet. */
  private async freeReference(): Promise<string> {
    for (;;) {
      const reference = `SOL-${randomAlphanumeric(8).toUpperCase()}`;
      if (!(await this.o.store.findByReference(reference))) return reference;
    }
  }

  /**
   * A quote's checkout (server/quotes/quote-service.ts): the quote's own lines, discount and zone, priced
   * when the quote was made. `claim` runs in the transaction that stores the order (the quote's one
   * checkout is taken there or the order is not stored); `refusal` turns what it throws into the refusal thrown.
   */
  async createQuoteCheckout(input: {
    /** `dispatchBy`: the owner's date (docs/product/quotes.md), kept on the order until it is paid. */
    readonly quote: {
      readonly reference: string;
      readonly enquiryId: string | null;
      readonly dispatchBy: IsoDate;
    };
    readonly email: string;
    readonly totals: DiscountedTotals;
    readonly discountLabel: string;
    readonly claim: (trx: Transaction<Database>, orderId: string, url: string | null) => Promise<void>;
    readonly refusal: (err: unknown) => Refusal | null;
    /** A remote provider's session, once attached (its page is only known then). */
    readonly attached: (orderId: string, session: CreatedSession) => Promise<void>;
    readonly release: (orderId: string) => Promise<void>;
  }): Promise<CheckoutOutcome> {
    const { totals } = input;
    const shop = await this.o.settings?.();
    // A quote cannot be paid while sales are paused, as no cart can.
    if (shop?.away.mode === 'pause-sales') {
      return refuse('conflict', pausedSalesMessage(shop.away));
    }
    const orderId = newOrderId();
    let localUrl: string | null = null;
    const order = {
      id: orderId,
      provider: this.o.provider.id,
      email: input.email,
      totals,
      discount: { amount: totals.discount, code: null },
      quote: input.quote,
      within: (trx: Transaction<Database>) => input.claim(trx, orderId, localUrl),
    };
    // The quote's zone: the hosted checkout accepts addresses in its countries only.
    const sessionInput = await this.sessionInput(
      orderId,
      input.email,
      totals,
      totals.discount > 0 ? { label: input.discountLabel, code: null } : null,
      await this.sellingZone(shop, totals.zone),
    );
    return this.open(order, sessionInput, input.refusal, {
      onLocal: (session) => {
        localUrl = session.url;
      },
      attached: (session) => input.attached(orderId, session),
      release: () => input.release(orderId),
    });
  }

  /**
   * The owner's order paid by link (docs/product/orders.md §10.17): stored pending with her lines and prices and
   * opened on the same hosted checkout as any order; once paid, `confirm` confirms it as any order. Sales
   * paused in the settings do not stop it: the order is the owner's own. `within` runs in the transaction
   * that stores the order (its history).
   */
  async createManualCheckout(order: ManualOrderInput): Promise<CheckoutOutcome> {
    const shop = await this.o.settings?.();
    const orderId = newOrderId();
    const sessionInput = {
      ...(await this.sessionInput(
        orderId,
        order.email,
        order.totals,
        null,
        await this.sellingZone(shop, order.totals.zone),
      )),
      ...(order.manual?.shipping ? { prefill: order.manual.shipping } : {}),
    };
    // The link is kept with the order (a repeated submission answers it again): a local session's in the
    // order's own transaction, a remote one's once the provider made it.
    let localUrl: string | null = null;
    const stored = {
      ...order,
      id: orderId,
      provider: this.o.provider.id,
      within: async (trx: Transaction<Database>) => {
        await order.within(trx, orderId);
        if (localUrl) await this.o.store.recordCheckoutUrl(orderId, localUrl, trx);
      },
    };
    return this.open(stored, sessionInput, () => null, {
      onLocal: (session) => {
        localUrl = session.url;
      },
      attached: (session) => this.o.store.recordCheckoutUrl(orderId, session.url),
      release: async () => undefined,
    });
  }

  /** The owner's order marked paid: stored (then marked paid, mark-paid.ts); its id. */
  async createManualPaid(order: ManualOrderInput): Promise<string> {
    const orderId = newOrderId();
    await this.o.store.createPending({
      ...order,
      vat: await this.vatNow(),
      id: orderId,
      provider: this.o.provider.id,
      within: (trx) => order.within(trx, orderId),
    });
    return orderId;
  }

  /**
   * A quote's or the owner's hosted checkout: the zone as the owner set it, less Great Britain while she
   * does not sell there (as a cart's, checkout-vat.ts): its VAT is priced at payment on the address given.
   */
  private async sellingZone(
    shop: Pick<AllSettings, 'shipping'> | undefined,
    zoneId: ZoneId,
  ): Promise<{ readonly name: string; readonly countries: readonly string[] } | null> {
    const zone = shop ? currentZone(shop.shipping, zoneId) : null;
    if (!zone || !this.o.vat) return zone;
    const { gb } = await this.o.vat.settings();
    return { name: zone.name, countries: zone.countries.filter((c) => !refusesDestination(gb, c)) };
  }

  /** What the hosted checkout is asked to show and charge for this order. */
  private async sessionInput(
    orderId: string,
    email: string,
    totals: DiscountedTotals,
    discount: { readonly label: string; readonly code: string | null } | null,
    /** The zone as the owner set it: the hosted checkout's countries and delivery line follow it. */
    zone: { readonly name: string; readonly countries: readonly string[] } | null,
    /** False for gift cards alone: nothing is posted, so no address, no delivery and no dispatch promise. */
    posted = true,
  ): Promise<CheckoutSessionInput> {
    return {
      orderId,
      email,
      zone: totals.zone,
      ...(zone ? { destination: { label: zone.name, countries: zone.countries } } : {}),
      lines: totals.lines,
      shipping: totals.shipping,
      giftWrap: totals.giftWrap,
      total: totals.total,
      ...(discount ? { discount: { amount: totals.discount, ...discount } } : {}),
      delivery: posted ? await this.deliveryPromise(totals.zone, totals.itemCount) : null,
      successUrl: `${this.o.publicUrl}/#/order-confirmation?session_id=${SESSION_ID_PLACEHOLDER}`,
      cancelUrl: `${this.o.publicUrl}/#/payment-canceled`,
    };
  }

  /**
   * Stores the pending order and opens its hosted checkout. A local provider's session is stored in the
   * order's own transaction; a remote one is asked after the order is stored, and its session attached.
   */
  private async open(
    order: PendingOrder,
    sessionInput: CheckoutSessionInput,
    refusal: (err: unknown) => Refusal | null,
    hooks: {
      readonly onLocal?: (session: LocalSession) => void;
      readonly attached?: (session: CreatedSession) => Promise<void>;
      readonly release: () => Promise<void>;
    },
  ): Promise<CheckoutOutcome> {
    const { store, provider, log } = this.o;
    const orderId = order.id;
    const { totals } = order;
    const local = provider.prepareLocalSession?.(sessionInput);
    if (local) {
      hooks.onLocal?.(local);
      // The provider keeps its sessions in the shop's own database: the order, its lines and the session
      // are one transaction, so the shop still knows every checkout it opened, and a failure anywhere
      // leaves none of it behind (nothing to mark abandoned, no session to expire).
      await this.storePending({ ...order, session: local }, refusal);
      return this.opened(orderId, local, totals);
    }
    // A remote provider: the order (with its lines) is stored before the provider hears of it, so
    // whatever fails later, the shop knows about every checkout it opened.
    await this.storePending(order, refusal);
    let session: CreatedSession;
    try {
      session = await provider.createSession(sessionInput);
    } catch (err) {
      await store.markAbandoned(orderId, `checkout session not created: ${errorText(err)}`);
      await hooks.release();
      if (err instanceof PaymentProviderError) {
        log.error({ orderId, err: err.message }, 'checkout: payment provider failed');
        return refuse('upstream', PROVIDER_UNAVAILABLE);
      }
      throw err;
    }
    try {
      await store.attachSession(orderId, session.id);
      await hooks.attached?.(session);
    } catch (err) {
      // A session the shop cannot find again must never be paid: close it before reporting the failure.
      await provider.expireSession(session.id).catch((expireErr: unknown) => {
        log.error(
          { orderId, sessionId: session.id, err: errorText(expireErr) },
          'checkout: could not expire session',
        );
      });
      await store.markAbandoned(orderId, `session not recorded: ${errorText(err)}`).catch(() => undefined);
      await hooks.release().catch(() => undefined);
      throw err;
    }
    return this.opened(orderId, session, totals);
  }

  /**
   * Stores the pending order; what `within` refused (a code's last use, a quote's claim) is thrown as its
   * refusal, after the order's transaction rolled back.
   */
  private async storePending(order: PendingOrder, refusal: (err: unknown) => Refusal | null): Promise<void> {
    try {
      await this.o.store.createPending({ ...order, vat: await this.vatNow() });
    } catch (err) {
      throw refusal(err) ?? err;
    }
  }

  /**
   * No log line of its own: the route adds `logged` to the request's one line (a second pino line per
   * checkout was about a twelfth of its CPU in bench:api). The session id stays out of the logs: it opens
   * the order's confirmation; the order id finds it in the database.
   */
  private opened(orderId: string, session: CreatedSession, totals: OrderTotals): CheckoutOutcome {
    return {
      ok: true,
      url: session.url,
      sessionId: session.id,
      orderId,
      total: totals.total,
      vatNotice: null,
      logged: { orderId, total: totals.total, items: totals.itemCount, zone: totals.zone },
    };
  }

  /**
   * Asks the provider whether the session is paid; if it is, marks the order paid and queues both e-mails
   * in one transaction. Idempotent and safe under any concurrency (mark-paid.ts, OrderStore.markPaidAndQueue).
   */
  async confirm(sessionId: string): Promise<ConfirmOutcome> {
    if (!SESSION_ID_PATTERN.test(sessionId)) {
      return refuse('invalid', INVALID_SESSION_ID);
    }
    const { store, provider, log } = this.o;
    const order = await store.findBySession(sessionId);
    if (!order) return { found: false, body: { status: 'unknown' }, firstConfirmation: false };
    if (order.status === 'paid') return this.summary(order, false);

    let session: ProviderSession | null;
    try {
      session = await provider.retrieveSession(sessionId);
    } catch (err) {
      log.error({ orderId: order.id, sessionId, err: errorText(err) }, 'confirm: provider unavailable');
      return refuse('upstream', CONFIRM_UNAVAILABLE);
    }
    if (!session) {
      log.warn({ orderId: order.id, sessionId }, 'confirm: provider does not know this session');
      await store.flagForReview(order.id, 'The payment provider does not know this checkout session');
      return this.summary(order, false);
    }
    if (session.paymentStatus === 'paid') {
      if (!this.matches(order, session, await this.giftCardPart(order.id))) {
        await store.flagForReview(
          order.id,
          `Paid ${session.amountTotal ?? '?'} ${session.currency ?? '?'} (cents), but the order is ${order.total} ${order.currency}`,
        );
        return this.summary(order, false);
      }
      const outcome = await this.o.markPaid.markPaid(order, {
        by: 'provider',
        sessionId,
        shipping: session.shipping,
        paymentId: session.paymentId ?? null,
      });
      // The code's use counts for good (a repeat changes nothing; a late expiry no longer frees it).
      if (order.discountCode) await this.o.discounts?.markUsed(order.id, this.now());
      return this.summary(outcome?.order ?? order, outcome?.first ?? false);
    }
    if (session.status === 'expired') {
      await store.markIfPending(order.id, 'expired', 'checkout session expired');
      if (order.discountCode) await this.o.discounts?.release(order.id, this.now());
      await this.o.giftCards?.release(order.id);
      await this.o.holds?.release(order.id);
      const current = await store.findById(order.id);
      return this.summary(current ?? order, false);
    }
    return this.summary(order, false);
  }

  /**
   * The shopper cancelled on the hosted checkout (the test checkout's "Cancel and return"): the order
   * will not be paid, and its discount code's use is free again.
   */
  async cancelled(sessionId: string): Promise<void> {
    const order = await this.o.store.findBySession(sessionId);
    if (order?.status !== 'pending') return;
    await this.o.store.markIfPending(order.id, 'expired', 'checkout cancelled');
    if (order.discountCode) await this.o.discounts?.release(order.id, this.now());
    // The cards' holds are free again at once (not when the hold would lapse).
    await this.o.giftCards?.release(order.id);
    await this.o.holds?.release(order.id);
  }

  /**
   * Sales paused (docs/product/desk.md §10.14): every checkout still open is ended at the provider, so none
   * opened before the pause is paid during it (its page says the checkout has expired); its order expires
   * and a code's use is free again. A session the provider already took the money for cannot be ended:
   * it is confirmed as any payment. Returns how many were ended.
   */
  async endOpenCheckouts(): Promise<number> {
    const { store, provider, log } = this.o;
    const since = new Date(this.now().getTime() - CHECKOUT_LIFETIME_MS).toISOString();
    let ended = 0;
    for (const open of await store.openCheckouts(since)) {
      try {
        await provider.expireSession(open.sessionId);
      } catch (err) {
        log.warn({ orderId: open.id, err: errorText(err) }, 'sales paused: a checkout could not be ended');
        continue;
      }
      await this.cancelled(open.sessionId);
      ended++;
    }
    return ended;
  }

  /** A verified provider event. Returns false when the shop should be asked again later (provider down). */
  async handleWebhook(event: ProviderWebhookEvent): Promise<boolean> {
    const { store, log } = this.o;
    if (!event.sessionId) return true;
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        if (event.recovered) await this.followRecovered(event.sessionId, event.recovered);
        // Asked again later only when the provider is down (a malformed id never gets better).
        try {
          await this.confirm(event.sessionId);
          return true;
        } catch (err) {
          if (err instanceof Refusal) return err.reason !== 'upstream';
          throw err;
        }
      }
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired': {
        const order = await store.findBySession(event.sessionId);
        if (!order) return true;
        const failed = event.type === 'checkout.session.async_payment_failed';
        const changed = await store.markIfPending(
          order.id,
          failed ? 'failed' : 'expired',
          failed ? 'asynchronous payment failed' : 'checkout session expired',
        );
        if (changed) log.info({ orderId: order.id, type: event.type }, 'order updated from webhook');
        // Asked for only when the shopper ticked the reminder (docs/product/states.md §5.10a): the e-mail uses it.
        if (!failed && event.recoveryUrl && order.status !== 'paid')
          await this.o.onRecoverable?.({ orderId: order.id, recoveryUrl: event.recoveryUrl });
        // The shop learns the checkout ended: its code's use can be taken again (unless it was paid).
        if (order.discountCode && order.status !== 'paid')
          await this.o.discounts?.release(order.id, this.now());
        if (order.status !== 'paid') await this.o.giftCards?.release(order.id);
        // Only an unpaid order's holds go back (checkout-holds.ts locks the order to be sure).
        if (order.status !== 'paid') await this.o.holds?.release(order.id);
        return true;
      }
      default:
        return true;
    }
  }

  /**
   * A session Stripe made from an expired checkout's recovery link (the cart reminder, docs/product/states.md
   * §5.10a) is paid under a new id: the order of the expired session follows it (its reference stays),
   * so the payment is confirmed like any other, never lost. Only from a signed event, and only when the
   * new session names that order; `confirm` then checks the amount with Stripe as always.
   */
  private async followRecovered(
    sessionId: string,
    recovered: { readonly fromSessionId: string; readonly orderId: string | null },
  ): Promise<void> {
    const { store, log } = this.o;
    if (await store.findBySession(sessionId)) return;
    const original = await store.findBySession(recovered.fromSessionId);
    if (!original || original.id !== recovered.orderId || original.status === 'paid') return;
    if (await store.followSession(original.id, recovered.fromSessionId, sessionId)) {
      log.info({ orderId: original.id }, 'order follows its recovered checkout session');
    }
  }

  /** The provider's session must be the one opened for this order, for this amount in its currency. */
  private matches(order: StoredOrder, session: ProviderSession, byCards: number): boolean {
    // The session was opened for what the gift cards left.
    const expected = order.total - byCards;
    const ok =
      session.orderId === order.id &&
      session.amountTotal === expected &&
      session.currency?.toLowerCase() === order.currency.toLowerCase();
    if (!ok) {
      this.o.log.error(
        {
          orderId: order.id,
          sessionId: session.id,
          sessionOrderId: session.orderId,
          expected,
          amountTotal: session.amountTotal,
          expectedCurrency: order.currency,
          currency: session.currency,
        },
        'confirm: paid session does not match its order; not confirming, needs the owner',
      );
    }
    return ok;
  }

  /** Cents gift cards hold or paid for the order (0 without cards). */
  private async giftCardPart(orderId: string): Promise<number> {
    return (await this.o.giftCards?.heldFor(orderId)) ?? 0;
  }

  /** How a paid order was paid: the cards' parts (last 4 only), then the card payment for the rest. */
  /** The cards the order bought, for the confirmation page; none: nothing. */
  private async giftCardsBought(order: StoredOrder, reference: string) {
    if ((order.giftCardsSold ?? 0) === 0 || !this.o.giftCards) return {};
    const bought = await this.o.giftCards.boughtIn(reference);
    return bought.length > 0 ? { giftCardsBought: bought } : {};
  }

  /**
   * How a paid order was paid, and what it still owes: a gift card's part whose hold lapsed and could
   * not be taken again is neither the card payment's nor the gift card's (docs/product/gift-cards.md §19.3).
   */
  private async payments(
    order: StoredOrder,
    reference: string,
  ): Promise<{ payments: OrderPayment[]; owed?: number }> {
    const cards = (await this.o.giftCards?.paymentsOf(reference)) ?? [];
    const byCards = cards.reduce((sum, p) => sum + p.amount, 0);
    const owed = (await this.o.giftCards?.owedFor(order.id)) ?? 0;
    const rest = order.total - byCards - owed;
    const payments: OrderPayment[] =
      rest > 0 || cards.length === 0 ? [{ method: 'card', amount: rest }, ...cards] : cards;
    return owed > 0 ? { payments, owed } : { payments };
  }

  /** The VAT a new order is charged with: the owner's rate and number now. */
  private async vatNow(): Promise<OrderVat> {
    const { vatRate, vatNumber } = await this.o.seller();
    return { vatRate, vatNumber };
  }

  /** The order's VAT as the confirm answer carries it (none for an order priced before the VAT rules). */
  private async vatOf(order: StoredOrder): Promise<{ vat?: NonNullable<ConfirmResponse['vat']> }> {
    const stored = await this.o.vat?.orderVat(order.id);
    if (!stored) return {};
    const invoice = order.reference ? await this.o.vat?.store.invoiceOf(order.reference) : null;
    return { vat: orderVatAnswer(stored, invoice?.number ?? null) };
  }

  /**
   * A paid order as the confirm answer gives it, for the checkout's answer when the gift cards paid it all
   * (there is no session to confirm): the storefront shows its confirmation page with it. Null: not paid.
   */
  async paidSummary(orderId: string): Promise<ConfirmResponse | null> {
    const order = await this.o.store.findById(orderId);
    if (order?.status !== 'paid') return null;
    const outcome = await this.summary(order, false);
    return outcome.found ? outcome.body : null;
  }

  private async summary(order: StoredOrder, firstConfirmation: boolean): Promise<ConfirmOutcome> {
    const reference = referenceOf(order);
    if (order.status !== 'paid') {
      return { found: true, body: { status: order.status, reference }, firstConfirmation };
    }
    const emailStatus: EmailDeliveryStatus | null = await this.o.store.customerEmailStatus(
      order.id,
      ORDERS_MAIL_KINDS.customer,
    );
    // The confirmation page links to the order's page, the link of the confirmation e-mail (docs/product/pages.md
    // §2.7): whoever holds the payment session has the order already. The answer gets a key of its own
    // (the keys sent before keep working); it travels in this answer only, never in a log line.
    const key = await this.o.store.issueKey(order.id);
    return {
      found: true,
      body: {
        status: 'paid',
        reference,
        items: order.lines.map((l) => ({
          id: l.id,
          name: l.name,
          // A quote's custom line has no bracelet size.
          size: lineSize(l.id, l.size),
          quantity: l.quantity,
          unitPrice: l.unitPrice,
          lineTotal: l.lineTotal,
        })),
        subtotal: order.subtotal,
        shipping: order.shipping,
        giftWrap: order.giftWrap,
        ...(order.giftMessage ? { giftMessage: order.giftMessage } : {}),
        discount: order.discount,
        discountCode: order.discountCode,
        ...(order.discount > 0 ? { discountLabel: orderDiscountLabel(order) } : {}),
        total: order.total,
        email: maskEmail(order.email),
        ...(emailStatus ? { emailStatus } : {}),
        orderPagePath: orderPagePath(reference, key),
        ...(await this.payments(order, reference)),
        ...(await this.giftCardsBought(order, reference)),
        ...(await this.vatOf(order)),
        ...(giftCardsAlone(order) ? { giftCardsAlone: true as const } : {}),
        ...(order.dispatchDate
          ? {
              delivery: { dispatch: order.dispatchDate, ...deliveryEstimate(order.dispatchDate, order.zone) },
              dispatchBy: order.dispatchDate,
            }
          : {}),
      },
      firstConfirmation,
    };
  }
}
