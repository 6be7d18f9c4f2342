/** Enquiries: the shop's enquiry form, the owner's notification, and her work on them in the desk. */
import type { FastifyInstance } from 'fastify';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import { adminEnquiryRoutes } from './enquiry-admin-routes';
import { enquiryRoutes } from './enquiry-routes';
import { EnquiryService } from './enquiry-service';
import { EnquiryStore } from './enquiry-store';

async function enquiries(app: FastifyInstance, { settings }: Needs<'settings'>): Promise<void> {
  const { db, config, audit, counters, events, now, wakeOutbox } = app.platform;
  const store = new EnquiryStore(db);
  const service = new EnquiryService({
    store,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    seller: settings.seller,
    requests: audit,
    audit: (entry) => audit.audit(entry),
    counters,
    onMailQueued: wakeOutbox,
    log: app.log,
    ...(now ? { now } : {}),
  });
  app.decorate('enquiries', { service, store });
  // A paid quote wins its enquiry (docs/product/enquiries.md §16.5): new or quoted, never over the owner's Lost.
  events.on('orderPaid', async ({ enquiryId }) => {
    if (enquiryId) await store.markWon(enquiryId);
  });
  await app.register(enquiryRoutes, { enquiries: service });
  await app.register(adminEnquiryRoutes, { enquiries: service });
}

export const enquiriesPlugin = featurePlugin('enquiries', ['settings'], enquiries);
