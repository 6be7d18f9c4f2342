/**
 * POST /api/newsletter { email, source? } -> 200 { ok: true } | 4xx { ok: false, error }.
 * The same e-mail rules and messages as the forms (domain/email.ts). Signing up twice is not an error and
 * says nothing about whether the address was already on the list.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkEmail, EMAIL_MESSAGES } from '../../domain/email';
import type { NewsletterStore } from '../newsletter/newsletter-store';

export const NEWSLETTER_SOURCE_MESSAGE =
  'source must be a short name such as "home" (lower-case letters, digits and dashes)';

const bodySchema = z.strictObject({
  email: z.string({ error: EMAIL_MESSAGES.invalid }).max(1000, { error: EMAIL_MESSAGES.tooLong }),
  source: z
    .string({ error: NEWSLETTER_SOURCE_MESSAGE })
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { error: NEWSLETTER_SOURCE_MESSAGE })
    .optional(),
});

export async function newsletterRoutes(
  app: FastifyInstance,
  opts: { newsletter: NewsletterStore },
): Promise<void> {
  app.post('/api/newsletter', async (request, reply) => {
    const parsed = bodySchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      let error = issue?.message ?? 'The request is not valid';
      if (issue?.code === 'unrecognized_keys') error = `Unexpected field(s): ${issue.keys.join(', ')}`;
      else if (issue?.path.length === 0) error = 'The request body must be a JSON object';
      return reply.code(400).send({ ok: false, error });
    }
    const email = checkEmail(parsed.data.email);
    if (!email.ok) return reply.code(400).send({ ok: false, error: email.message });
    const added = await opts.newsletter.subscribe(email.email, parsed.data.source ?? 'website');
    request.log.info({ source: parsed.data.source ?? 'website', added }, 'newsletter sign-up');
    return reply.code(200).send({ ok: true });
  });
}
