/**
 * The desk's e-mails (docs/product/orders.md §10.6): the shopper's "on its way" with the tracking link, the
 * refund and cancellation notices, and the owner's dispute alert. Pure functions; every value that
 * reaches the HTML is escaped, as in order-mail.ts.
 */
import { BRAND, ZONE_IDS, type ZoneId } from '../../domain/config';
import { type GiftCardTakenBack, giftCardsVoidedText } from '../../domain/gift-cards/gift-card-refund';
import { type DeliveryEstimate, deliveryEstimate, deliveryRangeText } from '../../domain/making/dispatch';
import { irishDate } from '../../domain/shared/calendar-date';
import {
  escapeHtml,
  htmlDocument,
  htmlParagraph,
  money,
  type RenderedMail,
  signedText,
  TEST_NOTICE,
  testSubject,
  WINE,
} from '../mail/layout';
import { orderPageHtml, orderPageText } from '../orders';
import { FULFILMENT_MAIL_KINDS } from './mail-kinds';

/** Outbox kinds: the outbox's unique (order_id, kind) makes each of these exactly once per order. */
export const DESK_MAIL_KINDS = {
  ...FULFILMENT_MAIL_KINDS,
  /** One per provider refund: `order-refund:<refund id>`. */
  refund: (refundId: string) => `order-refund:${refundId}`,
  /** One per dispute: `owner-dispute:<dispute id>`. */
  dispute: (disputeId: string) => `owner-dispute:${disputeId}`,
} as const;

interface ShopperMailInput {
  readonly reference: string;
  readonly name: string | null;
  readonly contactEmail: string;
  /** The order page's link (docs/product/order-flow.md §6.8): every e-mail about an order links to it. */
  readonly orderPageUrl: string | null;
  /** Paid on the built-in test checkout: the subject and the first line say so. */
  readonly testOrder: boolean;
}

function greeting(name: string | null): string {
  const trimmed = name?.trim();
  return trimmed ? `Hello ${trimmed},` : 'Hello,';
}

function render(
  subject: string,
  paragraphs: readonly string[],
  htmlParagraphs: readonly string[],
  shopper?: ShopperMailInput,
): RenderedMail {
  // Shopper e-mails end with the order page's link; the owner's dispute alert (no shopper) does not.
  const pageText = shopper ? [orderPageText(shopper.orderPageUrl)] : [];
  const pageHtml = shopper ? `\n${orderPageHtml(shopper.orderPageUrl)}` : '';
  const test = shopper?.testOrder === true;
  const fullSubject = testSubject(test, subject);
  const text = signedText([
    ...[...(test ? [TEST_NOTICE] : []), ...paragraphs, ...pageText].flatMap((p) => [p, '']),
  ]);
  const testHtml = test ? [`<strong>${escapeHtml(TEST_NOTICE)}</strong>`] : [];
  return {
    subject: fullSubject,
    text,
    html: htmlDocument(
      fullSubject,
      [...testHtml, ...htmlParagraphs].map(htmlParagraph).join('\n') + pageHtml,
    ),
  };
}

function contactLine(input: ShopperMailInput): [string, string] {
  const { contactEmail, reference } = input;
  return [
    `Questions? Write to ${contactEmail} and quote your order reference ${reference}.`,
    `Questions? Write to <a href="mailto:${escapeHtml(contactEmail)}" style="color:${WINE};">${escapeHtml(contactEmail)}</a> and quote your order reference ${escapeHtml(reference)}.`,
  ];
}

/**
 * When a parcel dispatched at `dispatchedAt` to `zone` is expected (the checkout's delivery days counted
 * from the day it left); null for a zone this release does not know.
 */
export function expectedDelivery(zone: string, dispatchedAt: Date): DeliveryEstimate | null {
  if (!(ZONE_IDS as readonly string[]).includes(zone)) return null;
  return deliveryEstimate(irishDate(dispatchedAt), zone as ZoneId);
}

export function dispatchedMail(
  input: ShopperMailInput & {
    carrier: string;
    trackingNumber: string;
    trackingUrl: string | null;
    /** When it should arrive (expectedDelivery); null when unknown. */
    delivery: DeliveryEstimate | null;
    /** Charges at the door, as the checkout said them (docs/product/customs.md §21.4); null: none. */
    dutyNotice?: string | null;
  },
): RenderedMail {
  const subject = `Your ${BRAND.name} order ${input.reference} is on its way`;
  const intro = `Good news: your order ${input.reference} has left our workshop and is on its way to you with ${input.carrier}.`;
  const expected = input.delivery ? [`Expected delivery: ${deliveryRangeText(input.delivery)}.`] : [];
  const tracking = `Tracking number: ${input.trackingNumber}`;
  const [contactText, contactHtml] = contactLine(input);
  const text = [greeting(input.name), intro, ...expected, tracking];
  const html = [greeting(input.name), intro, ...expected, tracking].map(escapeHtml);
  if (input.trackingUrl) {
    text.push(`Follow your parcel: ${input.trackingUrl}`);
    html.push(
      `<a href="${escapeHtml(input.trackingUrl)}" style="color:${WINE};">Follow your parcel with ${escapeHtml(input.carrier)}</a>`,
    );
  }
  // The parcel is on its way: the carrier will ask a US buyer for the duty soon (docs/product/shipping.md §22.2).
  if (input.dutyNotice) {
    text.push(input.dutyNotice);
    html.push(escapeHtml(input.dutyNotice));
  }
  return render(subject, [...text, contactText], [...html, contactHtml], input);
}

/**
 * Where a refund's money went and what it took back (docs/product/gift-cards.md §19.3): the card payment's
 * part, each gift card that paid and got its part back, a new gift card for the cards' part, the cards
 * the order bought that it voided, and the refund's credit note. Absent (a refund made in the provider's
 * dashboard, a resend): the whole refund went back to the card.
 */
export interface RefundWhere {
  readonly toCard: number;
  readonly toGiftCards: readonly { readonly last4: string; readonly amount: number }[];
  readonly newCard: { readonly last4: string; readonly amount: number } | null;
  readonly voided: readonly GiftCardTakenBack[];
  readonly creditNote: { readonly number: string; readonly url: string } | null;
}

const BANK_DAYS = 'your bank may take 3-5 business days to show it.';

/** The refund's lines after what was refunded: where each part went, what it voided, the credit note. */
function whereLines(where: RefundWhere): { text: string[]; html: string[] } {
  const voided = giftCardsVoidedText(where.voided);
  const lines = [
    ...(where.toCard > 0 ? [`${money(where.toCard)} goes back to the card you paid with; ${BANK_DAYS}`] : []),
    ...where.toGiftCards.map(
      (g) =>
        `${money(g.amount)} goes back to your gift card ••••${g.last4} at once; its expiry is unchanged.`,
    ),
    ...(where.newCard
      ? [
          `${money(where.newCard.amount)} comes as a new gift card ••••${where.newCard.last4}, valid for five years: its code is in a separate e-mail.`,
        ]
      : []),
    ...(voided ? [voided] : []),
  ];
  const note = where.creditNote;
  return {
    text: [...lines, ...(note ? [`Your credit note ${note.number}: ${note.url}`] : [])],
    html: [
      ...lines.map(escapeHtml),
      ...(note
        ? [
            `<a href="${escapeHtml(note.url)}" style="color:${WINE};">Your credit note ${escapeHtml(note.number)} (PDF)</a>`,
          ]
        : []),
    ],
  };
}

/**
 * `amount` is this refund; `refundedInAll` the order's refunds with it, of `total`. A refund of the rest
 * says both (what came back now, and that the whole order has), never "in full" of the last part alone.
 */
export function refundMail(
  input: ShopperMailInput & {
    amount: number;
    refundedInAll: number;
    total: number;
    reason: string | null;
    /** An order the owner marked paid (docs/product/orders.md §10.17): how she pays it back, e.g. "Cash". */
    paidBackBy?: string | null;
    where?: RefundWhere;
  },
): RenderedMail {
  const subject = `Refund of ${money(input.amount)} for your ${BRAND.name} order ${input.reference}`;
  const whole = input.refundedInAll >= input.total;
  const earlier = input.refundedInAll > input.amount;
  const what =
    whole && !earlier
      ? `We have refunded your order ${input.reference} in full: ${money(input.amount)}.`
      : `We have refunded ${money(input.amount)} of your order ${input.reference}.`;
  const inAll = !earlier
    ? []
    : whole
      ? [`With this refund, ${money(input.refundedInAll)} has been refunded in all: the whole of your order.`]
      : [
          `With this refund, ${money(input.refundedInAll)} of the ${money(input.total)} you paid has been refunded in all.`,
        ];
  // The owner pays back an order she marked paid; otherwise each part where it went, when known.
  const single = (line: string) => ({ text: [line], html: [escapeHtml(line)] });
  const where = input.paidBackBy
    ? single(paidBackText(input.paidBackBy))
    : input.where
      ? whereLines(input.where)
      : single(`The refund goes back to the card you paid with; ${BANK_DAYS}`);
  const reason = input.reason ? [`Reason: ${input.reason}`] : [];
  const [contactText, contactHtml] = contactLine(input);
  const head = [greeting(input.name), what, ...inAll, ...reason];
  return render(
    subject,
    [...head, ...where.text, contactText],
    [...head.map(escapeHtml), ...where.html, contactHtml],
    input,
  );
}

/** The owner pays back an order she marked paid herself, the way it was paid. */
function paidBackText(method: string): string {
  return `The refund is paid back to you the way you paid: ${method.toLowerCase()}.`;
}

export function cancelledMail(
  input: ShopperMailInput & {
    refunded: number;
    reason: string | null;
    paidBackBy?: string | null;
    /** Where the cancellation's refund went (refundMail's); absent: all of it to the card. */
    where?: RefundWhere;
  },
): RenderedMail {
  const subject = `Your ${BRAND.name} order ${input.reference} is cancelled`;
  const what = `We have cancelled your order ${input.reference}.`;
  const money_ =
    input.refunded > 0
      ? input.paidBackBy
        ? `${money(input.refunded)}: ${paidBackText(input.paidBackBy)}`
        : `${money(input.refunded)} goes back to the card you paid with; ${BANK_DAYS}`
      : 'No further payment was taken.';
  const split = input.where && input.refunded > 0 && !input.paidBackBy ? whereLines(input.where) : null;
  const reason = input.reason ? [`Reason: ${input.reason}`] : [];
  const [contactText, contactHtml] = contactLine(input);
  const refundedText = split ? [`${money(input.refunded)} is refunded.`, ...split.text] : [money_];
  const refundedHtml = split
    ? [escapeHtml(`${money(input.refunded)} is refunded.`), ...split.html]
    : [escapeHtml(money_)];
  return render(
    subject,
    [greeting(input.name), what, ...reason, ...refundedText, contactText],
    [...[greeting(input.name), what, ...reason].map(escapeHtml), ...refundedHtml, contactHtml],
    input,
  );
}

export function disputeMail(input: {
  reference: string;
  amount: number;
  reason: string;
  respondBy: string | null;
  deskUrl: string;
}): RenderedMail {
  const subject = `Dispute opened on order ${input.reference}`;
  const respond = input.respondBy
    ? `Respond with evidence in the payment provider's dashboard by ${new Date(input.respondBy).toUTCString()}.`
    : "Respond with evidence in the payment provider's dashboard; it gave no respond-by date.";
  const lines = [
    `The shopper's bank opened a dispute (chargeback) on order ${input.reference}: ${money(input.amount)}, reason "${input.reason}".`,
    respond,
    `The order is marked disputed on the desk: ${input.deskUrl}`,
  ];
  return render(subject, lines, lines.map(escapeHtml));
}

/**
 * The shopper's e-mail after the owner changed their order before dispatch (docs/product/orders.md §10.16): what
 * is now so, one line per change (the delivery address, a line's size, the gift message).
 */
export function orderChangedMail(input: ShopperMailInput & { changes: readonly string[] }): RenderedMail {
  const subject = `Your ${BRAND.name} order ${input.reference} has been updated`;
  const intro = `We have updated your order ${input.reference} as agreed. It now reads:`;
  const [contactText, contactHtml] = contactLine(input);
  const noChange = 'Nothing else about your order has changed, and nothing more is charged.';
  return render(
    subject,
    [greeting(input.name), intro, ...input.changes, noChange, contactText],
    [greeting(input.name), intro, ...input.changes, noChange].map(escapeHtml).concat(contactHtml),
    input,
  );
}
