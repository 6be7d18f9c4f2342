/**
 * The fulfilment's e-mails of one exact kind (an outbox row's `kind`), declared to the platform
 * (./declaration.ts); its refund and dispute e-mails take a kind of their own each (fulfilment-mail.ts).
 */
export const FULFILMENT_MAIL_KINDS = {
  dispatched: 'order-dispatched',
  cancelled: 'order-cancelled',
} as const;
