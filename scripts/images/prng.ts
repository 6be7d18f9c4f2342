/**
 * Deterministic randomness for the image generator. Every drawing seeds its own generator from a string
 * (the product or image id), so the same catalogue always produces byte-identical SVG and the build cache
 * can key on the SVG text.
 */

/** 32-bit FNV-1a: a tiny, stable string hash, enough to spread ids over the seed space. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, and good enough for jitter and placement (not for anything secret). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** Symmetric jitter in [-amount, amount). */
  jitter(amount: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** A child generator, so adding draws in one part of a picture does not reshuffle the rest. */
  fork(label: string): Rng;
}

export function createRng(seedText: string): Rng {
  const next = mulberry32(hashString(seedText));
  const rng: Rng = {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor((max - min + 1) * next()),
    jitter: (amount) => (next() * 2 - 1) * amount,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new RangeError('pick() needs a non-empty list');
      return item;
    },
    chance: (probability) => next() < probability,
    fork: (label) => createRng(`${seedText}/${label}`),
  };
  return rng;
}
