/**
 * The newsletter form's texts and sources, apart from the API schemas (domain/newsletter/newsletter.ts): the form
 * is on the home page, and importing zod with it would cost the home page about 8 KB gzip.
 */

/** Where a sign-up came from: the home page form, or the coming-soon page's brooch launch prompt. */
export const NEWSLETTER_SOURCES = ['home', 'coming-soon'] as const;
export type NewsletterSource = (typeof NEWSLETTER_SOURCES)[number];

export const NEWSLETTER_MESSAGES = {
  // The spec's words, then what double opt-in asks of the shopper (docs/product/texts.md §3.5).
  success: 'Thank you for subscribing! Please check your inbox to confirm your address.',
  failed: "We couldn't sign you up just now. Please try again in a moment.",
  offline: "We couldn't reach the shop. Check your connection and try again.",
} as const;
