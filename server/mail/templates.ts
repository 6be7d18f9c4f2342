/**
 * The two e-mails of a paid order, as plain text and HTML: the shopper's confirmation and the owner's
 * notification. Pure functions of the stored order; every value that reaches the HTML is escaped, and
 * nothing here ever becomes a header except the subject, built from the reference and total only.
 */
import { formatDayMonth } from '../../domain/calendar-date';
import { BRAND, deliveryDaysText, productionDaysText, SHIPPING_ZONES } from '../../domain/config';
import { deliveryEstimate, deliveryRangeText } from '../../domain/dispatch';
import { type Cents, formatEuro } from '../../domain/money';
import type { StoredOrder } from '../orders/order-store';
import type { ProviderId, ShippingDetails } from '../payments/provider';

const TEST_PROVIDER_ID: ProviderId = 'test-checkout';

export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

export interface OrderMailContext {
  readonly order: StoredOrder;
  readonly reference: string;
  /** Where shoppers write with questions. */
  readonly contactEmail: string;
}

const regionNames = new Intl.DisplayNames(['en-IE'], { type: 'region' });

export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function money(value: number): string {
  return formatEuro(value as Cents);
}

function addressLines(details: ShippingDetails | null): string[] {
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

function shippingLabel(order: StoredOrder): string {
  return `Delivery (${SHIPPING_ZONES[order.zone].label})`;
}

/** Sizes are not chosen at checkout: the shopper replies to the confirmation (the product copy says so). */
const SIZE_NOTE =
  'Bracelets are made in our standard Medium; for Small or Large, reply to this e-mail with your size.';

/**
 * The dates stored with the order at payment (docs/product.md §12): dispatch, then the zone's delivery
 * window from it. Orders paid before dates were stored keep the ranges of days they were promised.
 */
function dispatchText(order: StoredOrder): string {
  const zone = SHIPPING_ZONES[order.zone].label;
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

function summaryRows(order: StoredOrder): SummaryRow[] {
  const rows: SummaryRow[] = [
    { label: 'Subtotal', value: money(order.subtotal) },
    { label: shippingLabel(order), value: order.shipping === 0 ? 'Free' : money(order.shipping) },
  ];
  if (order.giftWrap > 0) rows.push({ label: 'Gift wrap', value: money(order.giftWrap) });
  rows.push({ label: 'Total paid', value: money(order.total), strong: true });
  return rows;
}

function textLines(order: StoredOrder): string[] {
  return order.lines.map(
    (l) => `  ${l.quantity} x ${l.name} (${money(l.unitPrice)} each)  ${money(l.lineTotal)}`,
  );
}

function textSummary(order: StoredOrder): string[] {
  return summaryRows(order).map((r) => `  ${r.label}: ${r.value}`);
}

// Table-based layout with inline styles: what e-mail clients render reliably.
const INK = '#2a1f23';
const MUTED = '#5f5157';
const LINE = '#e3d6c6';
const WINE = '#6b1d35';

function htmlDocument(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-IE">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#fbf7f2;color:${INK};font-family:Georgia,'Times New Roman',serif;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fbf7f2;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid ${LINE};border-radius:8px;">
<tr><td style="padding:28px 28px 8px 28px;font-size:26px;color:${WINE};letter-spacing:0.02em;">${escapeHtml(BRAND.name)}</td></tr>
${body}
<tr><td style="padding:20px 28px 28px 28px;font-family:Arial,sans-serif;font-size:12px;color:${MUTED};border-top:1px solid ${LINE};">${escapeHtml(BRAND.name)}: ${escapeHtml(BRAND.tagline)}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function htmlParagraph(text: string): string {
  return `<tr><td style="padding:8px 28px;font-family:Arial,sans-serif;font-size:15px;line-height:1.5;">${text}</td></tr>`;
}

function htmlHeading(text: string): string {
  return `<tr><td style="padding:18px 28px 4px 28px;font-size:18px;">${escapeHtml(text)}</td></tr>`;
}

function htmlOrderTable(order: StoredOrder): string {
  const cell = `padding:6px 0;font-family:Arial,sans-serif;font-size:14px;border-bottom:1px solid ${LINE};`;
  const lines = order.lines
    .map(
      (l) =>
        `<tr><td style="${cell}">${escapeHtml(l.name)}<br><span style="color:${MUTED};font-size:13px;">${l.quantity} &times; ${escapeHtml(money(l.unitPrice))}</span></td>` +
        `<td align="right" style="${cell}white-space:nowrap;">${escapeHtml(money(l.lineTotal))}</td></tr>`,
    )
    .join('\n');
  const totals = summaryRows(order)
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

const TEST_SUBJECT_PREFIX = '[TEST ORDER] ';
const TEST_NOTICE = 'TEST ORDER: paid on the built-in test checkout with a test card. No money was taken.';

function testLines(order: StoredOrder): string[] {
  return isTestOrder(order) ? [TEST_NOTICE, ''] : [];
}

function testHtml(order: StoredOrder): string {
  return isTestOrder(order) ? htmlParagraph(`<strong>${escapeHtml(TEST_NOTICE)}</strong>`) : '';
}

export function customerConfirmation({ order, reference, contactEmail }: OrderMailContext): RenderedMail {
  const subject = `${isTestOrder(order) ? TEST_SUBJECT_PREFIX : ''}Your ${BRAND.name} order ${reference} is confirmed`;
  const name = order.shippingDetails?.name.trim();
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const text = [
    ...testLines(order),
    greeting,
    '',
    `Thank you for your order! Your payment has been received and we will start making your pieces.`,
    '',
    `Order reference: ${reference}`,
    '',
    'Your order',
    ...textLines(order),
    '',
    ...textSummary(order),
    '',
    'Delivery address',
    ...addressLines(order.shippingDetails).map((l) => `  ${l}`),
    '',
    'When to expect it',
    `  ${dispatchText(order)}`,
    `  ${SIZE_NOTE}`,
    '',
    `Questions? Write to ${contactEmail} and quote your order reference ${reference}.`,
    '',
    `${BRAND.name}: ${BRAND.tagline}`,
    '',
  ].join('\n');
  const html = htmlDocument(
    subject,
    [
      testHtml(order),
      htmlParagraph(escapeHtml(greeting)),
      htmlParagraph(
        'Thank you for your order! Your payment has been received and we will start making your pieces.',
      ),
      htmlParagraph(`Order reference: <strong>${escapeHtml(reference)}</strong>`),
      htmlHeading('Your order'),
      htmlOrderTable(order),
      htmlHeading('Delivery address'),
      htmlAddress(order),
      htmlHeading('When to expect it'),
      htmlParagraph(escapeHtml(dispatchText(order))),
      htmlParagraph(escapeHtml(SIZE_NOTE)),
      htmlParagraph(
        `Questions? Write to <a href="mailto:${escapeHtml(contactEmail)}" style="color:${WINE};">${escapeHtml(contactEmail)}</a> and quote your order reference ${escapeHtml(reference)}.`,
      ),
    ].join('\n'),
  );
  return { subject, text, html };
}

export function ownerNotification({ order, reference }: OrderMailContext): RenderedMail {
  const subject = `${isTestOrder(order) ? TEST_SUBJECT_PREFIX : ''}New order ${reference}: ${money(order.total)}`;
  const paidAt = order.paidAt ?? order.createdAt;
  const facts = [
    `Reference: ${reference}`,
    `Customer e-mail: ${order.email}`,
    `Paid: ${paidAt}`,
    `Destination: ${SHIPPING_ZONES[order.zone].label}`,
    `Gift wrap: ${order.giftWrap > 0 ? 'yes' : 'no'}`,
    ...(order.dispatchDate
      ? [`Dispatch by: ${formatDayMonth(order.dispatchDate)} (${order.dispatchDate})`]
      : []),
    `Internal order id: ${order.id}`,
  ];
  const text = [
    ...testLines(order),
    `A new order has been paid.`,
    '',
    ...facts,
    '',
    'Items',
    ...textLines(order),
    '',
    ...textSummary(order),
    '',
    'Ship to',
    ...addressLines(order.shippingDetails).map((l) => `  ${l}`),
    '',
    'Promised to the customer',
    `  ${dispatchText(order)}`,
    '',
  ].join('\n');
  const html = htmlDocument(
    subject,
    [
      testHtml(order),
      htmlParagraph('A new order has been paid.'),
      htmlParagraph(facts.map(escapeHtml).join('<br>')),
      htmlHeading('Items'),
      htmlOrderTable(order),
      htmlHeading('Ship to'),
      htmlAddress(order),
      htmlHeading('Promised to the customer'),
      htmlParagraph(escapeHtml(dispatchText(order))),
    ].join('\n'),
  );
  return { subject, text, html };
}
