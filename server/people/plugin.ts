/** People and passkeys: the desk's session and sign-in ceremonies, the owner's People screen, everyone's devices. */
import type { FastifyInstance } from 'fastify';
import { featurePlugin } from '../lib/feature-plugin';
import type { PeopleFace } from './index';
import { PasskeyCeremonies, relyingPartyOf } from './passkey-ceremonies';
import { peopleRoutes } from './people-routes';
import { sessionRoutes } from './session-routes';

async function people(app: FastifyInstance): Promise<void> {
  const { config, people: store, sessions, signIns, audit, wakeOutbox } = app.platform;
  const ceremonies = new PasskeyCeremonies(relyingPartyOf(config.publicUrl), store);
  app.decorate('people', { store });
  await app.register(peopleRoutes, {
    config,
    people: store,
    sessions,
    signIns,
    audit,
    ceremonies,
    wakeOutbox,
  });
  await app.register(sessionRoutes, { config, sessions, signIns, people: store, audit });
}

declare module 'fastify' {
  interface FastifyInstance {
    people: PeopleFace;
  }
}

export const peoplePlugin = featurePlugin('people', [], people);
