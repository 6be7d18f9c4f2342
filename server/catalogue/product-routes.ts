/**
 * The owner's products API (docs/product/catalogue.md), under /api/admin/: the desk's session
 * cookie or `Authorization: Bearer ADMIN_TOKEN` (security/owner-auth.ts), the desk's guards (route-policy.ts),
 * bodies checked with the shared schemas (domain/catalogue/product-admin.ts). The image routes are the
 * photo pipeline's; they call the same service.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  adminProductResponseSchema,
  adminProductsResponseSchema,
  PRODUCT_LIMITS,
  PRODUCT_MESSAGES,
  PRODUCTS_API,
  productCreateSchema,
  productHistoryResponseSchema,
  productPatchSchema,
  productsImportResponseSchema,
} from '../../domain/catalogue/product-admin';
import { refuse } from '../lib/refusal';
import { ownerActor } from '../security/owner-auth';
import { KIB, noIndexReplies } from '../security/route-policy';
import { type CatalogueService, ifMatchValue } from './catalogue-service';

export interface ProductRouteOptions {
  readonly catalogue: CatalogueService;
}

const byId = z.object({ id: z.string() });

export async function productRoutes(app: FastifyInstance, opts: ProductRouteOptions): Promise<void> {
  const { catalogue } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  noIndexReplies(app);
  // The import's body: the file as text (the request guard has checked its type and size).
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: PRODUCT_LIMITS.csvBytesMax },
    (_request, body, done) => done(null, body),
  );

  api.get(
    PRODUCTS_API.products,
    { schema: { response: { 200: adminProductsResponseSchema } } },
    async (_request, reply) => reply.send({ ok: true, products: await catalogue.list() }),
  );

  api.post(
    PRODUCTS_API.products,
    { schema: { body: productCreateSchema, response: { 201: adminProductResponseSchema } } },
    async (request, reply) =>
      reply.code(201).send({ ok: true, product: await catalogue.create(request.body, ownerActor(request)) }),
  );

  app.get(PRODUCTS_API.productsCsv, async (_request, reply) =>
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="solas-products.csv"')
      .send(await catalogue.exportCsv()),
  );

  api.post(
    PRODUCTS_API.productsCsv,
    {
      schema: { response: { 200: productsImportResponseSchema } },
      // The owner's products (docs/product/catalogue.md): a CSV import is a whole spreadsheet.
      config: { policy: { limit: 'admin', body: 'csv', sameOrigin: true, maxBodyBytes: 1024 * KIB } },
    },
    async (request, reply) => {
      const text = typeof request.body === 'string' ? request.body : '';
      return reply.send({ ok: true, applied: await catalogue.importCsv(text, ownerActor(request)) });
    },
  );

  api.get(
    `${PRODUCTS_API.products}/:id`,
    { schema: { params: byId, response: { 200: adminProductResponseSchema } } },
    async (request, reply) => {
      const product =
        (await catalogue.getAdminProduct(request.params.id)) ??
        refuse('not-found', PRODUCT_MESSAGES.notFound);
      return reply.send({ ok: true, product });
    },
  );

  api.patch(
    `${PRODUCTS_API.products}/:id`,
    { schema: { params: byId, body: productPatchSchema, response: { 200: adminProductResponseSchema } } },
    async (request, reply) => {
      const product = await catalogue.patch(
        request.params.id,
        request.body,
        ownerActor(request),
        ifMatchValue(request.headers['if-match']),
      );
      return reply.send({ ok: true, product });
    },
  );

  api.get(
    `${PRODUCTS_API.products}/:id/history`,
    { schema: { params: byId, response: { 200: productHistoryResponseSchema } } },
    async (request, reply) => reply.send({ ok: true, history: await catalogue.history(request.params.id) }),
  );

  const made = { 200: adminProductResponseSchema, 201: adminProductResponseSchema };
  api.post(
    `${PRODUCTS_API.products}/:id/duplicate`,
    {
      schema: { params: byId, response: made },
      config: { policy: { limit: 'admin', body: 'json-or-empty', sameOrigin: true, maxBodyBytes: 1 * KIB } },
    },
    async (request, reply) => {
      const { value: product, repeat } = await catalogue.duplicate(request.params.id, ownerActor(request));
      return reply.code(repeat ? 200 : 201).send({ ok: true, product });
    },
  );
}
