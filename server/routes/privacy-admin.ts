/**
 * The owner's privacy requests (docs/product.md §12), with `Authorization: Bearer ADMIN_TOKEN` (or the
 * desk's session; desk/owner-auth.ts):
 * - GET /api/admin/privacy/export?email= -> 200 JSON of everything stored about the address;
 * - POST /api/admin/privacy/erase { email } -> 200 { ok: true, ...counts, paidOrdersKept } after erasing
 *   what the law does not require keeping.
 * The address never reaches a log line; only counts do.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkEmail } from '../../domain/email';
import type { PrivacyStore } from '../privacy/privacy-store';

export const PRIVACY_PATHS = {
  export: '/api/admin/privacy/export',
  erase: '/api/admin/privacy/erase',
} as const;

export const PRIVACY_MESSAGES = {
  unauthorized: 'The admin token is missing or wrong.',
  email: 'email must be the e-mail address to look up',
} as const;

const exportQuery = z.object({ email: z.string({ error: PRIVACY_MESSAGES.email }).max(1000) });
const eraseBody = z.strictObject({ email: z.string({ error: PRIVACY_MESSAGES.email }).max(1000) });

/** The address as stored (trimmed, checked like every form does), or the 400 answer's message. */
function addressFrom(parsed: z.ZodSafeParseResult<{ email: string }>): { email: string } | { error: string } {
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.code === 'unrecognized_keys')
      return { error: `Unexpected field(s): ${issue.keys.join(', ')}` };
    return {
      error: issue?.path.length === 0 ? 'The request body must be a JSON object' : PRIVACY_MESSAGES.email,
    };
  }
  const checked = checkEmail(parsed.data.email);
  return checked.ok ? { email: checked.email } : { error: checked.message };
}

/** The owner's hook (desk/owner-auth.ts) answers a missing or wrong token with this route's wording. */
const routeConfig = { ownerUnauthorized: PRIVACY_MESSAGES.unauthorized };

export async function privacyAdminRoutes(
  app: FastifyInstance,
  opts: { privacy: PrivacyStore },
): Promise<void> {
  const { privacy } = opts;

  app.get(PRIVACY_PATHS.export, { config: routeConfig }, async (request, reply) => {
    const address = addressFrom(exportQuery.safeParse(request.query));
    if ('error' in address) return reply.code(400).send({ ok: false, error: address.error });
    const data = await privacy.exportFor(address.email);
    request.log.info(
      { orders: data.orders.length, emails: data.emails.length, newsletter: data.newsletter !== null },
      'privacy: data exported for an address',
    );
    return reply
      .header('Content-Disposition', 'attachment; filename="personal-data.json"')
      .send({ ok: true, ...data });
  });

  app.post(PRIVACY_PATHS.erase, { config: routeConfig }, async (request, reply) => {
    const address = addressFrom(eraseBody.safeParse(request.body));
    if ('error' in address) return reply.code(400).send({ ok: false, error: address.error });
    const result = await privacy.eraseFor(address.email);
    request.log.info({ ...result, paidOrdersKept: result.paidOrdersKept.length }, 'privacy: address erased');
    return reply.send({ ok: true, ...result });
  });
}
