/**
 * Newsletter e-mail (docs/product/states.md §5.10): the links of an address's token, and the confirmation
 * e-mail. Every newsletter e-mail, this one first, carries the unsubscribe link in its text and the
 * one-click List-Unsubscribe headers (RFC 8058, through the outbox's `list_unsubscribe`).
 */
import { BRAND } from '../../domain/config';
import { escapeHtml, htmlParagraph, type RenderedMail, signedMail, WINE } from '../mail/layout';
import type { QueuedMail } from '../mail/outbox';
import { NEWSLETTER_MAIL_KINDS } from './mail-kinds';

export const NEWSLETTER_PATHS = {
  confirm: '/newsletter/confirm',
  unsubscribe: '/newsletter/unsubscribe',
} as const;

/** Log lines and .eml file names of newsletter e-mail use this instead of an order reference. */
export const NEWSLETTER_REFERENCE = 'NEWSLETTER';

export interface NewsletterLinks {
  readonly confirm: string;
  /** Also the List-Unsubscribe URL: a GET shows a page, a POST unsubscribes (RFC 8058). */
  readonly unsubscribe: string;
}

export function newsletterLinks(publicUrl: string, token: string): NewsletterLinks {
  const query = `?token=${encodeURIComponent(token)}`;
  return {
    confirm: `${publicUrl}${NEWSLETTER_PATHS.confirm}${query}`,
    unsubscribe: `${publicUrl}${NEWSLETTER_PATHS.unsubscribe}${query}`,
  };
}

export const NEWSLETTER_CONFIRMATION_SUBJECT = `Please confirm your subscription to ${BRAND.name}`;

export function newsletterConfirmation(links: NewsletterLinks): RenderedMail {
  const subject = NEWSLETTER_CONFIRMATION_SUBJECT;
  const intro = `Someone, hopefully you, asked to receive news from ${BRAND.name} at this address.`;
  const ask = 'To start receiving our newsletter, confirm your subscription:';
  const ignore =
    'If this was not you, ignore this e-mail: you will not hear from us again, and we delete the address within a week.';
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:${WINE};">${escapeHtml(label)}</a>`;
  return signedMail(
    subject,
    [
      'Hello,',
      '',
      intro,
      ask,
      '',
      `  ${links.confirm}`,
      '',
      ignore,
      '',
      `Unsubscribe: ${links.unsubscribe}`,
      '',
    ],
    [
      htmlParagraph('Hello,'),
      htmlParagraph(escapeHtml(intro)),
      htmlParagraph(escapeHtml(ask)),
      htmlParagraph(
        `<a href="${escapeHtml(links.confirm)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:${WINE};color:#ffffff;text-decoration:none;font-weight:bold;">Confirm my subscription</a>`,
      ),
      htmlParagraph(escapeHtml(ignore)),
      htmlParagraph(`<span style="font-size:13px;">${link(links.unsubscribe, 'Unsubscribe')}</span>`),
    ],
  );
}

/** The queued confirmation e-mail for an address and its token. */
export function newsletterConfirmationMail(publicUrl: string, email: string, token: string): QueuedMail {
  const links = newsletterLinks(publicUrl, token);
  return {
    orderId: null,
    reference: NEWSLETTER_REFERENCE,
    kind: NEWSLETTER_MAIL_KINDS.newsletterConfirmation,
    to: email,
    ...newsletterConfirmation(links),
    listUnsubscribe: links.unsubscribe,
  };
}
