import { describe, expect, it } from 'vitest';
import { foldForSearch, metaDescription, shortProductDescription, truncate } from './text';

describe('truncation rules', () => {
  it('leaves text at the limit alone', () => {
    const text = 'a'.repeat(155);
    expect(metaDescription(text)).toBe(text);
  });

  it('cuts meta descriptions over 155 characters to 152 plus an ellipsis', () => {
    const out = metaDescription('b'.repeat(200));
    expect(out).toHaveLength(155);
    expect(out.endsWith('...')).toBe(true);
    expect(out.slice(0, 152)).toBe('b'.repeat(152));
  });

  it('cuts product descriptions over 150 characters to 147 plus an ellipsis', () => {
    const out = shortProductDescription('c'.repeat(151));
    expect(out).toHaveLength(150);
    expect(out).toBe(`${'c'.repeat(147)}...`);
    expect(shortProductDescription('c'.repeat(150))).toBe('c'.repeat(150));
  });

  it('collapses white space before measuring', () => {
    expect(truncate('  two   words \n', 20)).toBe('two words');
  });
});

describe('foldForSearch', () => {
  it('lower-cases and strips accents', () => {
    expect(foldForSearch('Éire Ómós')).toBe('eire omos');
    expect(foldForSearch('TIGER’S EYE')).toBe('tiger’s eye');
  });
});
