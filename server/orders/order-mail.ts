/**
 * The two e-mails of a paid order, as plain text and HTML: the shopper's confirmation and the owner's
 * notification. Pure functions of the stored order; every value that reaches the HTML is escaped, and
 * nothing here ever becomes a header except the subject, built from the reference and total only.
 */

import { lineNameWithSize } from '../../domain/catalogue/sizes';
import { BRAND, deliveryDaysText, POLICY, productionDaysText } from '../../domain/config';
import { GIFT_CARDS_ALONE_TEXTS } from '../../domain/gift-cards/gift-cards';
import { deliveryEstimate, deliveryRangeText } from '../../domain/making/dispatch';
import { orderDiscountLabel } from '../../domain/quotes/quotes';
import { formatVatRate } from '../../domain/settings/seller-texts';
import { formatDayMonth, formatIrishDateTime } from '../../domain/shared/calendar-date';
import { REVERSE_CHARGE_WORDING } from '../../domain/vat/invoice-text';
import {
  notRegisteredText,
  type SettledVat,
  vatIncludedText,
  vatStatementText,
} from '../../domain/vat/vat-statement';
import {
  countryName,
  escapeHtml,
  htmlLink,
  htmlMail,
  htmlParagraph,
  LINE,
  MUTED,
  money,
  type RenderedMail,
  signedText,
  TEST_GIFT_CARD_NOTICE,
  TEST_NOTICE,
  TEST_SUBJECT_PREFIX,
  WINE,
} from '../mail/layout';
import type { ProviderId, ShippingDetails } from '../payments';
import type { StoredOrder } from './order-store';
import { type LegalMailFacts, vatInOrder } from './order-vat';

export type { LegalMailFacts };

const TEST_PROVIDER_ID: ProviderId = 'test-checkout';

export interface OrderMailContext {
  readonly order: StoredOrder;
  readonly reference: string;
  /** Where shoppers write with questions. */
  readonly contactEmail: string;
  /** What the law asks the shopper's e-mails to carry, and the order page's address. */
  readonly legal: LegalMailFacts;
  /** The order page with its key (absolute); null only for orders that have no key yet. */
  readonly orderPageUrl: string | null;
  /** The order's zone as the owner names it now (her shipping settings). */
  readonly zoneName: string;
  /**
   * Lines the payment's participants add to the shopper's confirmation under its totals (the split: each
   * gift card's part by its last 4 only, then the card's: docs/product/gift-cards.md §19.3); none: nothing.
   */
  readonly receiptLines?: readonly string[];
  /**
   * What the order bought beside its own lines (a gift card, by its last 4 only), listed with them above
   * the totals, which count them (docs/product/gift-cards.md §19); none: nothing.
   */
  readonly boughtLines?: readonly BoughtLine[];
  /** The order's VAT invoice issued at payment: its number and PDF link with the page's key (docs/product/vat.md §20). */
  readonly invoice?: { readonly number: string; readonly url: string } | null;
  /** The VAT settled at payment (docs/product/vat.md §20); none: the seller's one rate, as before it. */
  readonly vat?: OrderMailVat | null;
  /** The company a business buyer named at the checkout (docs/product/vat.md §20.5); none: a consumer. */
  readonly businessName?: string | null;
  /** Charges at the door as the checkout said them (docs/product/customs.md §21.4); none: nothing. */
  readonly dutyNotice?: string | null;
}

/** A line of the order beside its bracelets: "Gift card ••••7KQM", when it is e-mailed, and its amount. */
export interface BoughtLine {
  readonly label: string;
  readonly note: string;
  readonly amount: number;
}

/** What the e-mails say of an order's VAT as the payment settled it (domain/vat/vat-statement.ts). */
export type OrderMailVat = SettledVat;

/** An order's VAT as its e-mails state it, and its invoice's number (none: not invoiced). */
export interface SettledOrderVat {
  /** Null: an order paid before the VAT rules, stated with its flat rate. */
  readonly vat: OrderMailVat | null;
  readonly invoiceNumber: string | null;
  /** The company a business buyer named at the checkout; none: a consumer. */
  readonly businessName?: string | null;
}

/** The invoice's PDF as the shopper's e-mails link it, with a key to the order's page. */
export function invoiceLink(
  publicUrl: string,
  reference: string,
  number: string,
  key: string,
): { readonly number: string; readonly url: string } {
  return {
    number,
    url: `${publicUrl}/api/orders/${encodeURIComponent(reference)}/invoice.pdf?key=${encodeURIComponent(key)}`,
  };
}

export function addressLines(details: ShippingDetails | null): string[] {
  if (!details) return ['(no delivery address was collected)'];
  const a = details.address;
  return [
    details.name,
    a.line1,
    a.line2,
    [a.city, a.state].filter(Boolean).join(', '),
    a.postalCode,
    countryName(a.country),
  ].filter((l): l is string => typeof l === 'string' && l.trim() !== '');
}

/**
 * An order of gift cards alone (no bracelet line): nothing is made or posted, each card is e-mailed to its
 * recipient (docs/product/gift-cards.md §19.3), so its e-mails name no address, no delivery and no dispatch.
 */
export function giftCardsAlone(order: Pick<StoredOrder, 'lines' | 'giftCardsSold'>): boolean {
  return order.lines.length === 0 && (order.giftCardsSold ?? 0) > 0;
}

const THANKS_PIECES =
  'Thank you for your order! Your payment has been received and we will start making your pieces.';

function thanksText(order: StoredOrder): string {
  return giftCardsAlone(order) ? GIFT_CARDS_ALONE_TEXTS.thanks : THANKS_PIECES;
}

function shippingLabel(zoneName: string): string {
  return `Delivery (${zoneName})`;
}

/**
 * The dates stored with the order at payment (docs/product/dispatch-dates.md §14): dispatch, then the zone's delivery
 * window from it. Orders paid before dates were stored keep the ranges of days they were promised.
 */
function dispatchText(order: StoredOrder, zone: string): string {
  if (order.dispatchDate) {
    const window = deliveryRangeText(deliveryEstimate(order.dispatchDate, order.zone));
    return (
      `Every piece is made to order: dispatched by ${formatDayMonth(order.dispatchDate)}, ` +
      `then delivery to ${zone} is expected ${window}.`
    );
  }
  return (
    `Every piece is made to order: we dispatch within ${productionDaysText()}, ` +
    `then delivery to ${zone} takes ${deliveryDaysText(order.zone)}.`
  );
}

interface SummaryRow {
  readonly label: string;
  readonly value: string;
  readonly strong?: boolean;
}

function summaryRows(order: StoredOrder, zoneName: string): SummaryRow[] {
  const rows: SummaryRow[] = [{ label: 'Subtotal', value: money(order.subtotal) }];
  // Off the items, so right under them: `Discount (XMAS15)` or the early-bird tier's line.
  if (order.discount > 0) rows.push({ label: orderDiscountLabel(order), value: `-${money(order.discount)}` });
  // Gift cards alone are not posted: no delivery line.
  if (!giftCardsAlone(order))
    rows.push({
      label: shippingLabel(zoneName),
      value: order.shipping === 0 ? 'Free' : money(order.shipping),
    });
  if (order.giftWrap > 0) rows.push({ label: 'Gift wrap', value: money(order.giftWrap) });
  rows.push({ label: 'Total paid', value: money(order.total), strong: true });
  return rows;
}

function textLines(order: StoredOrder, bought: readonly BoughtLine[] = []): string[] {
  return [
    ...order.lines.map(
      (l) => `  ${l.quantity} x ${lineNameWithSize(l)} (${money(l.unitPrice)} each)  ${money(l.lineTotal)}`,
    ),
    ...bought.map((b) => `  ${b.label} (${b.note})  ${money(b.amount)}`),
  ];
}

const GIFT_MESSAGE_HEADING = 'Gift message';

/** The shopper's gift message, indented as the other blocks; nothing without one. */
function giftMessageText(order: StoredOrder): string[] {
  if (!order.giftMessage) return [];
  return [GIFT_MESSAGE_HEADING, ...order.giftMessage.split('\n').map((l) => `  ${l}`), ''];
}

/** Escaped like every other value (markup shows as text), its line breaks kept. */
function giftMessageHtml(order: StoredOrder): string {
  if (!order.giftMessage) return '';
  const body = order.giftMessage.split('\n').map(escapeHtml).join('<br>');
  return `${htmlHeading(GIFT_MESSAGE_HEADING)}\n${htmlParagraph(body)}`;
}

/** The order's items under `heading` (the cards it bought among them), then its totals: a text e-mail's table. */
function itemsText(
  order: StoredOrder,
  zoneName: string,
  heading: string,
  bought: readonly BoughtLine[] = [],
): string[] {
  return [heading, ...textLines(order, bought), '', ...textSummary(order, zoneName), ''];
}

/** Where the parcel goes and when it leaves: the shopper is told, the owner is told what was promised. */
const DELIVERY_HEADINGS = {
  shopper: { address: 'Delivery address', dispatch: 'When to expect it' },
  owner: { address: 'Ship to', dispatch: 'Promised to the customer' },
} as const;

type DeliveryHeadings = (typeof DELIVERY_HEADINGS)[keyof typeof DELIVERY_HEADINGS];

function deliveryText(order: StoredOrder, zoneName: string, headings: DeliveryHeadings): string[] {
  const address = addressLines(order.shippingDetails).map((l) => `  ${l}`);
  return [headings.address, ...address, '', headings.dispatch, `  ${dispatchText(order, zoneName)}`, ''];
}

function deliveryHtml(order: StoredOrder, zoneName: string, headings: DeliveryHeadings): string[] {
  const dispatch = htmlParagraph(escapeHtml(dispatchText(order, zoneName)));
  return [htmlHeading(headings.address), htmlAddress(order), htmlHeading(headings.dispatch), dispatch];
}

function textSummary(order: StoredOrder, zoneName: string): string[] {
  return summaryRows(order, zoneName).map((r) => `  ${r.label}: ${r.value}`);
}

function htmlHeading(text: string): string {
  return `<tr><td style="padding:18px 28px 4px 28px;font-size:18px;">${escapeHtml(text)}</td></tr>`;
}

function htmlOrderTable(order: StoredOrder, zoneName: string, bought: readonly BoughtLine[] = []): string {
  const cell = `padding:6px 0;font-family:Arial,sans-serif;font-size:14px;border-bottom:1px solid ${LINE};`;
  const row = (name: string, detail: string, amount: number) =>
    `<tr><td style="${cell}">${escapeHtml(name)}<br><span style="color:${MUTED};font-size:13px;">${detail}</span></td>` +
    `<td align="right" style="${cell}white-space:nowrap;">${escapeHtml(money(amount))}</td></tr>`;
  const lines = [
    ...order.lines.map((l) =>
      row(lineNameWithSize(l), `${l.quantity} &times; ${escapeHtml(money(l.unitPrice))}`, l.lineTotal),
    ),
    ...bought.map((b) => row(b.label, escapeHtml(b.note), b.amount)),
  ].join('\n');
  const totals = summaryRows(order, zoneName)
    .map((r) => {
      const weight = r.strong ? 'font-weight:bold;font-size:16px;' : '';
      return (
        `<tr><td style="padding:4px 0;font-family:Arial,sans-serif;font-size:14px;${weight}">${escapeHtml(r.label)}</td>` +
        `<td align="right" style="padding:4px 0;font-family:Arial,sans-serif;font-size:14px;white-space:nowrap;${weight}">${escapeHtml(r.value)}</td></tr>`
      );
    })
    .join('\n');
  return `<tr><td style="padding:8px 28px;"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">
<tr><th align="left" style="padding:6px 0;font-family:Arial,sans-serif;font-size:13px;color:${MUTED};border-bottom:1px solid ${LINE};">Item</th><th align="right" style="padding:6px 0;font-family:Arial,sans-serif;font-size:13px;color:${MUTED};border-bottom:1px solid ${LINE};">Price</th></tr>
${lines}
${totals}
</table></td></tr>`;
}

function htmlAddress(order: StoredOrder): string {
  return htmlParagraph(addressLines(order.shippingDetails).map(escapeHtml).join('<br>'));
}

/** Orders paid on the built-in test checkout took no money: every e-mail about them says so, first. */
function isTestOrder(order: StoredOrder): boolean {
  return order.provider === TEST_PROVIDER_ID;
}

/** What paid it: the test card, or gift cards alone (then no test card was used). */
function testNotice(order: StoredOrder): string {
  return order.paidByGiftCards ? TEST_GIFT_CARD_NOTICE : TEST_NOTICE;
}

function testLines(order: StoredOrder): string[] {
  return isTestOrder(order) ? [testNotice(order), ''] : [];
}

function testHtml(order: StoredOrder): string {
  return isTestOrder(order) ? htmlParagraph(`<strong>${escapeHtml(testNotice(order))}</strong>`) : '';
}

/**
 * The VAT as the payment settled it, in the words the order page and the desk use too
 * (domain/vat/vat-statement.ts).
 */
function settledVatText(legal: LegalMailFacts, vat: OrderMailVat): string {
  return vatStatementText({ vat, sellerName: legal.sellerName, vatNumber: legal.vatNumber });
}

/** With a VAT number, the amount in this order's total; without one, that no VAT is charged (§6.11). */
function vatText(legal: LegalMailFacts, order: StoredOrder): string {
  // A business not charged VAT: the reverse charge's wording (docs/product/vat.md §20).
  if ((order.vatNotCharged ?? 0) > 0) return `${REVERSE_CHARGE_WORDING}: no VAT is charged.`;
  // The VAT the payment settled, or the flat rate's share; the gift cards bought carry none (§19.2).
  const vat = vatInOrder(order, legal);
  if (vat === null) return notRegisteredText(legal.sellerName);
  return `${vatIncludedText(vat)} in the total, at ${formatVatRate(legal.vatRate)} (VAT number ${legal.vatNumber}).`;
}

/** The seller's identity as EU consumer law asks a confirmation to carry it. */
function sellerLines(legal: LegalMailFacts, contactEmail: string): string[] {
  return [
    legal.sellerName,
    legal.sellerAddress,
    `E-mail: ${contactEmail}`,
    ...(legal.vatNumber ? [`VAT number: ${legal.vatNumber}`] : []),
  ];
}

export function orderPageText(url: string | null): string {
  return url
    ? `See your order, its status and its delivery at any time on its page: ${url}`
    : 'Write to us to see your order and its status.';
}

function rightToCancelText(url: string | null, contactEmail: string): string {
  const how = url
    ? `send us a notice of withdrawal from your order page (${url}), or write to ${contactEmail}`
    : `write to ${contactEmail}`;
  return (
    `You have the right to cancel this contract within ${POLICY.coolingOffDays} days without giving any reason. ` +
    `The period ends ${POLICY.coolingOffDays} days after the day you (or someone you name, other than the carrier) receive the goods. ` +
    `To use it, ${how}, before the period ends. You may use the model withdrawal form below, but you do not have to.`
  );
}

/** The EU model withdrawal form (Directive 2011/83/EU, Annex I(B)), filled in with the seller's details. */
export function modelWithdrawalForm(legal: LegalMailFacts, contactEmail: string): string[] {
  return [
    'Model withdrawal form',
    '(complete and return this form only if you wish to withdraw from the contract)',
    `- To ${legal.sellerName}, ${legal.sellerAddress}, ${contactEmail}:`,
    '- I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract of sale of the following goods (*)/for the provision of the following service (*),',
    '- Ordered on (*)/received on (*),',
    '- Name of consumer(s),',
    '- Address of consumer(s),',
    '- Signature of consumer(s) (only if this form is notified on paper),',
    '- Date',
    '(*) Delete as appropriate.',
  ];
}

/**
 * A business buyer is no consumer: the 14-day right to cancel and its model form (Directive 2011/83/EU
 * arts. 2(1) and 9) are a consumer's, so her confirmation says so instead of offering them.
 */
export const BUSINESS_PURCHASE_HEADING = 'Bought for a business';
export function businessPurchaseText(businessName: string): string {
  return `This order was placed for a business (${businessName}). The 14-day right to cancel is a consumer's right (Directive 2011/83/EU) and does not apply to it.`;
}

function legalText(ctx: OrderMailContext): string[] {
  const { legal, contactEmail, orderPageUrl, businessName } = ctx;
  return [
    ...(businessName
      ? [BUSINESS_PURCHASE_HEADING, `  ${businessPurchaseText(businessName)}`, '']
      : [
          'Your right to cancel',
          `  ${rightToCancelText(orderPageUrl, contactEmail)}`,
          '',
          ...modelWithdrawalForm(legal, contactEmail).map((l) => `  ${l}`),
          '',
        ]),
    'Prices and VAT',
    `  ${ctx.vat ? settledVatText(legal, ctx.vat) : vatText(legal, ctx.order)}`,
    '',
    'Who you are buying from',
    ...sellerLines(legal, contactEmail).map((l) => `  ${l}`),
    '',
    `Terms & Conditions: ${legal.termsUrl}`,
  ];
}

function legalHtml(ctx: OrderMailContext): string {
  const { legal, contactEmail, orderPageUrl, businessName } = ctx;
  const cancel = escapeHtml(rightToCancelText(orderPageUrl, contactEmail));
  const rights = businessName
    ? [htmlHeading(BUSINESS_PURCHASE_HEADING), htmlParagraph(escapeHtml(businessPurchaseText(businessName)))]
    : [
        htmlHeading('Your right to cancel'),
        htmlParagraph(
          orderPageUrl ? cancel.replace(escapeHtml(orderPageUrl), htmlLink(orderPageUrl)) : cancel,
        ),
        htmlParagraph(
          `<span style="font-size:13px;color:${MUTED};">${modelWithdrawalForm(legal, contactEmail).map(escapeHtml).join('<br>')}</span>`,
        ),
      ];
  return [
    ...rights,
    htmlHeading('Prices and VAT'),
    htmlParagraph(escapeHtml(ctx.vat ? settledVatText(legal, ctx.vat) : vatText(legal, ctx.order))),
    htmlHeading('Who you are buying from'),
    htmlParagraph(sellerLines(legal, contactEmail).map(escapeHtml).join('<br>')),
    htmlParagraph(htmlLink(legal.termsUrl, 'Terms & Conditions')),
  ].join('\n');
}

export function orderPageHtml(url: string | null): string {
  return url
    ? htmlParagraph(
        `See your order, its status and its delivery at any time on ${htmlLink(url, 'your order page')}.`,
      )
    : htmlParagraph(escapeHtml(orderPageText(null)));
}

export function customerConfirmation(ctx: OrderMailContext): RenderedMail {
  const { order, reference, contactEmail, zoneName } = ctx;
  const subject = `${isTestOrder(order) ? TEST_SUBJECT_PREFIX : ''}Your ${BRAND.name} order ${reference} is confirmed`;
  const name = order.shippingDetails?.name.trim();
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const text = signedText([
    ...testLines(order),
    greeting,
    '',
    thanksText(order),
    '',
    `Order reference: ${reference}`,
    '',
    ...itemsText(order, zoneName, 'Your order', ctx.boughtLines),
    ...(ctx.receiptLines?.length ? [...ctx.receiptLines, ''] : []),
    ...giftMessageText(order),
    ...(giftCardsAlone(order)
      ? ['Delivery', `  ${GIFT_CARDS_ALONE_TEXTS.delivery}`, '']
      : deliveryText(order, zoneName, DELIVERY_HEADINGS.shopper)),
    ...(ctx.dutyNotice ? [ctx.dutyNotice, ''] : []),
    orderPageText(ctx.orderPageUrl),
    '',
    ...(ctx.invoice ? [`Your invoice ${ctx.invoice.number} (PDF): ${ctx.invoice.url}`, ''] : []),
    `Questions? Write to ${contactEmail} and quote your order reference ${reference}.`,
    '',
    ...legalText(ctx),
    '',
  ]);
  const html = htmlMail(subject, [
    testHtml(order),
    htmlParagraph(escapeHtml(greeting)),
    htmlParagraph(escapeHtml(thanksText(order))),
    htmlParagraph(`Order reference: <strong>${escapeHtml(reference)}</strong>`),
    htmlHeading('Your order'),
    htmlOrderTable(order, zoneName, ctx.boughtLines),
    ...(ctx.receiptLines ?? []).map((line) => htmlParagraph(escapeHtml(line))),
    giftMessageHtml(order),
    ...(giftCardsAlone(order)
      ? [htmlHeading('Delivery'), htmlParagraph(escapeHtml(GIFT_CARDS_ALONE_TEXTS.delivery))]
      : deliveryHtml(order, zoneName, DELIVERY_HEADINGS.shopper)),
    ...(ctx.dutyNotice ? [htmlParagraph(escapeHtml(ctx.dutyNotice))] : []),
    orderPageHtml(ctx.orderPageUrl),
    ctx.invoice
      ? htmlParagraph(`Your invoice: ${htmlLink(ctx.invoice.url, `${ctx.invoice.number} (PDF)`)}`)
      : '',
    htmlParagraph(
      `Questions? Write to <a href="mailto:${escapeHtml(contactEmail)}" style="color:${WINE};">${escapeHtml(contactEmail)}</a> and quote your order reference ${escapeHtml(reference)}.`,
    ),
    legalHtml(ctx),
  ]);
  return { subject, text, html };
}

/** The order on the owner's desk (docs/product/orders.md §10): `publicUrl` has no trailing slash. */
export function deskOrderUrl(publicUrl: string, reference: string): string {
  return `${publicUrl}/admin#/orders/${encodeURIComponent(reference)}`;
}

/**
 * The owner's new-order e-mail: the order's desk link first (where the work is done), the payment time on
 * Irish clocks. The internal order id stays out: the reference is what the desk and the shopper use.
 */
export function ownerNotification({
  order,
  reference,
  zoneName,
  deskUrl,
  ownerLines = [],
  boughtLines,
}: OrderMailContext & {
  readonly deskUrl: string;
  /** What the payment's participants tell the owner first (a gift card's part still owed); none: nothing. */
  readonly ownerLines?: readonly string[];
}): RenderedMail {
  const subject = `${isTestOrder(order) ? TEST_SUBJECT_PREFIX : ''}New order ${reference}: ${money(order.total)}`;
  const paidAt = new Date(order.paidAt ?? order.createdAt);
  const deskLine = `Open it in the order desk: ${deskUrl}`;
  const cardsAlone = giftCardsAlone(order);
  const facts = [
    `Reference: ${reference}`,
    `Customer e-mail: ${order.email}`,
    `Paid: ${formatIrishDateTime(paidAt)} (Irish time)`,
    ...(cardsAlone ? [] : [`Destination: ${zoneName}`, `Gift wrap: ${order.giftWrap > 0 ? 'yes' : 'no'}`]),
    ...(order.dispatchDate
      ? [`Dispatch by: ${formatDayMonth(order.dispatchDate)} (${order.dispatchDate})`]
      : []),
  ];
  const text = [
    ...testLines(order),
    `A new order has been paid.`,
    ...(ownerLines.length > 0 ? ['', ...ownerLines] : []),
    '',
    deskLine,
    '',
    ...facts,
    '',
    ...itemsText(order, zoneName, 'Items', boughtLines),
    ...giftMessageText(order),
    ...(cardsAlone
      ? [GIFT_CARDS_ALONE_TEXTS.owner, '']
      : deliveryText(order, zoneName, DELIVERY_HEADINGS.owner)),
  ].join('\n');
  const html = htmlMail(subject, [
    testHtml(order),
    htmlParagraph('A new order has been paid.'),
    htmlParagraph(`Open it in the ${htmlLink(deskUrl, 'order desk')}.`),
    htmlParagraph(facts.map(escapeHtml).join('<br>')),
    htmlHeading('Items'),
    htmlOrderTable(order, zoneName, boughtLines),
    giftMessageHtml(order),
    ...(cardsAlone
      ? [htmlParagraph(escapeHtml(GIFT_CARDS_ALONE_TEXTS.owner))]
      : deliveryHtml(order, zoneName, DELIVERY_HEADINGS.owner)),
  ]);
  return { subject, text, html };
}

/** "Find your order": the order page's link, sent only to the order's own address. */
export function orderLinkMail(ctx: OrderMailContext & { readonly orderPageUrl: string }): RenderedMail {
  const { order, reference, contactEmail, orderPageUrl } = ctx;
  const subject = `${isTestOrder(order) ? TEST_SUBJECT_PREFIX : ''}The page of your ${BRAND.name} order ${reference}`;
  const intro = `You (or someone who knows your order reference and e-mail address) asked for the page of your order ${reference}.`;
  const ignore = 'If that was not you, you can ignore this e-mail: the link was sent only to you.';
  const text = [
    ...testLines(order),
    'Hello,',
    '',
    intro,
    '',
    orderPageText(orderPageUrl),
    '',
    ignore,
    '',
    `Questions? Write to ${contactEmail} and quote your order reference ${reference}.`,
    '',
  ].join('\n');
  const html = htmlMail(subject, [
    testHtml(order),
    htmlParagraph('Hello,'),
    htmlParagraph(escapeHtml(intro)),
    orderPageHtml(orderPageUrl),
    htmlParagraph(escapeHtml(ignore)),
  ]);
  return { subject, text, html };
}

export interface WithdrawalMailContext extends OrderMailContext {
  readonly notice: {
    readonly name: string;
    /** "2 x First Light", one per line withdrawn from. */
    readonly items: readonly string[];
    readonly reason: string | null;
    /** ISO instant the shop received it. */
    readonly receivedAt: string;
  };
}

function noticeLines({ notice, reference }: WithdrawalMailContext): string[] {
  return [
    `Order reference: ${reference}`,
    `Received: ${notice.receivedAt}`,
    `Name: ${notice.name}`,
    'Withdrawn from:',
    ...notice.items.map((i) => `  ${i}`),
    `Reason: ${notice.reason?.trim() ? notice.reason : '(none given)'}`,
  ];
}

/** The shopper's acknowledgement of receipt of their notice of withdrawal (a durable medium). */
export function withdrawalAcknowledgement(ctx: WithdrawalMailContext): RenderedMail {
  const { order, reference, contactEmail } = ctx;
  const subject = `${isTestOrder(order) ? TEST_SUBJECT_PREFIX : ''}We received your cancellation of order ${reference}`;
  const body = [
    'We have received your notice of withdrawal. This e-mail confirms it; please keep it.',
    `Please send the items back within ${POLICY.coolingOffDays} days (write to ${contactEmail} and we will tell you where). We refund what you paid, including the standard delivery, within ${POLICY.coolingOffDays} days of receiving your notice; we may wait until the items are back with us.`,
  ];
  const text = [
    ...testLines(order),
    'Hello,',
    '',
    ...body.flatMap((b) => [b, '']),
    ...noticeLines(ctx),
    '',
    orderPageText(ctx.orderPageUrl),
    '',
    `${ctx.legal.sellerName}, ${ctx.legal.sellerAddress}`,
    '',
  ].join('\n');
  const html = htmlMail(subject, [
    testHtml(order),
    htmlParagraph('Hello,'),
    ...body.map((b) => htmlParagraph(escapeHtml(b))),
    htmlParagraph(noticeLines(ctx).map(escapeHtml).join('<br>')),
    orderPageHtml(ctx.orderPageUrl),
    htmlParagraph(escapeHtml(`${ctx.legal.sellerName}, ${ctx.legal.sellerAddress}`)),
  ]);
  return { subject, text, html };
}

/**
 * The owner is told of every notice of withdrawal, with what the shopper sent and, as in the new-order
 * e-mail, the order's desk link instead of the internal order id.
 */
export function withdrawalOwnerNotice(
  ctx: WithdrawalMailContext & { readonly deskUrl: string },
): RenderedMail {
  const { order, reference, deskUrl } = ctx;
  const subject = `${isTestOrder(order) ? TEST_SUBJECT_PREFIX : ''}Withdrawal notice for order ${reference}`;
  const intro = 'The customer has sent a notice of withdrawal (right to cancel) from the order page.';
  const facts = [...noticeLines(ctx), `Customer e-mail: ${order.email}`];
  const text = [
    ...testLines(order),
    intro,
    '',
    ...facts,
    '',
    `Open it in the order desk: ${deskUrl}`,
    '',
  ].join('\n');
  const html = htmlMail(subject, [
    testHtml(order),
    htmlParagraph(escapeHtml(intro)),
    htmlParagraph(facts.map(escapeHtml).join('<br>')),
    htmlParagraph(`Open it in the ${htmlLink(deskUrl, 'order desk')}.`),
  ]);
  return { subject, text, html };
}
