/**
 * The owner's newsletter under /api/admin/ (docs/product/states.md §5.10): campaigns (drafts, preview, test,
 * send) and the confirmed subscribers (search, remove). The desk's session or the Bearer token
 * (security/owner-auth.ts), the desk's guards (route-policy.ts), bodies checked with the shared schemas
 * (domain/newsletter/campaigns.ts). The list's CSV is the Exports' (server/numbers).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  backInStockWaitingSchema,
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES,
  CAMPAIGNS_API,
  campaignCreateSchema,
  campaignParamsSchema,
  campaignPatchSchema,
  campaignPreviewResponseSchema,
  campaignResponseSchema,
  campaignSendBodySchema,
  campaignsResponseSchema,
  subscriberParamsSchema,
  subscribersQuerySchema,
  subscribersResponseSchema,
} from '../../domain/newsletter/campaigns';
import { okResponseSchema } from '../../domain/shared/answers';
import type { AuditTrail } from '../audit/audit-trail';
import { refuse } from '../lib/refusal';
import { maskAddress } from '../mail/outbox';
import { ownerActor } from '../security/owner-auth';
import { DESK_ACTION_POLICY, KIB, noIndexReplies, QUOTE_ACTION_POLICY } from '../security/route-policy';
import type { BackInStockStore } from './back-in-stock-store';
import type { CampaignService } from './campaign-service';
import type { NewsletterStore } from './newsletter-store';

const CAMPAIGN_EDIT_POLICY = { ...DESK_ACTION_POLICY, maxBodyBytes: 96 * KIB };

export interface CampaignRouteOptions {
  readonly campaigns: CampaignService;
  readonly newsletter: NewsletterStore;
  readonly audit: AuditTrail;
  readonly backInStock: BackInStockStore;
}

export async function campaignRoutes(app: FastifyInstance, opts: CampaignRouteOptions): Promise<void> {
  const { campaigns, newsletter, audit, backInStock } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const campaignAnswer = { 200: campaignResponseSchema };
  const byId = { schema: { params: campaignParamsSchema, response: campaignAnswer } };

  noIndexReplies(app);

  api.get(
    CAMPAIGNS_API.campaigns,
    { schema: { response: { 200: campaignsResponseSchema } } },
    async (_request, reply) => reply.send({ ok: true, campaigns: await campaigns.list() }),
  );

  api.post(
    CAMPAIGNS_API.campaigns,
    {
      schema: { body: campaignCreateSchema, response: { 201: campaignResponseSchema } },
      // Newsletter campaigns (docs/product/states.md §5.10): a Markdown body of 20,000 characters (up to 4 bytes
      // each) and a few short fields.
      config: { policy: CAMPAIGN_EDIT_POLICY },
    },
    async (request, reply) => {
      const campaign = await campaigns.create(request.body);
      await audit.audit({
        ...ownerActor(request),
        action: 'campaign-create',
        target: campaign.id,
        detail: null,
      });
      return reply.code(201).send({ ok: true, campaign });
    },
  );

  api.get(`${CAMPAIGNS_API.campaigns}/:id`, byId, async (request, reply) => {
    const campaign = await campaigns.get(request.params.id);
    return reply.send({ ok: true, campaign });
  });

  api.patch(
    `${CAMPAIGNS_API.campaigns}/:id`,
    {
      schema: { params: campaignParamsSchema, body: campaignPatchSchema, response: campaignAnswer },
      config: { policy: CAMPAIGN_EDIT_POLICY },
    },
    async (request, reply) => {
      const campaign = await campaigns.patch(request.params.id, request.body);
      return reply.send({ ok: true, campaign });
    },
  );

  api.get(
    `${CAMPAIGNS_API.campaigns}/:id/preview`,
    { schema: { params: campaignParamsSchema, response: { 200: campaignPreviewResponseSchema } } },
    async (request, reply) => {
      const preview = await campaigns.preview(request.params.id);
      return reply.send({ ok: true, preview });
    },
  );

  api.post(
    `${CAMPAIGNS_API.campaigns}/:id/test`,
    // Test and send carry at most a time.
    {
      schema: { params: campaignParamsSchema, response: { 202: campaignResponseSchema } },
      config: { policy: QUOTE_ACTION_POLICY },
    },
    async (request, reply) => {
      const campaign = await campaigns.test(request.params.id);
      return reply.code(202).send({ ok: true, campaign });
    },
  );

  api.post(
    `${CAMPAIGNS_API.campaigns}/:id/send`,
    {
      schema: {
        params: campaignParamsSchema,
        body: campaignSendBodySchema,
        response: { 202: campaignResponseSchema },
      },
      config: { policy: QUOTE_ACTION_POLICY },
    },
    async (request, reply) => {
      const campaign = await campaigns.send(request.params.id, request.body?.at);
      await audit.audit({
        ...ownerActor(request),
        action: 'campaign-send',
        target: request.params.id,
        detail: campaign.sendAt,
      });
      return reply.code(202).send({ ok: true, campaign });
    },
  );

  api.get(
    CAMPAIGNS_API.backInStock,
    { schema: { response: { 200: backInStockWaitingSchema } } },
    async (_request, reply) =>
      reply.send({ ok: true, waiting: Object.fromEntries(await backInStock.waitingCounts()) }),
  );

  api.get(
    CAMPAIGNS_API.subscribers,
    { schema: { querystring: subscribersQuerySchema, response: { 200: subscribersResponseSchema } } },
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
    // Removing a subscriber carries nothing.
    {
      schema: { params: subscriberParamsSchema, response: { 200: okResponseSchema } },
      config: { policy: QUOTE_ACTION_POLICY },
    },
    async (request, reply) => {
      const removed = await newsletter.remove(request.params.email);
      if (!removed) refuse('not-found', CAMPAIGN_MESSAGES.subscriberNotFound);
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
