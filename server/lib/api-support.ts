/**
 * The shop's one error handler, for every route and for what fails before any route runs: every failure
 * answered as `{ ok: false, error }` with a message a person can act on, never a 5xx for a malformed
 * request, and never the request's own path echoed back. (JSON in only is the request guard's rule,
 * security/request-guard.ts.)
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Refusal, refusalBody } from './refusal';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_S } from './unavailable';
import { validationMessage } from './validation';

export const API_MESSAGES = {
  json: 'Content-Type must be application/json',
  tooLarge: 'The request body is too large',
  emptyBody: 'The request body is empty; send a JSON object',
  invalidJson: 'The request body is not valid JSON',
  forbiddenKey: 'The request body contains a forbidden key',
  busy: 'The shop is busy right now. Please try again in a moment.',
  internal: 'Something went wrong on our side. Please try again in a moment.',
  notFound: 'Not found',
  badUrl: 'The address is not valid',
  urlTooLong: 'The address is too long',
  timeout: 'The request took too long to arrive',
  badRequest: 'Bad request',
} as const;

const FRIENDLY: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: API_MESSAGES.tooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: API_MESSAGES.json,
  FST_ERR_CTP_EMPTY_JSON_BODY: API_MESSAGES.emptyBody,
  FST_ERR_CTP_INVALID_JSON_BODY: API_MESSAGES.invalidJson,
};

/** Headers every answer carries (security/headers.ts), for answers written before any hook runs. */
export type FixedHeaders = readonly (readonly [string, string])[];

export function sendNotFound(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send({ ok: false, error: API_MESSAGES.notFound });
}

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded or a path parameter over the router's
 * length limit. No hook has run, so the security headers are set here.
 */
export function frameworkErrorHandler(headers: FixedHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    for (const [name, value] of headers) reply.header(name, value);
    reply.header('X-Request-Id', request.id);
    const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
    request.log.info({ code: error.code }, 'request refused by the router');
    reply
      .code(tooLong ? 414 : 400)
      .send({ ok: false, error: tooLong ? API_MESSAGES.urlTooLong : API_MESSAGES.badUrl });
  };
}

/**
 * The HTTP server's `clientError`: a request that never finished arriving (the request timeout) or was
 * not HTTP. Nothing but the raw socket is left, so the answer is written by hand, then the connection
 * closed.
 */
export function clientErrorHandler(headers: FixedHeaders) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', API_MESSAGES.timeout]
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', API_MESSAGES.badRequest]
          : [400, 'Bad Request', API_MESSAGES.badRequest];
    const body = JSON.stringify({ ok: false, error: message });
    if (socket.writable) {
      const lines = [
        `HTTP/1.1 ${status} ${reason}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Connection: close',
        ...headers.map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}

export function apiErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A service said no (refusal.ts): its reason's status and its own words.
    if (error instanceof Refusal) return reply.code(error.statusCode).send(refusalBody(error));
    // A route schema refused the request: its first problem, worded in one place (validation.ts).
    const invalid = validationMessage(error);
    if (invalid !== null) return reply.code(400).send({ ok: false, error: invalid });
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FRIENDLY[error.code] ??
        (/prototype/i.test(error.message)
          ? API_MESSAGES.forbiddenKey
          : error.message || API_MESSAGES.badRequest);
      return reply.code(status).send({ ok: false, error: message });
    }
    // Locked, full or unreachable (either dialect): worth retrying, not a bug.
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', UNAVAILABLE_RETRY_AFTER_S)
        .send({ ok: false, error: API_MESSAGES.busy });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ ok: false, error: API_MESSAGES.internal });
  });
}
