/**
 * "Tell me when it's back" e-mail (docs/product/states.md §5.10): the confirmation of a request, and the one
 * e-mail when the product is active again (its photo, price and link, the campaigns' product block).
 */
import type { CatalogueProduct } from '../../domain/catalogue/snapshot';
import { BRAND } from '../../domain/config';
import { escapeHtml, htmlMail, htmlParagraph, WINE } from '../mail/layout';
import type { QueuedMail } from '../mail/outbox';
import { productBlockHtml, productBlockText } from './campaign-mail';
import { NEWSLETTER_MAIL_KINDS } from './mail-kinds';

export const BACK_IN_STOCK_PATHS = { confirm: '/back-in-stock/confirm' } as const;

/** Log lines and .eml file names of these e-mails use this instead of an order reference. */
export const BACK_IN_STOCK_REFERENCE = 'BACK-IN-STOCK';

export function backInStockConfirmationMail(
  publicUrl: string,
  email: string,
  product: CatalogueProduct,
  token: string,
): QueuedMail {
  const link = `${publicUrl}${BACK_IN_STOCK_PATHS.confirm}?token=${encodeURIComponent(token)}`;
  const subject = `Please confirm: we'll e-mail you when ${product.name} is back`;
  const intro = `Someone, hopefully you, asked ${BRAND.name} to send one e-mail to this address when ${product.name} can be ordered again.`;
  const ignore =
    'If this was not you, ignore this e-mail: you will not hear from us, and we delete the address within a week.';
  const text = ['Hello,', '', intro, 'Confirm it here:', '', `  ${link}`, '', ignore, ''].join('\n');
  const html = htmlMail(subject, [
    htmlParagraph('Hello,'),
    htmlParagraph(escapeHtml(intro)),
    htmlParagraph(
      `<a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:${WINE};color:#ffffff;text-decoration:none;font-weight:bold;">Yes, tell me when it's back</a>`,
    ),
    htmlParagraph(escapeHtml(ignore)),
  ]);
  return {
    orderId: null,
    reference: BACK_IN_STOCK_REFERENCE,
    kind: NEWSLETTER_MAIL_KINDS.backInStockConfirmation,
    to: email,
    subject,
    text,
    html,
  };
}

export function backInStockMail(publicUrl: string, email: string, product: CatalogueProduct): QueuedMail {
  const subject = `${product.name} is back at ${BRAND.name}`;
  const intro = `You asked us to tell you when ${product.name} could be ordered again: it can, from today.`;
  const outro = 'This is the only e-mail you get from this request: we have deleted your address.';
  const text = [intro, '', productBlockText(publicUrl, product), '', outro, ''].join('\n');
  const html = htmlMail(subject, [
    htmlParagraph(escapeHtml(intro)),
    productBlockHtml(publicUrl, product),
    htmlParagraph(escapeHtml(outro)),
  ]);
  return {
    orderId: null,
    reference: BACK_IN_STOCK_REFERENCE,
    kind: NEWSLETTER_MAIL_KINDS.backInStock,
    to: email,
    subject,
    text,
    html,
  };
}
