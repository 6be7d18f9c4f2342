/** Props around the bracelets: a ceramic dish of beads, a bead tray, a thread spool, a needle, wood. */
import { type BeadSpec, drawBead, drawBeadShadow, type PlacedBead } from './beads';
import { darken, lighten } from './color';
import type { Rng } from './prng';
import { n, n2, radial, type SvgDoc, smoothOpenPath } from './svg';

export interface Drawn {
  readonly shadow: string;
  readonly body: string;
}

/**
 * Packs beads into a disc (or a rectangle) by rejection sampling: random positions, rejecting overlaps,
 * largest first. Deterministic through the rng; good enough for a bowlful.
 */
export function packBeads(
  rng: Rng,
  specs: readonly BeadSpec[],
  bead: number,
  inside: (x: number, y: number, r: number) => boolean,
  bounds: { x: number; y: number; w: number; h: number },
  count: number,
): PlacedBead[] {
  const placed: PlacedBead[] = [];
  // Stop once the container is visibly full: many misses in a row mean little room is left.
  let misses = 0;
  while (placed.length < count && misses < 250) {
    misses++;
    const spec = specs[rng.int(0, specs.length - 1)];
    if (!spec) break;
    const r = (bead * spec.size * (1 + rng.jitter(0.04))) / 2;
    const x = bounds.x + rng.next() * bounds.w;
    const y = bounds.y + rng.next() * bounds.h;
    if (!inside(x, y, r)) continue;
    if (placed.some((p) => Math.hypot(p.x - x, p.y - y) < (p.r + r) * 0.92)) continue;
    placed.push({ spec, x, y, r, angle: rng.next() * Math.PI * 2 });
    misses = 0;
  }
  // Draw top to bottom so lower beads overlap the ones behind them, as in a heap seen at an angle.
  return placed.sort((a, b) => a.y - b.y);
}

export function drawBeads(doc: SvgDoc, beads: readonly PlacedBead[], rng: Rng, shadow = 0.7): Drawn {
  let s = '';
  let b = '';
  beads.forEach((bead, i) => {
    s += drawBeadShadow(doc, bead, shadow);
    b += drawBead(doc, bead, rng.fork(String(i)));
  });
  return { shadow: s, body: b };
}

/** A shallow glazed ceramic dish seen from above, with beads inside. */
export function drawDish(
  doc: SvgDoc,
  cx: number,
  cy: number,
  r: number,
  glaze: string,
  beads: readonly BeadSpec[],
  bead: number,
  rng: Rng,
): Drawn {
  const rim = radial(
    doc,
    `dish-${glaze}`,
    [
      { at: 0, color: darken(glaze, 0.1) },
      { at: 0.78, color: glaze },
      { at: 0.86, color: darken(glaze, 0.12) },
      { at: 0.92, color: lighten(glaze, 0.5) },
      { at: 1, color: darken(glaze, 0.2) },
    ],
    { fx: 0.45, fy: 0.42 },
  );
  const shade = radial(doc, 'dish-inner', [
    { at: 0, color: '#2a1a10', opacity: 0 },
    { at: 0.7, color: '#2a1a10', opacity: 0 },
    { at: 1, color: '#2a1a10', opacity: 0.22 },
  ]);
  const shadowGrad = radial(doc, 'dish-shadow', [
    { at: 0, color: '#2a1a10', opacity: 0.35 },
    { at: 0.75, color: '#2a1a10', opacity: 0.2 },
    { at: 1, color: '#2a1a10', opacity: 0 },
  ]);
  const inner = r * 0.8;
  const packed = packBeads(
    rng,
    beads,
    bead,
    (x, y, br) => Math.hypot(x - cx, y - cy) + br < inner,
    { x: cx - inner, y: cy - inner, w: inner * 2, h: inner * 2 },
    400,
  );
  const drawn = drawBeads(doc, packed, rng.fork('beads'), 0.5);
  return {
    shadow: `<ellipse cx="${n(cx + r * 0.1)}" cy="${n(cy + r * 0.16)}" rx="${n(r * 1.18)}" ry="${n(r * 1.15)}" fill="url(#${shadowGrad})"/>`,
    body:
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#${rim})"/>` +
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(inner)}" fill="url(#${shade})"/>${drawn.shadow}${drawn.body}`,
  };
}

/** A wooden bead organiser with compartments, each filled with one kind of bead. */
export function drawTray(
  doc: SvgDoc,
  x: number,
  y: number,
  w: number,
  h: number,
  compartments: readonly (readonly BeadSpec[])[],
  cols: number,
  bead: number,
  rng: Rng,
): Drawn {
  const wood = '#c49a6c';
  const frame = radial(
    doc,
    'tray-frame',
    [
      { at: 0, color: lighten(wood, 0.15) },
      { at: 1, color: darken(wood, 0.12) },
    ],
    { fx: 0.3, fy: 0.25, r: 0.8 },
  );
  const rows = Math.ceil(compartments.length / cols);
  const wall = Math.min(w, h) * 0.045;
  const cw = (w - wall * (cols + 1)) / cols;
  const ch = (h - wall * (rows + 1)) / rows;
  let body = `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(wall * 1.2)}" fill="url(#${frame})"/>`;
  body += `<rect x="${n(x + 2)}" y="${n(y + 2)}" width="${n(w - 4)}" height="${n(h - 4)}" rx="${n(wall)}" fill="none" stroke="${lighten(wood, 0.35)}" stroke-opacity="0.5" stroke-width="3"/>`;
  compartments.forEach((specs, i) => {
    const cx = x + wall + (i % cols) * (cw + wall);
    const cy = y + wall + Math.floor(i / cols) * (ch + wall);
    body += `<rect x="${n(cx)}" y="${n(cy)}" width="${n(cw)}" height="${n(ch)}" rx="${n(wall * 0.6)}" fill="${darken(wood, 0.28)}"/>`;
    body += `<rect x="${n(cx)}" y="${n(cy)}" width="${n(cw)}" height="${n(wall * 0.7)}" rx="${n(wall * 0.3)}" fill="#1a0f08" opacity="0.25"/>`;
    const packed = packBeads(
      rng.fork(`compartment-${i}`),
      specs,
      bead,
      (px, py, r) => px - r > cx + 2 && px + r < cx + cw - 2 && py - r > cy + 2 && py + r < cy + ch - 2,
      { x: cx, y: cy, w: cw, h: ch },
      300,
    );
    const drawn = drawBeads(doc, packed, rng.fork(`compartment-beads-${i}`), 0.45);
    body += drawn.shadow + drawn.body;
  });
  const shadowGrad = radial(doc, 'tray-shadow', [
    { at: 0, color: '#2a1a10', opacity: 0.3 },
    { at: 0.7, color: '#2a1a10', opacity: 0.18 },
    { at: 1, color: '#2a1a10', opacity: 0 },
  ]);
  const shadow = `<rect x="${n(x - w * 0.04)}" y="${n(y - h * 0.02)}" width="${n(w * 1.14)}" height="${n(h * 1.14)}" rx="${n(wall * 4)}" fill="url(#${shadowGrad})"/>`;
  return { shadow, body };
}

/** A spool of beading thread standing on the bench, seen from slightly above. */
export function drawSpool(doc: SvgDoc, cx: number, cy: number, r: number, thread: string, rng: Rng): Drawn {
  const h = r * 1.2;
  const e = r * 0.38;
  const flange = '#e9dcc8';
  const body = radial(
    doc,
    `spool-thread-${thread}`,
    [
      { at: 0, color: lighten(thread, 0.25) },
      { at: 0.6, color: thread },
      { at: 1, color: darken(thread, 0.35) },
    ],
    { cx: 0.35, cy: 0.5, r: 0.75 },
  );
  let lines = '';
  for (let k = 0; k < 16; k++) {
    const yy = cy - h / 2 + (k + 0.5) * (h / 16) + rng.jitter(1);
    lines += `<path d="M${n(cx - r * 0.86)} ${n(yy)}Q${n(cx)} ${n(yy + e * 0.9)} ${n(cx + r * 0.86)} ${n(yy)}" fill="none" stroke="${darken(thread, 0.3)}" stroke-opacity="0.35" stroke-width="1.2"/>`;
  }
  const top = `<ellipse cx="${n(cx)}" cy="${n(cy - h / 2)}" rx="${n(r)}" ry="${n(e)}" fill="${flange}" stroke="${darken(flange, 0.25)}" stroke-width="2"/>`;
  const hole = `<ellipse cx="${n(cx)}" cy="${n(cy - h / 2)}" rx="${n(r * 0.22)}" ry="${n(e * 0.22)}" fill="${darken(flange, 0.55)}"/>`;
  const bottom = `<ellipse cx="${n(cx)}" cy="${n(cy + h / 2)}" rx="${n(r)}" ry="${n(e)}" fill="${darken(flange, 0.15)}"/>`;
  const column =
    `<path d="M${n(cx - r * 0.88)} ${n(cy - h / 2)}V${n(cy + h / 2)}A${n(r * 0.88)} ${n(e * 0.88)} 0 0 0 ${n(cx + r * 0.88)} ${n(cy + h / 2)}` +
    `V${n(cy - h / 2)}Z" fill="url(#${body})"/>`;
  // The loose end of the thread, trailing across the bench.
  const tail = smoothOpenPath([
    { x: cx + r * 0.86, y: cy },
    { x: cx + r * 1.4, y: cy + h * 0.5 },
    { x: cx + r * 1.1, y: cy + h * 1.1 },
    { x: cx + r * 0.3, y: cy + h * 1.45 },
  ]);
  const shadowGrad = radial(doc, 'spool-shadow', [
    { at: 0, color: '#2a1a10', opacity: 0.35 },
    { at: 1, color: '#2a1a10', opacity: 0 },
  ]);
  return {
    shadow: `<ellipse cx="${n(cx + r * 0.35)}" cy="${n(cy + h * 0.55)}" rx="${n(r * 1.5)}" ry="${n(e * 1.8)}" fill="url(#${shadowGrad})"/>`,
    body:
      `${bottom}${column}${lines}${top}${hole}` +
      `<path d="${tail}" fill="none" stroke="${thread}" stroke-width="2.5" stroke-linecap="round"/>` +
      `<ellipse cx="${n(cx - r * 0.3)}" cy="${n(cy - h / 2 - e * 0.3)}" rx="${n(r * 0.35)}" ry="${n(e * 0.25)}" fill="#ffffff" opacity="${n2(0.35)}"/>`,
  };
}

/** A long beading needle with its eye. */
export function drawNeedle(x1: number, y1: number, x2: number, y2: number): string {
  const steel = '#a9adb3';
  return (
    `<path d="M${n(x1 + 3)} ${n(y1 + 5)}L${n(x2 + 3)} ${n(y2 + 5)}" stroke="#2a1a10" stroke-opacity="0.18" stroke-width="4" stroke-linecap="round"/>` +
    `<path d="M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}" stroke="${steel}" stroke-width="3" stroke-linecap="round"/>` +
    `<path d="M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}" stroke="#ffffff" stroke-opacity="0.6" stroke-width="1" stroke-linecap="round"/>`
  );
}

/** Planks of light oak: a warm base with long, slightly wavy grain lines, grouped into a few paths. */
export function woodSurface(doc: SvgDoc, rng: Rng, base: string): string {
  const { width: w, height: h } = doc;
  const fill = radial(
    doc,
    `bench-${base}`,
    [
      { at: 0, color: lighten(base, 0.18) },
      { at: 1, color: darken(base, 0.12) },
    ],
    { cx: 0.3, cy: 0.2, r: 1.1 },
  );
  let out = `<rect width="${w}" height="${h}" fill="url(#${fill})"/>`;
  const planks = 4;
  const ph = h / planks;
  const dark: string[] = [];
  const light: string[] = [];
  for (let p = 0; p < planks; p++) {
    const top = p * ph;
    const tint = rng.jitter(0.06);
    out += `<rect y="${n(top)}" width="${w}" height="${n(ph)}" fill="${tint > 0 ? '#ffffff' : '#3a2210'}" opacity="${n2(Math.abs(tint))}"/>`;
    for (let k = 0; k < 26; k++) {
      const y0 = top + rng.range(4, ph - 4);
      const pts = [];
      for (let x = -40; x <= w + 40; x += w / 8) pts.push({ x, y: y0 + rng.jitter(ph * 0.04) });
      (rng.chance(0.7) ? dark : light).push(smoothOpenPath(pts));
    }
    out += `<path d="M0 ${n(top + 1)}H${w}" stroke="#2a1608" stroke-opacity="0.35" stroke-width="3"/>`;
    out += `<path d="M0 ${n(top + 3)}H${w}" stroke="#ffffff" stroke-opacity="0.15" stroke-width="1.5"/>`;
  }
  out += `<path d="${dark.join('')}" fill="none" stroke="${darken(base, 0.35)}" stroke-opacity="0.22" stroke-width="1.6"/>`;
  out += `<path d="${light.join('')}" fill="none" stroke="${lighten(base, 0.3)}" stroke-opacity="0.25" stroke-width="1.2"/>`;
  const vignette = radial(
    doc,
    'bench-vignette',
    [
      { at: 0.55, color: '#1a0d05', opacity: 0 },
      { at: 1, color: '#1a0d05', opacity: 0.3 },
    ],
    { r: 0.75 },
  );
  return `${out}<rect width="${w}" height="${h}" fill="url(#${vignette})"/>`;
}
