/** POST /api/checkout: the browser's cart (ids, quantities, gift wrap, zone, e-mail) -> a hosted checkout URL. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkoutResponseSchema } from '../../domain/checkout/checkout';
import { parseCheckoutRequest } from '../../domain/checkout/checkout-request';
import { checkoutRequestSchema } from '../../domain/checkout/checkout-request-schema';
import { DEFAULT_SIZE, type SizeCode } from '../../domain/config';
import { GIFT_CARD_ATTEMPTS, parseGiftCardCode } from '../../domain/gift-cards/gift-cards';
import { ADMIN_MESSAGES, idempotencyKeySchema } from '../../domain/orders/admin-api';
import { refusalResponseSchema } from '../../domain/shared/answers';
import type { CatalogueSource } from '../catalogue';
import { refuse } from '../lib/refusal';
import { addToRequestLine } from '../ops/logging';
import { KIB } from '../security/route-policy';
import type { CheckoutService } from './checkout-service';

export async function checkoutRoutes(
  app: FastifyInstance,
  opts: {
    checkout: CheckoutService;
    catalogue: CatalogueSource;
    /** Counts one gift card code tried (shared with the balance check); false beyond the limit. */
    attemptGiftCard?: (client: string, code: string) => Promise<boolean>;
    /** What the shopper is told of charges at the door (docs/product/customs.md §21.4), or null. */
    dutyNotice?: (country: string | null | undefined, valueCents: number) => Promise<string | null>;
    /** The shopper ticked the one reminder: stores their consent with the checkout before answering. */
    onReminderRequested?: (request: {
      orderId: string;
      sessionId: string;
      email: string;
      lines: readonly { id: string; size: SizeCode; quantity: number }[];
      at: Date;
    }) => Promise<void>;
  },
): Promise<void> {
  const route = {
    schema: {
      body: checkoutRequestSchema,
      response: { 200: checkoutResponseSchema, 429: refusalResponseSchema },
    },
    // A full cart is about 1.5 KB of JSON; anything near this limit is not a cart.
    config: { policy: { limit: 'checkout', body: 'json', sameOrigin: true, maxBodyBytes: 16 * KIB } },
  } as const;
  app.withTypeProvider<ZodTypeProvider>().post('/api/checkout', route, async (request, reply) => {
    // Priced from the catalogue this instance serves now (a product paused a moment ago is refused).
    const parsed = parseCheckoutRequest(request.body, opts.catalogue.current());
    if (!parsed.ok) return refuse('invalid', parsed.error);
    // Every code typed counts against the limits the balance check shares (per client, per code).
    for (const code of parsed.value.giftCardCodes ?? []) {
      const normal = parseGiftCardCode(code) ?? code;
      if (opts.attemptGiftCard && !(await opts.attemptGiftCard(request.ip, normal))) {
        return reply
          .code(429)
          .header('Retry-After', String(GIFT_CARD_ATTEMPTS.windowMs / 1000))
          .send({ ok: false, error: GIFT_CARD_ATTEMPTS.message });
      }
    }
    // One per checkout attempt, the same on its retry: a retry of a card-paid checkout answers its order.
    const key = request.headers['idempotency-key']?.toString();
    if (key !== undefined && !idempotencyKeySchema.safeParse(key).success)
      return refuse('invalid', ADMIN_MESSAGES.badIdempotencyKey);
    const outcome = await opts.checkout.checkoutCart(parsed.value, key === undefined ? {} : { key });
    addToRequestLine(reply, outcome.logged);
    app.metrics.checkoutCreated();
    if ('paid' in outcome) {
      // The order as its confirmation page shows it: the shopper lands there, as after any payment. Read
      // after the payment committed: a failure here (the database busy) must not turn a kept, paid order
      // into an error answer, so the answer goes without it (the storefront then says the reference).
      const order = await opts.checkout.paidSummary(outcome.orderId).catch((err: unknown) => {
        request.log.warn({ orderId: outcome.orderId, err }, 'checkout: paid order summary not read');
        return null;
      });
      return reply.code(200).send({
        ok: true,
        paid: true,
        reference: outcome.reference,
        ...(outcome.vatNotice ? { vatNotice: outcome.vatNotice } : {}),
        ...(outcome.giftCardNotice ? { giftCardNotice: outcome.giftCardNotice } : {}),
        ...(order ? { order } : {}),
      });
    }
    if (parsed.value.remindMe) {
      await opts.onReminderRequested?.({
        orderId: outcome.orderId,
        sessionId: outcome.sessionId,
        email: parsed.value.email,
        lines: parsed.value.lines.map((l) => ({
          id: l.id,
          size: l.size ?? DEFAULT_SIZE,
          quantity: l.quantity,
        })),
        at: new Date(),
      });
    }
    const dutyNotice = await opts.dutyNotice?.(parsed.value.country, outcome.total);
    return reply.code(200).send({
      ok: true,
      url: outcome.url,
      sessionId: outcome.sessionId,
      total: outcome.total,
      ...(dutyNotice ? { dutyNotice } : {}),
      ...(outcome.vatNotice ? { vatNotice: outcome.vatNotice } : {}),
      ...(outcome.giftCardNotice ? { giftCardNotice: outcome.giftCardNotice } : {}),
    });
  });
}
