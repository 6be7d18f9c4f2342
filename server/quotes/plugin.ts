/** Quotes: the owner prices an enquiry, the client pays it through the same hosted checkout as any order. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { shippingRates } from '../../domain/settings/storefront-settings';
import { quoteRoutes } from './quote-routes';
import { QuoteService } from './quote-service';
import { QuoteStore } from './quote-store';

async function quotes(app: FastifyInstance): Promise<void> {
  const { db, config, now, wakeOutbox } = app.platform;
  const enquiries = app.enquiries.store;
  const store = new QuoteStore(db);
  const service = new QuoteService({
    store,
    orders: app.checkout.service,
    orderStore: app.orders.store,
    catalogue: app.catalogue.source,
    // A quote names an enquiry the desk has (else 400) and moves a new one to quoted.
    enquiries: {
      exists: async (id) => (await enquiries.findEnquiry(id)) !== null,
      markQuoted: async (id) => {
        await enquiries.markQuoted(id);
      },
      describe: async (id) => {
        const enquiry = await enquiries.findEnquiry(id);
        return enquiry
          ? { name: enquiry.name, company: enquiry.company, createdAt: enquiry.created_at }
          : null;
      },
    },
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    contactEmail: async () => (await app.settings.seller()).email,
    zoneName: app.settings.zoneName,
    shippingRates: async () => shippingRates((await app.settings.cache.current()).shipping),
    termsUrl: `${config.publicUrl}/terms-conditions`,
    onMailQueued: wakeOutbox,
    queue: app.making.queue,
    calendar: app.settings.calendar,
    log: app.log,
    ...(now ? { now } : {}),
  });
  app.decorate('quotes', { service, store });
  await app.register(quoteRoutes, { quotes: service });
}

export const quotesPlugin = fp(quotes, {
  name: 'quotes',
  dependencies: ['platform', 'settings', 'orders', 'checkout', 'enquiries', 'catalogue', 'making'],
});
