/**
 * The owner's Customers (docs/product/desk.md §10.15), under /api/admin/ with the desk's guards (route-policy.ts):
 * - GET /api/admin/customers?q= -> { ok, customers: [{ email, name, orders, spent, lastOrderAt, newsletter }] };
 * - GET /api/admin/customers/{email} -> { ok, customer, orders, quotes, reviews, enquiries } | 404;
 * - GET /api/admin/customers/{email}/export and DELETE /api/admin/customers/{email}: the privacy feature's
 *   (privacy-routes.ts), as export and erasure are its one rule whichever screen asks;
 * - PUT /api/admin/customers/{email}/note { note } -> { ok, note, noteUpdatedAt } (empty deletes it).
 * No address reaches a log line.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CUSTOMER_API,
  CUSTOMER_MESSAGES,
  customerDetailSchema,
  customerEmailParamsSchema,
  customerListQuerySchema,
  customerNoteResponseSchema,
  customerNoteSchema,
  customersResponseSchema,
} from '../../domain/customers/customers';
import { refuse } from '../lib/refusal';
import { ownerActor } from '../security/owner-auth';
import { DESK_ACTION_POLICY, noIndexReplies } from '../security/route-policy';
import type { CustomerService } from './customer-service';

export async function customerRoutes(
  app: FastifyInstance,
  opts: { customers: CustomerService },
): Promise<void> {
  const { customers } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  noIndexReplies(app);

  const listed = { querystring: customerListQuerySchema, response: { 200: customersResponseSchema } };
  api.get(CUSTOMER_API.list, { schema: listed }, async (request, reply) => {
    const list = await customers.list(request.query.q ?? null);
    return reply.send({ ok: true, customers: list });
  });

  const one = `${CUSTOMER_API.list}/:email`;
  const params = { params: customerEmailParamsSchema };

  api.get(one, { schema: { ...params, response: { 200: customerDetailSchema } } }, async (request, reply) => {
    const found =
      (await customers.get(request.params.email)) ?? refuse('not-found', CUSTOMER_MESSAGES.notFound);
    return reply.send({ ok: true, ...found });
  });

  const noted = { ...params, body: customerNoteSchema, response: { 200: customerNoteResponseSchema } };
  // The owner's note (2,000 characters).
  api.put(
    `${one}/note`,
    { schema: noted, config: { policy: DESK_ACTION_POLICY } },
    async (request, reply) => {
      const saved = await customers.saveNote(request.params.email, request.body.note, ownerActor(request));
      return reply.send({ ok: true, note: saved?.note ?? '', noteUpdatedAt: saved?.updatedAt ?? null });
    },
  );
}
