/**
 * A visitor's corporate or bespoke enquiry (docs/product/enquiries.md §16):
 * POST /api/enquiries { name, email, company?, pieces, neededBy?, budgetPerPiece?, kind?, occasion?,
 * message, website? } -> 201 { ok: true } | 400 { ok: false, error } naming the field. Guarded like every
 * public POST (route-policy.ts: JSON, same origin, the `enquiry` rate limit per client). A filled-in
 * hidden field (`website`) gets the same 201 and stores nothing: a bot learns nothing from the answer.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { enquiryRequestSchema } from '../../domain/enquiries/enquiries';
import { ENQUIRY_API } from '../../domain/enquiries/enquiry-texts';
import { okResponseSchema } from '../../domain/shared/answers';
import { refuse } from '../lib/refusal';
import { KIB } from '../security/route-policy';
import type { EnquiryService } from './enquiry-service';

export async function enquiryRoutes(
  app: FastifyInstance,
  opts: { enquiries: EnquiryService },
): Promise<void> {
  const { enquiries } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    ENQUIRY_API.submit,
    {
      schema: { body: enquiryRequestSchema, response: { 201: okResponseSchema } },
      // A corporate or bespoke enquiry (docs/product/enquiries.md §16): a message of 4,000 characters (up to 4 bytes
      // each) and a few short fields.
      config: { policy: { limit: 'enquiry', body: 'json', sameOrigin: true, maxBodyBytes: 24 * KIB } },
    },
    async (request, reply) => {
      const outcome = await enquiries.submit(request.body);
      if (outcome.kind === 'invalid') refuse('invalid', outcome.error);
      return reply.code(201).send({ ok: true });
    },
  );
}
