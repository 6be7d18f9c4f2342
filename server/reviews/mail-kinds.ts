/** The reviews' e-mails (an outbox row's `kind`), declared to the platform (./declaration.ts). */
export const REVIEWS_MAIL_KINDS = {
  /** The review request after delivery. */
  reviewRequest: 'review-request',
} as const;
