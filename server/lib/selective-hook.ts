/**
 * An onRequest hook that only some routes need (the owner's sign-in check, the request guard): the
 * requests it concerns run its async body, every other one (pages, files, public reads: most of the
 * traffic) passes at once. An async hook costs a promise and a turn of the microtask queue on every
 * request it is registered for, whatever it decides (bench:api --instructions, docs/performance.md).
 */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';

export function selectiveHook(
  concerns: (request: FastifyRequest) => boolean,
  hook: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): onRequestHookHandler {
  return (request, reply, done) => {
    if (!concerns(request)) {
      done();
      return;
    }
    // An answer sent by the hook ends the request there, as returning the reply from an async hook does.
    hook(request, reply).then(
      () => {
        if (!reply.sent) done();
      },
      (err: Error) => done(err),
    );
  };
}
