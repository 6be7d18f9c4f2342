/**
 * The newsletter: sign-up with double opt-in, confirmation and one-click unsubscribe, and the owner's
 * campaigns sent to the confirmed subscribers, paced, once each.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { enqueueMail } from '../mail/outbox';
import { senderDomain } from '../mail/transport';
import { DEFAULT_CAMPAIGN_TIMINGS, scheduleCampaigns } from './campaign-job';
import { campaignRoutes } from './campaign-routes';
import { CampaignService } from './campaign-service';
import { CampaignStore } from './campaign-store';
import { newsletterConfirmationMail } from './newsletter-mail';
import { newsletterRoutes } from './newsletter-routes';
import { NewsletterStore } from './newsletter-store';

async function newsletter(app: FastifyInstance): Promise<void> {
  const { db, config, wakeOutbox, audit, tuning, fault, now } = app.platform;
  const domain = senderDomain(config.mailFrom);
  const store = new NewsletterStore(db, {
    confirmationMail: (email, token) => newsletterConfirmationMail(config.publicUrl, email, token),
    senderDomain: domain,
    onMailQueued: wakeOutbox,
  });
  const timings = { ...DEFAULT_CAMPAIGN_TIMINGS, ...(tuning.campaigns || {}) };
  const campaigns = new CampaignService({
    store: new CampaignStore(db),
    products: () => app.catalogue.source.current().products,
    publicUrl: config.publicUrl,
    senderDomain: domain,
    ownerEmail: config.ownerEmail,
    perMinute: config.newsletterPerMinute,
    intervalMs: timings.intervalMs,
    onMailQueued: wakeOutbox,
    onRecipientQueued: fault ? () => fault('newsletter:recipient-queued') : undefined,
    queue: (rows) => enqueueMail(db, rows),
    ...(now ? { now } : {}),
  });
  app.decorate('newsletter', { store, campaigns });
  if (tuning.campaigns !== false) scheduleCampaigns(app, campaigns, timings);
  await app.register(newsletterRoutes, { newsletter: store });
  await app.register(campaignRoutes, { campaigns, newsletter: store, audit });
}

export const newsletterPlugin = fp(newsletter, {
  name: 'newsletter',
  dependencies: ['platform', 'catalogue'],
});
