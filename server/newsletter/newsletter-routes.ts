/**
 * The newsletter with double opt-in (docs/product/states.md §5.10):
 * - POST /api/newsletter { email, source? } -> 200 { ok: true } | 4xx { ok: false, error }. The same
 *   e-mail rules and messages as the forms (domain/shared/email.ts). Records a pending sign-up and queues its
 *   confirmation e-mail (at most one an hour per address). The answer is the same whether the address
 *   was new, pending or subscribed: it never tells who is on the list.
 * - GET /newsletter/confirm?token= shows a page with one button; its POST confirms the sign-up.
 * - GET /newsletter/unsubscribe?token= shows a page with one button; POST /newsletter/unsubscribe?token=
 *   unsubscribes. That POST is also the List-Unsubscribe URL of every newsletter e-mail: a mail program
 *   sends `List-Unsubscribe=One-Click` to it from its own servers or from the reader's browser, without
 *   a page of the shop, so the cross-site guard does not apply to it (route-policy.ts says why that is safe).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newsletterResponseSchema } from '../../domain/newsletter/newsletter';
import { checkEmail, EMAIL_MESSAGES } from '../../domain/shared/email';
import { refuse } from '../lib/refusal';
import { sendLinkPage, urlencoded } from '../mail/link-pages';
import { KIB } from '../security/route-policy';
import { NEWSLETTER_PATHS } from './newsletter-mail';
import { NEWSLETTER_PAGES } from './newsletter-pages';
import { type NewsletterStore, TOKEN_PATTERN } from './newsletter-store';

export const NEWSLETTER_SOURCE_MESSAGE =
  'source must be a short name such as "home" (lower-case letters, digits and dashes)';

const bodySchema = z.strictObject({
  email: z.string({ error: EMAIL_MESSAGES.invalid }).max(1000, { error: EMAIL_MESSAGES.tooLong }),
  source: z
    .string({ error: NEWSLETTER_SOURCE_MESSAGE })
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { error: NEWSLETTER_SOURCE_MESSAGE })
    .optional(),
});

/**
 * The token of a link: from the query (links, one-click POST) or the page's form field. Never refused as
 * a bad request: a link that does not carry a usable token gets the "expired" page.
 */
const linkToken = z.object({ token: z.string().max(100).optional() }).catch({});
const linkRoute = { schema: { querystring: linkToken } };
const linkForm = { querystring: linkToken, body: linkToken };

/**
 * The confirmation page's button (docs/product/states.md §5.10): the token is the authority, and the page is the
 * shop's own, so the cross-site guard keeps other sites from confirming a sign-up they started.
 */
const confirmRoute = {
  schema: linkForm,
  config: { policy: { limit: 'newsletter', body: 'link-form', sameOrigin: true, maxBodyBytes: 1 * KIB } },
} as const;

/**
 * The List-Unsubscribe URL (RFC 8058): mail programs POST to it from their own servers or from the
 * reader's webmail page, so it can come from anywhere. That is safe: the unguessable token in the URL is
 * the only authority (no cookie or session could be ridden by a forged request), and the only effect is
 * taking that token's own address off the list, which anyone holding the e-mail may do. Not rate
 * limited: one mail provider's servers send every reader's unsubscribes from a few addresses, and a
 * request costs one indexed lookup.
 */
const unsubscribeRoute = {
  schema: linkForm,
  config: { policy: { limit: null, body: 'link-form', sameOrigin: false, maxBodyBytes: 1 * KIB } },
} as const;

function tokenOf(query: { token?: string }, body?: { token?: string }): string | null {
  const token = body?.token ?? query.token;
  return token !== undefined && TOKEN_PATTERN.test(token) ? token : null;
}

export async function newsletterRoutes(
  app: FastifyInstance,
  opts: { newsletter: NewsletterStore },
): Promise<void> {
  const { newsletter } = opts;
  // The landing pages' forms are urlencoded; RFC 8058 one-click POSTs are urlencoded or multipart, and
  // carry nothing the shop needs (the token is in the URL). Body limits are the routes' (route-policy.ts).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, urlencoded(String(body))),
  );
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );

  const api = app.withTypeProvider<ZodTypeProvider>();
  const signUp = { body: bodySchema, response: { 200: newsletterResponseSchema } };
  const signUpRoute = {
    schema: signUp,
    config: { policy: { limit: 'newsletter', body: 'json', sameOrigin: true, maxBodyBytes: 2 * KIB } },
  } as const;
  api.post('/api/newsletter', signUpRoute, async (request, reply) => {
    const email = checkEmail(request.body.email);
    if (!email.ok) refuse('invalid', email.message);
    const source = request.body.source ?? 'website';
    const outcome = await newsletter.signUp(email.email, source);
    request.log.info({ source, outcome }, 'newsletter sign-up');
    return reply.code(200).send({ ok: true });
  });

  const page = (reply: FastifyReply, status: number, html: string) => sendLinkPage(reply, status, html);

  // A link's page asks before it acts (a mail scanner's GET changes nothing); an unknown link has expired.
  const linkPage = (path: string, pageOf: (token: string) => string) =>
    api.get(path, linkRoute, async (request, reply) => {
      const token = tokenOf(request.query);
      return token ? page(reply, 200, pageOf(token)) : page(reply, 404, NEWSLETTER_PAGES.expired());
    });

  linkPage(NEWSLETTER_PATHS.confirm, NEWSLETTER_PAGES.confirm);

  api.post(NEWSLETTER_PATHS.confirm, confirmRoute, async (request, reply) => {
    const token = tokenOf(request.query, request.body);
    const outcome = token ? await newsletter.confirm(token) : 'unknown';
    request.log.info({ outcome }, 'newsletter confirmation');
    return outcome === 'unknown'
      ? page(reply, 404, NEWSLETTER_PAGES.expired())
      : page(reply, 200, NEWSLETTER_PAGES.confirmed());
  });

  linkPage(NEWSLETTER_PATHS.unsubscribe, NEWSLETTER_PAGES.unsubscribe);

  api.post(NEWSLETTER_PATHS.unsubscribe, unsubscribeRoute, async (request, reply) => {
    const token = tokenOf(request.query, request.body);
    if (!token) return page(reply, 404, NEWSLETTER_PAGES.expired());
    const known = await newsletter.unsubscribe(token);
    request.log.info({ known }, 'newsletter unsubscribe');
    // Unsubscribing an address that is not on the list (any more) is done too.
    return page(reply, 200, NEWSLETTER_PAGES.unsubscribed());
  });
}
