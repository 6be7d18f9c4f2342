import { META_DESCRIPTION_MAX, PRODUCT_DESCRIPTION_MAX } from './lengths';

/** Cut to `max` characters: the first (max - 3) characters plus '...' (docs/product/numbers.md §4.5: 155/152, 150/147). */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  return `${clean.slice(0, max - 3).trimEnd()}...`;
}

/** Meta descriptions: at most 155 characters (152 plus ellipsis). */
export function metaDescription(text: string): string {
  return truncate(text, META_DESCRIPTION_MAX);
}

/** Product descriptions used in meta and cards: over 150 is cut to 147 plus ellipsis. */
export function shortProductDescription(text: string): string {
  return truncate(text, PRODUCT_DESCRIPTION_MAX);
}

/** Lower-case and strip accents, for case- and accent-insensitive search ("Éire" matches "eire"). */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}
