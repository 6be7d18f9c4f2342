/**
 * The labels' routes (docs/product/shipping.md §22). The owner's, under /api/admin/ (her session or the admin
 * token; a maker may not buy or void): `POST /api/admin/orders/{ref}/label` buys (201), again 409;
 * `GET` the same path is the label's PDF; `DELETE` voids it; `GET .../label/info` what the desk shows;
 * `POST /api/admin/labels { references }` one PDF of many (`?layout=a4`: four to a page),
 * `GET /api/admin/labels/today` today's references and `GET /api/admin/labels/today.pdf` their PDF. And the carrier's tracking webhook,
 * `POST /api/shipping/webhook`, authenticated by the shared secret in its header.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  labelResponseSchema,
  labelsBatchQuerySchema,
  labelsBatchRequestSchema,
  orderLabelSchema,
  SHIPPING_API,
  SHIPPING_MESSAGES,
  trackEventSchema,
  WEBHOOK_SECRET_HEADER,
} from '../../domain/shipping/shipping';
import { refuse } from '../lib/refusal';
import { ownerActor } from '../security/owner-auth';
import { DESK_ACTION_POLICY, KIB, noIndexReplies, QUOTE_ACTION_POLICY } from '../security/route-policy';
import type { LabelService } from './label-service';

export interface LabelRouteOptions {
  readonly labels: LabelService;
  /** SHIPENGINE_WEBHOOK_SECRET; null: the webhook is refused. */
  readonly webhookSecret: string | null;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function labelRoutes(app: FastifyInstance, opts: LabelRouteOptions): Promise<void> {
  const { labels } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  noIndexReplies(app);

  const byReference = z.object({ reference: z.string() });
  const labelUrl = '/api/admin/orders/:reference/label';

  api.post(
    labelUrl,
    {
      schema: { params: byReference, response: { 201: labelResponseSchema } },
      config: { policy: QUOTE_ACTION_POLICY },
    },
    async (request, reply) => {
      const label = await labels.buy(request.params.reference, ownerActor(request));
      return reply.code(201).send({ label });
    },
  );

  api.get(labelUrl, { schema: { params: byReference } }, async (request, reply) => {
    const pdf = await labels.pdfOf(request.params.reference);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="label-${request.params.reference}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });

  api.get(
    `${labelUrl}/info`,
    { schema: { params: byReference, response: { 200: orderLabelSchema } }, config: { forMakers: true } },
    async (request, reply) => reply.send(await labels.labelOf(request.params.reference)),
  );

  api.delete(
    labelUrl,
    {
      schema: { params: byReference, response: { 200: z.object({ ok: z.literal(true) }) } },
      config: { policy: QUOTE_ACTION_POLICY },
    },
    async (request, reply) => {
      await labels.void(request.params.reference, ownerActor(request));
      return reply.send({ ok: true });
    },
  );

  api.post(
    SHIPPING_API.labels,
    {
      schema: { body: labelsBatchRequestSchema, querystring: labelsBatchQuerySchema },
      config: { policy: DESK_ACTION_POLICY },
    },
    async (request, reply) => {
      const pdf = await labels.batch(request.body.references, request.query.layout ?? 'a6');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="labels.pdf"')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  // Today's labels as one PDF: a plain link the desk opens in a new tab to print.
  api.get(
    `${SHIPPING_API.labels}/today.pdf`,
    { schema: { querystring: labelsBatchQuerySchema } },
    async (request, reply) => {
      const references = await labels.todaysReferences();
      if (references.length === 0) return refuse('not-found', SHIPPING_MESSAGES.noneToday);
      const pdf = await labels.batch(references, request.query.layout ?? 'a6');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="labels-today.pdf"')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  api.get(
    `${SHIPPING_API.labels}/today`,
    { schema: { response: { 200: z.object({ references: z.array(z.string()) }) } } },
    async (_request, reply) => reply.send({ references: await labels.todaysReferences() }),
  );

  // ShipEngine calls from its own servers: no Origin, no limit; the shared secret in the header it was
  // given when the webhook was made is the authentication.
  const webhookPolicy = { limit: null, body: 'json', sameOrigin: false, maxBodyBytes: 64 * KIB } as const;
  api.post(
    SHIPPING_API.webhook,
    { schema: { body: trackEventSchema }, config: { policy: webhookPolicy } },
    async (request, reply) => {
      const given = request.headers[WEBHOOK_SECRET_HEADER];
      if (!opts.webhookSecret || typeof given !== 'string' || !sameSecret(given, opts.webhookSecret))
        return refuse('forbidden', SHIPPING_MESSAGES.webhookRefused);
      const { delivered } = await labels.track(request.body);
      return reply.send({ ok: true, delivered });
    },
  );
}
