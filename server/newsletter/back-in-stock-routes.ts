/**
 * "Tell me when it's back" (docs/product/states.md §5.10):
 * - POST /api/products/{id}/notify { email } -> 202 { ok: true } for a paused product (the same answer
 *   whether the address was new, pending or waiting: it never tells who asked); 400 for a product that
 *   can be ordered now or never will be again; 404 for an unknown one.
 * - GET /back-in-stock/confirm?token= shows a page with one button; its POST confirms (a GET never acts:
 *   mail providers' link scanners follow every link).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okResponseSchema } from '../../domain/shared/answers';
import { checkEmail, EMAIL_MESSAGES } from '../../domain/shared/email';
import type { CatalogueSource } from '../catalogue';
import { refuse } from '../lib/refusal';
import { actionForm, message, sendLinkPage, urlencoded } from '../mail/link-pages';
import { KIB } from '../security/route-policy';
import { BACK_IN_STOCK_PATHS } from './back-in-stock-mail';
import type { BackInStockStore } from './back-in-stock-store';
import { TOKEN_PATTERN } from './newsletter-store';

export const BACK_IN_STOCK_MESSAGES = {
  active: 'This bracelet can be ordered now: there is no need to wait for it.',
  retired: 'This bracelet will not be made again.',
  notFound: 'No product has this id.',
} as const;

const bodySchema = z.strictObject({
  email: z.string({ error: EMAIL_MESSAGES.invalid }).max(1000, { error: EMAIL_MESSAGES.tooLong }),
});
const paramsSchema = z.object({ id: z.string().max(20) });
const linkToken = z.object({ token: z.string().max(100).optional() }).catch({});

export async function backInStockRoutes(
  app: FastifyInstance,
  opts: { requests: BackInStockStore; catalogue: CatalogueSource },
): Promise<void> {
  const { requests, catalogue } = opts;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, urlencoded(String(body))),
  );
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/products/:id/notify',
    {
      schema: { params: paramsSchema, body: bodySchema, response: { 202: okResponseSchema } },
      // "Tell me when it's back" on a paused product's page: the newsletter's limits and guards.
      config: { policy: { limit: 'newsletter', body: 'json', sameOrigin: true, maxBodyBytes: 2 * KIB } },
    },
    async (request, reply) => {
      const product =
        catalogue.current().products.find((p) => p.id === request.params.id) ??
        refuse('not-found', BACK_IN_STOCK_MESSAGES.notFound);
      if (product.status !== 'paused') {
        const error =
          product.status === 'active' ? BACK_IN_STOCK_MESSAGES.active : BACK_IN_STOCK_MESSAGES.retired;
        refuse('invalid', error);
      }
      const email = checkEmail(request.body.email);
      if (!email.ok) refuse('invalid', email.message);
      const outcome = await requests.request(product.id, email.email);
      request.log.info({ productId: product.id, outcome }, 'back-in-stock request');
      return reply.code(202).send({ ok: true });
    },
  );

  const page = (reply: Parameters<typeof sendLinkPage>[0], status: number, html: string) =>
    sendLinkPage(reply, status, html);
  const expired = () =>
    message('This link is no longer valid', [
      'The link may be older than a week, or the bracelet is back already. Ask again on its page.',
    ]);

  api.get(BACK_IN_STOCK_PATHS.confirm, { schema: { querystring: linkToken } }, async (request, reply) => {
    const token = request.query.token;
    if (!token || !TOKEN_PATTERN.test(token)) return page(reply, 404, expired());
    return page(
      reply,
      200,
      actionForm(
        'Tell me when it’s back',
        'One click and we send you one e-mail when this bracelet can be ordered again; then we delete your address.',
        BACK_IN_STOCK_PATHS.confirm,
        token,
        'Yes, tell me',
      ),
    );
  });

  api.post(
    BACK_IN_STOCK_PATHS.confirm,
    {
      schema: { querystring: linkToken, body: linkToken },
      // Its confirmation page's button, like the newsletter's.
      config: { policy: { limit: 'newsletter', body: 'form', sameOrigin: true, maxBodyBytes: 1 * KIB } },
    },
    async (request, reply) => {
      const token = request.body.token ?? request.query.token;
      const productId = token ? await requests.confirm(token) : null;
      if (!productId) return page(reply, 404, expired());
      const name = catalogue.current().products.find((p) => p.id === productId)?.name ?? 'the bracelet';
      return page(
        reply,
        200,
        message('We’ll tell you', [`You will get one e-mail when ${name} can be ordered again.`]),
      );
    },
  );
}
