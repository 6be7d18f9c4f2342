/**
 * Payments: the provider (Stripe through its SDK with a key, else the built-in TEST MODE checkout and its
 * pages). The test checkout's routes confirm through the checkout feature, which hands its outcomes in
 * when it registers (`settleWith`: the checkout is registered after the provider it pays with).
 */
import type { FastifyInstance } from 'fastify';
import { featurePlugin } from '../lib/feature-plugin';
import type { PaymentProvider } from './provider';
import { armProviderFaults } from './provider-faults';
import { createStripeProvider } from './stripe';
import { createTestCheckoutProvider, type TestCheckoutProvider } from './test-checkout';
import { type CheckoutOutcomes, testCheckoutRoutes } from './test-checkout-routes';

async function payments(app: FastifyInstance): Promise<void> {
  const { config, db, fault } = app.platform;
  let testCheckout: TestCheckoutProvider | null = null;
  let provider: PaymentProvider;
  if (config.stripe) {
    provider = createStripeProvider(config.stripe);
    if (!config.stripe.webhookSecret) {
      app.log.warn(
        'STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are refused; orders confirm on the confirmation page only',
      );
    }
  } else {
    testCheckout = createTestCheckoutProvider({ db, publicUrl: config.publicUrl });
    provider = testCheckout;
  }
  if (fault) armProviderFaults(fault, provider);
  // The checkout's confirmation and cancellation, handed in once at its registration.
  let outcomes: CheckoutOutcomes | null = null;
  const settled = (): CheckoutOutcomes => {
    if (!outcomes) throw new Error('payments: no checkout registered to settle the test checkout');
    return outcomes;
  };
  const settleWith = (checkout: CheckoutOutcomes): void => {
    if (outcomes) throw new Error('payments: a checkout is already settling the test checkout');
    outcomes = checkout;
  };
  app.decorate('payments', { provider, testCheckout, settleWith });
  app.addHook('onReady', async () => {
    app.log.info({ provider: provider.id }, 'payments: provider ready');
    if (testCheckout) {
      app.log.warn(
        'STRIPE_SECRET_KEY is not set: the built-in TEST MODE checkout is active and takes no real payments',
      );
    }
  });
  if (testCheckout) {
    await app.register(testCheckoutRoutes, {
      provider: testCheckout,
      orders: {
        cancelled: (sessionId) => settled().cancelled(sessionId),
        confirm: (sessionId) => settled().confirm(sessionId),
      },
      publicUrl: config.publicUrl,
    });
  }
}

export const paymentsPlugin = featurePlugin('payments', [], payments);
