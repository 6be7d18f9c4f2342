/** The newsletter: sign-up with double opt-in, confirmation and one-click unsubscribe. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { senderDomain } from '../mail/transport';
import { newsletterConfirmationMail } from './newsletter-mail';
import { newsletterRoutes } from './newsletter-routes';
import { NewsletterStore } from './newsletter-store';

async function newsletter(app: FastifyInstance): Promise<void> {
  const { db, config, wakeOutbox } = app.platform;
  const store = new NewsletterStore(db, {
    confirmationMail: (email, token) => newsletterConfirmationMail(config.publicUrl, email, token),
    senderDomain: senderDomain(config.mailFrom),
    onMailQueued: wakeOutbox,
  });
  app.decorate('newsletter', { store });
  await app.register(newsletterRoutes, { newsletter: store });
}

export const newsletterPlugin = fp(newsletter, { name: 'newsletter', dependencies: ['platform'] });
