/** A whole bracelet lying flat: beads strung around a slightly irregular ring, with its shadows. */
import { drawBead, drawBeadShadow, type PlacedBead } from './beads';
import { drawClosure, drawClosureShadow } from './closures';
import type { BraceletDesign } from './design';
import { measureLoop, stringBeads } from './layout';
import type { Rng } from './prng';
import { n, type Pt, type SvgDoc } from './svg';

export interface FlatRing {
  readonly cx: number;
  readonly cy: number;
  /** Mean radius of the cord loop. */
  readonly radius: number;
  /** Vertical squash (1 = seen straight from above). */
  readonly squash: number;
  /** Where the clasp sits, radians from the +x axis (clockwise on screen). */
  readonly closureAt: number;
  /** Diameter of the main bead, picture units. */
  readonly bead: number;
  /** 0..1: strength of the shadows (lower for bracelets lying on other bracelets). */
  readonly shadow?: number;
}

export interface DrawnBracelet {
  /** Shadows on the surface: draw before the bracelet (and before bracelets lying underneath, if any). */
  readonly shadow: string;
  readonly body: string;
}

export function drawFlatBracelet(
  doc: SvgDoc,
  design: BraceletDesign,
  ring: FlatRing,
  rng: Rng,
): DrawnBracelet {
  // A stretch bracelet never lies as a perfect circle: two slow waves make it look dropped, not drawn.
  const p2 = rng.next() * Math.PI * 2;
  const p3 = rng.next() * Math.PI * 2;
  const a2 = rng.range(0.012, 0.028);
  const a3 = rng.range(0.006, 0.016);
  const loop = measureLoop((t) => {
    const th = ring.closureAt + t * Math.PI * 2;
    const r = ring.radius * (1 + a2 * Math.sin(2 * th + p2) + a3 * Math.sin(3 * th + p3));
    return { x: ring.cx + r * Math.cos(th), y: ring.cy + r * Math.sin(th) * ring.squash };
  });
  const slots = stringBeads(design, loop.length, ring.bead, rng.fork('string'));
  const strength = ring.shadow ?? 1;

  let shadow = '';
  let body = `<path d="${pathOf(loop.points)}" fill="none" stroke="${design.cord}" stroke-width="${n(Math.max(1.5, ring.bead * 0.03))}" stroke-opacity="0.9"/>`;

  const beadRng = rng.fork('beads');
  slots.forEach((slot, i) => {
    const p = loop.at(slot.s);
    if (slot.piece.kind === 'closure') {
      const closure = { closure: design.closure, metal: design.metal, cord: design.cord, length: slot.along };
      shadow += drawClosureShadow(doc, p, closure);
      body += drawClosure(doc, p, closure);
      return;
    }
    const bead: PlacedBead = { spec: slot.piece.spec, x: p.x, y: p.y, r: slot.across / 2, angle: p.angle };
    shadow += drawBeadShadow(doc, bead, strength);
    body += drawBead(doc, bead, beadRng.fork(String(i)));
  });
  return { shadow, body };
}

/** A closed polyline; every third sample is plenty for a smooth-looking cord. */
export function pathOf(points: readonly Pt[]): string {
  return `M${points
    .filter((_, i) => i % 3 === 0)
    .map((p) => `${n(p.x)} ${n(p.y)}`)
    .join('L')}Z`;
}
