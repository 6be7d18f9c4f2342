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
import { bulkTierOf } from '../domain/offers/early-bird';
import { CatalogueService } from './catalogue/catalogue-service';
import type { CatalogueSource } from './catalogue/catalogue-source';
import { CatalogueStore } from './catalogue/catalogue-store';
import { DatabaseCatalogueSource } from './catalogue/database-catalogue-source';
import { productImagesPort, referencedMediaIds } from './catalogue/product-images-port';
import { productRoutes } from './catalogue/product-routes';
import { type AppConfig, isHttps } from './config';
import { openDatabase } from './db/database';
import type { Database } from './db/schema';
import { SchemaRecovery } from './db/schema-recovery';
import { isSchemaMissing } from './db/unavailable';
import { adminEnquiryRoutes } from './enquiries/enquiry-admin-routes';
import { enquiryRoutes } from './enquiries/enquiry-routes';
import { EnquiryService } from './enquiries/enquiry-service';
import { EnquiryStore } from './enquiries/enquiry-store';
import { OutboxSender, type OutboxTimings, outboxBacklog } from './mail/outbox';
import type { LegalMailFacts } from './mail/templates';
import { createFileTransport, createSmtpTransport, type MailTransport } from './mail/transport';
import { MakingQueueState } from './making/making-queue-state';
import { todayRoutes } from './making/today-routes';
import { newsletterConfirmationMail } from './newsletter/newsletter-mail';
import { newsletterRoutes } from './newsletter/newsletter-routes';
import { NewsletterStore } from './newsletter/newsletter-store';
import { statsRoutes } from './numbers/stats-routes';
import { checkoutDiscounts } from './offers/checkout-discounts';
import { discountCheckRoutes } from './offers/discount-check-routes';
import { discountRoutes } from './offers/discount-routes';
import { DiscountService } from './offers/discount-service';
import { DiscountStore } from './offers/discount-store';
import { armFaultPoints } from './ops/faults';
import { checkoutRoutes } from './orders/checkout-routes';
import { deskRoutes } from './orders/desk-routes';
import { DeskService } from './orders/fulfilment-service';
import { DeskStore } from './orders/fulfilment-store';
import { orderPageRoutes } from './orders/order-page-routes';
import { OrderPageService } from './orders/order-page-service';
import { orderRoutes } from './orders/order-routes';
import { OrderService, senderDomain } from './orders/order-service';
import { lineImagesUnder, OrderStore, paidOrdersByDiscountCode } from './orders/order-store';
import type { PaymentProvider } from './payments/provider';
import { createStripeProvider } from './payments/stripe';
import { createTestCheckoutProvider, type TestCheckoutProvider } from './payments/test-checkout';
import { testCheckoutRoutes } from './payments/test-checkout-routes';
import { webhookRoutes } from './payments/webhook-routes';
import { privacyAdminRoutes } from './privacy/privacy-routes';
import { PrivacyStore } from './privacy/privacy-store';
import { type RetentionTimings, scheduleRetention } from './privacy/retention';
import { quoteRoutes } from './quotes/quote-routes';
import { QuoteService } from './quotes/quote-service';
import { QuoteStore } from './quotes/quote-store';
import { type ReviewRequestTimings, scheduleReviewRequests } from './reviews/review-requests-job';
import { reviewRoutes } from './reviews/review-routes';
import { ReviewService } from './reviews/review-service';
import { ReviewStore } from './reviews/review-store';
import { createReviewsSource, type ReviewsSource } from './reviews/reviews-source';
import { AdminSessionStore, SignInThrottle } from './security/admin-sessions';
import { installOwnerAuth } from './security/owner-auth';
import { clockOf } from './security/rate-limit-store';
import { sharedCounters } from './security/shared-counters';
import { SettingsStore } from './settings/settings-store';

export interface CommerceOptions {
  /** Faster retries for tests. */
  readonly outboxTimings?: Partial<OutboxTimings>;
  /** Tests: a fixed clock for the withdrawal window and the shared counters' windows (not Redis's). */
  readonly now?: () => Date;
  /** The daily retention pass (privacy/retention.ts); false in tests that run passes themselves. */
  readonly retention?: Partial<RetentionTimings> | false;
  /** The review requests' periodic pass (reviews/review-requests-job.ts); false in tests that drive it. */
  readonly reviewRequests?: Partial<ReviewRequestTimings> | false;
  /** Tests: how often the catalogue's version is polled (0: only notifications and local edits). */
  readonly cataloguePollMs?: number;
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
  /** The owner's settings (the making capacity) and the marks the desk's Today shows. */
  readonly settings: SettingsStore;
  /** The making queue as the pages show it (at most a minute old). */
  readonly makingQueue: MakingQueueState;
  /** Buyers' reviews, the owner's decisions and the review request e-mail (docs/product.md §8.13). */
  readonly reviews: ReviewService;
  /** The published reviews in memory, for the pages (reviews/reviews-source.ts). */
  readonly reviewsSource: ReviewsSource;
  /** The owner's products (docs/product.md, products section); the image routes call it too. */
  readonly catalogue: CatalogueService;
  /** The owner's discount codes (docs/product.md, offers). */
  readonly discounts: DiscountService;
  /** Every query of the discount codes and their reservations. */
  readonly discountStore: DiscountStore;
  /** Corporate and bespoke enquiries and the owner's work on them (docs/product.md §16). */
  readonly enquiries: EnquiryService;
  /** Every query of the enquiries; `findEnquiry` and `markQuoted` are what the quotes call. */
  readonly enquiryStore: EnquiryStore;
  /** The catalogue this instance serves: pages, sitemap and checkout read `current()`. */
  readonly catalogueSource: CatalogueSource;
  /** The catalogue's picture functions as the photo routes take them (their ProductImagesPort). */
  readonly productImages: ReturnType<typeof productImagesPort>;
  /** Every photo id a product or a past order line still shows (the media retention pass keeps them). */
  readonly referencedMediaIds: () => Promise<Set<string>>;
  /** Quotes the client pays by card (docs/product.md, quotes). */
  readonly quotes: QuoteService;
  readonly quoteStore: QuoteStore;
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
  const database = await openDatabase(config.database, undefined, app.log);
  const { db } = database;
  // The outbox and the pool are read at each /metrics scrape (ops/metrics.ts).
  const clock = options.now;
  app.metrics.readFrom({
    outboxBacklog: () => outboxBacklog(db, 0),
    poolCounts: database.poolCounts,
    now: clock ? () => clock().getTime() : undefined,
  });

  // The catalogue is loaded before the shop serves anything: pages and checkouts read it from memory.
  const catalogueStore = new CatalogueStore(db);
  let catalogueSource: DatabaseCatalogueSource;
  try {
    catalogueSource = await DatabaseCatalogueSource.open({
      store: catalogueStore,
      postgres: config.database.dialect === 'postgres' ? config.database : null,
      ...(options.cataloguePollMs === undefined ? {} : { pollMs: options.cataloguePollMs }),
      log: app.log,
    });
  } catch (error) {
    await database.close();
    throw error;
  }

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
    onAttempt: (result) => app.metrics.mailAttempt(result),
  });

  const orderStore = new OrderStore(db);
  const settings = new SettingsStore(db, {
    makingCapacityPerDay: config.makingCapacityPerDay,
    earlyBird: config.earlyBird,
  });
  const makingQueue = new MakingQueueState(settings, () => orderStore.queuedPieces());
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
    queue: makingQueue,
    // Tests date orders on a fixed day (the dispatch rule reads the Irish date and time).
    ...(clock ? { now: () => clock().getTime() } : {}),
  };
  const discountStore = new DiscountStore(db);
  const atCheckout = checkoutDiscounts(discountStore, async () => {
    const { earlyBird } = await settings.read();
    return earlyBird && bulkTierOf(earlyBird);
  });
  const orders = new OrderService({
    store: orderStore,
    ...services,
    onPaid: ({ enquiryId }) => {
      app.metrics.orderPaid();
      // A paid quote wins its enquiry (docs/product.md §16.5); the payment stands whatever happens here.
      if (enquiryId)
        enquiryStore
          .markWon(enquiryId)
          .catch((err: unknown) => app.log.error({ err }, 'enquiry not marked won'));
    },
    discounts: atCheckout,
  });
  const enquiryStore = new EnquiryStore(db);
  const quoteStore = new QuoteStore(db);
  const quotes = new QuoteService({
    store: quoteStore,
    orders,
    orderStore,
    catalogue: catalogueSource,
    // A quote names an enquiry the desk has (else 400) and moves a new one to quoted.
    enquiries: {
      exists: async (id) => (await enquiryStore.findEnquiry(id)) !== null,
      markQuoted: async (id) => {
        await enquiryStore.markQuoted(id);
      },
      describe: async (id) => {
        const enquiry = await enquiryStore.findEnquiry(id);
        return enquiry
          ? { name: enquiry.name, company: enquiry.company, createdAt: enquiry.created_at }
          : null;
      },
    },
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    contactEmail: BRAND.contactEmail,
    termsUrl: legal.termsUrl,
    onMailQueued: () => outbox.wake(),
    queue: makingQueue,
    closures: config.closedDates,
    log: app.log,
    ...(clock ? { now: clock } : {}),
  });
  const newsletter = new NewsletterStore(db, {
    confirmationMail: (email, token) => newsletterConfirmationMail(config.publicUrl, email, token),
    senderDomain: senderDomain(config.mailFrom),
    onMailQueued: () => outbox.wake(),
  });
  const reviewStore = new ReviewStore(db);
  let reviewsSource: ReviewsSource | null = null;
  const reviews = new ReviewService({
    reviews: reviewStore,
    orders: orderStore,
    openOrder: (reference, key) => orderPages.open(reference, key),
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    delayDays: config.reviewRequestDelayDays,
    pageUrl: services.pageUrl,
    onMailQueued: () => outbox.wake(),
    onVisibleChange: () => void reviewsSource?.refresh(),
    productName: (id) => catalogueSource.current().products.find((p) => p.id === id)?.name ?? null,
    log: app.log,
    now: options.now,
  });
  reviewsSource = createReviewsSource({
    load: () => reviews.snapshot(),
    version: () => reviewStore.version(),
    log: app.log,
  });
  const source = reviewsSource;
  // Before the pages are rendered (server/app.ts registers them after this): see ReviewsSource.loaded.
  await source.loaded();
  const deskStore = new DeskStore(db);
  const desk = new DeskService({
    store: deskStore,
    ...services,
    // "Delivered" queues the review request in the same step; an order nobody marks delivered is asked
    // by the periodic pass once REVIEW_REQUEST_DELAY_DAYS after dispatch are over.
    onDelivered: (reference) => reviews.onDelivered(reference),
  });
  const catalogue = new CatalogueService({
    store: catalogueStore,
    requests: deskStore,
    // This instance serves its own edit at once; if the reload fails, the poll catches up.
    onChange: () => catalogueSource.refresh().catch(() => {}),
  });
  const discounts = new DiscountService({
    store: discountStore,
    requests: deskStore,
    audit: (entry) => deskStore.audit(entry),
    paidByCode: () => paidOrdersByDiscountCode(db),
    ...(clock ? { now: clock } : {}),
  });
  const enquiries = new EnquiryService({
    store: enquiryStore,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    ownerEmail: config.ownerEmail,
    contactEmail: BRAND.contactEmail,
    requests: deskStore,
    audit: (entry) => deskStore.audit(entry),
    counters,
    onMailQueued: () => outbox.wake(),
    log: app.log,
    ...(clock ? { now: clock } : {}),
  });
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
    settings,
    makingQueue,
    reviews,
    reviewsSource: source,
    catalogue,
    discounts,
    discountStore,
    enquiries,
    enquiryStore,
    catalogueSource,
    productImages: productImagesPort(catalogue),
    referencedMediaIds: () => referencedMediaIds(catalogue, (prefix) => lineImagesUnder(db, prefix)),
    quotes,
    quoteStore,
  });
  scheduleRetention(app, privacy, options.retention);
  scheduleReviewRequests(app, reviews, options.reviewRequests);
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
    await source.close();
    await outbox.stop();
    transport.close();
    await catalogueSource.close();
    await database.close();
  });

  // Every /api/admin/ route, the image editor's included: one hook on the root, after the request guard.
  const sessions = new AdminSessionStore(db);
  const signIns = new SignInThrottle(counters);
  await installOwnerAuth(app, { token: config.admin.token, secure: isHttps(config), sessions, signIns });

  await app.register(async (api) => {
    await api.register(checkoutRoutes, { orders, catalogue: catalogueSource });
    await api.register(orderRoutes, { orders });
    await api.register(orderPageRoutes, { pages: orderPages });
    await api.register(newsletterRoutes, { newsletter });
    await api.register(privacyAdminRoutes, { privacy });
    await api.register(productRoutes, { catalogue });
    await api.register(discountRoutes, { discounts });
    await api.register(enquiryRoutes, { enquiries });
    await api.register(adminEnquiryRoutes, { enquiries });
    await api.register(quoteRoutes, { quotes });
    await api.register(discountCheckRoutes, {
      discounts: atCheckout,
      catalogue: catalogueSource,
      ...(clock ? { now: clock } : {}),
    });
    await api.register(statsRoutes, {
      source: { db, provider: provider.id, testMode: testCheckout !== null },
      audit: desk.store,
    });
    await api.register(reviewRoutes, { reviews, source, desk });
    await api.register(webhookRoutes, { orders, desk, settings });
    await api.register(todayRoutes, {
      settings,
      queue: makingQueue,
      deskStore: desk.store,
      onMailQueued: () => outbox.wake(),
      closures: config.closedDates,
      ...(clock ? { now: clock } : {}),
    });
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
