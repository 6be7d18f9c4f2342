/**
 * Where the browser fetches the catalogue snapshot: `/catalogue/{hash}.json`, named after its content and
 * cached for good, as each page names it; `/catalogue/current.json` answers with a redirect to the newest
 * one, for a page whose own snapshot is no longer served.
 */
import type { ReviewsSnapshot } from '../reviews/reviews';
import type { CatalogueSnapshot } from './snapshot';

/**
 * What `/catalogue/{hash}.json` holds: the snapshot and the published reviews the page was rendered with,
 * in one resource, so the app hydrates from exactly the data of the HTML and fetches nothing more.
 */
export interface CatalogueResourceBody extends CatalogueSnapshot {
  readonly reviews: ReviewsSnapshot;
}

export const CATALOGUE_PATH = '/catalogue';
export const CURRENT_CATALOGUE_URL = `${CATALOGUE_PATH}/current.json`;

export function catalogueUrl(hash: string): string {
  return `${CATALOGUE_PATH}/${hash}.json`;
}
