/**
 * Orders, payments, e-mail and the newsletter, wired together: opens the database (migrations run here,
 * at start), picks the payment provider (Stripe with a key, else the built-in test checkout) and the mail
 * transport (SMTP with SMTP_URL, else .eml files), starts the outbox sender when the app is ready and
 * stops it (after its current message) and closes the database when the app closes.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { BRAND } from '../domain/config';
import type { AppConfig } from './config';
import { openDatabase } from './db/database';
import type { Database } from './db/schema';
import { OutboxSender, type OutboxTimings } from './mail/outbox';
import { createFileTransport, createSmtpTransport, type MailTransport } from './mail/transport';
import { NewsletterStore } from './newsletter/newsletter-store';
import { armFaultPoints } from './ops/faults';
import { OrderService } from './orders/order-service';
import { OrderStore } from './orders/order-store';
import type { PaymentProvider } from './payments/provider';
import { createStripeProvider } from './payments/stripe';
import { createTestCheckoutProvider, type TestCheckoutProvider } from './payments/test-checkout';
import { checkoutRoutes } from './routes/checkout';
import { newsletterRoutes } from './routes/newsletter';
import { orderRoutes } from './routes/orders';
import { testCheckoutRoutes } from './routes/test-checkout';
import { webhookRoutes } from './routes/webhooks';

export interface CommerceOptions {
  /** Faster retries for tests. */
  readonly outboxTimings?: Partial<OutboxTimings>;
}

export interface Commerce {
  readonly db: Kysely<Database>;
  readonly orders: OrderService;
  /** Every query about orders (the reconcile pass reads its queue here). */
  readonly orderStore: OrderStore;
  readonly outbox: OutboxSender;
  readonly provider: PaymentProvider;
  readonly transport: MailTransport;
}

declare module 'fastify' {
  interface FastifyInstance {
    commerce: Commerce;
  }
}

export const OUTBOX_DIR = 'outbox';

export async function registerCommerce(
  app: FastifyInstance,
  config: AppConfig,
  options: CommerceOptions = {},
): Promise<void> {
  const database = await openDatabase(config.database);
  const { db } = database;

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

  const transport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl)
    : createFileTransport(path.join(config.dataDir, OUTBOX_DIR));
  armFaultPoints(app, config.faultInject, { provider, transport });

  const outbox = new OutboxSender({
    db,
    transport,
    from: config.mailFrom,
    log: app.log,
    timings: options.outboxTimings,
  });

  const orderStore = new OrderStore(db);
  const orders = new OrderService({
    store: orderStore,
    provider,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    ownerEmail: config.ownerEmail,
    contactEmail: BRAND.contactEmail,
    log: app.log,
    onMailQueued: () => outbox.wake(),
    closures: config.closedDates,
  });
  const newsletter = new NewsletterStore(db);

  app.decorate('commerce', { db, orders, orderStore, outbox, provider, transport });
  app.addHook('onReady', async () => {
    app.log.info(
      { provider: provider.id, mail: transport.description, database: database.description },
      'orders: payment provider and mail transport ready',
    );
    if (testCheckout) {
      app.log.warn(
        'STRIPE_SECRET_KEY is not set: the built-in TEST MODE checkout is active and takes no real payments',
      );
    }
    outbox.start();
  });
  app.addHook('onClose', async () => {
    await outbox.stop();
    transport.close();
    await database.close();
  });

  await app.register(async (api) => {
    await api.register(checkoutRoutes, { orders });
    await api.register(orderRoutes, { orders });
    await api.register(newsletterRoutes, { newsletter });
    await api.register(webhookRoutes, { orders });
    if (testCheckout) {
      await api.register(testCheckoutRoutes, { provider: testCheckout, orders, publicUrl: config.publicUrl });
    }
  });
}
