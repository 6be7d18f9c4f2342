/**
 * The owner's discount codes API (docs/product/numbers.md §4.2a), under /api/admin/: the desk's session cookie or
 * `Authorization: Bearer ADMIN_TOKEN` (security/owner-auth.ts), the desk's guards (route-policy.ts), bodies
 * checked with the shared schemas (domain/offers/discount-admin.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminDiscountResponseSchema,
  adminDiscountsResponseSchema,
  DISCOUNTS_API,
  discountCodeParamsSchema,
  discountCreateSchema,
  discountPatchSchema,
} from '../../domain/offers/discount-admin';
import { ownerActor } from '../security/owner-auth';
import { noIndexReplies } from '../security/route-policy';
import type { DiscountService } from './discount-service';

export interface DiscountRouteOptions {
  readonly discounts: DiscountService;
}

export async function discountRoutes(app: FastifyInstance, opts: DiscountRouteOptions): Promise<void> {
  const { discounts } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  noIndexReplies(app);

  api.get(
    DISCOUNTS_API.discounts,
    { schema: { response: { 200: adminDiscountsResponseSchema } } },
    async (_request, reply) => reply.send({ ok: true, discounts: await discounts.list() }),
  );

  const answered = { 200: adminDiscountResponseSchema, 201: adminDiscountResponseSchema };
  api.post(
    DISCOUNTS_API.discounts,
    { schema: { body: discountCreateSchema, response: answered } },
    async (request, reply) => {
      const { discount, repeat } = await discounts.create(request.body, ownerActor(request));
      return reply.code(repeat ? 200 : 201).send({ ok: true, discount });
    },
  );

  api.patch(
    `${DISCOUNTS_API.discounts}/:code`,
    {
      schema: {
        params: discountCodeParamsSchema,
        body: discountPatchSchema,
        response: { 200: adminDiscountResponseSchema },
      },
    },
    async (request, reply) => {
      const discount = await discounts.patch(request.params.code, request.body, ownerActor(request));
      return reply.send({ ok: true, discount });
    },
  );
}
