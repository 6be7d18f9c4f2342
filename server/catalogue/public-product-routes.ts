/**
 * GET /api/products/{id}: one product as this instance's catalogue serves it, with each offered size and
 * whether it can be ordered now (docs/product/materials.md §23: a size the maker's materials cannot cover
 * is not). Read from memory; the pages carry the same data, this is for scripts and other sites.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { PRODUCT_MESSAGES } from '../../domain/catalogue/product-admin';
import { offeredSizes } from '../../domain/catalogue/sizes';
import { refuse } from '../lib/refusal';
import type { CatalogueSource } from './catalogue-source';

const byId = z.object({ id: z.string().check(z.maxLength(40)) });

/** The answer, declared as every /api route's is. */
const productAnswerSchema = z.object({
  ok: z.literal(true),
  product: z.object({
    id: z.string(),
    handle: z.string(),
    name: z.string(),
    price: z.number(),
    status: z.string(),
    sizes: z.array(z.object({ code: z.string(), name: z.string(), available: z.boolean() })),
  }),
});

export async function publicProductRoutes(
  app: FastifyInstance,
  opts: { source: CatalogueSource },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/products/:id',
    { schema: { params: byId, response: { 200: productAnswerSchema } } },
    async (request, reply) => {
      const product =
        opts.source.current().products.find((p) => p.id === request.params.id) ??
        refuse('not-found', PRODUCT_MESSAGES.notFound);
      const orderable = product.status === 'active';
      return reply.header('Cache-Control', 'no-cache').send({
        ok: true,
        product: {
          id: product.id,
          handle: product.handle,
          name: product.name,
          price: product.price,
          status: product.status,
          sizes: offeredSizes(product).map((size) => ({
            code: size.code,
            name: size.name,
            available: orderable && !product.unmakeableSizes?.includes(size.code),
          })),
        },
      });
    },
  );
}
