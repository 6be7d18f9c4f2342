/**
 * The gift cards' routes (docs/product/gift-cards.md §19):
 * - POST /api/gift-cards/balance { code } -> { ok, balance, currency, expiresOn } | 404 one answer for an
 *   unknown, disabled or expired code | 429 beyond the attempts per client or per code;
 * - the owner's desk under /api/admin/gift-cards (list, detail with ledger, issue free, disable and
 *   reissue, correct a scheduled card's address). A maker's session is refused by the owner hook
 *   (none of these is forMakers).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  ADMIN_GIFT_CARDS_PATH,
  adminDisableGiftCardSchema,
  adminGiftCardAnswerSchema,
  adminGiftCardDetailSchema,
  adminGiftCardListQuerySchema,
  adminGiftCardListSchema,
  adminIssueGiftCardSchema,
  adminResendGiftCardSchema,
  GIFT_CARD_BALANCE_PATH,
  giftCardBalanceRequestSchema,
  giftCardBalanceResponseSchema,
} from '../../domain/gift-cards/gift-card-api';
import {
  GIFT_CARD_ATTEMPTS,
  GIFT_CARD_MESSAGES,
  parseGiftCardCode,
} from '../../domain/gift-cards/gift-cards';
import { refusalResponseSchema } from '../../domain/shared/answers';
import { ownerActor } from '../security/owner-auth';
import { DESK_ACTION_POLICY, KIB, noIndexReplies } from '../security/route-policy';
import type { GiftCardService } from './gift-card-service';

const paramsSchema = z.object({ id: z.string().check(z.maxLength(64)) });

export async function giftCardRoutes(
  app: FastifyInstance,
  opts: { service: GiftCardService; attempt: (client: string, code: string) => Promise<boolean> },
): Promise<void> {
  const { service } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    GIFT_CARD_BALANCE_PATH,
    {
      schema: {
        body: giftCardBalanceRequestSchema,
        // The limit's 429 and the one 404 for every invalid code are the route's own answers.
        response: {
          200: giftCardBalanceResponseSchema,
          404: refusalResponseSchema,
          429: refusalResponseSchema,
        },
      },
      // One code: the lookup limit per client, and the gift cards' own attempts per client and per code.
      config: { policy: { limit: 'lookup', body: 'json', sameOrigin: true, maxBodyBytes: 1 * KIB } },
    },
    async (request, reply) => {
      const code = parseGiftCardCode(request.body.code) ?? request.body.code.trim().toUpperCase();
      if (!(await opts.attempt(request.ip, code))) {
        return reply
          .code(429)
          .header('Retry-After', String(GIFT_CARD_ATTEMPTS.windowMs / 1000))
          .send({ ok: false, error: GIFT_CARD_ATTEMPTS.message });
      }
      const card = await service.lookUp(code);
      if (!card) return reply.code(404).send({ ok: false, error: GIFT_CARD_MESSAGES.invalidCode });
      return reply.send({
        ok: true,
        balance: card.balance,
        currency: 'EUR',
        expiresOn: card.expiresOn,
        last4: card.last4,
      });
    },
  );
}

export async function adminGiftCardRoutes(
  app: FastifyInstance,
  opts: { service: GiftCardService },
): Promise<void> {
  const { service } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  noIndexReplies(app);

  api.get(
    ADMIN_GIFT_CARDS_PATH,
    { schema: { querystring: adminGiftCardListQuerySchema, response: { 200: adminGiftCardListSchema } } },
    async (request, reply) => reply.send({ ok: true, giftCards: await service.list(request.query.q ?? '') }),
  );

  api.post(
    ADMIN_GIFT_CARDS_PATH,
    // A card without payment: a message of 200 characters and a reason.
    {
      schema: { body: adminIssueGiftCardSchema, response: { 201: adminGiftCardAnswerSchema } },
      config: { policy: DESK_ACTION_POLICY },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ ok: true, giftCard: await service.issueFree(request.body, ownerActor(request)) }),
  );

  api.get(
    `${ADMIN_GIFT_CARDS_PATH}/:id`,
    { schema: { params: paramsSchema, response: { 200: adminGiftCardDetailSchema } } },
    async (request, reply) => reply.send({ ok: true, giftCard: await service.detail(request.params.id) }),
  );

  api.post(
    `${ADMIN_GIFT_CARDS_PATH}/:id/disable`,
    {
      schema: {
        params: paramsSchema,
        body: adminDisableGiftCardSchema,
        response: { 200: adminGiftCardAnswerSchema },
      },
      config: { policy: { ...DESK_ACTION_POLICY, maxBodyBytes: 2 * KIB } },
    },
    async (request, reply) => {
      const answer = await service.disable(request.params.id, request.body, ownerActor(request));
      return reply.send({ ok: true, ...answer });
    },
  );

  api.post(
    `${ADMIN_GIFT_CARDS_PATH}/:id/recipient`,
    {
      schema: {
        params: paramsSchema,
        body: adminResendGiftCardSchema,
        response: { 200: adminGiftCardAnswerSchema },
      },
      config: { policy: { ...DESK_ACTION_POLICY, maxBodyBytes: 2 * KIB } },
    },
    async (request, reply) => {
      const giftCard = await service.correctRecipient(
        request.params.id,
        request.body.recipientEmail,
        ownerActor(request),
      );
      return reply.send({ ok: true, giftCard });
    },
  );
}
