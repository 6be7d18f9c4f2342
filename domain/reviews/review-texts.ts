/**
 * The words of reviews (docs/product/settled-choices.md §8.13): the published rule and the messages, apart from
 * ./reviews.ts so that the home page's cards, which only show a rating, do not carry them.
 */
import { REVIEW_LIMITS } from './reviews';

/** The published rule, word for word on the legal pages and next to the desk's hide button. */
export const REVIEW_RULE: readonly string[] = [
  'Only people who bought from us can review: each review is tied to one product of one delivered order, reached through the link in that order’s e-mail. We do not accept reviews from anyone else, and we never write, buy or reward reviews.',
  'Every review is published, negative ones exactly like positive ones, unless it is unlawful, abusive or off-topic (about something other than the product bought). Those are hidden, with the reason noted privately.',
  'The shop may add a public reply under a review. The average and the count are calculated from the published reviews only.',
];

/** The short form next to the desk's hide button. */
export const HIDE_RULE =
  'Hide only a review that is unlawful, abusive or off-topic. Negative reviews are published like positive ones.';

export const REVIEW_MESSAGES = {
  rating: 'rating must be a whole number from 1 to 5',
  title: `title must be one line of at most ${REVIEW_LIMITS.titleMax} characters`,
  text: `text must be ${REVIEW_LIMITS.textMin} to ${REVIEW_LIMITS.textMax} characters`,
  displayName: `displayName must be one line of at most ${REVIEW_LIMITS.displayNameMax} characters`,
  productId: 'productId must be a product id',
  notDelivered:
    'You can review your order once it has been delivered. We will send you an e-mail when it is time.',
  editClosed: `This review was sent more than ${REVIEW_LIMITS.editDays} days ago and can no longer be changed.`,
  duplicate: 'Each product can be reviewed once per request.',
  notFound: 'There is no review with this id.',
  noReviewsYet: 'No reviews yet. Reviews come only from people who bought this bracelet.',
  reason: `reason must be one line of at most ${REVIEW_LIMITS.reasonMax} characters`,
  reply: `reply must be at most ${REVIEW_LIMITS.replyMax} characters of text`,
} as const;
