/**
 * The cart reminder's one e-mail (docs/product/states.md §5.10a): short, the items named, one link back to the
 * cart (or Stripe's own link back to the checkout, when Stripe gave one), and that this is the single
 * reminder the shopper asked for.
 */
import { nameWithSize } from '../../domain/catalogue/sizes';
import type { CatalogueSnapshot } from '../../domain/catalogue/snapshot';
import { orderReference } from '../../domain/checkout/checkout';
import { BRAND } from '../../domain/config';
import { cartRestoreUrl, type ReminderLine } from '../../domain/newsletter/cart-reminder';
import { escapeHtml, htmlMail, htmlParagraph, WINE } from '../mail/layout';
import type { QueuedMail } from '../mail/outbox';
import { NEWSLETTER_MAIL_KINDS } from './mail-kinds';

export const CART_REMINDER_SUBJECT = `Your ${BRAND.name} cart is still waiting`;

export function cartReminderMail(input: {
  readonly publicUrl: string;
  readonly orderId: string;
  readonly sessionId: string;
  readonly email: string;
  readonly lines: readonly ReminderLine[];
  readonly catalogue: CatalogueSnapshot;
  readonly token: string;
  /** Stripe's recovery link of the expired checkout: used instead of the cart's when present. */
  readonly recoveryUrl: string | null;
}): QueuedMail {
  const link = input.recoveryUrl ?? cartRestoreUrl(input.publicUrl, input.token);
  const names = input.lines.map((line) => {
    const product = input.catalogue.products.find((p) => p.id === line.id);
    const name = product ? nameWithSize(product.name, line.size) : 'A bracelet no longer in the shop';
    return line.quantity > 1 ? `${line.quantity} × ${name}` : name;
  });
  const intro =
    'You started a checkout with us and asked us to e-mail you once if it was not finished. Your cart:';
  const after =
    'The link puts these back in your cart at today’s prices and takes you on to checkout. Anything we no longer make is named there.';
  const single =
    'This is the single reminder you asked for: we will not write again about this cart, and we delete your address and cart within a week.';
  const text = [
    'Hello,',
    '',
    intro,
    '',
    ...names.map((n) => `  - ${n}`),
    '',
    `Back to your cart: ${link}`,
    '',
    after,
    '',
    single,
    '',
  ].join('\n');
  const html = htmlMail(CART_REMINDER_SUBJECT, [
    htmlParagraph('Hello,'),
    htmlParagraph(escapeHtml(intro)),
    htmlParagraph(
      `<ul style="margin:0;padding-left:20px;">${names.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>`,
    ),
    htmlParagraph(
      `<a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 24px;border-radius:999px;background:${WINE};color:#ffffff;text-decoration:none;font-weight:bold;">Back to my cart</a>`,
    ),
    htmlParagraph(escapeHtml(after)),
    htmlParagraph(escapeHtml(single)),
  ]);
  return {
    // The checkout's own order: the outbox holds one e-mail per order and kind, so never a second one.
    orderId: input.orderId,
    reference: orderReference(input.sessionId),
    kind: NEWSLETTER_MAIL_KINDS.cartReminder,
    to: input.email,
    subject: CART_REMINDER_SUBJECT,
    text,
    html,
  };
}
