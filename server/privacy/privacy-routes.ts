/**
 * The owner's privacy requests (docs/product/privacy.md §12), with `Authorization: Bearer ADMIN_TOKEN` (or the
 * desk's session; security/owner-auth.ts):
 * - GET /api/admin/privacy/export?email= -> 200 JSON of everything stored about the address;
 * - POST /api/admin/privacy/erase { email } -> 200 { ok: true, ...counts, paidOrdersKept } after erasing
 *   what the law does not require keeping; 409 naming the order while one is paid and not yet delivered;
 * - the desk's Customers ask the same by the address in the path (docs/product/desk.md §10.15):
 *   GET /api/admin/customers/{email}/export (a download) and DELETE /api/admin/customers/{email}.
 * The address never reaches a log line; only counts do.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRAND } from '../../domain/config';
import {
  CUSTOMER_API,
  customerEmailParamsSchema,
  erasureResponseSchema,
  privacyExportResponseSchema,
  readableExportAnswerSchema,
  readableExportResponseSchema,
} from '../../domain/customers/customers';
import { exportFileName, exportSummary, readableExport } from '../../domain/customers/readable-export';
import { checkEmail } from '../../domain/shared/email';
import { refuse } from '../lib/refusal';
import { ownerActor } from '../security/owner-auth';
import { KIB } from '../security/route-policy';
import { ErasureRefused, type PrivacyActor, type PrivacyStore } from './privacy-store';

export const PRIVACY_PATHS = {
  export: '/api/admin/privacy/export',
  erase: '/api/admin/privacy/erase',
} as const;

export const PRIVACY_MESSAGES = {
  unauthorized: 'The admin token is missing or wrong.',
  email: 'email must be the e-mail address to look up',
} as const;

const email = z.string({ error: PRIVACY_MESSAGES.email }).max(1000, { error: PRIVACY_MESSAGES.email });

/**
 * The owner's hook (security/owner-auth.ts) answers a missing or wrong token with this wording; the schemas'
 * failures are answered by the error handler (validation.ts).
 */
const config = { ownerUnauthorized: PRIVACY_MESSAGES.unauthorized };
const exported = { 200: privacyExportResponseSchema };
const exportRoute = { config, schema: { querystring: z.object({ email }), response: exported } };
const erased = { 200: erasureResponseSchema };
// The owner's erasure request for one e-mail address (docs/product/privacy.md §12).
const eraseRoute = {
  config: {
    ...config,
    policy: { limit: 'admin', body: 'json', sameOrigin: true, maxBodyBytes: 2 * KIB },
  },
  schema: { body: z.strictObject({ email }), response: erased },
} as const;

export async function privacyAdminRoutes(
  app: FastifyInstance,
  opts: { privacy: PrivacyStore },
): Promise<void> {
  const { privacy } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** The erasure, or its refusal (409) naming the order that is paid and not yet delivered. */
  const erase = (address: string, by: PrivacyActor) =>
    privacy.eraseFor(address, by).catch((err: unknown) => {
      if (err instanceof ErasureRefused) refuse('conflict', err.message);
      throw err;
    });

  api.get(PRIVACY_PATHS.export, exportRoute, async (request, reply) => {
    // Trimmed and checked like every form does; the address as stored.
    const address = checkEmail(request.query.email);
    if (!address.ok) refuse('invalid', address.message);
    const data = await privacy.exportFor(address.email, ownerActor(request));
    request.log.info(
      { orders: data.orders.length, emails: data.emails.length, newsletter: data.newsletter !== null },
      'privacy: data exported for an address',
    );
    return reply
      .header('Content-Disposition', 'attachment; filename="personal-data.json"')
      .send({ ok: true, ...data });
  });

  api.post(PRIVACY_PATHS.erase, eraseRoute, async (request, reply) => {
    const address = checkEmail(request.body.email);
    if (!address.ok) refuse('invalid', address.message);
    const result = await erase(address.email, ownerActor(request));
    request.log.info({ ...result, paidOrdersKept: result.paidOrdersKept.length }, 'privacy: address erased');
    return reply.send({ ok: true, ...result });
  });

  const customer = `${CUSTOMER_API.list}/:email`;
  const byPath = { schema: { params: customerEmailParamsSchema } };

  // The desk's download: readable keys and euros, named after the person and the day; `?as=summary` the
  // same as plain text to read or send beside it (domain/customers/readable-export.ts).
  api.get(
    `${customer}/export`,
    {
      schema: {
        ...byPath.schema,
        querystring: z.object({ as: z.optional(z.enum(['summary'])) }),
        response: { 200: readableExportAnswerSchema },
      },
    },
    async (request, reply) => {
      const data = await privacy.exportFor(request.params.email, ownerActor(request));
      request.log.info(
        { orders: data.orders.length, emails: data.emails.length },
        'customers: data exported',
      );
      const readable = readableExport({ ...data });
      const name = exportFileName(data.email, data.exportedAt);
      if (request.query.as === 'summary')
        return reply
          .header('Content-Disposition', `attachment; filename="${name}.txt"`)
          .type('text/plain; charset=utf-8')
          .send(exportSummary(readable, BRAND.name));
      return reply
        .header('Content-Disposition', `attachment; filename="${name}.json"`)
        .send(readableExportResponseSchema.parse(readable));
    },
  );

  // The desk's Customers (docs/product/desk.md §10.15): the same erasure; no body.
  const eraseCustomer = {
    schema: { ...byPath.schema, response: erased },
    config: { policy: { limit: 'admin', body: 'json-or-empty', sameOrigin: true, maxBodyBytes: 1 * KIB } },
  } as const;
  api.delete(customer, eraseCustomer, async (request, reply) => {
    const result = await erase(request.params.email, ownerActor(request));
    request.log.info(
      { ...result, paidOrdersKept: result.paidOrdersKept.length },
      'customers: customer erased',
    );
    return reply.send({ ok: true, ...result });
  });
}
