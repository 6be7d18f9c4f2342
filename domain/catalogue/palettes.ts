/**
 * The home page's Featured Collection sentence, from the categories the shop lists now (catalogue-index.ts,
 * the active products'): "Burgundy, leopardskin, vibrant colours, warm tones and soft romance: five
 * palettes, every piece hand-strung to order." A category the owner adds joins the list and the count.
 */

/** The shop's own palettes as the sentence words them (Irish English: "colours"). */
const WORDED: Readonly<Record<string, string>> = {
  Burgundy: 'burgundy',
  Leopardskin: 'leopardskin',
  'Vibrant Colors': 'vibrant colours',
  'Warm Tones': 'warm tones',
  'Soft Romance': 'soft romance',
};

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

export function palettesSentence(categories: readonly string[]): string {
  if (categories.length === 0) return 'Every piece hand-strung to order.';
  // An owner's own category keeps its spelling (it may be a place's name).
  const names = categories.map((c) => WORDED[c] ?? c);
  const text = listed(names);
  const count = COUNT_WORDS[categories.length] ?? String(categories.length);
  const noun = categories.length === 1 ? 'palette' : 'palettes';
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}: ${count} ${noun}, every piece hand-strung to order.`;
}

/** A category's key for comparison: case, accents and runs of spaces do not make a new palette. */
function categoryKey(category: string): string {
  return category.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * The spelling a category is stored with: an existing one's when it differs only in case, accents or
 * spaces ("warm  tones" from a CSV or a script joins "Warm Tones"), so a typo of that kind never adds a
 * chip to the shop or a palette to the home page's count; otherwise the owner's own, spaces collapsed.
 */
export function canonicalCategory(category: string, known: readonly string[]): string {
  const key = categoryKey(category);
  return known.find((k) => categoryKey(k) === key) ?? category.replace(/\s+/g, ' ').trim();
}
