/** The diagnostics feature's public face: the hero's snapshot the diagnostics page takes. */
export { HERO_NOT_FOUND, HeroNotFoundError, type HeroSnapshot, snapshotHero } from './hero-snapshot';
export { withPageInFrame } from './page-frame';
