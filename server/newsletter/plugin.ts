/**
 * The newsletter: sign-up with double opt-in, confirmation and one-click unsubscribe, and the owner's
 * campaigns sent to the confirmed subscribers, paced, once each.
 */
import type { FastifyInstance } from 'fastify';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import { enqueueMail } from '../mail/outbox';
import { senderDomain } from '../mail/transport';
import type { PeriodicTimings } from '../ops/periodic-job';
import { backInStockConfirmationMail, backInStockMail } from './back-in-stock-mail';
import { backInStockRoutes } from './back-in-stock-routes';
import { BackInStockStore } from './back-in-stock-store';
import { DEFAULT_CAMPAIGN_TIMINGS, scheduleCampaigns } from './campaign-job';
import { campaignRoutes } from './campaign-routes';
import { CampaignService } from './campaign-service';
import { CampaignStore } from './campaign-store';
import { scheduleCartReminders } from './cart-reminder-job';
import { cartReminderRoutes } from './cart-reminder-routes';
import { CartReminderStore } from './cart-reminder-store';
import { newsletterConfirmationMail } from './newsletter-mail';
import { newsletterRoutes } from './newsletter-routes';
import { NewsletterStore } from './newsletter-store';

async function newsletter(
  app: FastifyInstance,
  { settings, catalogue }: Needs<'settings' | 'catalogue'>,
): Promise<void> {
  const { db, config, wakeOutbox, audit, tuning, fault, now, events } = app.platform;
  const { source } = catalogue;
  const domain = senderDomain(config.mailFrom);
  const store = new NewsletterStore(db, {
    confirmationMail: (email, token) => newsletterConfirmationMail(config.publicUrl, email, token),
    senderDomain: domain,
    onMailQueued: wakeOutbox,
  });
  const timings = {
    ...DEFAULT_CAMPAIGN_TIMINGS,
    // A process test's first pass (CAMPAIGN_FIRST_PASS_MS, NODE_ENV=test only); the shop's own otherwise.
    ...(config.campaignFirstPassMs === null ? {} : { initialDelayMs: config.campaignFirstPassMs }),
    ...(tuning.campaigns || {}),
  };
  const campaigns = new CampaignService({
    store: new CampaignStore(db),
    products: () => source.current().products,
    publicUrl: config.publicUrl,
    senderDomain: domain,
    ownerEmail: async () => (await settings.seller()).orderEmail,
    perMinute: config.newsletterPerMinute,
    intervalMs: timings.intervalMs,
    onMailQueued: wakeOutbox,
    onRecipientQueued: fault ? () => fault('newsletter:recipient-queued') : undefined,
    queue: (rows) => enqueueMail(db, rows),
    ...(now ? { now } : {}),
  });
  const productOf = (id: string) => source.current().products.find((p) => p.id === id);
  const backInStock = new BackInStockStore(db, {
    confirmationMail: (email, productId, token) => {
      const product = productOf(productId);
      return product ? backInStockConfirmationMail(config.publicUrl, email, product, token) : null;
    },
    senderDomain: domain,
    onMailQueued: wakeOutbox,
  });
  /** The one e-mail of each address waiting for a product that is active now. */
  const notifyReturned = async (productId: string): Promise<number> => {
    const product = productOf(productId);
    if (product?.status !== 'active') return 0;
    return backInStock.notifyReturned(productId, (email) =>
      backInStockMail(config.publicUrl, email, product),
    );
  };
  events.on('productActive', ({ productId }) => notifyReturned(productId));
  // The cart reminder (docs/product/states.md §5.10a): the consent arrives with the checkout (orders publishes
  // it), a payment forgets it, and Stripe's link back to an expired checkout is kept for the e-mail.
  const cartReminders = new CartReminderStore(db, { senderDomain: domain, onMailQueued: wakeOutbox });
  events.on('reminderRequested', (request) => cartReminders.record(request));
  events.on('orderPaid', ({ orderId, email }) =>
    cartReminders.forgetPaid(orderId, email.toLowerCase(), now?.() ?? new Date()),
  );
  events.on('checkoutRecoverable', ({ orderId, recoveryUrl }) =>
    cartReminders.setRecoveryUrl(orderId, recoveryUrl),
  );
  app.decorate('newsletter', { store, campaigns, backInStock, cartReminders });
  // The pass also catches a product that came back while this instance was down (no event then).
  const backstop = async () => {
    let queued = 0;
    for (const id of await backInStock.productsWaited()) queued += await notifyReturned(id);
    return queued;
  };
  if (tuning.campaigns !== false) scheduleCampaigns(app, campaigns, timings, backstop);
  if (tuning.cartReminders !== false) {
    scheduleCartReminders(
      app,
      {
        db,
        store: cartReminders,
        delayMs: config.cartReminderDelayMinutes * 60_000,
        publicUrl: config.publicUrl,
        catalogue: () => source.current(),
        ...(now ? { now } : {}),
      },
      tuning.cartReminders,
    );
  }
  await app.register(newsletterRoutes, { newsletter: store });
  await app.register(campaignRoutes, { campaigns, newsletter: store, audit, backInStock });
  await app.register(backInStockRoutes, { requests: backInStock, catalogue: source });
  await app.register(cartReminderRoutes, { reminders: cartReminders, catalogue: source });
}

export const newsletterPlugin = featurePlugin('newsletter', ['settings', 'catalogue'], newsletter);

declare module '../platform' {
  interface ShopTuning {
    /** The newsletter campaigns' paced pass (./campaign-job.ts); false in tests that drive it. */
    readonly campaigns?: Partial<PeriodicTimings> | false;
    /** The cart reminders' pass (./cart-reminder-job.ts); false in tests that drive it. */
    readonly cartReminders?: Partial<PeriodicTimings> | false;
  }
}
