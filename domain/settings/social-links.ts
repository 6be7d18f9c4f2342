/**
 * The footer's links to the owner's pages elsewhere (Settings, docs/product/desk.md §10.14). A module of its
 * own: every page's footer reads it, and the rest of the storefront settings stays out of the shell.
 */
import type { StorefrontSocial } from '../catalogue/storefront-shop';

export type { StorefrontSocial };

/** The first start's: none (the footer shows no link until the owner gives one). */
export const NO_SOCIAL_LINKS: StorefrontSocial = { instagram: '', facebook: '', pinterest: '' };

/** The footer's links, in this order, with the network's name as their text; none without any. */
export function socialLinks(social: StorefrontSocial | undefined): { network: string; url: string }[] {
  const links = social
    ? [
        { network: 'Instagram', url: social.instagram },
        { network: 'Facebook', url: social.facebook },
        { network: 'Pinterest', url: social.pinterest },
      ]
    : [];
  return links.filter((link) => link.url);
}
