/**
 * The newest catalogue, asked for when a page left open comes back into view: the snapshot a page starts
 * with carries the owner's settings of that moment (her shipping rates among them), and a cart left open
 * while she changed them still showed the old ones ("Free") while the payment page charged the new. A chunk
 * of its own, loaded only then: every page's initial JavaScript has no room for it (npm run check:size).
 */
import {
  type CatalogueResourceBody,
  CURRENT_CATALOGUE_URL,
} from '../../../../domain/catalogue/catalogue-url';
import type { CatalogueSnapshot } from '../../../../domain/catalogue/snapshot';

/** The newest snapshot when it differs from `current` (its products' version or the owner's settings); else null. */
export async function newerCatalogue(current: CatalogueSnapshot): Promise<CatalogueSnapshot | null> {
  // The address redirects to the newest content-addressed file (never cached itself; the file is).
  const response = await fetch(CURRENT_CATALOGUE_URL);
  const body = (await response.json()) as Partial<CatalogueResourceBody> | null;
  if (!response.ok || !body || !Array.isArray(body.products)) return null;
  const { reviews: _reviews, ...snapshot } = body as CatalogueResourceBody;
  const same =
    snapshot.version === current.version && JSON.stringify(snapshot.shop) === JSON.stringify(current.shop);
  return same ? null : snapshot;
}

/** One question at a time: a focus and a visibilitychange come together when a tab is shown again. */
let asking = false;

/**
 * Asks for the newest snapshot while the page is in view, and hands it to `show` when it differs from
 * `current`. Offline or between deploys, the page keeps what it shows and asks again next time.
 */
export function askNewer(current: CatalogueSnapshot, show: (next: CatalogueSnapshot) => void): void {
  if (asking || document.visibilityState !== 'visible') return;
  asking = true;
  newerCatalogue(current)
    .then((next) => {
      if (next) show(next);
    })
    .catch(() => undefined)
    .finally(() => {
      asking = false;
    });
}
