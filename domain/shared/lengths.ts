/**
 * The lengths shared's text and e-mail rules hold to, apart from those rules so that config (whose LIMITS names
 * them, and which every page's shell reads) carries only the numbers: docs/product/texts.md §3.2 (e-mail),
 * docs/product/numbers.md §4.5 (descriptions).
 */
export const EMAIL_MAX_LENGTH = 255;
export const META_DESCRIPTION_MAX = 155;
export const PRODUCT_DESCRIPTION_MAX = 150;
