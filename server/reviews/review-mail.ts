/**
 * The review request e-mail (docs/product/settled-choices.md §8.13): once per delivered order, to the shopper, with the
 * order page's link (where the review form is) and a link that stops any further review request to the
 * address. Pure; every value reaching the HTML is escaped.
 */
import { BRAND } from '../../domain/config';
import {
  escapeHtml,
  htmlLink,
  htmlParagraph,
  type RenderedMail,
  signedMail,
  TEST_NOTICE,
  testSubject,
} from '../mail/layout';
import { REVIEWS_MAIL_KINDS } from './mail-kinds';

/** The outbox kind: its unique (order_id, kind) makes the request one e-mail per order, whoever queues it. */
export const REVIEW_REQUEST_KIND = REVIEWS_MAIL_KINDS.reviewRequest;

export interface ReviewRequestMailInput {
  readonly reference: string;
  readonly name: string | null;
  /** The product names bought, once each. */
  readonly products: readonly string[];
  /** The order page, with its key. */
  readonly orderPageUrl: string;
  /** Stops every further review request to this address. */
  readonly stopUrl: string;
  readonly testOrder: boolean;
}

export function reviewRequestMail(input: ReviewRequestMailInput): RenderedMail {
  const subject = testSubject(input.testOrder, `How is your ${BRAND.name} order? Leave a review`);
  const hello = input.name?.trim() ? `Hello ${input.name.trim().split(/\s+/)[0]},` : 'Hello,';
  const what =
    input.products.length > 0
      ? `We hope you are enjoying ${input.products.join(', ')} from your order ${input.reference}.`
      : `We hope you are enjoying your order ${input.reference}.`;
  const ask =
    'Would you tell other shoppers what you think? A review takes a minute on your order page, where you can rate each bracelet from 1 to 5 stars. Every review is published, critical ones like glowing ones, unless it is unlawful, abusive or off-topic.';
  const write = 'Write your review:';
  const stop = 'No more review requests to this address:';
  const once = 'We ask once per order, and never share your address.';
  return signedMail(
    subject,
    [
      ...(input.testOrder ? [TEST_NOTICE, ''] : []),
      hello,
      '',
      what,
      '',
      ask,
      '',
      `${write} ${input.orderPageUrl}`,
      '',
      once,
      `${stop} ${input.stopUrl}`,
      '',
    ],
    [
      ...(input.testOrder ? [htmlParagraph(escapeHtml(TEST_NOTICE))] : []),
      htmlParagraph(escapeHtml(hello)),
      htmlParagraph(escapeHtml(what)),
      htmlParagraph(escapeHtml(ask)),
      htmlParagraph(`${escapeHtml(write)} ${htmlLink(input.orderPageUrl, 'Review your order')}`),
      htmlParagraph(`${escapeHtml(once)} ${htmlLink(input.stopUrl, 'No more review requests')}`),
    ],
  );
}
