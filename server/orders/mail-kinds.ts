/** The orders' e-mails (an outbox row's `kind`), declared to the platform (./declaration.ts). */
export const ORDERS_MAIL_KINDS = {
  /** The shopper's order confirmation and the owner's notice of a new order (./order-mail.ts). */
  customer: 'order-confirmation',
  owner: 'owner-notification',
  /** A withdrawal's acknowledgement to the shopper and its notice to the owner. */
  withdrawalAck: 'withdrawal-acknowledgement',
  withdrawalOwner: 'withdrawal-owner',
  /** "Find your order" may send the link more than once: each gets its own kind (order-link-{random}). */
  orderLink: 'order-link',
} as const;
