import { describe, expect, it } from 'vitest';
import { SWIPE_THRESHOLD_PX, TIMINGS_MS } from '../../../../domain/config';
import { LCP_SIZES, SITE_IMAGES } from '../../../../domain/media/images';
import { promoHidden } from './floating-promo';
import { HERO_IMAGES, heroVariant } from './hero-images';
import { swipeDirection } from './lightbox';

describe('swipeDirection', () => {
  it.each([
    [200, 200, 0],
    [200, 200 - SWIPE_THRESHOLD_PX, 0], // exactly the threshold is not "over 50 px"
    [200, 200 - SWIPE_THRESHOLD_PX - 1, 1], // drag left: next image
    [200, 200 + SWIPE_THRESHOLD_PX + 1, -1], // drag right: previous image
    [200, 20, 1],
    [20, 300, -1],
  ])('from %i to %i -> %i', (start, end, expected) => {
    expect(swipeDirection(start, end)).toBe(expected);
  });
});

describe('promoHidden', () => {
  const now = 1_800_000_000_000;
  it.each<[string | null, boolean]>([
    [null, false],
    ['', false],
    ['garbage', false],
    ['-5', false],
    ['1e20', false],
    [String(now - 1), false], // expired
    [String(now), false],
    [String(now + 1), true],
    [String(now + TIMINGS_MS.promoHideFor), true],
  ])('stored %j -> hidden %s', (stored, expected) => {
    expect(promoHidden(stored, now)).toBe(expected);
  });
});

describe('hero variants', () => {
  it.each([
    [{ hero_v2: false, hero_v3: true }, 'v3'],
    [{ hero_v2: false, hero_v3: false }, 'v2'],
    [{ hero_v2: true, hero_v3: true }, 'v2'],
    [{ hero_v2: true, hero_v3: false }, 'v2'],
  ] as const)('%j -> %s', (flags, expected) => {
    expect(heroVariant(flags)).toBe(expected);
  });

  it('the default hero uses the image and sizes the prerendered page preloads', () => {
    expect(HERO_IMAGES.v3.image).toBe(SITE_IMAGES.hero);
    expect(HERO_IMAGES.v3.sizes).toBe(LCP_SIZES.hero);
    expect(HERO_IMAGES.v2.image).toBe(SITE_IMAGES.heroAlt);
  });
});
