/**
 * Crash testing: FAULT_INJECT=<point>[#n] makes the process SIGKILL itself the n-th time (default the
 * first) it reaches a named point of the checkout, payment, confirmation or e-mail path. Honoured only
 * with NODE_ENV=test (config.ts refuses it otherwise), so a production shop can never be told to die.
 * The crash-recovery test (server/ops/crash-recovery.test.ts) restarts the server on the same DATA_DIR
 * after each kill and checks that nothing was lost or doubled.
 */
import { writeSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { FaultHit, FaultSpec } from '../lib/fault-spec';
import type { MailTransport } from '../mail/transport';

function die(): never {
  process.kill(process.pid, 'SIGKILL');
  // SIGKILL to oneself is delivered at once; block so that not one more statement of ours runs.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10_000);
  throw new Error('SIGKILL was not delivered');
}

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
