/** The two hero designs' images and `sizes` (flags hero_v3, the default, and hero_v2). */
import { LCP_SIZES, SITE_IMAGES } from '../../../../domain/media/images';

export type HeroVariant = 'v2' | 'v3';

export const HERO_IMAGES = {
  /** hero_v3, the default: full-bleed image, preloaded by the prerendered home page with these sizes. */
  v3: { image: SITE_IMAGES.hero, sizes: LCP_SIZES.hero },
  /** hero_v2, the alternative: split layout, the image in the right half from lg up. */
  v2: {
    image: SITE_IMAGES.heroAlt,
    sizes: '(min-width: 1152px) 560px, (min-width: 1024px) 48vw, calc(100vw - 2rem)',
  },
} as const;

/**
 * docs/product/settled-choices.md §8.14: hero_v3 (default on) selects the current design, hero_v2 the alternative. Turning
 * hero_v3 off therefore also shows the alternative, so each flag visibly does what it says.
 */
export function heroVariant(flags: { hero_v2: boolean; hero_v3: boolean }): HeroVariant {
  return flags.hero_v2 || !flags.hero_v3 ? 'v2' : 'v3';
}
