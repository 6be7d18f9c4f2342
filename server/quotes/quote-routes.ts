/**
 * Quotes (docs/product/quotes.md). The owner's, under /api/admin/ (desk session or Bearer token,
 * security/owner-auth.ts):
 * - GET /api/admin/quotes -> { ok, quotes }; GET /api/admin/quotes/{reference} -> { ok, quote } | 404
 * - POST /api/admin/quotes -> 201 { ok, quote: { reference, url, total, status, dispatchBy } } | 400 naming
 *   the field; PUT /api/admin/quotes/{reference} (the same body) -> 200 the same | 400 | 404 | 409 (paid or
 *   withdrawn)
 * - POST /api/admin/quotes/{reference}/send | /withdraw -> { ok, quote } | 404 | 409
 * - GET /api/admin/quotes/{reference}/mail -> { ok, mail: { to, subject, text } } (what Send would queue)
 * - GET /api/admin/quotes/dispatch-by?pieces=N -> { ok, dispatchBy } (the making queue's date)
 * The client's, with the quote's key in the body (never in a URL a server logs):
 * - POST /api/quotes/{reference} { key } -> { ok, quote } | 404 (a wrong key and an unknown reference alike)
 * - POST /api/quotes/{reference}/checkout { key } -> { ok, url, sessionId } | 404 | 409 (paid, expired,
 *   withdrawn) | 502 (the payment provider)
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminQuoteResponseSchema,
  adminQuotesResponseSchema,
  QUOTE_MESSAGES,
  QUOTES_API,
  quoteCheckoutResponseSchema,
  quoteCreatedResponseSchema,
  quoteCreateSchema,
  quoteDispatchQuerySchema,
  quoteDispatchResponseSchema,
  quoteKeySchema,
  quoteMailPreviewResponseSchema,
  quotePageResponseSchema,
  quoteParamsSchema,
} from '../../domain/quotes/quotes';
import { refuse } from '../lib/refusal';
import { addToRequestLine } from '../ops/logging';
import { ownerActor } from '../security/owner-auth';
import { KIB, QUOTE_ACTION_POLICY } from '../security/route-policy';
import type { QuoteService } from './quote-service';

export async function quoteRoutes(app: FastifyInstance, opts: { quotes: QuoteService }): Promise<void> {
  const { quotes } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const one = `${QUOTES_API.quotes}/:reference`;

  // Neither the owner's answers nor a client's quote belong in a search engine or a shared cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Robots-Tag', 'noindex, nofollow');
    reply.header('Cache-Control', 'no-store');
    reply.header('Referrer-Policy', 'no-referrer');
  });

  api.get(
    QUOTES_API.quotes,
    { schema: { response: { 200: adminQuotesResponseSchema } } },
    async (_request, reply) => reply.send({ ok: true, quotes: await quotes.list() }),
  );

  api.get(
    QUOTES_API.dispatchBy,
    { schema: { querystring: quoteDispatchQuerySchema, response: { 200: quoteDispatchResponseSchema } } },
    async (request, reply) =>
      reply.send({ ok: true, dispatchBy: await quotes.proposedDispatchBy(Number(request.query.pieces)) }),
  );

  const adminOne = { params: quoteParamsSchema, response: { 200: adminQuoteResponseSchema } };

  api.get(
    `${one}/mail`,
    { schema: { params: quoteParamsSchema, response: { 200: quoteMailPreviewResponseSchema } } },
    async (request, reply) => {
      const mail = await quotes.mailPreview(request.params.reference);
      if (!mail) return refuse('not-found', QUOTE_MESSAGES.adminNotFound);
      return reply.send({ ok: true, mail });
    },
  );

  api.get(one, { schema: adminOne }, async (request, reply) => {
    const quote = await quotes.get(request.params.reference);
    if (!quote) return refuse('not-found', QUOTE_MESSAGES.adminNotFound);
    return reply.send({ ok: true, quote });
  });

  api.post(
    QUOTES_API.quotes,
    { schema: { body: quoteCreateSchema, response: { 201: quoteCreatedResponseSchema } } },
    async (request, reply) => {
      const quote = await quotes.create(request.body, ownerActor(request).requestKey);
      return reply.code(201).send({ ok: true, quote });
    },
  );

  api.put(
    one,
    {
      schema: {
        params: quoteParamsSchema,
        body: quoteCreateSchema,
        response: { 200: quoteCreatedResponseSchema },
      },
    },
    async (request, reply) =>
      reply.send({ ok: true, quote: await quotes.update(request.params.reference, request.body) }),
  );

  // Send and withdraw carry nothing but the reference in the URL.
  api.post(
    `${one}/send`,
    { schema: adminOne, config: { policy: QUOTE_ACTION_POLICY } },
    async (request, reply) => reply.send({ ok: true, quote: await quotes.send(request.params.reference) }),
  );

  api.post(
    `${one}/withdraw`,
    { schema: adminOne, config: { policy: QUOTE_ACTION_POLICY } },
    async (request, reply) =>
      reply.send({ ok: true, quote: await quotes.withdraw(request.params.reference) }),
  );

  api.post(
    QUOTES_API.view,
    {
      schema: { params: quoteParamsSchema, body: quoteKeySchema, response: { 200: quotePageResponseSchema } },
      // A quote's page (docs/product/quotes.md): the key in the body, like the order page.
      config: { policy: { limit: 'order', body: 'json', sameOrigin: true, maxBodyBytes: 1 * KIB } },
    },
    async (request, reply) => {
      const quote = await quotes.view(request.params.reference, request.body.key);
      if (!quote) return refuse('not-found', QUOTE_MESSAGES.notFound);
      return reply.send({ ok: true, quote });
    },
  );

  api.post(
    QUOTES_API.checkout,
    {
      schema: {
        params: quoteParamsSchema,
        body: quoteKeySchema,
        response: { 200: quoteCheckoutResponseSchema },
      },
      // Its Pay button: the key in the body, the checkout's limit.
      config: { policy: { limit: 'checkout', body: 'json', sameOrigin: true, maxBodyBytes: 1 * KIB } },
    },
    async (request, reply) => {
      const { url, sessionId, logged } = await quotes.checkout(request.params.reference, request.body.key);
      if (logged) {
        addToRequestLine(reply, logged);
        app.metrics.checkoutCreated();
      }
      return reply.send({ ok: true, url, sessionId });
    },
  );
}
