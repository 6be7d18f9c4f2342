/**
 * POST /api/discounts/check: what a discount code (or the early-bird tier) takes off the cart, for the
 * cart to show its line and the new total before the checkout. Nothing is reserved or stored; the checkout
 * decides again with the shopper's e-mail (docs/product/numbers.md §4.2a).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Adjustment } from '../../domain/checkout/adjustments';
import { discountCheckRequestSchema, discountCheckResponseSchema } from '../../domain/checkout/checkout';
import { parseCartLines } from '../../domain/checkout/checkout-request';
import { DEFAULT_ZONE } from '../../domain/config';
import { DISCOUNT_CHECK_PATH, discountLineLabel } from '../../domain/offers/discounts';
import type { StorefrontZone } from '../../domain/settings/storefront-settings';
import type { CatalogueSource } from '../catalogue';
import { refuse } from '../lib/refusal';
import { KIB } from '../security/route-policy';
import { priceCheckout } from './pricing';

export async function discountCheckRoutes(
  app: FastifyInstance,
  opts: {
    /** The shop's adjustments in their declared order (pricing.ts). */
    adjustments: readonly Adjustment[];
    catalogue: CatalogueSource;
    /** The zones' prices and thresholds as the owner set them: the checkout charges with the same. */
    shipping: () => Promise<{ readonly zones: readonly StorefrontZone[] }>;
    now?: () => Date;
  },
): Promise<void> {
  const route = {
    schema: { body: discountCheckRequestSchema, response: { 200: discountCheckResponseSchema } },
    // A small JSON cart, at the checkout's own per-client limit.
    config: { policy: { limit: 'checkout', body: 'json', sameOrigin: true, maxBodyBytes: 16 * KIB } },
  } as const;
  app.withTypeProvider<ZodTypeProvider>().post(DISCOUNT_CHECK_PATH, route, async (request, reply) => {
    const lines = parseCartLines(request.body.items, opts.catalogue.current());
    if (!lines.ok) refuse('invalid', lines.error);
    const code = request.body.code?.trim() ? request.body.code : null;
    const priced = await priceCheckout(
      { adjustments: opts.adjustments, shipping: await opts.shipping() },
      {
        email: null,
        lines: lines.lines,
        code,
        zone: request.body.zone ?? DEFAULT_ZONE,
        giftWrap: request.body.giftWrap ?? false,
        now: opts.now?.() ?? new Date(),
      },
    );
    // `field` tells the cart the code itself was refused (not the lines), so a kept code is dropped.
    if (!priced.ok) refuse('invalid', priced.error, { field: 'code' });
    const { totals } = priced;
    const applied = priced.applied ?? { source: 'none' as const };
    return reply.send({
      ok: true,
      discount: totals.discount,
      discountCode: applied.source === 'code' ? applied.code : null,
      label:
        applied.source === 'none' ? null : discountLineLabel(applied.source === 'code' ? applied.code : null),
      shipping: totals.shipping,
      total: totals.total,
    });
  });
}
