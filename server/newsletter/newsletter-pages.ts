/** The newsletter's link pages (docs/product/states.md §5.10): confirm and unsubscribe, each a GET then a POST. */
import { BRAND } from '../../domain/config';
import { actionForm, message } from '../mail/link-pages';
import { NEWSLETTER_PATHS } from './newsletter-mail';

export const NEWSLETTER_PAGES = {
  confirm: (token: string) =>
    actionForm(
      'Confirm your subscription',
      `One click and you will receive ${BRAND.name}’s newsletter: new designs, the brooch launch and the occasional kind offer.`,
      NEWSLETTER_PATHS.confirm,
      token,
      'Confirm my subscription',
    ),
  confirmed: () =>
    message('You’re subscribed', [
      'Thank you for confirming your subscription. You can unsubscribe at any time with the link in every e-mail we send you.',
    ]),
  expired: () =>
    message('This link is no longer valid', [
      'The link may be older than a week, or the address was unsubscribed since. Sign up again with the newsletter form on our home page.',
    ]),
  unsubscribe: (token: string) =>
    actionForm(
      'Unsubscribe from the newsletter',
      'You will not receive any more newsletter e-mails from us, and we delete your address from the list.',
      NEWSLETTER_PATHS.unsubscribe,
      token,
      'Unsubscribe',
    ),
  unsubscribed: () =>
    message('You’re unsubscribed', [
      'We have removed your address from our list. You will not receive any more newsletter e-mails from us.',
    ]),
} as const;
