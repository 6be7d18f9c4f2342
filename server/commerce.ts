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
import { type AppConfig, isHttps } from './config';
import { openDatabase } from './db/database';
import type { Database } from './db/schema';
import { SchemaRecovery } from './db/schema-recovery';
import { isSchemaMissing } from './db/unavailable';
import { AdminSessionStore, SignInThrottle } from './desk/admin-sessions';
import { DeskService } from './desk/desk-service';
import { DeskStore } from './desk/desk-store';
import { installOwnerAuth } from './desk/owner-auth';
import { OutboxSender, type OutboxTimings } from './mail/outbox';
import type { LegalMailFacts } from './mail/templates';
import { createFileTransport, createSmtpTransport, type MailTransport } from './mail/transport';
import { newsletterConfirmationMail } from './newsletter/newsletter-mail';
import { NewsletterStore } from './newsletter/newsletter-store';
import { armFaultPoints } from './ops/faults';
import { OrderPageService } from './orders/order-page-service';
import { OrderService, senderDomain } from './orders/order-service';
import { OrderStore } from './orders/order-store';
import type { PaymentProvider } from './payments/provider';
import { createStripeProvider } from './payments/stripe';
import { createTestCheckoutProvider, type TestCheckoutProvider } from './payments/test-checkout';
import { PrivacyStore } from './privacy/privacy-store';
import { type RetentionTimings, scheduleRetention } from './privacy/retention';
import { deskRoutes } from './routes/admin-desk';
import { checkoutRoutes } from './routes/checkout';
import { newsletterRoutes } from './routes/newsletter';
import { orderPageRoutes } from './routes/order-page';
import { orderRoutes } from './routes/orders';
import { privacyAdminRoutes } from './routes/privacy-admin';
import { testCheckoutRoutes } from './routes/test-checkout';
import { webhookRoutes } from './routes/webhooks';
import { clockOf } from './security/rate-limit-store';
import { sharedCounters } from './security/shared-counters';

export interface CommerceOptions {
  /** Faster retries for tests. */
  readonly outboxTimings?: Partial<OutboxTimings>;
  /** Tests: a fixed clock for the withdrawal window and the shared counters' windows (not Redis's). */
  readonly now?: () => Date;
  /** The daily retention pass (privacy/retention.ts); false in tests that run passes themselves. */
  readonly retention?: Partial<RetentionTimings> | false;
}

export interface Commerce {
  readonly db: Kysely<Database>;
  readonly orders: OrderService;
  readonly orderPages: OrderPageService;
  /** Every query about orders (the reconcile pass reads its queue here). */
  readonly orderStore: OrderStore;
  readonly outbox: OutboxSender;
  readonly provider: PaymentProvider;
  readonly transport: MailTransport;
  /** The owner's order desk (docs/product.md §10). */
  readonly desk: DeskService;
  /** The list; `subscribers()` is what any export of it uses (confirmed addresses only). */
  readonly newsletter: NewsletterStore;
  /** Retention, export and erasure of personal data. */
  readonly privacy: PrivacyStore;
  /** Migrates again a database that came back empty (db/schema-recovery.ts). */
  readonly schemaRecovery: SchemaRecovery;
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

  // The default transport's .eml files: the retention pass and erasure delete them too.
  const mailDir = config.smtpUrl ? null : path.join(config.dataDir, OUTBOX_DIR);
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
  const legal: LegalMailFacts = {
    sellerName: config.seller.name,
    sellerAddress: config.seller.address,
    vatNumber: config.seller.vatNumber,
    vatRate: config.seller.vatRate,
    termsUrl: `${config.publicUrl}/terms-conditions`,
  };
  // Failed desk sign-ins and "Find your order" count where the rate limits do: shared by all instances.
  const counters = sharedCounters(app, config, () => db, clockOf(options.now));
  const orderPages = new OrderPageService({
    store: orderStore,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    ownerEmail: config.ownerEmail,
    contactEmail: BRAND.contactEmail,
    legal,
    log: app.log,
    onMailQueued: () => outbox.wake(),
    counters,
    now: options.now,
  });
  // What the order service and the desk share: who pays, who writes, who is written to.
  const services = {
    provider,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    ownerEmail: config.ownerEmail,
    contactEmail: BRAND.contactEmail,
    legal,
    pageUrl: (reference: string, key: string) => orderPages.pageUrl(reference, key),
    log: app.log,
    onMailQueued: () => outbox.wake(),
    closures: config.closedDates,
  };
  const orders = new OrderService({ store: orderStore, ...services });
  const newsletter = new NewsletterStore(db, {
    confirmationMail: (email, token) => newsletterConfirmationMail(config.publicUrl, email, token),
    senderDomain: senderDomain(config.mailFrom),
    onMailQueued: () => outbox.wake(),
  });
  const desk = new DeskService({ store: new DeskStore(db), ...services });
  const privacy = new PrivacyStore(db, { mailDir });
  const schemaRecovery = new SchemaRecovery(db, app.log);
  // The request that finds the database empty gets its 503 (lib/api-support.ts); the next ones are served.
  app.addHook('onError', async (_request, _reply, error) => {
    if (isSchemaMissing(error)) void schemaRecovery.recover();
  });

  app.decorate('commerce', {
    db,
    orders,
    orderPages,
    orderStore,
    outbox,
    provider,
    transport,
    desk,
    newsletter,
    privacy,
    schemaRecovery,
  });
  scheduleRetention(app, privacy, options.retention);
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
    if (config.production && config.seller.placeholder) {
      app.log.warn(
        "SELLER_NAME or SELLER_ADDRESS is not set: the confirmation e-mails and the legal pages show placeholders where the law asks for the seller's identity",
      );
    }
    outbox.start();
  });
  app.addHook('onClose', async () => {
    await outbox.stop();
    transport.close();
    await database.close();
  });

  // Every /api/admin/ route, the image editor's included: one hook on the root, after the request guard.
  const sessions = new AdminSessionStore(db);
  const signIns = new SignInThrottle(counters);
  await installOwnerAuth(app, { token: config.admin.token, secure: isHttps(config), sessions, signIns });

  await app.register(async (api) => {
    await api.register(checkoutRoutes, { orders });
    await api.register(orderRoutes, { orders });
    await api.register(orderPageRoutes, { pages: orderPages });
    await api.register(newsletterRoutes, { newsletter });
    await api.register(privacyAdminRoutes, { privacy });
    await api.register(webhookRoutes, { orders, desk });
    await api.register(deskRoutes, {
      config,
      desk,
      sessions,
      newsletter,
      signIns,
    });
    if (testCheckout) {
      await api.register(testCheckoutRoutes, { provider: testCheckout, orders, publicUrl: config.publicUrl });
    }
  });
}
