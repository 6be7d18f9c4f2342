/** The quotes' e-mails (an outbox row's `kind`), declared to the platform (./declaration.ts). */
export const QUOTES_MAIL_KINDS = {
  /** A quote to its client; sent again when the owner sends it again. */
  quote: 'quote',
} as const;
