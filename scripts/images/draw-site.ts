/** The non-product pictures: the workbench story image and the three brooches (kind 'feature'). */
import { IMAGE_KINDS } from '../../domain/media/images';
import { blurFilter, surface } from './backgrounds';
import type { BeadSpec, PlacedBead } from './beads';
import { metalGradient } from './closures';
import { darken, lighten } from './color';
import { createRng, type Rng } from './prng';
import { drawBeads, drawDish, drawNeedle, drawSpool, drawTray, woodSurface } from './props';
import {
  blobPoints,
  createDoc,
  n,
  n2,
  type Pt,
  radial,
  type SvgDoc,
  smoothClosedPath,
  smoothOpenPath,
} from './svg';

const bead = (style: BeadSpec['style'], color: string, size = 1): BeadSpec => ({ style, color, size });

/** Beads strung along an open curve from its start, each spaced by its own size. */
function strandAlong(
  points: readonly Pt[],
  specs: readonly BeadSpec[],
  d: number,
  count: number,
): PlacedBead[] {
  const dense = smoothSamples(points, 40);
  const out: PlacedBead[] = [];
  let travelled = 0;
  let i = 1;
  let next = (specs[0]?.size ?? 1) * d * 0.5;
  for (let k = 0; k < count; k++) {
    const spec = specs[k % specs.length];
    if (!spec) break;
    const half = (spec.length ?? spec.size) * d * 0.5;
    const target = next;
    while (i < dense.length) {
      const a = dense[i - 1];
      const b = dense[i];
      if (!a || !b) break;
      const seg = Math.hypot(b.x - a.x, b.y - a.y);
      if (travelled + seg >= target) {
        const f = (target - travelled) / seg;
        out.push({
          spec,
          x: a.x + (b.x - a.x) * f,
          y: a.y + (b.y - a.y) * f,
          r: (spec.size * d) / 2,
          angle: Math.atan2(b.y - a.y, b.x - a.x),
        });
        break;
      }
      travelled += seg;
      i++;
    }
    const following = specs[(k + 1) % specs.length];
    next = target + half + ((following?.length ?? following?.size ?? 1) * d) / 2 + d * 0.02;
  }
  return out;
}

/** Catmull-Rom samples along an open curve. */
function smoothSamples(points: readonly Pt[], perSegment: number): Pt[] {
  const at = (i: number): Pt => points[Math.min(points.length - 1, Math.max(0, i))] ?? { x: 0, y: 0 };
  const out: Pt[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    for (let s = 0; s < perSegment; s++) {
      const t = s / perSegment;
      const t2 = t * t;
      const t3 = t2 * t;
      const f = (a: number, b: number, c: number, e: number) =>
        0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - e) * t2 + (-a + 3 * b - 3 * c + e) * t3);
      out.push({ x: f(p0.x, p1.x, p2.x, p3.x), y: f(p0.y, p1.y, p2.y, p3.y) });
    }
  }
  out.push(at(points.length - 1));
  return out;
}

/** The workbench: a bead organiser, a dish of pearls, a spool of thread and a bracelet half strung. */
export function drawStory(): string {
  const { width, height } = IMAGE_KINDS.feature;
  const doc = createDoc(width, height);
  const rng = createRng('story');
  const bench = woodSurface(doc, rng.fork('bench'), '#c29a72');
  const tray = drawTray(
    doc,
    50,
    46,
    560,
    350,
    [
      [bead('pearl', '#f6efe4'), bead('pearl', '#efe6da', 0.9)],
      [bead('rose-quartz', '#f4c9cf')],
      [bead('garnet', '#6d0f1f', 0.9)],
      [bead('jasper', '#c19a6b')],
      [bead('glass', '#1b9aaa', 0.9), bead('glass', '#1f4e9c', 0.9)],
      [bead('carnelian', '#c1440e')],
    ],
    3,
    31,
    rng.fork('tray'),
  );
  const dish = drawDish(
    doc,
    870,
    190,
    125,
    '#f1ebe1',
    [bead('gold', '#d4af37', 0.7), { style: 'gold', color: '#d4af37', size: 0.8, length: 0.3 }],
    30,
    rng.fork('dish'),
  );
  const pearls = drawDish(
    doc,
    1010,
    800,
    92,
    '#e9dfd3',
    [bead('pearl', '#f6efe4'), bead('pearl', '#efe6da', 0.85), bead('pearl', '#f3d9d6', 0.9)],
    34,
    rng.fork('pearls'),
  );
  const spool = drawSpool(doc, 1030, 470, 78, '#7b1e2e', rng.fork('spool'));
  // A bracelet in progress: beads on the thread, ending in the needle.
  const curve = [
    { x: 150, y: 560 },
    { x: 240, y: 700 },
    { x: 420, y: 780 },
    { x: 620, y: 770 },
    { x: 770, y: 700 },
    { x: 850, y: 600 },
  ];
  const specs = [
    bead('garnet', '#6d0f1f', 0.9),
    { style: 'gold', color: '#d4af37', size: 0.6, length: 0.26 } as BeadSpec,
    bead('pearl', '#f6efe4', 0.8),
    { style: 'gold', color: '#d4af37', size: 0.6, length: 0.26 } as BeadSpec,
  ];
  const strung = strandAlong(curve, specs, 50, 15);
  const thread = smoothOpenPath(curve);
  let strand = `<path d="${thread}" fill="none" stroke="#7b1e2e" stroke-width="2.5"/>`;
  const strandDrawn = drawBeads(doc, strung, rng.fork('strand'), 0.9);
  strand += strandDrawn.shadow + strandDrawn.body;
  const needle = drawNeedle(850, 600, 905, 470);
  const looseSpecs = [
    bead('pearl', '#f6efe4', 0.8),
    bead('garnet', '#6d0f1f', 0.9),
    bead('rose-quartz', '#f4c9cf'),
  ];
  const loose = drawBeads(
    doc,
    [
      { x: 520, y: 560 },
      { x: 566, y: 590 },
      { x: 690, y: 520 },
      { x: 430, y: 620 },
      { x: 880, y: 840 },
    ].map((p, i): PlacedBead => {
      const spec = looseSpecs[i % looseSpecs.length] ?? bead('pearl', '#f6efe4');
      return { spec, x: p.x, y: p.y, r: (spec.size * 50) / 2, angle: i };
    }),
    rng.fork('loose'),
  );
  return doc.render(
    `${bench}${tray.shadow}${dish.shadow}${pearls.shadow}${spool.shadow}${tray.body}${dish.body}${pearls.body}${loose.shadow}${loose.body}` +
      `${strand}${needle}${spool.body}`,
  );
}

function broochShadow(doc: SvgDoc, cx: number, cy: number, r: number): string {
  const id = radial(doc, 'brooch-shadow', [
    { at: 0, color: '#24140a', opacity: 0.45 },
    { at: 0.7, color: '#24140a', opacity: 0.25 },
    { at: 0.85, color: '#24140a', opacity: 0.08 },
    { at: 1, color: '#24140a', opacity: 0 },
  ]);
  return `<circle cx="${n(cx + r * 0.06)}" cy="${n(cy + r * 0.1)}" r="${n(r * 1.2)}" fill="url(#${id})"/>`;
}

/** A ring of identical beads around a centre. */
function beadRing(
  cx: number,
  cy: number,
  radius: number,
  spec: BeadSpec,
  d: number,
  phase = 0,
): PlacedBead[] {
  const count = Math.floor((2 * Math.PI * radius) / (d * (spec.length ?? spec.size) * 1.04));
  const out: PlacedBead[] = [];
  for (let i = 0; i < count; i++) {
    const a = phase + (i / count) * Math.PI * 2;
    out.push({
      spec,
      x: cx + Math.cos(a) * radius,
      y: cy + Math.sin(a) * radius,
      r: (d * spec.size) / 2,
      angle: a + Math.PI / 2,
    });
  }
  return out;
}

/** Brooches are drawn at a comfortable size, then scaled up around the centre to fill the frame. */
function enlarge(cx: number, cy: number, k: number, markup: string): string {
  return `<g transform="translate(${n(cx)} ${n(cy)}) scale(${n2(k)}) translate(${n(-cx)} ${n(-cy)})">${markup}</g>`;
}

function drawAll(doc: SvgDoc, beads: readonly PlacedBead[], rng: Rng, shadow = 0.6): string {
  const drawn = drawBeads(doc, beads, rng, shadow);
  return drawn.shadow + drawn.body;
}

function broochDoc(
  seed: string,
  base: string,
): { doc: SvgDoc; rng: Rng; bg: string; cx: number; cy: number } {
  const { width, height } = IMAGE_KINDS.feature;
  const doc = createDoc(width, height);
  const rng = createRng(seed);
  const bg = surface(doc, {
    base,
    light: { x: 0.3, y: 0.2 },
    texture: 'linen',
    textureStrength: 1,
    vignette: 0.3,
    seed: 5,
  });
  return { doc, rng, bg, cx: width / 2, cy: height / 2 };
}

export function drawBroochVelvetPearl(): string {
  const { doc, rng, bg, cx, cy } = broochDoc('brooch-velvet-pearl', '#e8ddd2');
  const velvet = '#6a1424';
  // Velvet catches the light at grazing angles: brighter towards the rim, deep in the middle.
  const pile = radial(
    doc,
    'velvet',
    [
      { at: 0, color: darken(velvet, 0.15) },
      { at: 0.6, color: velvet },
      { at: 0.86, color: lighten(velvet, 0.18) },
      { at: 1, color: darken(velvet, 0.35) },
    ],
    { fx: 0.42, fy: 0.4 },
  );
  let nap = '';
  for (let i = 0; i < 7; i++) {
    const pts = blobPoints(cx + rng.jitter(110), cy + rng.jitter(110), rng.range(30, 70), 9, 0.4, rng.next);
    nap += `<path d="${smoothClosedPath(pts)}" fill="${i % 2 ? lighten(velvet, 0.25) : darken(velvet, 0.3)}" opacity="0.12"/>`;
  }
  const r = 172;
  const pearls = beadRing(cx, cy, r + 25, bead('pearl', '#f6efe4', 1), 46);
  const gold = beadRing(cx, cy, r + 58, bead('gold', '#d4af37', 1), 15);
  const centre: PlacedBead[] = [
    { spec: bead('garnet', '#6d0f1f', 1), x: cx, y: cy, r: 30, angle: 0 },
    ...beadRing(cx, cy, 52, bead('pearl', '#f3e6dc', 1), 30, 0.3),
  ];
  const body =
    broochShadow(doc, cx, cy, r + 66) +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r + 66)}" fill="${darken('#d4af37', 0.35)}" opacity="0.35"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${r + 4}" fill="url(#${pile})"/>` +
    `<g opacity="0.9">${nap}</g>` +
    drawAll(doc, gold, rng.fork('gold')) +
    drawAll(doc, pearls, rng.fork('pearls')) +
    drawAll(doc, centre, rng.fork('centre'), 0.8);
  return doc.render(bg + enlarge(cx, cy, 1.3, body));
}

function hollyLeaf(doc: SvgDoc, x: number, y: number, angle: number, size: number): string {
  const green = '#1f5a36';
  const grad = radial(
    doc,
    'holly',
    [
      { at: 0, color: lighten(green, 0.35) },
      { at: 0.5, color: green },
      { at: 1, color: darken(green, 0.4) },
    ],
    { fx: 0.35, fy: 0.3 },
  );
  // A holly leaf: three spiky lobes each side of the midrib.
  const d =
    'M-50 0C-44 -8 -40 -10 -34 -20C-30 -12 -24 -12 -16 -20C-12 -12 -4 -12 4 -22C8 -12 16 -12 24 -20' +
    'C28 -10 36 -8 50 0C36 8 28 10 24 20C16 12 8 12 4 22C-4 12 -12 12 -16 20C-24 12 -30 12 -34 20C-40 10 -44 8 -50 0Z';
  return (
    `<g transform="translate(${n(x)} ${n(y)}) rotate(${n((angle * 180) / Math.PI)}) scale(${n2(size / 100)})">` +
    `<path d="${d}" transform="translate(4 6)" fill="#1a0f08" opacity="0.25"/>` +
    `<path d="${d}" fill="url(#${grad})" stroke="${darken(green, 0.5)}" stroke-width="1.5"/>` +
    `<path d="M-46 0L46 0" stroke="${lighten(green, 0.45)}" stroke-width="2.5" opacity="0.7"/></g>`
  );
}

function star(cx: number, cy: number, outer: number, inner: number, rotation: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = rotation - Math.PI / 2 + (i * Math.PI) / 5;
    const r = i % 2 === 0 ? outer : inner;
    pts.push(`${n(cx + Math.cos(a) * r)} ${n(cy + Math.sin(a) * r)}`);
  }
  return `M${pts.join('L')}Z`;
}

export function drawBroochFestive(): string {
  const { doc, rng, bg, cx, cy } = broochDoc('brooch-festive-charm', '#ebe1d4');
  const metal = metalGradient(doc, '#d4af37');
  const r = 150;
  let leaves = '';
  const count = 22;
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2 + rng.jitter(0.08);
    const rr = r + (i % 2 === 0 ? -20 : 22) + rng.jitter(6);
    leaves += hollyLeaf(
      doc,
      cx + Math.cos(a) * rr,
      cy + Math.sin(a) * rr,
      a + Math.PI / 2 + rng.jitter(0.6),
      92,
    );
  }
  const berries: PlacedBead[] = [];
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2 + 0.2;
    const bx = cx + Math.cos(a) * r;
    const by = cy + Math.sin(a) * r;
    for (let k = 0; k < 3; k++) {
      const b = a + (k * Math.PI * 2) / 3;
      berries.push({
        spec: bead('glass', '#b3121f', 1),
        x: bx + Math.cos(b) * 15,
        y: by + Math.sin(b) * 15,
        r: 15,
        angle: 0,
      });
    }
  }
  const sparkle: PlacedBead[] = [];
  for (let i = 0; i < 22; i++) {
    const a = rng.next() * Math.PI * 2;
    const rr = r + rng.jitter(45);
    sparkle.push({
      spec: bead('gold', '#d4af37', 1),
      x: cx + Math.cos(a) * rr,
      y: cy + Math.sin(a) * rr,
      r: 6,
      angle: 0,
    });
  }
  // A red satin bow at the bottom and a gold star at the top.
  const red = '#b3121f';
  const bowGrad = radial(
    doc,
    'bow',
    [
      { at: 0, color: lighten(red, 0.3) },
      { at: 0.6, color: red },
      { at: 1, color: darken(red, 0.45) },
    ],
    { fx: 0.35, fy: 0.3 },
  );
  const by = cy + r + 12;
  const bow =
    `<g transform="translate(${n(cx)} ${n(by)})">` +
    `<path d="M-8 10C-30 60 -50 100 -70 130L-40 124L-30 150C-18 100 -6 50 6 14Z" fill="${darken(red, 0.15)}"/>` +
    `<path d="M8 10C30 60 50 100 70 130L40 124L30 150C18 100 6 50 -6 14Z" fill="${darken(red, 0.2)}"/>` +
    `<path d="M0 0C-30 -50 -110 -60 -100 -10C-95 30 -40 20 0 0Z" fill="url(#${bowGrad})"/>` +
    `<path d="M0 0C30 -50 110 -60 100 -10C95 30 40 20 0 0Z" fill="url(#${bowGrad})"/>` +
    `<path d="M-20 -30C-50 -40 -80 -36 -84 -14" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="5" stroke-linecap="round"/>` +
    `<ellipse rx="22" ry="20" fill="${darken(red, 0.1)}"/><ellipse cx="-6" cy="-6" rx="9" ry="6" fill="#ffffff" opacity="0.3"/></g>`;
  const sy = cy - r - 8;
  const starMarkup =
    `<path d="${star(cx + 6, sy + 8, 58, 24, 0)}" fill="#1a0f08" opacity="0.25"/>` +
    `<path d="${star(cx, sy, 58, 24, 0)}" fill="url(#${metal})" stroke="${darken('#d4af37', 0.45)}" stroke-width="2"/>` +
    `<path d="${star(cx, sy, 30, 12, 0)}" fill="#fff3c4" opacity="0.35"/>`;
  // The wreath is open in the middle, so its shadow is a blurred ring rather than a disc.
  const ringShadow = `<circle cx="${n(cx + 8)}" cy="${n(cy + 14)}" r="${r}" fill="none" stroke="#24140a" stroke-opacity="0.35" stroke-width="110" filter="url(#${blurFilter(doc, 16)})"/>`;
  const body =
    ringShadow +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${r}" fill="none" stroke="url(#${metal})" stroke-width="14"/>` +
    leaves +
    drawAll(doc, sparkle, rng.fork('sparkle'), 0.4) +
    drawAll(doc, berries, rng.fork('berries'), 0.7) +
    bow +
    starMarkup;
  return doc.render(bg + enlarge(cx, cy - 10, 1.25, body));
}

export function drawBroochCelestial(): string {
  const { doc, rng, bg, cx, cy } = broochDoc('brooch-celestial', '#dcdde0');
  const r = 200;
  const blues = ['#16224f', '#1c2b66', '#0f1838', '#23306e', '#19265a'];
  const mosaic: PlacedBead[] = [];
  for (let ring = 12; ring < r - 6; ring += 14.5) {
    const count = Math.max(6, Math.floor((2 * Math.PI * ring) / 15));
    const phase = rng.next();
    for (let i = 0; i < count; i++) {
      const a = ((i + phase) / count) * Math.PI * 2;
      const color = rng.pick(blues);
      mosaic.push({
        spec: bead('seed', color, 1),
        x: cx + Math.cos(a) * ring,
        y: cy + Math.sin(a) * ring,
        r: 7.6,
        angle: a + Math.PI / 2,
      });
    }
  }
  mosaic.push({ spec: bead('seed', '#1c2b66', 1), x: cx, y: cy, r: 7.6, angle: 0 });
  const rim = beadRing(cx, cy, r + 14, bead('gold', '#d4af37', 1), 20);
  const metal = metalGradient(doc, '#e0b84a');
  const edge = darken('#d4af37', 0.45);
  // Crescent: a disc with an offset disc taken away, as one path of two arcs.
  const mr = 92;
  const mx = cx - 40;
  const my = cy - 10;
  const crescent =
    `M${n(mx)} ${n(my - mr)}A${mr} ${mr} 0 1 0 ${n(mx)} ${n(my + mr)}` +
    `A${n(mr * 0.78)} ${n(mr)} 0 1 1 ${n(mx)} ${n(my - mr)}Z`;
  const moon =
    `<path d="${crescent}" transform="translate(5 7)" fill="#05081a" opacity="0.45"/>` +
    `<path d="${crescent}" fill="url(#${metal})" stroke="${edge}" stroke-width="2"/>`;
  const starsAt = [
    { x: cx + 80, y: cy - 70, s: 34 },
    { x: cx + 110, y: cy + 50, s: 22 },
    { x: cx + 30, y: cy + 110, s: 18 },
    { x: cx - 120, y: cy + 120, s: 14 },
    { x: cx + 40, y: cy - 140, s: 14 },
  ];
  let stars = '';
  for (const s of starsAt) {
    const rot = rng.jitter(0.3);
    stars += `<path d="${star(s.x + 3, s.y + 4, s.s, s.s * 0.42, rot)}" fill="#05081a" opacity="0.45"/>`;
    stars += `<path d="${star(s.x, s.y, s.s, s.s * 0.42, rot)}" fill="url(#${metal})" stroke="${edge}" stroke-width="1.5"/>`;
  }
  const dust: PlacedBead[] = [];
  for (let i = 0; i < 14; i++) {
    const a = rng.next() * Math.PI * 2;
    const d = rng.range(40, r - 20);
    dust.push({
      spec: bead('gold', '#e6c35c', 1),
      x: cx + Math.cos(a) * d,
      y: cy + Math.sin(a) * d,
      r: 4.5,
      angle: 0,
    });
  }
  const body =
    broochShadow(doc, cx, cy, r + 30) +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${r + 4}" fill="#0c1230"/>` +
    drawAll(doc, mosaic, rng.fork('mosaic'), 0) +
    drawAll(doc, rim, rng.fork('rim')) +
    drawAll(doc, dust, rng.fork('dust'), 0) +
    moon +
    stars;
  return doc.render(bg + enlarge(cx, cy, 1.3, body));
}
