/**
 * The cart reminder's link (docs/product/states.md §5.10a), asked by the cart page at `/#/cart?restore={token}`:
 * - GET /api/cart-reminders/{token} -> 200 the cart re-priced from the catalogue served now, naming what
 *   can no longer be ordered, and whether the link was used; 404 for an unknown, malformed or expired
 *   token. It changes nothing: link scanners open links, some run the page's script.
 * - POST /api/cart-reminders/{token} -> 200 the same, once: the shopper's own press of "Put these back in
 *   my cart" is the link's one use; 409 when used already, 404 as above.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CART_REMINDER_TEXT,
  CART_RESTORE_PATH,
  type RestoredCart,
  repriceReminderLines,
} from '../../domain/newsletter/cart-reminder';
import { restoredCartSchema } from '../../domain/newsletter/cart-reminder-api';
import type { CatalogueSource } from '../catalogue';
import { refuse } from '../lib/refusal';
import { KIB } from '../security/route-policy';
import type { CartReminder, CartReminderStore } from './cart-reminder-store';

const paramsSchema = z.object({ token: z.string().max(100) });

export async function cartReminderRoutes(
  app: FastifyInstance,
  opts: { reminders: CartReminderStore; catalogue: CatalogueSource },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const answer = (reminder: CartReminder, used: boolean): RestoredCart => ({
    ok: true,
    used,
    ...repriceReminderLines(reminder.lines, opts.catalogue.current()),
  });
  // The answer names a shopper's cart: never stored by a cache on the way.
  const noStore = { 'Cache-Control': 'no-store' } as const;

  const restore = { params: paramsSchema, response: { 200: restoredCartSchema } };
  api.get(`${CART_RESTORE_PATH}/:token`, { schema: restore }, async (request, reply) => {
    const reminder =
      (await opts.reminders.findByToken(request.params.token)) ??
      refuse('not-found', CART_REMINDER_TEXT.unknown);
    return reply
      .code(200)
      .headers(noStore)
      .send(answer(reminder, reminder.restoredAt !== null));
  });

  // The cart reminder's link (docs/product/states.md §5.10a): the shopper's "Put these back in my cart", the
  // link's one use, from the shop's own cart page; no body.
  const putBack = {
    schema: restore,
    config: {
      policy: { limit: 'newsletter', body: 'json-or-empty', sameOrigin: true, maxBodyBytes: 1 * KIB },
    },
  } as const;
  api.post(`${CART_RESTORE_PATH}/:token`, putBack, async (request, reply) => {
    const outcome = await opts.reminders.consume(request.params.token);
    if (outcome.kind === 'unknown') refuse('not-found', CART_REMINDER_TEXT.unknown);
    if (outcome.kind === 'used') refuse('conflict', CART_REMINDER_TEXT.used);
    request.log.info({ orderId: outcome.reminder.orderId }, 'cart reminder: cart restored');
    return reply.code(200).headers(noStore).send(answer(outcome.reminder, false));
  });
}
