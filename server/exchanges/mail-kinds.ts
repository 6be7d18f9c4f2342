/**
 * The exchanges' e-mails (docs/product/exchanges.md), one outbox kind each, made unique per exchange by
 * its number (`exchange-accepted:12`): the outbox's unique (order_id, kind) sends each once.
 */
export const EXCHANGES_MAIL_KINDS = {
  requested: 'exchange-requested',
  receipt: 'exchange-receipt',
  accepted: 'exchange-accepted',
  declined: 'exchange-declined',
  /** The replacement's parcel: the order's "On its way" e-mail, of the exchange's own kind. */
  dispatched: 'exchange-dispatched',
} as const;

export type ExchangeMailKind = keyof typeof EXCHANGES_MAIL_KINDS;

/** The outbox kind of one exchange's e-mail. */
export function exchangeMailKind(kind: ExchangeMailKind, id: number): string {
  return `${EXCHANGES_MAIL_KINDS[kind]}:${id}`;
}
