/**
 * The owner's Customers (docs/product.md §10.15), under /api/admin/ with the desk's guards (route-policy.ts):
 * - GET /api/admin/customers?q= -> { ok, customers: [{ email, name, orders, spent, lastOrderAt, newsletter }] };
 * - GET /api/admin/customers/{email} -> { ok, customer, orders, quotes, reviews, enquiries } | 404;
 * - GET /api/admin/customers/{email}/export -> the privacy API's export, as a download (audited);
 * - DELETE /api/admin/customers/{email} -> the privacy API's erasure (audited) | 409 naming the order;
 * - PUT /api/admin/customers/{email}/note { note } -> { ok, note, noteUpdatedAt } (empty deletes it).
 * No address reaches a log line.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CUSTOMER_API,
  CUSTOMER_MESSAGES,
  customerEmailParamsSchema,
  customerListQuerySchema,
  customerNoteSchema,
} from '../../domain/customers/customers';
import { ErasureRefused, type PrivacyStore } from '../privacy';
import { ownerActor } from '../security/owner-auth';
import type { CustomerService } from './customer-service';

export async function customerRoutes(
  app: FastifyInstance,
  opts: { customers: CustomerService; privacy: PrivacyStore },
): Promise<void> {
  const { customers, privacy } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Robots-Tag', 'noindex, nofollow');
  });

  api.get(CUSTOMER_API.list, { schema: { querystring: customerListQuerySchema } }, async (request, reply) => {
    const list = await customers.list(request.query.q ?? null);
    return reply.send({ ok: true, customers: list });
  });

  const one = `${CUSTOMER_API.list}/:email`;
  const params = { params: customerEmailParamsSchema };

  api.get(one, { schema: params }, async (request, reply) => {
    const found = await customers.get(request.params.email);
    if (!found) return reply.code(404).send({ ok: false, error: CUSTOMER_MESSAGES.notFound });
    return reply.send({ ok: true, ...found });
  });

  api.get(`${one}/export`, { schema: params }, async (request, reply) => {
    const data = await privacy.exportFor(request.params.email, ownerActor(request));
    request.log.info({ orders: data.orders.length, emails: data.emails.length }, 'customers: data exported');
    return reply
      .header('Content-Disposition', 'attachment; filename="personal-data.json"')
      .send({ ok: true, ...data });
  });

  api.delete(one, { schema: params }, async (request, reply) => {
    try {
      const result = await privacy.eraseFor(request.params.email, ownerActor(request));
      request.log.info(
        { ...result, paidOrdersKept: result.paidOrdersKept.length },
        'customers: customer erased',
      );
      return reply.send({ ok: true, ...result });
    } catch (err) {
      if (err instanceof ErasureRefused) return reply.code(409).send({ ok: false, error: err.message });
      throw err;
    }
  });

  api.put(`${one}/note`, { schema: { ...params, body: customerNoteSchema } }, async (request, reply) => {
    const saved = await customers.saveNote(request.params.email, request.body.note, ownerActor(request));
    return reply.send({ ok: true, note: saved?.note ?? '', noteUpdatedAt: saved?.updatedAt ?? null });
  });
}
