/**
 * FAULT_INJECT's grammar: `<point>[#n]`, the named points of the checkout, payment, confirmation and
 * e-mail path where a crash test may kill the process (ops/faults.ts arms them). Parsed with the rest of
 * the configuration (config.ts).
 */
export const FAULT_POINTS = {
  /** The pending order and its lines are stored; the provider has not been asked for a session. */
  'checkout:order-stored': 'order stored, before the payment provider is asked for a session',
  /** The provider created the session; the order does not know its session id yet. */
  'checkout:session-created': 'provider session created, before it is recorded on the order',
  /** Everything is stored; the browser has not received the checkout URL. */
  'checkout:before-reply': 'checkout complete, before the browser receives its URL',
  /** The test checkout recorded the payment; the order is not confirmed yet. */
  'pay:payment-recorded': 'payment recorded, before the order is confirmed',
  /** The provider says the session is paid; the order is not marked paid yet. */
  'confirm:provider-paid': 'provider says paid, before the order is marked paid and its e-mails queued',
  /** A queued e-mail is about to be handed to the transport. */
  'mail:before-send': 'e-mail queued, before it is handed to the mail server',
  /** The mail server accepted a message; the outbox has not marked it sent. */
  'mail:accepted': 'mail server accepted the message, before the outbox marks it sent',
  /** A campaign's message to one subscriber was queued (committed); the pass goes on to the next. */
  'newsletter:recipient-queued': 'campaign message queued, before the next subscriber is queued',
} as const;

export type FaultPoint = keyof typeof FAULT_POINTS;

/** Reaching a named point: the process dies there when FAULT_INJECT names it (and its n-th time has come). */
export type FaultHit = (point: FaultPoint) => void;

export interface FaultSpec {
  readonly point: FaultPoint;
  /** Die on the n-th time the point is reached (1 = the first). */
  readonly nth: number;
}

export function parseFaultSpec(raw: string): FaultSpec | string {
  const m = /^([a-z-]+:[a-z-]+)(?:#(\d{1,3}))?$/.exec(raw.trim());
  const point = m?.[1];
  if (!point || !(point in FAULT_POINTS)) {
    return `must be <point>[#n] with a point among ${Object.keys(FAULT_POINTS).join(', ')}`;
  }
  const nth = Number(m?.[2] ?? '1');
  if (nth < 1) return 'n must be at least 1';
  return { point: point as FaultPoint, nth };
}
