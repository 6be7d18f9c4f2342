/** The e-mails of "tell me when you're back" (docs/product/desk.md §10.14): the confirmation, then the one on return. */
import { BRAND } from '../../domain/config';
import { escapeHtml, htmlParagraph, signedMail, WINE } from '../mail/layout';
import type { QueuedMail } from '../mail/outbox';
import { SETTINGS_MAIL_KINDS } from './mail-kinds';

export const BACK_IN_TOUCH_PATHS = { confirm: '/back-in-touch/confirm' } as const;

/** Log lines and .eml file names use this instead of an order reference. */
export const BACK_IN_TOUCH_REFERENCE = 'BACK-IN-TOUCH';

export const BACK_IN_TOUCH_SUBJECTS = {
  confirm: `Please confirm: tell me when ${BRAND.name} is back`,
  back: `${BRAND.name} is back`,
} as const;

function mail(
  kind: string,
  to: string,
  subject: string,
  paragraphs: readonly string[],
  button?: { href: string; label: string },
  /** After the button: the instruction stays next to its link. */
  after: readonly string[] = [],
): QueuedMail {
  const rendered = signedMail(
    subject,
    [
      'Hello,',
      '',
      ...paragraphs.flatMap((p) => [p, '']),
      ...(button ? [`  ${button.href}`, ''] : []),
      ...after.flatMap((p) => [p, '']),
    ],
    [
      htmlParagraph('Hello,'),
      ...paragraphs.map((p) => htmlParagraph(escapeHtml(p))),
      ...(button
        ? [
            htmlParagraph(
              `<a href="${escapeHtml(button.href)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:${WINE};color:#ffffff;text-decoration:none;font-weight:bold;">${escapeHtml(button.label)}</a>`,
            ),
          ]
        : []),
      ...after.map((p) => htmlParagraph(escapeHtml(p))),
    ],
  );
  return { orderId: null, reference: BACK_IN_TOUCH_REFERENCE, kind, to, ...rendered };
}

export function backInTouchConfirmationMail(publicUrl: string, email: string, token: string): QueuedMail {
  const href = `${publicUrl}${BACK_IN_TOUCH_PATHS.confirm}?token=${encodeURIComponent(token)}`;
  return mail(
    SETTINGS_MAIL_KINDS.backInTouchConfirmation,
    email,
    BACK_IN_TOUCH_SUBJECTS.confirm,
    [
      `Someone, hopefully you, asked ${BRAND.name} to write to this address once when the shop is back.`,
      'To be told, confirm:',
    ],
    { href, label: 'Yes, tell me' },
    [
      'If this was not you, ignore this e-mail: you will not hear from us, and we delete the address within a week.',
    ],
  );
}

export function backInTouchMail(publicUrl: string, email: string): QueuedMail {
  return mail(SETTINGS_MAIL_KINDS.backInTouch, email, BACK_IN_TOUCH_SUBJECTS.back, [
    `${BRAND.name} is back and taking orders again.`,
    `Visit the shop: ${publicUrl}/`,
    'This is the one e-mail you asked for: we have deleted your address.',
  ]);
}
