import { describe, expect, it } from 'vitest';
import { canonicalCategory, palettesSentence } from './palettes';
import { CATEGORIES } from './types';

describe('the home page’s palettes sentence', () => {
  it('reads as it always has for the shop’s five palettes', () => {
    expect(palettesSentence(CATEGORIES)).toBe(
      'Burgundy, leopardskin, vibrant colours, warm tones and soft romance: five palettes, every piece hand-strung to order.',
    );
  });

  it('follows the categories the shop lists: one the owner added is named and counted', () => {
    expect(palettesSentence([...CATEGORIES, 'Gemstone'])).toBe(
      'Burgundy, leopardskin, vibrant colours, warm tones, soft romance and Gemstone: six palettes, every piece hand-strung to order.',
    );
    expect(palettesSentence(['Burgundy', 'Warm Tones'])).toBe(
      'Burgundy and warm tones: two palettes, every piece hand-strung to order.',
    );
    expect(palettesSentence(['Connemara'])).toBe('Connemara: one palette, every piece hand-strung to order.');
    expect(palettesSentence([])).toBe('Every piece hand-strung to order.');
    expect(palettesSentence(Array.from({ length: 12 }, (_, i) => `C${i}`))).toMatch(/: 12 palettes,/);
  });
});

describe('the spelling a category is stored with', () => {
  it('joins an existing category that differs only in case, accents or spaces', () => {
    const known = [...CATEGORIES, 'Connemara Marble'];
    expect(canonicalCategory('warm  tones', known)).toBe('Warm Tones');
    expect(canonicalCategory(' BURGUNDY ', known)).toBe('Burgundy');
    expect(canonicalCategory('connemara márble', known)).toBe('Connemara Marble');
  });

  it('keeps a new category as the owner spelled it, spaces collapsed', () => {
    expect(canonicalCategory('  Gemstone   Mix ', CATEGORIES)).toBe('Gemstone Mix');
    expect(canonicalCategory('Warm Tone', CATEGORIES)).toBe('Warm Tone');
  });
});
