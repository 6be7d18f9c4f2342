/**
 * The owner's newsletter under /api/admin/ (docs/product.md §5.10): campaigns (drafts, preview, test,
 * send) and the confirmed subscribers (search, remove). The desk's session or the Bearer token
 * (security/owner-auth.ts), the desk's guards (route-policy.ts), bodies checked with the shared schemas
 * (domain/newsletter/campaigns.ts). The list's CSV is the Exports' (server/numbers).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES,
  CAMPAIGNS_API,
  campaignCreateSchema,
  campaignParamsSchema,
  campaignPatchSchema,
  campaignSendBodySchema,
  subscriberParamsSchema,
  subscribersQuerySchema,
} from '../../domain/newsletter/campaigns';
import type { AuditTrail } from '../audit/audit-trail';
import { maskAddress } from '../mail/outbox';
import { ownerActor } from '../security/owner-auth';
import type { BackInStockStore } from './back-in-stock-store';
import type { CampaignService } from './campaign-service';
import type { NewsletterStore } from './newsletter-store';

export interface CampaignRouteOptions {
  readonly campaigns: CampaignService;
  readonly newsletter: NewsletterStore;
  readonly audit: AuditTrail;
  readonly backInStock: BackInStockStore;
}

export async function campaignRoutes(app: FastifyInstance, opts: CampaignRouteOptions): Promise<void> {
  const { campaigns, newsletter, audit, backInStock } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const byId = { schema: { params: campaignParamsSchema } };
  const notFound = { ok: false, error: CAMPAIGN_MESSAGES.notFound } as const;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Robots-Tag', 'noindex, nofollow');
  });

  api.get(CAMPAIGNS_API.campaigns, async (_request, reply) =>
    reply.send({ ok: true, campaigns: await campaigns.list() }),
  );

  api.post(CAMPAIGNS_API.campaigns, { schema: { body: campaignCreateSchema } }, async (request, reply) => {
    const outcome = await campaigns.create(request.body);
    if (outcome.body.ok) {
      await audit.audit({
        ...ownerActor(request),
        action: 'campaign-create',
        target: outcome.body.campaign.id,
        detail: null,
      });
    }
    return reply.code(outcome.httpStatus).send(outcome.body);
  });

  api.get(`${CAMPAIGNS_API.campaigns}/:id`, byId, async (request, reply) => {
    const campaign = await campaigns.get(request.params.id);
    return campaign ? reply.send({ ok: true, campaign }) : reply.code(404).send(notFound);
  });

  api.patch(
    `${CAMPAIGNS_API.campaigns}/:id`,
    { schema: { params: campaignParamsSchema, body: campaignPatchSchema } },
    async (request, reply) => {
      const outcome = await campaigns.patch(request.params.id, request.body);
      return reply.code(outcome.httpStatus).send(outcome.body);
    },
  );

  api.get(`${CAMPAIGNS_API.campaigns}/:id/preview`, byId, async (request, reply) => {
    const preview = await campaigns.preview(request.params.id);
    return preview ? reply.send({ ok: true, preview }) : reply.code(404).send(notFound);
  });

  api.post(`${CAMPAIGNS_API.campaigns}/:id/test`, byId, async (request, reply) => {
    const outcome = await campaigns.test(request.params.id);
    return reply.code(outcome.httpStatus).send(outcome.body);
  });

  api.post(
    `${CAMPAIGNS_API.campaigns}/:id/send`,
    { schema: { params: campaignParamsSchema, body: campaignSendBodySchema } },
    async (request, reply) => {
      const outcome = await campaigns.send(request.params.id, request.body?.at);
      if (outcome.body.ok) {
        await audit.audit({
          ...ownerActor(request),
          action: 'campaign-send',
          target: request.params.id,
          detail: outcome.body.campaign.sendAt,
        });
      }
      return reply.code(outcome.httpStatus).send(outcome.body);
    },
  );

  api.get(CAMPAIGNS_API.backInStock, async (_request, reply) =>
    reply.send({ ok: true, waiting: Object.fromEntries(await backInStock.waitingCounts()) }),
  );

  api.get(
    CAMPAIGNS_API.subscribers,
    { schema: { querystring: subscribersQuerySchema } },
    async (request, reply) => {
      const { subscribers, total } = await newsletter.search(
        request.query.q ?? '',
        CAMPAIGN_LIMITS.subscribersPage,
      );
      return reply.send({ ok: true, subscribers, total });
    },
  );

  api.delete(
    `${CAMPAIGNS_API.subscribers}/:email`,
    { schema: { params: subscriberParamsSchema } },
    async (request, reply) => {
      const removed = await newsletter.remove(request.params.email);
      if (!removed) return reply.code(404).send({ ok: false, error: CAMPAIGN_MESSAGES.subscriberNotFound });
      // The address is gone: the trail names it masked, as the logs do.
      await audit.audit({
        ...ownerActor(request),
        action: 'subscriber-remove',
        target: maskAddress(request.params.email),
        detail: null,
      });
      return reply.send({ ok: true });
    },
  );
}
