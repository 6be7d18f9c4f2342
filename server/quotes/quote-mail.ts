/**
 * The quote e-mail (docs/product/quotes.md): the lines, the totals, the date it is valid until, the date
 * its order is dispatched by and the link to the quote page, where the client pays. It greets the person
 * by the name the quote has (the desk fills in the enquiry's sender, not their company). Plain text
 * first; the HTML says the same.
 */

import { nameWithSize } from '../../domain/catalogue/sizes';
import { BRAND } from '../../domain/config';
import { formatDayMonthYear, type QuotePageView } from '../../domain/quotes/quotes';
import { parseIsoDate } from '../../domain/shared/calendar-date';
import { escapeHtml, htmlLink, htmlParagraph, money, type RenderedMail, signedMail } from '../mail/layout';

/** The quote as its page shows it, with the page's link and where the terms and the shop are. */
export interface QuoteMailFacts extends Omit<QuotePageView, 'dispatchDate' | 'status'> {
  readonly url: string;
  readonly termsUrl: string;
  readonly contactEmail: string;
  /** The quote's zone as the owner names it now (her shipping settings). */
  readonly zoneName: string;
}

export function quoteMail(q: QuoteMailFacts): RenderedMail {
  const subject = `Your quote from ${BRAND.name} (${q.reference})`;
  const date = parseIsoDate(q.validUntil);
  const valid = date ? formatDayMonthYear(date) : q.validUntil;
  const rows: [string, string][] = [
    ...q.lines.map((l): [string, string] => [
      `${l.quantity} × ${l.size ? nameWithSize(l.name, l.size) : l.name}`,
      money(l.lineTotal),
    ]),
    ['Subtotal', money(q.subtotal)],
    ...(q.discount > 0
      ? [[`Discount (${q.discountPercent}%)`, `-${money(q.discount)}`] as [string, string]]
      : []),
    [`Shipping (${q.zoneName})`, q.shipping === 0 ? 'Free' : money(q.shipping)],
    ['Total', money(q.total)],
  ];
  const greeting = q.name ? `Hello ${q.name},` : 'Hello,';
  const intro = `Here is your quote ${q.reference}. It is valid until the end of ${valid}; you can pay it by card on its page:`;
  const dispatchDay = parseIsoDate(q.dispatchBy);
  const dispatch = `Once paid, your order is dispatched by ${dispatchDay ? formatDayMonthYear(dispatchDay) : q.dispatchBy}.`;
  const table = rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 28px;font-family:Arial,sans-serif;font-size:14px;">${escapeHtml(label)}</td><td align="right" style="padding:2px 28px;font-family:Arial,sans-serif;font-size:14px;">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  return signedMail(
    subject,
    [
      greeting,
      '',
      intro,
      '',
      `  ${q.url}`,
      '',
      ...rows.map(([label, value]) => `  ${label}: ${value}`),
      '',
      dispatch,
      '',
      ...(q.note ? [q.note, ''] : []),
      `Terms & Conditions: ${q.termsUrl}`,
      `Questions? Write to ${q.contactEmail}.`,
      '',
    ],
    [
      htmlParagraph(escapeHtml(greeting)),
      htmlParagraph(escapeHtml(intro)),
      htmlParagraph(htmlLink(q.url, 'View and pay your quote')),
      `<tr><td colspan="2"><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${table}</table></td></tr>`,
      htmlParagraph(escapeHtml(dispatch)),
      ...(q.note ? [htmlParagraph(escapeHtml(q.note).replace(/\n/g, '<br>'))] : []),
      htmlParagraph(
        `${htmlLink(q.termsUrl, 'Terms & Conditions')}. Questions? Write to ${htmlLink(`mailto:${q.contactEmail}`, q.contactEmail)}.`,
      ),
    ],
  );
}
