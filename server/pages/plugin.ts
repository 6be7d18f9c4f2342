/**
 * The shop's pages: prerendered at start from the catalogue and the published reviews and rendered again
 * when either changes (pages/web-routes.ts), the sitemap and robots.txt, and /runtime-env.js (the flags,
 * the seller's public identity and what the dispatch dates follow), and the product feeds for Google, Meta
 * and Pinterest, built from the same catalogue version.
 */
import type { FastifyInstance } from 'fastify';
import { type SellerIdentity, sellerOfSettings, shownVatMode } from '../../domain/settings/seller';
import type { AllSettings } from '../../domain/settings/shop-settings';
import { DEFAULT_STOREFRONT_SETTINGS, storefrontSettings } from '../../domain/settings/storefront-settings';
import { irishDate } from '../../domain/shared/calendar-date';
import { irishRate } from '../../domain/vat/rates';
import { VIES_TEST_REGISTER_ENV } from '../../domain/vat/vies-test-register';
import { sellerIdentity } from '../config';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import { feedRoutes } from './feed-routes';
import { runtimeEnvRoutes } from './runtime-env-routes';
import { seoFileRoutes } from './seo-file-routes';
import { webRoutes } from './web-routes';

/**
 * The seller the pages name, with the owner's VAT mode: a registered shop states the Irish rate of the
 * dated table on the day (docs/product/vat.md §20.3), not the rate setting it no longer computes with.
 */
function pagesSeller(s: AllSettings): SellerIdentity {
  const seller = sellerOfSettings(s.seller, s.vat.mode);
  if (shownVatMode(seller) === 'none') return seller;
  return { ...seller, vatRate: irishRate(irishDate(new Date())) / 100 };
}

export interface PagesPluginOptions {
  /** Serve the built front end (off in API-only tests). */
  readonly serveWeb: boolean;
}

type Uses = Needs<'settings' | 'catalogue' | 'reviews' | 'making'>;

async function pages(
  app: FastifyInstance,
  { settings, catalogue: { source: catalogue }, reviews, making }: Uses,
  { serveWeb }: PagesPluginOptions,
): Promise<void> {
  const { config } = app.platform;
  // The seller the owner set in the desk (her first start's: SELLER_*). A page set is rendered when the
  // catalogue's version moves, which a settings save moves too: it reads the store, not this instance's
  // cache, so the new set never names the seller from before the save.
  const fallback = sellerIdentity(config);
  // One identity per settings read, so /runtime-env.js rebuilds its script only when the seller changed.
  const sellers = new WeakMap<object, SellerIdentity>();
  const sellerNow = (): Promise<SellerIdentity> =>
    settings.cache.current().then(
      (s) => {
        let seller = sellers.get(s);
        if (!seller) {
          seller = pagesSeller(s);
          sellers.set(s, seller);
        }
        return seller;
      },
      (err: unknown) => {
        app.log.warn({ err }, 'runtime-env: the seller could not be read from the settings');
        return fallback;
      },
    );
  // Unreadable, the pages keep the first start's values rather than not rendering at all.
  const pageSettings = () =>
    settings.store.read().then(
      (s) => ({ seller: pagesSeller(s), shop: storefrontSettings(s) }),
      (err: unknown) => {
        app.log.warn({ err }, 'pages: the settings could not be read; rendering with the first start’s');
        return { seller: fallback, shop: undefined };
      },
    );
  // The flags and the seller's public identity (the legal pages name it): never other environment.
  await app.register(runtimeEnvRoutes, {
    // TEST MODE's built-in VAT number register: the checkout's VAT-number field says so.
    runtimeFlags: config.viesTestRegister
      ? { ...config.runtimeFlags, [VIES_TEST_REGISTER_ENV]: 'true' }
      : config.runtimeFlags,
    seller: sellerNow,
    queue: making.queue,
  });
  await app.register(seoFileRoutes, { publicUrl: config.publicUrl, catalogue });
  // The product feeds follow the same snapshot and the settings saved with it (read from the store, as the
  // pages are); unreadable settings give the first start's zones rather than no feed.
  await app.register(feedRoutes, {
    publicUrl: config.publicUrl,
    catalogue,
    settings: () =>
      settings.store.read().then(
        (s) => storefrontSettings(s),
        (err: unknown) => {
          app.log.warn({ err }, 'feeds: the settings could not be read; using the first start’s');
          return DEFAULT_STOREFRONT_SETTINGS;
        },
      ),
  });
  if (serveWeb) {
    await app.register(webRoutes, {
      webDistDir: config.webDistDir,
      publicUrl: config.publicUrl,
      settings: pageSettings,
      catalogue,
      reviews: reviews.source,
      // The owner's save or product edit is answered once this instance's pages show it ("Saved", then
      // the shop in the next tab shows the change); a slow rendering answers her after a few seconds, the
      // pages soon after.
      renderingWait: (wait) => app.platform.events.on('catalogueEdited', wait),
    });
  }
}

export const pagesPlugin = featurePlugin<keyof Uses, PagesPluginOptions>(
  'pages',
  ['settings', 'catalogue', 'reviews', 'making'],
  pages,
);
