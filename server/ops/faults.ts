/**
 * Crash testing: FAULT_INJECT=<point>[#n] makes the process SIGKILL itself the n-th time (default the
 * first) it reaches a named point of the checkout, payment, confirmation or e-mail path. Honoured only
 * with NODE_ENV=test (config.ts refuses it otherwise), so a production shop can never be told to die.
 * The crash-recovery test (server/ops/crash-recovery.test.ts) restarts the server on the same DATA_DIR
 * after each kill and checks that nothing was lost or doubled.
 */
import { writeSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { MailTransport } from '../mail/transport';

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
} as const;

export type FaultPoint = keyof typeof FAULT_POINTS;

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

function die(): never {
  process.kill(process.pid, 'SIGKILL');
  // SIGKILL to oneself is delivered at once; block so that not one more statement of ours runs.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10_000);
  throw new Error('SIGKILL was not delivered');
}

/** Reaching a named point: the process dies there when FAULT_INJECT names it (and its n-th time has come). */
export type FaultHit = (point: FaultPoint) => void;

/**
 * Arms FAULT_INJECT: the mail transport's points and the checkout's reply here; the payment provider's
 * points where the provider is made (payments/provider-faults.ts), with the trigger this returns. Null
 * when nothing is armed.
 */
export function faultTrigger(
  app: FastifyInstance,
  spec: FaultSpec | null,
  transport: MailTransport,
): FaultHit | null {
  if (!spec) return null;
  let count = 0;
  const hit: FaultHit = (point) => {
    if (point !== spec.point) return;
    count += 1;
    if (count === spec.nth) {
      // Written synchronously: the logger's buffered lines die with the process.
      writeSync(
        2,
        `${JSON.stringify({ level: 40, point, nth: spec.nth, msg: 'FAULT_INJECT: killing the process now' })}\n`,
      );
      die();
    }
  };
  app.log.warn({ point: spec.point, nth: spec.nth }, 'FAULT_INJECT is armed (NODE_ENV=test)');

  // The transport is shared with the outbox, so patching it in place arms every sender.
  const patched = transport as { send: MailTransport['send'] };
  const send = transport.send.bind(transport);
  patched.send = async (mail) => {
    hit('mail:before-send');
    const detail = await send(mail);
    hit('mail:accepted');
    return detail;
  };
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url === '/api/checkout' && reply.statusCode === 200)
      hit('checkout:before-reply');
    return payload;
  });
  return hit;
}
