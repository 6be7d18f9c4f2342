/**
 * The recipient's one e-mail (docs/product/gift-cards.md §19): the code as XXXX-XXXX-XXXX-XXXX, the amount, the
 * message, who it is from, the day it was bought and the last day it is valid (the Gift Vouchers Act's
 * contract date and five years, printed on the card), a link to the gift card terms and to the shop. It is the only place the full code ever goes.
 */
import { BRAND } from '../../domain/config';
import { formatGiftCardCode } from '../../domain/gift-cards/gift-cards';
import { dateParts, formatDayOfMonth, type IsoDate, irishDate } from '../../domain/shared/calendar-date';
import { escapeHtml, htmlLink, htmlMail, htmlParagraph, money } from '../mail/layout';
import type { QueuedMail } from '../mail/outbox';

/** One outbox kind per card (and per resend): the recipient's e-mail is queued once, by its claim. */
export function giftCardMailKind(cardId: string, resend = 0): string {
  return resend === 0 ? `gift-card-${cardId}` : `gift-card-${cardId}-resend-${resend}`;
}

/** "27 November 2031". */
export function formatExpiry(expiresOn: string): string {
  const date = expiresOn as IsoDate;
  return `${formatDayOfMonth(date)} ${dateParts(date).year}`;
}

export function giftCardMail(input: {
  readonly cardId: string;
  readonly code: string;
  readonly amount: number;
  readonly recipientName: string;
  readonly recipientEmail: string;
  readonly fromName: string;
  readonly message: string;
  readonly expiresOn: string;
  readonly publicUrl: string;
  /** The order's reference, or the card's id for a card the owner issued. */
  readonly reference: string;
  /** When it was bought or issued (ISO): the contract's date, which the Act wants in writing. */
  readonly issuedAt: string;
  /** Issued without payment (a prize, a goodwill gesture, a reissue): "Issued on" rather than "Bought on". */
  readonly free?: boolean;
}): QueuedMail {
  const code = formatGiftCardCode(input.code);
  const from = input.fromName.trim() || BRAND.name;
  const subject = `${from} sent you a ${BRAND.name} gift card`;
  const expiry = formatExpiry(input.expiresOn);
  const shop = `${input.publicUrl}/`;
  const hello = input.recipientName.trim() ? `Hello ${input.recipientName.trim()},` : 'Hello,';
  const intro = `${from} sent you a ${BRAND.name} gift card of ${money(input.amount)}.`;
  const howTo =
    'Enter the code in the cart’s “Gift card or discount code” field. You can spend it over several orders, and there is no fee of any kind.';
  // The contract's date and the redeemable period in writing (Consumer Protection (Gift Vouchers) Act
  // 2019, docs/product/gift-cards.md §19.1), and the terms that apply to it.
  const issuedOn = formatExpiry(irishDate(new Date(input.issuedAt)));
  const valid = `${input.free ? 'Issued' : 'Bought'} on ${issuedOn}. Valid until ${expiry}.`;
  const terms = `${input.publicUrl}/terms-conditions`;
  const text = [
    hello,
    '',
    intro,
    ...(input.message ? ['', `“${input.message}”`, `— ${from}`] : []),
    '',
    `Your code: ${code}`,
    `Amount: ${money(input.amount)}`,
    valid,
    '',
    howTo,
    '',
    `Gift card terms (in the shop's Terms & Conditions): ${terms}`,
    `Visit the shop: ${shop}`,
    '',
  ].join('\n');
  const html = htmlMail(subject, [
    htmlParagraph(escapeHtml(hello)),
    htmlParagraph(escapeHtml(intro)),
    ...(input.message
      ? [
          htmlParagraph(
            `<em>${escapeHtml(input.message).replace(/\n/g, '<br>')}</em><br>— ${escapeHtml(from)}`,
          ),
        ]
      : []),
    htmlParagraph(
      `Your code: <strong style="font-family:monospace;font-size:20px;letter-spacing:0.08em;">${escapeHtml(code)}</strong><br>Amount: ${escapeHtml(money(input.amount))}<br>${escapeHtml(valid)}`,
    ),
    htmlParagraph(escapeHtml(howTo)),
    htmlParagraph(
      `${htmlLink(terms, 'Gift card terms')} (in the shop’s Terms &amp; Conditions)<br>${htmlLink(shop, `Visit ${BRAND.name}`)}`,
    ),
  ]);
  return {
    orderId: null,
    reference: input.reference,
    kind: giftCardMailKind(input.cardId),
    to: input.recipientEmail,
    subject,
    text,
    html,
  };
}
