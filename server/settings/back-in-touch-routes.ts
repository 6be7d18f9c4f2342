/**
 * "Tell me when you're back" (docs/product/desk.md §10.14):
 * - POST /api/back-in-touch { email } -> 202 { ok: true }, the same answer whether the address was new,
 *   pending or confirmed (it never tells who asked); a confirmation e-mail at most once an hour.
 * - GET /back-in-touch/confirm?token= shows a page with one button (a mail provider's link scanner must
 *   not confirm for the shopper); its POST confirms.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BACK_IN_TOUCH_API } from '../../domain/settings/shop-settings';
import { okResponseSchema } from '../../domain/shared/answers';
import { checkEmail, EMAIL_MESSAGES } from '../../domain/shared/email';
import { refuse } from '../lib/refusal';
import { actionForm, message, sendLinkPage, urlencoded } from '../mail/link-pages';
import { KIB } from '../security/route-policy';
import { BACK_IN_TOUCH_PATHS } from './back-in-touch-mail';
import { BACK_IN_TOUCH_TOKEN, type BackInTouchStore } from './back-in-touch-store';

const bodySchema = z.strictObject({
  email: z.string({ error: EMAIL_MESSAGES.invalid }).max(1000, { error: EMAIL_MESSAGES.tooLong }),
});
const linkToken = z.object({ token: z.string().max(100).optional() }).catch({});

export const BACK_IN_TOUCH_PAGES = {
  confirm: {
    title: 'Tell me when you’re back',
    text: 'Confirm, and we will write to you once when the shop is back. Then we delete your address.',
    button: 'Yes, tell me',
  },
  confirmed: {
    title: 'You are on the list',
    text: ['We will write to you once when the shop is back, then delete your address.'],
  },
  unknown: {
    title: 'This link has expired',
    text: ['Leave your e-mail on the shop again to be told when it is back.'],
  },
} as const;

export async function backInTouchRoutes(
  app: FastifyInstance,
  opts: { store: BackInTouchStore },
): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, urlencoded(String(body))),
  );
  const api = app.withTypeProvider<ZodTypeProvider>();
  const asked = { body: bodySchema, response: { 202: okResponseSchema } };
  // "Tell me when you're back" (docs/product/desk.md §10.14): the newsletter's rules, as its double opt-in.
  const ask = {
    schema: asked,
    config: { policy: { limit: 'newsletter', body: 'json', sameOrigin: true, maxBodyBytes: 2 * KIB } },
  } as const;
  api.post(BACK_IN_TOUCH_API, ask, async (request, reply) => {
    const email = checkEmail(request.body.email);
    if (!email.ok) refuse('invalid', email.message);
    const outcome = await opts.store.signUp(email.email);
    request.log.info({ outcome }, 'back-in-touch sign-up');
    return reply.code(202).send({ ok: true });
  });

  api.get(BACK_IN_TOUCH_PATHS.confirm, { schema: { querystring: linkToken } }, async (request, reply) => {
    const token = request.query.token;
    if (!token || !BACK_IN_TOUCH_TOKEN.test(token)) {
      return sendLinkPage(
        reply,
        404,
        message(BACK_IN_TOUCH_PAGES.unknown.title, BACK_IN_TOUCH_PAGES.unknown.text),
      );
    }
    const page = BACK_IN_TOUCH_PAGES.confirm;
    return sendLinkPage(
      reply,
      200,
      actionForm(page.title, page.text, BACK_IN_TOUCH_PATHS.confirm, token, page.button),
    );
  });

  api.post(
    BACK_IN_TOUCH_PATHS.confirm,
    {
      schema: { querystring: linkToken, body: linkToken },
      config: { policy: { limit: 'newsletter', body: 'link-form', sameOrigin: true, maxBodyBytes: 1 * KIB } },
    },
    async (request, reply) => {
      const token = request.body?.token ?? request.query.token;
      const known = token !== undefined && (await opts.store.confirm(token));
      return known
        ? sendLinkPage(
            reply,
            200,
            message(BACK_IN_TOUCH_PAGES.confirmed.title, BACK_IN_TOUCH_PAGES.confirmed.text),
          )
        : sendLinkPage(
            reply,
            404,
            message(BACK_IN_TOUCH_PAGES.unknown.title, BACK_IN_TOUCH_PAGES.unknown.text),
          );
    },
  );
}
