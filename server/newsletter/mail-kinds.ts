/** The newsletter's e-mails (an outbox row's `kind`), declared to the platform (./declaration.ts). */
export const NEWSLETTER_MAIL_KINDS = {
  newsletterConfirmation: 'newsletter-confirmation',
  /** A newsletter campaign's message to one subscriber, and the owner's test copy. */
  campaign: 'newsletter-campaign',
  campaignTest: 'newsletter-campaign-test',
  /** "Tell me when it's back": the confirmation, then the one e-mail when the product is active again. */
  backInStockConfirmation: 'back-in-stock-confirmation',
  backInStock: 'back-in-stock',
  /** The one cart reminder of an unpaid checkout: unique per order, so never twice. */
  cartReminder: 'cart-reminder',
} as const;
