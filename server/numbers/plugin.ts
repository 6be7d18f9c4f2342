/** Numbers and Exports: the desk's sales figures and the CSV files the owner downloads. */
import type { FastifyInstance } from 'fastify';
import { irishDate } from '../../domain/shared/calendar-date';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import { exportRoutes } from './export-routes';
import { statsRoutes } from './stats-routes';

type Uses = Needs<'settings' | 'payments' | 'fulfilment' | 'newsletter' | 'giftCards' | 'vat' | 'materials'>;

async function numbers(
  app: FastifyInstance,
  { settings, payments, fulfilment, newsletter, giftCards, vat, materials }: Uses,
): Promise<void> {
  const { db, audit, config } = app.platform;
  const { provider, testCheckout } = payments;
  await app.register(statsRoutes, {
    source: {
      db,
      provider: provider.id,
      testMode: testCheckout !== null,
      giftCards: (range) => giftCards.store.totals(irishDate(app.platform.now?.() ?? new Date()), range),
      pieceCosts: (pieces) => materials.service.costsOfPieces(pieces),
      netByLine: (orders) => vat.pieceNets(orders),
    },
    audit,
    distanceSales: () => vat.distanceSales(),
  });
  await app.register(exportRoutes, {
    config,
    audit,
    fulfilment: fulfilment.service,
    newsletter: newsletter.store,
    creditNotes: (reference) => vat.store.creditNotesOf(reference),
    seller: settings.seller,
  });
}

export const numbersPlugin = featurePlugin(
  'numbers',
  ['settings', 'payments', 'fulfilment', 'newsletter', 'giftCards', 'vat', 'materials'],
  numbers,
);
