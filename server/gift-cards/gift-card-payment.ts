/**
 * Gift cards at the checkout (docs/product/gift-cards.md §19): a `payment` adjustment (a card is a payment, never a
 * discount: the order's total, VAT and revenue stay those of the same order paid by card), and the holds
 * the checkout takes, spends and releases through the gift cards' face. A checkout's holds are keyed by
 * its order id, known before any session exists (and an order the cards pay in full has none).
 */
import type { Transaction } from 'kysely';
import type { Adjustment } from '../../domain/checkout/adjustments';
import type { OrderPayment } from '../../domain/checkout/checkout';
import { GIFT_CARD_MESSAGES, giftCardLabel, splitAcrossCards } from '../../domain/gift-cards/gift-cards';
import { dateParts, formatDayOfMonth, type IsoDate, irishDate } from '../../domain/shared/calendar-date';
import { cents, formatEuro } from '../../domain/shared/money';
import type { Database } from '../db/schema';
import { type BoughtLine, type OrderStore, type PaidParticipant, referenceOf } from '../orders';
import {
  type BoughtGiftCard,
  GiftCardRefused,
  type GiftCardService,
  type IssuedGiftCard,
} from './gift-card-service';
import type { GiftCardsFace } from './gift-cards-face';
import { takeGiftCardLines } from './order-gift-card-store';

/** The 400 for code `index` of `giftCardCodes`: the one answer, with the field it names. */
export function giftCardCodeRefusal(index: number): string {
  return `giftCardCodes[${index}]: ${GIFT_CARD_MESSAGES.invalidCode}`;
}

/** A card's balance moved between the price and the hold (another checkout took it): ask again. */
export const GIFT_CARD_BALANCE_CHANGED =
  'A gift card’s balance changed while you were checking out. Please try again.';

export class GiftCardBalanceChanged extends Error {
  constructor() {
    super(GIFT_CARD_BALANCE_CHANGED);
  }
}

/** What the checkout does with gift cards; the face made from the gift cards feature (giftCardsAtCheckout). */
export interface CheckoutGiftCards {
  /** The `payment` entry: what the codes' balances can pay now (the hold checks it again). */
  readonly entry: Adjustment;
  /**
   * What each card would pay of `total`, in the order typed, by its last 4: the hosted checkout's page
   * shows the split (the hold takes the same parts, or the checkout is refused).
   */
  parts(codes: readonly string[], total: number): Promise<{ last4: string; amount: number }[]>;
  /** Holds what the cards pay of `total` for the order, in the order's own transaction; answers the rest. */
  hold(trx: Transaction<Database>, orderId: string, codes: readonly string[], total: number): Promise<number>;
  /** The order's checkout ended unpaid: its holds go back to the cards (own transaction). */
  release(orderId: string): Promise<void>;
  /** The order was paid: its holds become spends on the order (inside the payment's transaction). */
  spend(
    trx: Transaction<Database>,
    orderId: string,
    reference: string,
  ): Promise<{ short: number; parts: readonly { last4: string; amount: number }[] }>;
  /** The checkouts (their order ids) holding any of these codes' cards now; unknown codes hold nothing. */
  holdersOf(codes: readonly string[]): Promise<string[]>;
  /** Cents the cards hold or paid for the order. */
  heldFor(orderId: string): Promise<number>;
  /**
   * Cents of a paid order's gift cards' part that were never taken: a hold that lapsed before the
   * payment and whose balance was spent elsewhere (`spend` answered it as `short`). 0 otherwise.
   */
  owedFor(orderId: string): Promise<number>;
  /** The cards' parts of a paid order, each with its last 4. */
  paymentsOf(reference: string): Promise<OrderPayment[]>;
  /** The cards a paid order bought (not those issued free, reissued or for a refund), by their last 4. */
  boughtIn(reference: string): Promise<{ last4: string; amount: number; sendOn: string }[]>;
  /** A refund's part back to the cards that paid the order (own transaction); answers what was given, and to which. */
  restore(input: {
    reference: string;
    amount: number;
    refundId: string;
    person: string;
  }): Promise<{ restored: number; parts: { last4: string; amount: number }[] }>;
  /** The cards the order bought, each with what is unspent on it (a refund takes back at most that). */
  boughtCards(reference: string): Promise<BoughtGiftCard[]>;
  /** What a refund takes back of cards the order bought, voided in the refund's transaction (once per refund id). */
  voidBought(
    trx: Transaction<Database>,
    input: Parameters<GiftCardService['voidForRefund']>[1],
  ): Promise<{ voided: number; short: number }>;
  /** A refund's gift-card part as a new card, in the refund's transaction (once per refund id). */
  issueForRefund(
    trx: Transaction<Database>,
    input: Parameters<GiftCardService['issueForRefund']>[1],
  ): Promise<{ id: string; last4: string; amount: number }>;
}

export function giftCardsAtCheckout(face: GiftCardsFace): CheckoutGiftCards {
  const { service, store } = face;
  return {
    entry: {
      kind: 'payment',
      name: 'gift-cards',
      // What the cards could pay: pricedOrder caps it at the total, VAT included, the cards bought left out.
      async pay(cart) {
        const seen = new Set<string>();
        let balance = 0;
        for (const [index, code] of (cart.giftCardCodes ?? []).entries()) {
          const card = await service.lookUp(code);
          if (!card)
            return { ok: false, error: giftCardCodeRefusal(index), field: `giftCardCodes[${index}]` };
          // The same card typed twice pays once.
          if (seen.has(card.id)) continue;
          seen.add(card.id);
          balance += card.balance;
        }
        return { ok: true, amount: cents(balance) };
      },
    },
    async parts(codes, total) {
      const seen = new Set<string>();
      const cards: { last4: string; balance: number }[] = [];
      for (const code of codes) {
        const card = await service.lookUp(code);
        if (!card || seen.has(card.id)) continue;
        seen.add(card.id);
        cards.push({ last4: card.last4, balance: card.balance });
      }
      return splitAcrossCards(cards, total).parts.map((p) => ({ last4: p.card.last4, amount: p.amount }));
    },
    async hold(trx, orderId, codes, total) {
      const { rest } = await service.reserve(trx, { codes, amountDue: total, sessionId: orderId });
      return rest;
    },
    async release(orderId) {
      await store.transaction((trx) => service.release(trx, orderId));
    },
    async spend(trx, orderId, reference) {
      const { short, parts } = await service.spend(trx, orderId, reference);
      return { short, parts: parts.map((p) => ({ last4: p.last4, amount: p.amount })) };
    },
    async holdersOf(codes) {
      const ids: string[] = [];
      for (const code of codes) {
        const card = await service.lookUp(code);
        if (card) ids.push(card.id);
      }
      return store.holdersOf(ids);
    },
    async heldFor(orderId) {
      const holds = await store.reservations(orderId);
      return holds.reduce((sum, r) => sum + r.amount, 0);
    },
    async owedFor(orderId) {
      const holds = await store.reservations(orderId);
      return holds.filter((r) => r.state === 'released').reduce((sum, r) => sum + r.amount, 0);
    },
    async restore({ reference, amount, refundId, person }) {
      const { restored, parts } = await store.transaction((trx) =>
        service.restore(trx, { orderReference: reference, amount, refundId, person }),
      );
      return { restored, parts: parts.map((p) => ({ last4: p.last4, amount: p.amount })) };
    },
    async boughtCards(reference) {
      return service.boughtByOrder(reference);
    },
    async voidBought(trx, input) {
      return service.voidForRefund(trx, input);
    },
    async issueForRefund(trx, input) {
      return service.issueForRefund(trx, input);
    },
    async boughtIn(reference) {
      const rows = await store.byOrder(reference);
      return rows
        .filter((r) => !r.free && r.refund_id === null)
        .map((r) => ({ last4: r.last4, amount: r.amount, sendOn: r.send_on }));
    },
    async paymentsOf(reference) {
      const out: OrderPayment[] = [];
      for (const r of await store.reservationsOfOrder(reference)) {
        const card = await store.byId(r.card_id);
        out.push({ method: 'gift_card', amount: r.amount, ...(card ? { last4: card.last4 } : {}) });
      }
      return out;
    },
  };
}

/**
 * What the order still owes when a card's part could not be taken at payment (docs/product/gift-cards.md
 * §19.3): the desk's review reason and the first line of the owner's e-mail.
 */
export function giftCardOwedText(owed: number): string {
  return `${formatEuro(cents(owed))} of this order is unpaid: a gift card's hold lapsed before the payment arrived and its balance had been spent since. Ask the customer for it, or settle the order.`;
}

/** Whether `err` is a code the hold refused, and which. */
export function refusedCodeIndex(err: unknown): number | null {
  return err instanceof GiftCardRefused ? err.index : null;
}

/**
 * A card bought, as a line of the buyer's confirmation e-mails, among the order's lines and above its
 * totals: "Gift card ••••7KQM (to be e-mailed to its recipient on 24 December 2026)  €50.00". Its last 4
 * only, never the code; "to be" while its day is ahead of the payment's (`today`, an Irish date).
 */
export function giftCardBoughtLine(card: IssuedGiftCard, today: IsoDate): BoughtLine {
  const day = card.sendOn as IsoDate;
  const on = `${formatDayOfMonth(day)} ${dateParts(day).year}`;
  const when = day > today ? 'to be e-mailed to its recipient' : 'e-mailed to its recipient';
  return { label: giftCardLabel(card.last4), note: `${when} on ${on}`, amount: card.amount };
}

/**
 * The split of a paid order as its confirmation e-mail gives it (docs/product/gift-cards.md §19.3): each
 * card's part by its last 4, then what the card payment took, if anything.
 */
export function giftCardPaymentLines(
  parts: readonly { last4: string; amount: number }[],
  total: number,
): string[] {
  if (parts.length === 0) return [];
  const rest = total - parts.reduce((sum, p) => sum + p.amount, 0);
  return [
    ...parts.map((p) => `Paid with ${giftCardLabel(p.last4)}: ${formatEuro(cents(p.amount))}`),
    ...(rest > 0 ? [`Paid by card: ${formatEuro(cents(rest))}`] : []),
  ];
}

/** What the gift cards' part in a payment uses (the checkout hands it over at registration). */
export interface GiftCardsAtPaymentParts {
  readonly cards: CheckoutGiftCards;
  readonly service: GiftCardService;
  readonly orders: Pick<OrderStore, 'flagPaidForReview'>;
  readonly log: { warn(obj: object, msg: string): void };
  readonly now: () => Date;
}

/**
 * The gift cards' part in every payment (joined to the checkout's mark-paid): the cards' holds become
 * spends on the order, and the cards it bought become cards, in the payment's own transaction.
 */
export function giftCardsAtPayment({
  cards,
  service,
  orders,
  log,
  now,
}: GiftCardsAtPaymentParts): PaidParticipant {
  return {
    name: 'gift-cards',
    onPaid: async (trx, order) => {
      const reference = referenceOf(order);
      const { short, parts } = await cards.spend(trx, order.id, reference);
      // The e-mail shows the split: each card's part, then the card payment's (§19.3), which never
      // counts a card's part still owed.
      const paymentLines = giftCardPaymentLines(parts, order.total - short);
      // A hold that lapsed and whose balance was spent elsewhere since: the order says what it owes, in
      // the desk's review list and first in the owner's e-mail; the payments show the card's part unpaid.
      const owed = short > 0 ? giftCardOwedText(short) : null;
      if (owed) {
        log.warn({ orderId: order.id, short }, 'gift cards: a lapsed hold could not be taken again');
        await orders.flagPaidForReview(trx, order.id, owed);
      }
      // The cards the order bought become cards now: the recipient's e-mail is queued for its day, the
      // buyer's confirmation shows each card's last 4 only.
      const bought = await takeGiftCardLines(trx, order.id);
      const ownerLines = owed ? [owed] : [];
      if (bought.length === 0)
        return paymentLines.length > 0 ? { receiptLines: paymentLines, ownerLines } : { ownerLines };
      const issued = await service.issueForOrder(trx, {
        orderReference: reference,
        // Who they are from: the name the buyer of cards alone gave, else the delivery address's; her
        // e-mail address only for an order stored before the name was asked.
        buyer: {
          name: bought[0]?.from ?? order.shippingDetails?.name ?? order.email,
          email: order.email,
        },
        cards: bought,
      });
      // The cards bought are lines like the bracelets, above the totals; the split stays under them.
      const today = irishDate(now());
      return {
        receiptLines: paymentLines,
        boughtLines: issued.map((card) => giftCardBoughtLine(card, today)),
        ownerLines,
      };
    },
  };
}
