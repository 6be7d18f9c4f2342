/**
 * Stringing: spaces a bracelet's beads evenly around a closed loop of known length, and measures loops
 * so a position along the cord can be turned into a point and a direction in the picture.
 */
import type { BeadSpec } from './beads';
import type { BraceletDesign } from './design';
import type { Rng } from './prng';
import type { Pt } from './svg';

export type Piece = { readonly kind: 'bead'; readonly spec: BeadSpec } | { readonly kind: 'closure' };

export interface Slot {
  readonly piece: Piece;
  /** Distance of the piece's centre along the loop, from the closure's centre. */
  readonly s: number;
  /** Size across the cord, in picture units. */
  readonly across: number;
  /** Length along the cord, in picture units. */
  readonly along: number;
}

/** Beads on a cord nearly touch; a hair of space lets the cord show between them. */
const GAP = 0.015;

function closureLength(design: BraceletDesign): number {
  if (design.closure === 'lobster') return 1.6;
  if (design.closure === 'toggle') return 1.25;
  return design.metal ? 0.62 : 0.28;
}

/**
 * Repeats the design's sequence until the loop is full, then scales every piece slightly so the strand
 * closes exactly (real bracelets get the same small fudge from the maker's choice of bead count).
 */
export function stringBeads(
  design: BraceletDesign,
  loopLength: number,
  mainDiameter: number,
  rng: Rng,
): Slot[] {
  const units: { piece: Piece; across: number; along: number }[] = [];
  const cl = closureLength(design);
  units.push({ piece: { kind: 'closure' }, across: cl, along: cl });
  let total = cl + GAP;
  const target = loopLength / mainDiameter;
  let i = 0;
  const seq = design.sequence;
  if (seq.length === 0) throw new Error('A bracelet design needs at least one bead');
  for (;;) {
    const spec = seq[i % seq.length];
    if (!spec) break;
    // Natural beads vary a little in size; pearls most of all.
    const wobble =
      spec.style === 'pearl' ? 0.07 : spec.style === 'gold' || spec.style === 'seed' ? 0.01 : 0.025;
    const across = spec.size * (1 + rng.jitter(wobble));
    const along = (spec.length ?? spec.size) * (across / spec.size);
    const next = total + along + GAP;
    // Stop at whichever bead count lands closest to the loop length.
    if (next > target && next - target > target - total) break;
    units.push({ piece: { kind: 'bead', spec }, across, along });
    total = next;
    i++;
    if (next > target) break;
  }
  const k = loopLength / total;
  const slots: Slot[] = [];
  let cursor = (cl / 2 + GAP) * k;
  for (const u of units) {
    if (u.piece.kind === 'closure') {
      slots.push({ piece: u.piece, s: 0, across: u.across * k, along: u.along * k });
      continue;
    }
    const along = u.along * k;
    slots.push({ piece: u.piece, s: cursor + along / 2, across: u.across * k, along });
    cursor += along + GAP * k;
  }
  return slots;
}

export interface LoopPoint extends Pt {
  /** Direction of travel, radians. */
  readonly angle: number;
}

export interface MeasuredLoop {
  readonly length: number;
  at(s: number): LoopPoint;
  /** The loop as a polyline (for the cord and shadows). */
  readonly points: readonly Pt[];
}

/** Measures a closed curve given as t in [0, 1) -> point, so beads can be spaced by true arc length. */
export function measureLoop(curve: (t: number) => Pt, steps = 720): MeasuredLoop {
  const points: Pt[] = [];
  const cumulative: number[] = [0];
  for (let i = 0; i <= steps; i++) points.push(curve(i / steps));
  for (let i = 1; i <= steps; i++) {
    const a = points[i - 1];
    const b = points[i];
    cumulative.push((cumulative[i - 1] ?? 0) + (a && b ? Math.hypot(b.x - a.x, b.y - a.y) : 0));
  }
  const length = cumulative[steps] ?? 0;
  return {
    length,
    points: points.slice(0, steps),
    at(s) {
      const target = ((s % length) + length) % length;
      let lo = 0;
      let hi = steps;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if ((cumulative[mid] ?? 0) <= target) lo = mid;
        else hi = mid;
      }
      const a = points[lo] ?? { x: 0, y: 0 };
      const b = points[hi] ?? a;
      const c0 = cumulative[lo] ?? 0;
      const c1 = cumulative[hi] ?? c0;
      const f = c1 > c0 ? (target - c0) / (c1 - c0) : 0;
      return { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f, angle: Math.atan2(b.y - a.y, b.x - a.x) };
    },
  };
}
