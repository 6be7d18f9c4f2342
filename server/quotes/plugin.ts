/** Quotes: the owner prices an enquiry, the client pays it through the same hosted checkout as any order. */
import type { FastifyInstance } from 'fastify';
import { shippingRates } from '../../domain/settings/storefront-settings';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import { quoteRoutes } from './quote-routes';
import { QuoteService } from './quote-service';
import { QuoteStore } from './quote-store';

type Uses = Needs<'settings' | 'orders' | 'checkout' | 'enquiries' | 'catalogue' | 'making'>;

async function quotes(
  app: FastifyInstance,
  { settings, orders, checkout, enquiries: enquiryFace, catalogue, making }: Uses,
): Promise<void> {
  const { db, config, now, wakeOutbox } = app.platform;
  const enquiries = enquiryFace.store;
  const store = new QuoteStore(db);
  const service = new QuoteService({
    store,
    orders: checkout.service,
    orderStore: orders.store,
    catalogue: catalogue.source,
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
    contactEmail: async () => (await settings.seller()).email,
    zoneName: settings.zoneName,
    shippingRates: async () => shippingRates((await settings.cache.current()).shipping),
    termsUrl: `${config.publicUrl}/terms-conditions`,
    onMailQueued: wakeOutbox,
    queue: making.queue,
    calendar: settings.calendar,
    log: app.log,
    ...(now ? { now } : {}),
  });
  app.decorate('quotes', { service, store });
  await app.register(quoteRoutes, { quotes: service });
}

export const quotesPlugin = featurePlugin(
  'quotes',
  ['settings', 'orders', 'checkout', 'enquiries', 'catalogue', 'making'],
  quotes,
);
