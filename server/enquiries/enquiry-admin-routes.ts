/**
 * The owner's enquiries (docs/product/enquiries.md §16), under /api/admin/: the desk's session cookie or `Authorization:
 * Bearer ADMIN_TOKEN` (security/owner-auth.ts), the desk's guards (route-policy.ts).
 * - GET /api/admin/enquiries?status= -> { ok, enquiries: [...], counts }: new first, newest first within.
 * - GET /api/admin/enquiries/{id} -> { ok, enquiry } | 404.
 * - PATCH /api/admin/enquiries/{id} { status?, notes? } -> { ok, changed, enquiry } | 400 | 404; once per
 *   Idempotency-Key, audited.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  enquiriesResponseSchema,
  enquiryListQuerySchema,
  enquiryParamsSchema,
  enquiryPatchResponseSchema,
  enquiryPatchSchema,
  enquiryResponseSchema,
} from '../../domain/enquiries/enquiries';
import { ENQUIRY_API, ENQUIRY_MESSAGES } from '../../domain/enquiries/enquiry-texts';
import { refuse } from '../lib/refusal';
import { ownerActor } from '../security/owner-auth';
import { DESK_ACTION_POLICY, KIB, noIndexReplies } from '../security/route-policy';
import type { EnquiryService } from './enquiry-service';

export async function adminEnquiryRoutes(
  app: FastifyInstance,
  opts: { enquiries: EnquiryService },
): Promise<void> {
  const { enquiries } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  noIndexReplies(app);

  api.get(
    ENQUIRY_API.admin,
    { schema: { querystring: enquiryListQuerySchema, response: { 200: enquiriesResponseSchema } } },
    async (request, reply) => {
      const { enquiries: list, counts } = await enquiries.list(request.query.status ?? null);
      return reply.send({ ok: true, enquiries: list, counts });
    },
  );

  const one = `${ENQUIRY_API.admin}/:id`;
  api.get(
    one,
    { schema: { params: enquiryParamsSchema, response: { 200: enquiryResponseSchema } } },
    async (request, reply) => {
      const enquiry =
        (await enquiries.get(request.params.id)) ?? refuse('not-found', ENQUIRY_MESSAGES.notFound);
      return reply.send({ ok: true, enquiry });
    },
  );

  api.patch(
    one,
    {
      schema: {
        params: enquiryParamsSchema,
        body: enquiryPatchSchema,
        response: { 200: enquiryPatchResponseSchema },
      },
      // The owner's status and notes of an enquiry (notes up to 4,000 characters).
      config: { policy: { ...DESK_ACTION_POLICY, maxBodyBytes: 24 * KIB } },
    },
    async (request, reply) => {
      const { changed, enquiry } = await enquiries.patch(
        request.params.id,
        request.body,
        ownerActor(request),
      );
      return reply.send({ ok: true, changed, enquiry });
    },
  );
}
