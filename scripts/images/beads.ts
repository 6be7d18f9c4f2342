/**
 * Drawing of single beads by material. Every bead is drawn in a 200-unit local frame
 * (translate + scale), so patterns, clip paths and gradients are written once and shared by every bead;
 * the light always comes from the upper left of the picture, while patterns (stripes, grain, veins)
 * turn with the bead along the cord.
 */
import { darken, lighten, mix, parseHex } from './color';
import type { Rng } from './prng';
import { blobPoints, deg, linear, n, n2, radial, type SvgDoc, smoothClosedPath, smoothOpenPath } from './svg';

export type BeadStyle =
  | 'pearl'
  | 'glass'
  | 'jasper'
  | 'tigers-eye'
  | 'rose-quartz'
  | 'garnet'
  | 'carnelian'
  | 'howlite'
  | 'agate'
  | 'hematite'
  | 'seed'
  | 'wood'
  | 'gold'
  | 'polished';

export interface BeadSpec {
  readonly style: BeadStyle;
  /** The palette colour, lower-case #rrggbb. */
  readonly color: string;
  /** Diameter across the cord, relative to the bracelet's main bead. */
  readonly size: number;
  /** Extent along the cord, relative to the main bead; defaults to size (round beads). */
  readonly length?: number;
}

export interface PlacedBead {
  readonly spec: BeadSpec;
  readonly x: number;
  readonly y: number;
  /** Radius in picture units (half the diameter across the cord). */
  readonly r: number;
  /** Direction of the cord at the bead, in radians. */
  readonly angle: number;
}

/** Gold darkens towards warm brown, not grey; cool metals (hematite) darken towards black. */
export function metalShade(color: string, t: number): string {
  const { r, b } = parseHex(color);
  return r > b + 30 ? mix(color, '#3a2208', t) : darken(color, t);
}

/** Unit radius of the local bead frame. */
const U = 100;

function frame(b: PlacedBead): string {
  return `translate(${n(b.x)} ${n(b.y)}) scale(${(b.r / U).toFixed(4)})`;
}

function unitClip(doc: SvgDoc): string {
  return doc.def('clip:unit', (id) => `<clipPath id="${id}"><circle r="${U}"/></clipPath>`);
}

/** The shading that turns a flat pattern into a sphere: a bright cap top left, a darker rim. */
function shade(doc: SvgDoc, strength: 'gloss' | 'matte'): string {
  const hi = strength === 'gloss' ? 0.5 : 0.22;
  return radial(
    doc,
    `shade-${strength}`,
    [
      { at: 0, color: '#ffffff', opacity: hi },
      { at: 0.22, color: '#ffffff', opacity: hi * 0.25 },
      { at: 0.5, color: '#1a0f08', opacity: 0 },
      { at: 0.8, color: '#1a0f08', opacity: 0.26 },
      { at: 0.95, color: '#1a0f08', opacity: 0.5 },
      { at: 1, color: '#1a0f08', opacity: 0.42 },
    ],
    { fx: 0.36, fy: 0.3 },
  );
}

function specular(doc: SvgDoc, kind: 'sharp' | 'soft', scale = 1, opacity = 1): string {
  const id =
    kind === 'sharp'
      ? radial(doc, 'spec-sharp', [
          { at: 0, color: '#ffffff', opacity: 1 },
          { at: 0.45, color: '#ffffff', opacity: 0.92 },
          { at: 0.7, color: '#ffffff', opacity: 0.25 },
          { at: 1, color: '#ffffff', opacity: 0 },
        ])
      : radial(doc, 'spec-soft', [
          { at: 0, color: '#ffffff', opacity: 0.8 },
          { at: 0.45, color: '#ffffff', opacity: 0.35 },
          { at: 1, color: '#ffffff', opacity: 0 },
        ]);
  const rx = (kind === 'sharp' ? 24 : 34) * scale;
  const ry = (kind === 'sharp' ? 15 : 23) * scale;
  const op = opacity === 1 ? '' : ` opacity="${n2(opacity)}"`;
  return `<ellipse cx="-34" cy="-40" rx="${n(rx)}" ry="${n(ry)}" transform="rotate(-40 -34 -40)" fill="url(#${id})"${op}/>`;
}

/** A bead's shadow on the surface below, drawn in a pass before the beads so no bead shades its neighbour. */
export function drawBeadShadow(doc: SvgDoc, b: PlacedBead, strength = 1): string {
  const { style, color } = b.spec;
  const translucent = style === 'glass' || style === 'carnelian' || style === 'rose-quartz';
  const tint = translucent ? darken(color, 0.35) : '#2a1d12';
  // One soft falloff does both jobs: a dark contact core and a wide, faint penumbra.
  const id = radial(doc, `shadow-${tint}`, [
    { at: 0, color: tint, opacity: translucent ? 0.4 : 0.46 },
    { at: 0.3, color: tint, opacity: translucent ? 0.26 : 0.3 },
    { at: 0.6, color: tint, opacity: 0.09 },
    { at: 1, color: tint, opacity: 0 },
  ]);
  const along = b.spec.length ?? b.spec.size;
  const stretch = along / b.spec.size;
  const rot = stretch === 1 ? '' : ` transform="rotate(${n(deg(b.angle))})"`;
  const op = strength === 1 ? '' : ` opacity="${n2(strength)}"`;
  let out = `<g transform="${frame(b)}"${op}><g transform="translate(22 36)"><ellipse rx="${n(150 * stretch)}" ry="140" fill="url(#${id})"${rot}/></g>`;
  if (translucent) {
    // Light focused through a clear bead leaves a bright caustic inside its shadow.
    const caustic = radial(doc, `caustic-${color}`, [
      { at: 0, color: lighten(color, 0.55), opacity: 0.55 },
      { at: 1, color: lighten(color, 0.55), opacity: 0 },
    ]);
    out += `<ellipse cx="62" cy="78" rx="34" ry="24" transform="rotate(35 62 78)" fill="url(#${caustic})"/>`;
  }
  return `${out}</g>`;
}

function sphere(doc: SvgDoc, key: string, color: string, stops: readonly [number, string][]): string {
  return radial(
    doc,
    `${key}-${color}`,
    stops.map(([at, c]) => ({ at, color: c })),
    { fx: 0.36, fy: 0.31 },
  );
}

function glow(doc: SvgDoc, color: string, opacity: number): string {
  const id = radial(doc, `glow-${color}-${opacity}`, [
    { at: 0, color: lighten(color, 0.5), opacity },
    { at: 0.6, color: lighten(color, 0.3), opacity: opacity * 0.4 },
    { at: 1, color: lighten(color, 0.3), opacity: 0 },
  ]);
  return `<ellipse cx="22" cy="28" rx="60" ry="54" fill="url(#${id})"/>`;
}

function drawGlass(doc: SvgDoc, c: string): string {
  const body = sphere(doc, 'glass', c, [
    [0, lighten(c, 0.4)],
    [0.28, lighten(c, 0.12)],
    [0.6, c],
    [0.86, darken(c, 0.35)],
    [1, darken(c, 0.55)],
  ]);
  return (
    `<circle r="${U}" fill="url(#${body})"/>${glow(doc, c, 0.6)}` +
    `<circle r="98" fill="none" stroke="${darken(c, 0.6)}" stroke-opacity="0.35" stroke-width="4"/>` +
    `${specular(doc, 'sharp')}<circle cx="44" cy="36" r="7" fill="#ffffff" opacity="0.55"/>`
  );
}

function drawCarnelian(doc: SvgDoc, c: string, rng: Rng): string {
  const body = sphere(doc, 'carnelian', c, [
    [0, lighten(c, 0.35)],
    [0.3, lighten(c, 0.1)],
    [0.62, c],
    [0.88, darken(c, 0.32)],
    [1, darken(c, 0.5)],
  ]);
  let clouds = '';
  for (let i = 0; i < 4; i++) {
    const pts = blobPoints(rng.jitter(50), rng.jitter(50), rng.range(14, 30), 7, 0.35, rng.next);
    const tone = i % 2 === 0 ? lighten(c, 0.3) : darken(c, 0.25);
    clouds += `<path d="${smoothClosedPath(pts)}" fill="${tone}" opacity="0.22"/>`;
  }
  return `<circle r="${U}" fill="url(#${body})"/>${clouds}${glow(doc, c, 0.5)}${specular(doc, 'sharp', 1.1, 0.9)}`;
}

function drawRoseQuartz(doc: SvgDoc, c: string, rng: Rng): string {
  const body = sphere(doc, 'rose', c, [
    [0, lighten(c, 0.55)],
    [0.35, lighten(c, 0.2)],
    [0.65, c],
    [0.9, darken(c, 0.2)],
    [1, darken(c, 0.34)],
  ]);
  const milk = radial(doc, 'milk', [
    { at: 0, color: '#ffffff', opacity: 0.35 },
    { at: 0.7, color: '#ffffff', opacity: 0.08 },
    { at: 1, color: '#ffffff', opacity: 0 },
  ]);
  const cloud = smoothClosedPath(
    blobPoints(rng.jitter(30), rng.jitter(30), rng.range(26, 40), 8, 0.3, rng.next),
  );
  return (
    `<circle r="${U}" fill="url(#${body})"/><circle cx="-8" cy="-6" r="80" fill="url(#${milk})"/>` +
    `<path d="${cloud}" fill="#ffffff" opacity="0.14"/>${glow(doc, c, 0.35)}${specular(doc, 'soft', 1.05, 0.95)}`
  );
}

function drawPearl(doc: SvgDoc, c: string, rng: Rng): string {
  const body = sphere(doc, 'pearl', c, [
    [0, '#ffffff'],
    [0.22, lighten(c, 0.55)],
    [0.48, c],
    [0.8, mix(c, '#a89482', 0.4)],
    [1, mix(c, '#7d6a5a', 0.55)],
  ]);
  const overtone = radial(doc, 'pearl-overtone', [
    { at: 0, color: '#f6c9d6', opacity: 0.45 },
    { at: 1, color: '#f6c9d6', opacity: 0 },
  ]);
  const green = radial(doc, 'pearl-green', [
    { at: 0, color: '#d9ead9', opacity: 0.35 },
    { at: 1, color: '#d9ead9', opacity: 0 },
  ]);
  // Freshwater pearls are never perfectly round: a slightly lumpy outline and an off-axis lustre.
  const outline = smoothClosedPath(
    blobPoints(0, 0, U, 9, 0.045, rng.next, rng.range(0.94, 1.06), rng.next() * 3),
  );
  return (
    `<path d="${outline}" fill="url(#${body})"/>` +
    `<ellipse cx="30" cy="34" rx="58" ry="50" fill="url(#${overtone})"/>` +
    `<ellipse cx="-40" cy="42" rx="40" ry="34" fill="url(#${green})"/>` +
    `${specular(doc, 'soft', 1.2, 0.9)}<ellipse cx="-30" cy="-38" rx="9" ry="6" transform="rotate(-40 -30 -38)" fill="#ffffff" opacity="0.85"/>`
  );
}

/** Opaque, patterned stones: flat colour plus a pattern, clipped to the bead, then sphere shading on top. */
function patterned(
  doc: SvgDoc,
  c: string,
  angle: number,
  pattern: string,
  finish: 'gloss' | 'matte',
): string {
  const clip = unitClip(doc);
  return (
    `<g clip-path="url(#${clip})"><circle r="${U}" fill="${c}"/>` +
    `<g transform="rotate(${n(deg(angle))})">${pattern}</g></g>` +
    `<circle r="${U}" fill="url(#${shade(doc, finish)})"/>`
  );
}

function drawJasper(doc: SvgDoc, c: string, angle: number, rng: Rng): string {
  const spot = darken(c, 0.7);
  const halo = mix(c, '#7a5632', 0.5);
  const patch = mix(c, '#9a9478', 0.35);
  let pattern = '';
  // Greyish-green mottling under the spots, as in the real stone.
  for (let i = 0; i < 3; i++) {
    const blob = blobPoints(rng.jitter(70), rng.jitter(70), rng.range(25, 45), 8, 0.35, rng.next);
    pattern += `<path d="${smoothClosedPath(blob)}" fill="${patch}" opacity="0.35"/>`;
  }
  const count = rng.int(7, 11);
  for (let i = 0; i < count; i++) {
    const a = rng.next() * Math.PI * 2;
    const d = Math.sqrt(rng.next()) * 100;
    const x = Math.cos(a) * d;
    const y = Math.sin(a) * d;
    const r = rng.range(7, 17);
    if (rng.chance(0.45)) {
      // A rosette: a broken dark ring around a lighter, warmer centre.
      const ring = blobPoints(x, y, r * 1.15, 8, 0.25, rng.next, rng.range(0.8, 1.2), rng.next() * 3);
      pattern += `<path d="${smoothClosedPath(ring)}" fill="${halo}" stroke="${spot}" stroke-width="${n(r * 0.4)}" stroke-dasharray="${n(r * 1.6)} ${n(r * 0.5)}" opacity="0.85"/>`;
    } else {
      const blob = blobPoints(x, y, r, 8, 0.35, rng.next, rng.range(0.7, 1.3), rng.next() * 3);
      pattern += `<path d="${smoothClosedPath(blob)}" fill="${spot}" opacity="0.85"/>`;
    }
  }
  for (let i = 0; i < 14; i++) {
    pattern += `<circle cx="${n(rng.jitter(95))}" cy="${n(rng.jitter(95))}" r="${n(rng.range(1.5, 4))}" fill="${spot}" opacity="0.5"/>`;
  }
  return `${patterned(doc, c, angle, pattern, 'gloss')}${specular(doc, 'sharp', 0.95, 0.85)}`;
}

function drawTigersEye(doc: SvgDoc, c: string, angle: number, rng: Rng): string {
  const tones = [
    darken(c, 0.5),
    c,
    mix(c, '#f2c46a', 0.55),
    darken(c, 0.25),
    lighten(mix(c, '#e8b04a', 0.4), 0.15),
  ];
  let pattern = '';
  let y = -120;
  let i = rng.int(0, tones.length - 1);
  const tilt = rng.jitter(0.5);
  while (y < 125) {
    const h = rng.range(9, 26);
    const pts = [];
    for (let x = -130; x <= 130; x += 52) pts.push({ x, y: y + h / 2 + rng.jitter(5) });
    pattern += `<path d="${smoothOpenPath(pts)}" fill="none" stroke="${tones[i % tones.length]}" stroke-width="${n(h + 1.5)}"/>`;
    y += h;
    i++;
  }
  // Chatoyancy: the silky band of light that moves across tiger's eye as it turns.
  const sheen = linear(
    doc,
    `tiger-sheen-${c}`,
    [
      { at: 0, color: lighten(c, 0.6), opacity: 0 },
      { at: 0.5, color: lighten(c, 0.65), opacity: 0.55 },
      { at: 1, color: lighten(c, 0.6), opacity: 0 },
    ],
    [0, 0, 0, 1],
  );
  const offset = rng.jitter(35);
  pattern += `<rect x="-130" y="${n(offset - 32)}" width="260" height="64" fill="url(#${sheen})"/>`;
  return `${patterned(doc, c, angle + tilt, pattern, 'gloss')}${specular(doc, 'sharp')}`;
}

function drawHowlite(doc: SvgDoc, c: string, angle: number, rng: Rng): string {
  const vein = mix(c, '#575757', 0.62);
  let pattern = '';
  const walk = (x0: number, y0: number, dir0: number, steps: number, width: number, opacity: number) => {
    let x = x0;
    let y = y0;
    let dir = dir0;
    const pts = [{ x, y }];
    for (let s = 0; s < steps; s++) {
      dir += rng.jitter(0.7);
      x += Math.cos(dir) * 14;
      y += Math.sin(dir) * 14;
      pts.push({ x, y });
    }
    pattern += `<path d="${smoothOpenPath(pts)}" fill="none" stroke="${vein}" stroke-width="${n(width)}" stroke-linecap="round" opacity="${n2(opacity)}"/>`;
    return pts;
  };
  for (let v = 0; v < 3; v++) {
    const a = rng.next() * Math.PI * 2;
    const pts = walk(
      Math.cos(a) * 110,
      Math.sin(a) * 110,
      a + Math.PI + rng.jitter(0.6),
      15,
      rng.range(1.8, 4),
      0.6,
    );
    const mid = pts[rng.int(4, 9)];
    if (mid) walk(mid.x, mid.y, rng.next() * Math.PI * 2, 6, 1.4, 0.45);
  }
  return `${patterned(doc, c, angle, pattern, 'gloss')}${specular(doc, 'soft', 1, 0.9)}`;
}

function drawAgate(doc: SvgDoc, c: string, angle: number, rng: Rng): string {
  const tones = [lighten(c, 0.3), c, darken(c, 0.15), lighten(c, 0.15), darken(c, 0.25), lighten(c, 0.42)];
  const cx = rng.jitter(45);
  const cy = rng.range(30, 75) * (rng.chance(0.5) ? 1 : -1);
  const rotation = rng.next() * 3;
  const stretch = rng.range(1.1, 1.5);
  let pattern = '';
  let r = 200;
  let i = 0;
  while (r > 12) {
    const pts = blobPoints(cx, cy, r, 11, 0.05, rng.next, stretch, rotation);
    pattern += `<path d="${smoothClosedPath(pts)}" fill="${tones[i % tones.length]}"/>`;
    r -= rng.range(9, 24);
    i++;
  }
  return `${patterned(doc, c, angle, pattern, 'gloss')}${glow(doc, c, 0.25)}${specular(doc, 'sharp')}`;
}

function drawWood(doc: SvgDoc, c: string, angle: number, rng: Rng): string {
  let pattern = `<circle r="${U}" fill="url(#${sphere(doc, 'wood', c, [
    [0, lighten(c, 0.22)],
    [0.5, c],
    [1, darken(c, 0.2)],
  ])})"/>`;
  let y = -100 + rng.range(0, 10);
  while (y < 100) {
    const pts = [];
    const amp = rng.range(2, 7);
    for (let x = -120; x <= 120; x += 40) pts.push({ x, y: y + Math.sin(x / 30 + y) * amp });
    const dark = rng.chance(0.75);
    pattern += `<path d="${smoothOpenPath(pts)}" fill="none" stroke="${dark ? darken(c, 0.38) : lighten(c, 0.18)}" stroke-width="${n(rng.range(1.6, 4.5))}" opacity="${dark ? '0.45' : '0.35'}"/>`;
    y += rng.range(8, 17);
  }
  return `${patterned(doc, c, angle, pattern, 'matte')}${specular(doc, 'soft', 1.3, 0.35)}`;
}

function drawHematite(doc: SvgDoc, c: string): string {
  const body = sphere(doc, 'hematite', c, [
    [0, '#f4f6f9'],
    [0.1, lighten(c, 0.6)],
    [0.26, lighten(c, 0.2)],
    [0.5, c],
    [0.8, darken(c, 0.5)],
    [0.94, darken(c, 0.72)],
    [1, darken(c, 0.5)],
  ]);
  // A polished metal sphere mirrors its surroundings: a pale band of the table near its lower edge.
  const horizon = linear(
    doc,
    `horizon-${c}`,
    [
      { at: 0, color: lighten(c, 0.5), opacity: 0 },
      { at: 0.6, color: lighten(c, 0.55), opacity: 0.5 },
      { at: 1, color: lighten(c, 0.5), opacity: 0 },
    ],
    [0, 0, 0, 1],
  );
  return (
    `<circle r="${U}" fill="url(#${body})"/>` +
    `<ellipse cx="8" cy="56" rx="70" ry="26" fill="url(#${horizon})"/>${specular(doc, 'sharp', 0.9)}`
  );
}

function drawGoldRound(doc: SvgDoc, c: string): string {
  const body = sphere(doc, 'gold', c, [
    [0, '#fffbea'],
    [0.14, lighten(c, 0.55)],
    [0.36, c],
    [0.66, metalShade(c, 0.3)],
    [0.9, metalShade(c, 0.62)],
    [1, metalShade(c, 0.35)],
  ]);
  return `<circle r="${U}" fill="url(#${body})"/>${specular(doc, 'sharp', 0.8)}`;
}

/** A rondelle spacer seen from above: a short metal cylinder across the cord. */
function drawRondelle(doc: SvgDoc, c: string, angle: number, stretch: number): string {
  const band = linear(
    doc,
    `rondelle-${c}`,
    [
      { at: 0, color: metalShade(c, 0.5) },
      { at: 0.2, color: lighten(c, 0.6) },
      { at: 0.42, color: c },
      { at: 0.75, color: metalShade(c, 0.3) },
      { at: 1, color: metalShade(c, 0.55) },
    ],
    [0, 0, 1, 0.25],
  );
  const rx = U * stretch;
  return (
    `<g transform="rotate(${n(deg(angle))})"><rect x="${n(-rx)}" y="-100" width="${n(2 * rx)}" height="200" rx="${n(rx * 0.8)}" fill="url(#${band})"/>` +
    `<rect x="${n(-rx * 0.35)}" y="-88" width="${n(rx * 0.5)}" height="176" rx="${n(rx * 0.25)}" fill="#ffffff" opacity="0.3"/></g>`
  );
}

function drawSeed(doc: SvgDoc, c: string, angle: number): string {
  const body = sphere(doc, 'seed', c, [
    [0, lighten(c, 0.45)],
    [0.35, lighten(c, 0.1)],
    [0.65, c],
    [1, darken(c, 0.45)],
  ]);
  return (
    `<ellipse rx="82" ry="${U}" transform="rotate(${n(deg(angle))})" fill="url(#${body})"/>` +
    `<ellipse cx="-30" cy="-38" rx="22" ry="16" transform="rotate(-40 -30 -38)" fill="#ffffff" opacity="0.75"/>`
  );
}

function drawGarnet(doc: SvgDoc, c: string, rng: Rng): string {
  const sides = 9;
  const turn = rng.next() * Math.PI * 2;
  const outer = [];
  const inner = [];
  for (let i = 0; i < sides; i++) {
    const a = turn + (i / sides) * Math.PI * 2;
    outer.push({ x: Math.cos(a) * U, y: Math.sin(a) * U });
    const b = a + Math.PI / sides;
    inner.push({ x: Math.cos(b) * 56 - 6, y: Math.sin(b) * 56 - 6 });
  }
  const shadeOf = (x: number, y: number) => {
    // Facets that face the light (upper left) are bright; the rest glow deep red, with random sparkle.
    const len = Math.hypot(x, y) || 1;
    const facing = -(x / len + y / len) / Math.SQRT2;
    const t = Math.min(1, Math.max(0, 0.45 + 0.38 * facing + rng.jitter(0.28)));
    return t < 0.5 ? mix(darken(c, 0.62), c, t * 2) : mix(c, lighten(c, 0.5), (t - 0.5) * 2);
  };
  let facets = `<circle r="${U}" fill="${c}"/>`;
  for (let i = 0; i < sides; i++) {
    const o1 = outer[i];
    const o2 = outer[(i + 1) % sides];
    const i1 = inner[i];
    const i0 = inner[(i + sides - 1) % sides];
    if (!o1 || !o2 || !i1 || !i0) continue;
    facets += `<path d="M${n(o1.x)} ${n(o1.y)}L${n(o2.x)} ${n(o2.y)}L${n(i1.x)} ${n(i1.y)}Z" fill="${shadeOf((o1.x + o2.x) / 2, (o1.y + o2.y) / 2)}"/>`;
    facets += `<path d="M${n(o1.x)} ${n(o1.y)}L${n(i1.x)} ${n(i1.y)}L${n(i0.x)} ${n(i0.y)}Z" fill="${shadeOf(o1.x * 0.7, o1.y * 0.7)}"/>`;
  }
  const table = sphere(doc, 'garnet-table', c, [
    [0, lighten(c, 0.4)],
    [0.5, c],
    [1, darken(c, 0.45)],
  ]);
  const tablePath = `M${inner.map((p) => `${n(p.x)} ${n(p.y)}`).join('L')}Z`;
  facets += `<path d="${tablePath}" fill="url(#${table})" stroke="${lighten(c, 0.4)}" stroke-opacity="0.4" stroke-width="1.5"/>`;
  const outline = `M${outer.map((p) => `${n(p.x)} ${n(p.y)}`).join('L')}Z`;
  facets += `<path d="${outline}" fill="none" stroke="${darken(c, 0.7)}" stroke-opacity="0.5" stroke-width="3"/>`;
  const flash = outer[rng.int(4, 7)];
  const flashAt = flash ? ` cx="${n(flash.x * 0.6)}" cy="${n(flash.y * 0.6)}"` : '';
  return `${facets}${specular(doc, 'sharp', 0.8)}<circle${flashAt} r="6" fill="#ffffff" opacity="0.7"/>`;
}

function drawPolished(doc: SvgDoc, c: string): string {
  const body = sphere(doc, 'polished', c, [
    [0, lighten(c, 0.4)],
    [0.25, lighten(c, 0.12)],
    [0.55, c],
    [0.88, darken(c, 0.4)],
    [1, darken(c, 0.55)],
  ]);
  return `<circle r="${U}" fill="url(#${body})"/>${specular(doc, 'sharp', 1, 0.9)}`;
}

export interface BeadOptions {
  /** 0..1: darkens the bead, for beads in shade (behind a wrist). */
  readonly dim?: number;
}

export function drawBead(doc: SvgDoc, b: PlacedBead, rng: Rng, options: BeadOptions = {}): string {
  const { style, color: c, size } = b.spec;
  const along = (b.spec.length ?? size) / size;
  let inner: string;
  switch (style) {
    case 'glass':
      inner = drawGlass(doc, c);
      break;
    case 'carnelian':
      inner = drawCarnelian(doc, c, rng);
      break;
    case 'rose-quartz':
      inner = drawRoseQuartz(doc, c, rng);
      break;
    case 'pearl':
      inner = drawPearl(doc, c, rng);
      break;
    case 'jasper':
      inner = drawJasper(doc, c, b.angle, rng);
      break;
    case 'tigers-eye':
      inner = drawTigersEye(doc, c, b.angle, rng);
      break;
    case 'howlite':
      inner = drawHowlite(doc, c, b.angle, rng);
      break;
    case 'agate':
      inner = drawAgate(doc, c, b.angle, rng);
      break;
    case 'wood':
      inner = drawWood(doc, c, b.angle, rng);
      break;
    case 'hematite':
      inner = drawHematite(doc, c);
      break;
    case 'gold':
      inner = along < 0.8 ? drawRondelle(doc, c, b.angle, along) : drawGoldRound(doc, c);
      break;
    case 'seed':
      inner = drawSeed(doc, c, b.angle);
      break;
    case 'garnet':
      inner = drawGarnet(doc, c, rng);
      break;
    case 'polished':
      inner = drawPolished(doc, c);
      break;
  }
  if (!options.dim) return `<g transform="${frame(b)}">${inner}</g>`;
  // Darken with an overlay of the bead's own silhouette: a brightness filter per bead costs librsvg an
  // offscreen surface each, several times slower.
  const rot = n(deg(b.angle));
  const dark = `fill="#120a06" opacity="${n2(options.dim)}"`;
  let silhouette = `<circle r="${U}" ${dark}/>`;
  if (style === 'seed') silhouette = `<ellipse rx="82" ry="${U}" transform="rotate(${rot})" ${dark}/>`;
  if (style === 'gold' && along < 0.8) {
    const rx = U * along;
    silhouette = `<rect x="${n(-rx)}" y="-100" width="${n(2 * rx)}" height="200" rx="${n(rx * 0.8)}" transform="rotate(${rot})" ${dark}/>`;
  }
  return `<g transform="${frame(b)}">${inner}${silhouette}</g>`;
}
