/** The owner's own orders' e-mails (an outbox row's `kind`), declared to the platform (./declaration.ts). */
export const MANUAL_ORDERS_MAIL_KINDS = {
  /** An owner's order taken by phone or at a fair: its payment link to the customer (manual-order-service.ts). */
  paymentLink: 'manual-payment-link',
} as const;
