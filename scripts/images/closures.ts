/** Clasps and knots: the one point of every bracelet where the strand is joined. */
import { metalShade } from './beads';
import { darken, lighten } from './color';
import type { Closure } from './design';
import type { LoopPoint } from './layout';
import { deg, linear, n, n2, radial, type SvgDoc } from './svg';

/** Polished metal: alternating bright and dark bands, the way a small curved metal part mirrors a room. */
export function metalGradient(doc: SvgDoc, color: string): string {
  return linear(
    doc,
    `metal-${color}`,
    [
      { at: 0, color: metalShade(color, 0.4) },
      { at: 0.25, color: lighten(color, 0.6) },
      { at: 0.45, color },
      { at: 0.62, color: metalShade(color, 0.35) },
      { at: 0.8, color: lighten(color, 0.3) },
      { at: 1, color: metalShade(color, 0.5) },
    ],
    [0, 0, 1, 1],
  );
}

export interface ClosureDraw {
  readonly closure: Closure;
  readonly metal: string | null;
  readonly cord: string;
  /** Length of the closure along the cord, in picture units. */
  readonly length: number;
}

function localFrame(p: LoopPoint, length: number, extent: number): string {
  // Local units: the closure spans -extent..extent along x.
  return `translate(${n(p.x)} ${n(p.y)}) rotate(${n(deg(p.angle))}) scale(${(length / (2 * extent)).toFixed(4)})`;
}

export function drawClosureShadow(doc: SvgDoc, p: LoopPoint, c: ClosureDraw): string {
  const id = radial(doc, 'closure-shadow', [
    { at: 0, color: '#2a1d12', opacity: 0.35 },
    { at: 1, color: '#2a1d12', opacity: 0 },
  ]);
  const rx = c.length * 0.55;
  const ry = c.closure === 'knot' ? rx : c.length * 0.22;
  return (
    `<g transform="translate(${n(p.x + c.length * 0.08)} ${n(p.y + c.length * 0.14)}) rotate(${n(deg(p.angle))})">` +
    `<ellipse rx="${n(rx)}" ry="${n(ry)}" fill="url(#${id})"/></g>`
  );
}

export function drawClosure(doc: SvgDoc, p: LoopPoint, c: ClosureDraw): string {
  const metal = c.metal ?? '#c9a54a';
  const grad = metalGradient(doc, metal);
  const edge = metalShade(metal, 0.55);
  if (c.closure === 'lobster') {
    // Jump ring, an oval lobster body with its hollow and spring gate, then the ring it clips onto.
    return (
      `<g transform="${localFrame(p, c.length, 80)}">` +
      `<ellipse cx="-64" cy="0" rx="11" ry="14" fill="none" stroke="url(#${grad})" stroke-width="5.5"/>` +
      `<circle cx="-50" cy="0" r="7" fill="url(#${grad})" stroke="${edge}" stroke-width="1.2"/>` +
      `<ellipse cx="-6" cy="0" rx="42" ry="21" fill="url(#${grad})" stroke="${edge}" stroke-width="1.5" stroke-opacity="0.7"/>` +
      `<ellipse cx="-2" cy="1" rx="24" ry="8" fill="${metalShade(metal, 0.55)}"/>` +
      `<path d="M18 -7C24 -3 25 3 20 8" fill="none" stroke="${lighten(metal, 0.35)}" stroke-width="3.5" stroke-linecap="round"/>` +
      `<path d="M-36 -12C-22 -19 0 -20 16 -14" fill="none" stroke="#ffffff" stroke-width="3.5" stroke-opacity="0.65" stroke-linecap="round"/>` +
      `<rect x="-20" y="-27" width="14" height="8" rx="3" fill="url(#${grad})" stroke="${edge}" stroke-width="1"/>` +
      `<circle cx="58" cy="0" r="16" fill="none" stroke="url(#${grad})" stroke-width="7"/></g>`
    );
  }
  if (c.closure === 'toggle') {
    return (
      `<g transform="${localFrame(p, c.length, 64)}">` +
      `<circle cx="-46" cy="0" r="11" fill="none" stroke="url(#${grad})" stroke-width="5"/>` +
      `<circle cx="14" cy="0" r="38" fill="none" stroke="url(#${grad})" stroke-width="13"/>` +
      `<circle cx="14" cy="0" r="38" fill="none" stroke="${edge}" stroke-width="1" stroke-opacity="0.5"/>` +
      `<rect x="6" y="-62" width="16" height="124" rx="8" fill="url(#${grad})" stroke="${edge}" stroke-width="1.5" stroke-opacity="0.5"/>` +
      `<circle cx="14" cy="-62" r="10" fill="url(#${grad})"/><circle cx="14" cy="62" r="10" fill="url(#${grad})"/>` +
      `<path d="M9 -50L9 40" stroke="#ffffff" stroke-width="3" stroke-opacity="0.55" stroke-linecap="round"/></g>`
    );
  }
  if (c.metal) {
    // Stretch cord: the knot is tucked inside a metal bead.
    const bead = radial(
      doc,
      `knot-bead-${metal}`,
      [
        { at: 0, color: '#fffbea' },
        { at: 0.15, color: lighten(metal, 0.5) },
        { at: 0.4, color: metal },
        { at: 0.75, color: metalShade(metal, 0.4) },
        { at: 1, color: metalShade(metal, 0.6) },
      ],
      { fx: 0.36, fy: 0.31 },
    );
    return (
      `<g transform="${localFrame(p, c.length, 50)}"><circle r="50" fill="url(#${bead})"/>` +
      `<ellipse cx="-15" cy="-20" rx="12" ry="8" transform="rotate(-40 -15 -20)" fill="#ffffff" opacity="0.85"/></g>`
    );
  }
  // A bare surgeon's knot with two trimmed tails.
  const cord = c.cord;
  return (
    `<g transform="${localFrame(p, c.length, 50)}">` +
    `<path d="M-6 8C10 30 26 44 44 52" fill="none" stroke="${darken(cord, 0.15)}" stroke-width="9" stroke-linecap="round"/>` +
    `<path d="M8 6C22 22 30 30 40 36" fill="none" stroke="${cord}" stroke-width="8" stroke-linecap="round"/>` +
    `<ellipse cx="-12" cy="0" rx="26" ry="22" fill="${cord}" stroke="${darken(cord, 0.3)}" stroke-width="3"/>` +
    `<ellipse cx="12" cy="0" rx="24" ry="20" fill="${lighten(cord, 0.2)}" stroke="${darken(cord, 0.3)}" stroke-width="3"/>` +
    `<path d="M-20 -8C-8 -14 6 -12 18 -6" fill="none" stroke="#ffffff" stroke-width="4" stroke-opacity="${n2(0.7)}"/></g>`
  );
}
