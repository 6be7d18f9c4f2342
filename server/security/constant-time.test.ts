import { describe, expect, it } from 'vitest';
import { sameSecret } from './constant-time';

describe('sameSecret', () => {
  it('matches only the exact secret, whatever the length of the guess', () => {
    expect(sameSecret('owner-token-0123', 'owner-token-0123')).toBe(true);
    expect(sameSecret('owner-token-012', 'owner-token-0123')).toBe(false);
    expect(sameSecret('owner-token-01234', 'owner-token-0123')).toBe(false);
    expect(sameSecret('Owner-token-0123', 'owner-token-0123')).toBe(false);
  });

  it('never matches an empty guess', () => {
    expect(sameSecret('', '')).toBe(false);
    expect(sameSecret('', 'owner-token-0123')).toBe(false);
  });
});
