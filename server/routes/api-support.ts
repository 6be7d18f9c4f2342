/**
 * Shared behaviour of the shop's JSON API routes: JSON in only (415 otherwise), every failure answered as
 * `{ ok: false, error }` with a message a person can act on, and never a 5xx for a malformed request.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const API_MESSAGES = {
  json: 'Content-Type must be application/json',
  tooLarge: 'The request body is too large',
  emptyBody: 'The request body is empty; send a JSON object',
  invalidJson: 'The request body is not valid JSON',
  forbiddenKey: 'The request body contains a forbidden key',
  busy: 'The shop is busy right now. Please try again in a moment.',
  internal: 'Something went wrong on our side. Please try again in a moment.',
} as const;

const FRIENDLY: Readonly<Record<string, string>> = {
  FST_ERR_CTP_BODY_TOO_LARGE: API_MESSAGES.tooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: API_MESSAGES.json,
  FST_ERR_CTP_EMPTY_JSON_BODY: API_MESSAGES.emptyBody,
  FST_ERR_CTP_INVALID_JSON_BODY: API_MESSAGES.invalidJson,
};

/** SQLite could not take the write right now (locked, disk full, I/O): worth retrying, not a bug. */
const UNAVAILABLE_SQLITE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|READONLY|CANTOPEN)/;

export function mediaType(request: FastifyRequest): string | null {
  const header = request.headers['content-type'];
  if (!header) return null;
  return header.split(';')[0]?.trim().toLowerCase() ?? null;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (request.headers['transfer-encoding']) return true;
  return length !== undefined && length !== '0';
}

/**
 * onRequest hook: refuses anything but application/json before the body is read. With `allowEmpty`, a
 * request without any body is accepted too (POST .../confirm carries no data).
 */
export function requireJson(options: { allowEmpty?: boolean } = {}) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const type = mediaType(request);
    if (type === 'application/json') return undefined;
    if (options.allowEmpty && type === null && !hasBody(request)) return undefined;
    // Sent from the hook: Fastify skips body parsing and the handler.
    return reply.code(415).send({ ok: false, error: API_MESSAGES.json });
  };
}

export function apiErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        FRIENDLY[error.code] ??
        (/prototype/i.test(error.message) ? API_MESSAGES.forbiddenKey : error.message || 'Bad request');
      return reply.code(status).send({ ok: false, error: message });
    }
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_SQLITE.test(code)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).header('Retry-After', '5').send({ ok: false, error: API_MESSAGES.busy });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ ok: false, error: API_MESSAGES.internal });
  });
}
