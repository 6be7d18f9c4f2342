/**
 * Reviews (docs/product/settled-choices.md §8.13):
 * - POST /api/orders/{reference}/reviews { key, reviews } -> 201 (all new) | 200 (a line reviewed again
 *   within 30 days: same ids, pending again) { ok, reviews: [{ id, productId, status }] }; 404 with the
 *   order page's own body for a wrong key, an unknown order or a product not in it; 409 before delivery
 *   (or past the 30 days); 400 naming the field. Counted with the order page's limit.
 * - POST /api/order-page/reviews { reference, key } -> the order page's reviews block | 404.
 * - GET /api/products/{id}/reviews -> published reviews only, newest first, with the average and count;
 *   GET /api/reviews/summary -> every product's average and count and the home page's quotes.
 * - GET /api/admin/reviews?status= and POST /api/admin/reviews/{id} { status, reason?, reply?, featured? }
 *   (the owner's hook guards both; an Idempotency-Key makes a repeated submission one change).
 * - GET /review-requests/stop?token= shows one button; its POST stops review requests to that address.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ORDER_NOT_FOUND, orderPageRequestSchema } from '../../domain/orders/order-page';
import {
  adminReviewActionResponseSchema,
  adminReviewActionSchema,
  adminReviewsQuerySchema,
  adminReviewsResponseSchema,
  orderReviewsResponseSchema,
  pendingCountResponseSchema,
  productReviewsResponseSchema,
  reviewReceiptsResponseSchema,
  reviewRequestSchema,
  reviewSummariesResponseSchema,
} from '../../domain/reviews/review-schemas';
import { REVIEW_MESSAGES } from '../../domain/reviews/review-texts';
import { REVIEW_API } from '../../domain/reviews/reviews';
import { type AuditTrail, oncePerAction } from '../audit/audit-trail';
import { refuse } from '../lib/refusal';
import { actionForm, message, sendLinkPage, urlencoded } from '../mail/link-pages';
import { ownerActor } from '../security/owner-auth';
import { DESK_ACTION_POLICY, KIB } from '../security/route-policy';
import type { ReviewService } from './review-service';
import type { ReviewsSource } from './reviews-source';

export interface ReviewRouteOptions {
  readonly reviews: ReviewService;
  readonly source: ReviewsSource;
  /** The desk's Idempotency-Key slots and audit trail. */
  readonly audit: AuditTrail;
}

export const REVIEW_PAGES = {
  stop: (token: string) =>
    actionForm(
      'No more review requests',
      'We will not ask this e-mail address for a review again. Order e-mails (confirmations, dispatch) still come as usual.',
      REVIEW_API.stopRequests,
      token,
      'Stop review requests',
    ),
  stopped: () =>
    message('Review requests stopped', [
      'We will not send this address any more review requests. You can still review an order from its page.',
    ]),
  expired: () =>
    message('This link is no longer valid', [
      'The link may be incomplete. Write to us and we will stop review requests to your address.',
    ]),
} as const;

const linkToken = z.catch(z.object({ token: z.optional(z.string().check(z.maxLength(100))) }), {});

export async function reviewRoutes(app: FastifyInstance, opts: ReviewRouteOptions): Promise<void> {
  const { reviews, source, audit } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, urlencoded(String(body))),
  );

  const byReference = z.object({ reference: z.string().check(z.maxLength(40)) });
  const submit = {
    schema: {
      params: byReference,
      body: reviewRequestSchema,
      response: { 200: reviewReceiptsResponseSchema, 201: reviewReceiptsResponseSchema },
    },
    // Reviews (docs/product/settled-choices.md §8.13): the order page's key in the body, the order page's limit; up to
    // REVIEW_LIMITS.perRequest reviews of 2,000 characters each.
    config: { policy: { limit: 'order', body: 'json', sameOrigin: true, maxBodyBytes: 64 * KIB } },
  } as const;
  api.post('/api/orders/:reference/reviews', submit, async (request, reply) => {
    const outcome = await reviews.submit(request.params.reference, request.body);
    reply.header('Referrer-Policy', 'no-referrer');
    switch (outcome.kind) {
      case 'ok':
        return reply.code(outcome.created ? 201 : 200).send({ ok: true, reviews: outcome.reviews });
      case 'not-found':
        return refuse('not-found', ORDER_NOT_FOUND);
      case 'not-delivered':
        return refuse('conflict', REVIEW_MESSAGES.notDelivered);
      case 'closed':
        return refuse('conflict', REVIEW_MESSAGES.editClosed);
    }
  });

  api.post(
    REVIEW_API.orderReviewsView,
    {
      schema: { body: orderPageRequestSchema, response: { 200: orderReviewsResponseSchema } },
      config: { policy: { limit: 'order', body: 'json', sameOrigin: true, maxBodyBytes: 1 * KIB } },
    },
    async (request, reply) => {
      const block =
        (await reviews.forOrderPage(request.body.reference, request.body.key)) ??
        refuse('not-found', ORDER_NOT_FOUND);
      return reply.header('Referrer-Policy', 'no-referrer').send({ ok: true, reviews: block });
    },
  );

  const byProduct = z.object({ id: z.string().check(z.maxLength(40)) });
  const ofProduct = { params: byProduct, response: { 200: productReviewsResponseSchema } };
  api.get('/api/products/:id/reviews', { schema: ofProduct }, async (request, reply) => {
    const found = source.current().byProduct[request.params.id];
    return reply.send({
      ok: true,
      productId: request.params.id,
      summary: found?.summary ?? null,
      reviews: found?.reviews ?? [],
    });
  });

  const summarised = { schema: { response: { 200: reviewSummariesResponseSchema } } };
  api.get(REVIEW_API.summaries, summarised, async (_request, reply) => {
    const snapshot = source.current();
    const summaries = Object.fromEntries(
      Object.entries(snapshot.byProduct).flatMap(([id, p]) => (p.summary ? [[id, p.summary]] : [])),
    );
    return reply.send({
      ok: true,
      version: snapshot.version,
      summaries,
      testimonials: snapshot.testimonials,
    });
  });

  const listed = { querystring: adminReviewsQuerySchema, response: { 200: adminReviewsResponseSchema } };
  api.get(REVIEW_API.admin, { schema: listed }, async (request, reply) => {
    const [list, pending] = await Promise.all([reviews.list(request.query.status), reviews.pendingCount()]);
    return reply.send({ ok: true, reviews: list, pending });
  });

  const counted = { schema: { response: { 200: pendingCountResponseSchema } } };
  api.get(`${REVIEW_API.admin}/pending-count`, counted, async (_request, reply) => {
    return reply.send({ ok: true, pending: await reviews.pendingCount() });
  });

  const byId = z.object({ id: z.string().check(z.maxLength(40)) });
  const decide = {
    schema: {
      params: byId,
      body: adminReviewActionSchema,
      response: { 200: adminReviewActionResponseSchema },
    },
    config: { policy: DESK_ACTION_POLICY },
  };
  api.post(`${REVIEW_API.admin}/:id`, decide, async (request, reply) => {
    const actor = ownerActor(request);
    const { id } = request.params;
    // A repeated submission (double click, retry) changes nothing the second time.
    const review = await oncePerAction(
      audit,
      { action: 'review', target: id, actor },
      async () => {
        const decided =
          (await reviews.decide(id, request.body)) ?? refuse('not-found', REVIEW_MESSAGES.notFound);
        // The text and the reason stay out of the audit row: they may name people.
        await audit.audit({
          ...actor,
          action: `review-${request.body.status}`,
          target: decided.reference,
          detail: `${id}${request.body.featured === true ? ' (quoted on the home page)' : ''}`,
        });
        return decided;
      },
      async () =>
        (await reviews.list(undefined)).find((r) => r.id === id) ??
        refuse('not-found', REVIEW_MESSAGES.notFound),
    );
    return reply.send({ ok: true, review });
  });

  const page = (reply: FastifyReply, status: number, html: string) => sendLinkPage(reply, status, html);
  const tokenOf = (q: { token?: string | undefined }, b?: { token?: string | undefined }) => {
    const token = b?.token ?? q.token;
    return token && /^[A-Za-z0-9_-]{16,64}$/.test(token) ? token : null;
  };
  api.get(REVIEW_API.stopRequests, { schema: { querystring: linkToken } }, async (request, reply) => {
    const token = tokenOf(request.query);
    return token ? page(reply, 200, REVIEW_PAGES.stop(token)) : page(reply, 404, REVIEW_PAGES.expired());
  });
  // The review request e-mail's "no more requests" page: its own form, like the newsletter's pages.
  const stopForm = {
    schema: { querystring: linkToken, body: linkToken },
    config: { policy: { limit: 'newsletter', body: 'form', sameOrigin: true, maxBodyBytes: 1 * KIB } },
  } as const;
  api.post(REVIEW_API.stopRequests, stopForm, async (request, reply) => {
    const token = tokenOf(request.query, request.body);
    const known = token ? await reviews.stopRequests(token) : false;
    request.log.info({ known }, 'reviews: requests stopped for an address');
    return known ? page(reply, 200, REVIEW_PAGES.stopped()) : page(reply, 404, REVIEW_PAGES.expired());
  });
}
