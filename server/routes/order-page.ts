/**
 * The shopper's order page API (docs/product.md §6.8-§6.10). The key travels in request bodies, never in
 * a URL the server logs:
 * - POST /api/order-page { reference, key } -> 200 { ok, order } | 404 { ok: false, error }: the same
 *   404 for a wrong key and an unknown reference.
 * - POST /api/order-page/find { reference, email } -> 200 { ok, message }: the same answer whether or
 *   not they match (the link is e-mailed on a match, after the answer is sent, so the timing says
 *   nothing either); 429 when the address or the reference asked too often.
 * - POST /api/order-page/withdrawal { reference, key, lines, name, reason? } -> 200 { ok, order } | 404
 *   | 409 (the period has ended) | 400.
 */
import type { FastifyInstance } from 'fastify';
import {
  FIND_ORDER_ANSWER,
  FIND_ORDER_LIMITED,
  findOrderRequestSchema,
  ORDER_NOT_FOUND,
  orderPageRequestSchema,
  WITHDRAWAL_CLOSED,
  withdrawalRequestSchema,
} from '../../domain/order-page';
import { fieldPath } from '../orders/checkout-request';
import type { OrderPageService } from '../orders/order-page-service';

export const ORDER_PAGE_ROUTES = {
  view: '/api/order-page',
  find: '/api/order-page/find',
  withdrawal: '/api/order-page/withdrawal',
} as const;

interface Issue {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly keys?: readonly string[];
}

function issueText(issue: Issue | undefined): string {
  if (!issue) return 'The request is not valid';
  if (issue.code === 'unrecognized_keys') return `Unexpected field(s): ${(issue.keys ?? []).join(', ')}`;
  const where = fieldPath(issue.path);
  return where ? `"${where}" is missing or not valid` : 'The request body must be a JSON object';
}

function parse<T>(
  schema: {
    safeParse(body: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
  },
  body: unknown,
): { ok: true; value: T } | { ok: false; error: string } {
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, error: issueText(parsed.error.issues[0]) };
}

export async function orderPageRoutes(
  app: FastifyInstance,
  opts: { pages: OrderPageService },
): Promise<void> {
  const { pages } = opts;

  app.post(ORDER_PAGE_ROUTES.view, async (request, reply) => {
    const body = parse(orderPageRequestSchema, request.body);
    if (!body.ok) return reply.code(400).send({ ok: false, error: body.error });
    const order = await pages.view(body.value.reference, body.value.key);
    if (!order) return reply.code(404).send({ ok: false, error: ORDER_NOT_FOUND });
    return reply.header('Referrer-Policy', 'no-referrer').send({ ok: true, order });
  });

  app.post(ORDER_PAGE_ROUTES.find, async (request, reply) => {
    const body = parse(findOrderRequestSchema, request.body);
    if (!body.ok) return reply.code(400).send({ ok: false, error: body.error });
    const { limited, deliver } = await pages.find(body.value.reference, body.value.email);
    if (limited) {
      request.log.info('find your order: limited');
      return reply.code(429).header('Retry-After', '3600').send({ ok: false, error: FIND_ORDER_LIMITED });
    }
    // After the answer: a match costs a few queries and an outbox row that a miss does not.
    setImmediate(() => {
      deliver().catch((err: unknown) =>
        request.log.error({ err }, 'find your order: could not queue the link'),
      );
    });
    return reply.send({ ok: true, message: FIND_ORDER_ANSWER });
  });

  app.post(ORDER_PAGE_ROUTES.withdrawal, async (request, reply) => {
    const body = parse(withdrawalRequestSchema, request.body);
    if (!body.ok) return reply.code(400).send({ ok: false, error: body.error });
    const outcome = await pages.withdraw(body.value);
    switch (outcome.kind) {
      case 'ok':
        return reply.send({ ok: true, order: outcome.order });
      case 'not-found':
        return reply.code(404).send({ ok: false, error: ORDER_NOT_FOUND });
      case 'closed':
        return reply.code(409).send({ ok: false, error: WITHDRAWAL_CLOSED });
      case 'invalid':
        return reply.code(400).send({ ok: false, error: outcome.error });
    }
  });
}
