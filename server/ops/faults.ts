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
import type { PaymentProvider } from '../payments/provider';
import type { TestCheckoutProvider } from '../payments/test-checkout';

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

export function armFaultPoints(
  app: FastifyInstance,
  spec: FaultSpec | null,
  parts: { readonly provider: PaymentProvider; readonly transport: MailTransport },
): void {
  if (!spec) return;
  let count = 0;
  const hit = (point: FaultPoint) => {
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

  // The objects are shared with the routes and the order service, so patching them in place arms
  // every caller.
  const provider = parts.provider as PaymentProvider & Partial<Pick<TestCheckoutProvider, 'pay'>>;
  const create = provider.createSession.bind(provider);
  provider.createSession = async (input) => {
    hit('checkout:order-stored');
    const session = await create(input);
    hit('checkout:session-created');
    return session;
  };
  // A provider with local sessions has its session stored with the order, all in one atomic write (one
  // SQLite transaction, one PostgreSQL statement): there is no moment between the order and its session.
  // Both checkout points are then reached just before that write, when its statements are made, and a
  // kill there leaves nothing of the checkout behind.
  if (provider.prepareLocalSession) {
    const prepare = provider.prepareLocalSession.bind(provider);
    provider.prepareLocalSession = (input) => {
      const session = prepare(input);
      return {
        ...session,
        inserts: (db) => {
          hit('checkout:order-stored');
          hit('checkout:session-created');
          return session.inserts(db);
        },
      };
    };
  }
  const retrieve = provider.retrieveSession.bind(provider);
  provider.retrieveSession = async (id) => {
    const session = await retrieve(id);
    if (session?.paymentStatus === 'paid') hit('confirm:provider-paid');
    return session;
  };
  if (provider.pay) {
    const pay = provider.pay.bind(provider);
    provider.pay = async (id, shipping) => {
      const paid = await pay(id, shipping);
      if (paid) hit('pay:payment-recorded');
      return paid;
    };
  }
  const transport = parts.transport as { send: MailTransport['send'] };
  const send = parts.transport.send.bind(parts.transport);
  transport.send = async (mail) => {
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
}
