/**
 * The footer's links to the owner's pages elsewhere, from the catalogue snapshot the page was rendered
 * from. Its own module, apart from ./storefront-settings: the footer is on every page, and what it imports
 * goes into every page's initial JavaScript (npm run check:size), which has no room for the rest.
 */
import type { StorefrontSocial } from '../../../../domain/settings/social-links';
import { useCatalogue } from '../catalogue-snapshot';

/** Undefined in a snapshot written before the links were a setting: none. */
export function useSocial(): StorefrontSocial | undefined {
  return useCatalogue().snapshot.shop?.social;
}
