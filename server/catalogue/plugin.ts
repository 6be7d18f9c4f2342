/**
 * The catalogue: loaded from the database before the shop serves anything (pages and checkouts read it
 * from memory), kept current on every instance (notifications on PostgreSQL, a poll otherwise), and the
 * owner's product routes.
 */
import type { FastifyInstance } from 'fastify';
import { featurePlugin } from '../lib/feature-plugin';
import { CatalogueService } from './catalogue-service';
import { CatalogueStore } from './catalogue-store';
import { DatabaseCatalogueSource } from './database-catalogue-source';
import { productImagesPort } from './product-images-port';
import { productRoutes } from './product-routes';
import { publicProductRoutes } from './public-product-routes';

async function catalogue(app: FastifyInstance): Promise<void> {
  const { db, config, audit, tuning, events } = app.platform;
  const store = new CatalogueStore(db);
  const source = await DatabaseCatalogueSource.open({
    store,
    postgres: config.database.dialect === 'postgres' ? config.database : null,
    ...(tuning.cataloguePollMs === undefined ? {} : { pollMs: tuning.cataloguePollMs }),
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await source.close();
  });
  // This instance serves its own changes at once (if the reload fails, the poll catches up), and what
  // listens (the pages) is awaited before the owner is answered.
  const refresh = async () => {
    await source.refresh().catch(() => {});
    await events.emit('catalogueEdited', {});
  };
  // A settings save published a version of its own (settings-store.ts): served at once, as an edit here.
  events.on('settingsSaved', refresh);
  const service = new CatalogueService({ store, requests: audit, onChange: refresh });
  app.decorate('catalogue', { service, store, source, productImages: productImagesPort(service) });
  // A product that turns active again is news for whoever asked to hear of it (the newsletter listens).
  let statuses = new Map(source.current().products.map((p) => [p.id, p.status]));
  source.subscribe((snapshot) => {
    void events.emit('catalogueChanged', {});
    const before = statuses;
    statuses = new Map(snapshot.products.map((p) => [p.id, p.status]));
    for (const [productId, status] of statuses) {
      const was = before.get(productId);
      if (status === 'active' && was !== undefined && was !== 'active')
        void events.emit('productActive', { productId });
    }
  });
  await app.register(productRoutes, { catalogue: service });
  await app.register(publicProductRoutes, { source });
}

export const cataloguePlugin = featurePlugin('catalogue', [], catalogue);

declare module '../platform' {
  interface ShopTuning {
    /** How often the catalogue's version is polled (0: only notifications and local edits). */
    readonly cataloguePollMs?: number;
  }
}
