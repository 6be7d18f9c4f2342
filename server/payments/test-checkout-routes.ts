/**
 * The built-in test checkout's hosted pages (only when no Stripe key is configured):
 *   GET  /test-checkout/{sessionId}      the TEST MODE payment page
 *   POST /test-checkout/{sessionId}/pay  the form (application/x-www-form-urlencoded)
 *   GET  /test-checkout/assets/...       its stylesheet (its script is a file of the front end's build,
 *                                        served with the shop's assets: payments/test-checkout-script.ts)
 * A successful payment runs the same confirmation step a Stripe webhook would, then redirects to the
 * success URL exactly as Stripe Checkout does.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { testCheckoutHeaders } from '../security/headers';
import type { FormRefusalPage } from '../security/request-guard';
import { KIB } from '../security/route-policy';
import { SESSION_ID_PATTERN, type ShippingDetails } from './provider';
import type { TestCheckoutProvider } from './test-checkout';
import {
  DECLINED_MESSAGE,
  FORM_FIELDS,
  type FormValues,
  readForm,
  TEST_CARDS_ONLY_MESSAGE,
  validateForm,
} from './test-checkout-form';
import { checkoutPage, messagePage } from './test-checkout-page';

const stylesheet = readFileSync(new URL('./test-checkout-assets/test-checkout.css', import.meta.url), 'utf8');

/** The form as it opens: the session's e-mail and, for an order the owner took by phone, its address. */
function startValues(session: { email: string; shipping: ShippingDetails | null }): FormValues {
  const values = Object.fromEntries(FORM_FIELDS.map((f) => [f, ''])) as Record<
    (typeof FORM_FIELDS)[number],
    string
  >;
  values.email = session.email;
  const given = session.shipping;
  if (given) {
    values.name = given.name;
    values.line1 = given.address.line1;
    values.line2 = given.address.line2 ?? '';
    values.city = given.address.city;
    values.postalCode = given.address.postalCode ?? '';
    values.country = given.address.country;
  }
  return values;
}

/**
 * What the shop does when its payment page is left or paid: the orders feature's confirmation, which the
 * Stripe webhook reaches the same way (payments know no order; the orders know their provider).
 */
export interface CheckoutOutcomes {
  cancelled(sessionId: string): Promise<void>;
  /** Refuses (throws) a malformed session or a provider that is down; `found` false: no such checkout. */
  confirm(sessionId: string): Promise<{ readonly found: boolean }>;
}

export async function testCheckoutRoutes(
  app: FastifyInstance,
  opts: {
    provider: TestCheckoutProvider;
    orders: CheckoutOutcomes;
    publicUrl: string;
  },
): Promise<void> {
  const { provider, orders, publicUrl } = opts;
  const origin = new URL(publicUrl).origin;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    // The body limit is the route's (security/route-policy.ts).
    { parseAs: 'string' },
    (_req, body, done) => {
      // A null-prototype object: a field called __proto__ is just a field.
      const out: Record<string, string> = Object.create(null);
      for (const [key, value] of new URLSearchParams(String(body))) out[key] = value;
      done(null, out);
    },
  );

  function html(reply: FastifyReply, status: number, body: string): FastifyReply {
    return testCheckoutHeaders(reply.code(status), origin).send(body);
  }

  const notFound = (reply: FastifyReply) =>
    html(
      reply,
      404,
      messagePage('Checkout not found', 'This checkout link is not valid. Your cart is still in the shop.', {
        href: `${publicUrl}/#/cart`,
        label: 'Return to your cart',
      }),
    );

  app.get('/test-checkout/assets/test-checkout.css', async (_request, reply) =>
    reply
      .header('Content-Type', 'text/css; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(stylesheet),
  );

  // "Cancel and return": the checkout ends here (as an expired one), so a discount code's use it held is
  // free again at once; then back to the shop's cancelled page. A paid or unknown session changes nothing.
  app.get<{ Params: { sessionId: string } }>('/test-checkout/:sessionId/cancel', async (request, reply) => {
    const { sessionId } = request.params;
    if (!SESSION_ID_PATTERN.test(sessionId)) return notFound(reply);
    const session = await provider.getSession(sessionId);
    if (!session) return notFound(reply);
    if (session.status === 'open') {
      await provider.expireSession(sessionId);
      await orders.cancelled(sessionId);
    }
    return reply.redirect(session.cancelUrl, 303);
  });

  app.get<{ Params: { sessionId: string } }>('/test-checkout/:sessionId', async (request, reply) => {
    const { sessionId } = request.params;
    if (!SESSION_ID_PATTERN.test(sessionId)) return notFound(reply);
    const session = await provider.getSession(sessionId);
    if (!session) return notFound(reply);
    if (session.status === 'complete') {
      return html(
        reply,
        200,
        messagePage('Payment received', 'This order has already been paid. Thank you!', {
          href: provider.successUrlFor(session),
          label: 'View your order confirmation',
        }),
      );
    }
    if (session.status === 'expired') {
      return html(
        reply,
        410,
        messagePage('This checkout has expired', 'No payment was taken. Your cart is still in the shop.', {
          href: `${publicUrl}/#/cart`,
          label: 'Return to your cart',
        }),
      );
    }
    return html(reply, 200, checkoutPage(session, { values: startValues(session), errors: {}, alert: null }));
  });

  // The request guard's refusals of this form (rate limit, origin, body) are a page of the test checkout.
  const formRefusal: FormRefusalPage = (request, reply, error) => {
    const { sessionId } = request.params as { sessionId?: unknown };
    const back =
      typeof sessionId === 'string' && SESSION_ID_PATTERN.test(sessionId)
        ? { href: `/test-checkout/${sessionId}`, label: 'Back to the payment page' }
        : null;
    return testCheckoutHeaders(reply, origin).send(messagePage('Payment not submitted', error, back));
  };

  app.post<{ Params: { sessionId: string } }>(
    '/test-checkout/:sessionId/pay',
    {
      config: {
        formRefusal,
        policy: { limit: 'pay', body: 'form', sameOrigin: true, maxBodyBytes: 8 * KIB },
      },
    },
    async (request, reply) => {
      const { sessionId } = request.params;
      if (!SESSION_ID_PATTERN.test(sessionId)) return notFound(reply);
      const session = await provider.getSession(sessionId);
      if (!session) return notFound(reply);
      if (session.status !== 'open') {
        // Paid already (a double submit) or expired: the GET page says which.
        return reply.redirect(`/test-checkout/${sessionId}`, 303);
      }
      const values = readForm(request.body);
      // Gift cards alone: the page asks for no address, so none is read (nothing is posted).
      const check = validateForm(values, session.summary.nothingPosted ? null : session.countries);
      if (!check.ok) {
        return html(reply, 400, checkoutPage(session, { values, errors: check.errors, alert: null }));
      }
      if (check.card !== 'success') {
        await provider.recordDecline(sessionId);
        const alert = check.card === 'declined' ? DECLINED_MESSAGE : TEST_CARDS_ONLY_MESSAGE;
        return html(reply, 402, checkoutPage(session, { values, errors: {}, alert }));
      }
      const paid = await provider.pay(sessionId, check.shipping);
      if (!paid) return reply.redirect(`/test-checkout/${sessionId}`, 303);
      // What Stripe's webhook does: confirm on the server whether or not the shopper's browser comes back.
      // The payment is recorded; if confirming fails now, the confirmation page confirms it instead.
      const outcome = await orders.confirm(sessionId).catch((err: unknown) => {
        request.log.error({ sessionId, err }, 'test checkout: confirmation after payment threw');
        return null;
      });
      if (outcome && !outcome.found) {
        request.log.error({ sessionId }, 'test checkout: confirmation after payment failed');
      }
      return reply.redirect(provider.successUrlFor({ ...session, status: 'complete' }), 303);
    },
  );
}
