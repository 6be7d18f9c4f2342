/**
 * Bracelets worn on a stylised forearm. The arm lies along the x axis of its own frame (hand towards -x,
 * elbow towards +x); each bracelet is a circle of beads around it, tilted a little, projected flat. Beads
 * on the far side are drawn first (dimmed, mostly hidden by the arm), then the arm, then the near side in
 * depth order, so beads at the silhouette overlap the way they do in a photo.
 */
import { blurFilter } from './backgrounds';
import { drawBead, drawBeadShadow, type PlacedBead } from './beads';
import { drawClosure } from './closures';
import { darken, lighten, mix } from './color';
import type { BraceletDesign } from './design';
import { stringBeads } from './layout';
import type { Rng } from './prng';
import { n, n2, type Pt, type SvgDoc, smoothClosedPath, smoothOpenPath } from './svg';

export const SKIN_TONES = ['#f1d0b8', '#e3b594', '#c98f68', '#a06a48', '#7a4b32'] as const;

export interface Strand {
  readonly design: BraceletDesign;
  /** Position along the arm (arm frame). */
  readonly x: number;
  /** Main bead diameter. */
  readonly bead: number;
}

export interface WornOptions {
  /** Arm frame -> picture: centre and rotation (degrees). */
  readonly cx: number;
  readonly cy: number;
  readonly rotate: number;
  /** Half the arm's width at the wrist. */
  readonly wrist: number;
  readonly skin: string;
  readonly sleeve: { readonly color: string; readonly from: number } | null;
  readonly strands: readonly Strand[];
}

/** Half-width of the arm at position x: narrowest at the wrist, widening to the heel of the hand and the elbow. */
function halfWidth(x: number, wrist: number): { top: number; bottom: number } {
  const s = wrist / 200;
  const toElbow = Math.max(0, x + 60 * s) * 0.085;
  const hand = x < -170 * s ? (1 - Math.exp(-(-170 * s - x) / (120 * s))) * 70 * s : 0;
  // The thumb side (bottom) swells into the heel of the hand; the back of the hand stays flatter.
  return { top: wrist + toElbow + hand * 0.45, bottom: wrist + toElbow + hand };
}

function armOutline(wrist: number, from: number, to: number): Pt[] {
  const top: Pt[] = [];
  const bottom: Pt[] = [];
  for (let x = from; x <= to; x += 40) {
    const w = halfWidth(x, wrist);
    top.push({ x, y: -w.top });
    bottom.push({ x, y: w.bottom });
  }
  return [...top, ...bottom.reverse()];
}

interface Projected {
  readonly bead: PlacedBead | null;
  /** Depth: > 0 towards the viewer. */
  readonly z: number;
  readonly closure: { readonly p: Pt & { angle: number }; readonly length: number } | null;
}

function projectStrand(strand: Strand, wrist: number, rng: Rng): Projected[] {
  const w = halfWidth(strand.x, wrist);
  const radius = (w.top + w.bottom) / 2 + strand.bead * 0.55;
  const centreY = (w.bottom - w.top) / 2 + strand.bead * 0.25;
  const tilt = 0.3;
  const slots = stringBeads(strand.design, 2 * Math.PI * radius, strand.bead, rng.fork('string'));
  // The clasp rests near the top of the wrist, slightly towards the viewer, where a real one slides to.
  const start = -Math.PI / 2 + 0.55;
  const point = (s: number) => {
    const t = start + s / radius;
    const z = Math.cos(t);
    return { x: strand.x + z * radius * tilt, y: centreY + Math.sin(t) * radius, z };
  };
  return slots.map((slot) => {
    const a = point(slot.s - 1);
    const b = point(slot.s + 1);
    const c = point(slot.s);
    const angle = Math.atan2(b.y - a.y, b.x - a.x);
    if (slot.piece.kind === 'closure') {
      return { bead: null, z: c.z, closure: { p: { x: c.x, y: c.y, angle }, length: slot.along } };
    }
    return {
      bead: { spec: slot.piece.spec, x: c.x, y: c.y, r: slot.across / 2, angle },
      z: c.z,
      closure: null,
    };
  });
}

function skinFill(doc: SvgDoc, skin: string, wrist: number): string {
  return doc.def(`skin-${skin}-${wrist}`, (id) => {
    const h = wrist * 1.3;
    const stops = [
      [0, darken(skin, 0.06)],
      [0.08, lighten(skin, 0.12)],
      [0.26, lighten(skin, 0.16)],
      [0.55, skin],
      [0.84, darken(skin, 0.22)],
      [0.95, darken(skin, 0.14)],
      [1, darken(skin, 0.2)],
    ] as const;
    return (
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="${n(-h)}" x2="0" y2="${n(h)}">` +
      stops.map(([at, c]) => `<stop offset="${at}" stop-color="${c}"/>`).join('') +
      '</linearGradient>'
    );
  });
}

/** A knitted sleeve: a loose tube around the forearm, ending in a ribbed cuff a little above the wrist. */
function sleeve(
  doc: SvgDoc,
  wrist: number,
  color: string,
  from: number,
  rng: Rng,
): { shadow: string; body: string } {
  const far = from + 900;
  const ease = 1.28;
  const at = (x: number) => {
    const w = halfWidth(x, wrist);
    return { top: -(w.top * ease + wrist * 0.05), bottom: w.bottom * ease + wrist * 0.05 };
  };
  // The cuff's rim is the near half of an ellipse, so it bows towards the hand in the middle.
  const rim: Pt[] = [];
  const start = at(from);
  for (let k = 0; k <= 10; k++) {
    const t = k / 10;
    const y = start.top + (start.bottom - start.top) * t;
    const bow = Math.sin(Math.PI * t) * wrist * 0.16;
    rim.push({ x: from - bow + (k > 0 && k < 10 ? rng.jitter(wrist * 0.015) : 0), y });
  }
  const lower: Pt[] = [];
  const upper: Pt[] = [];
  for (let x = from + 60; x <= far; x += 120) {
    lower.push({ x, y: at(x).bottom });
    upper.push({ x, y: at(x).top });
  }
  const outlinePts = [...rim, ...lower, ...upper.reverse()];
  const outline = smoothClosedPath(outlinePts);
  const id = doc.def(`sleeve-${color}-${wrist}`, (gid) => {
    const h = wrist * 1.5;
    return (
      `<linearGradient id="${gid}" gradientUnits="userSpaceOnUse" x1="0" y1="${n(-h)}" x2="0" y2="${n(h)}">` +
      `<stop offset="0" stop-color="${darken(color, 0.08)}"/><stop offset="0.15" stop-color="${lighten(color, 0.18)}"/>` +
      `<stop offset="0.5" stop-color="${color}"/><stop offset="0.9" stop-color="${darken(color, 0.28)}"/>` +
      `<stop offset="1" stop-color="${darken(color, 0.18)}"/></linearGradient>`
    );
  });
  const clip = doc.uid('c');
  doc.addDef(`<clipPath id="${clip}"><path d="${outline}"/></clipPath>`);
  // Rib knit on the cuff: alternating ridges across the arm, following the rim's bow.
  let ribs = '';
  for (let k = 0; k < 14; k++) {
    const dx = k * 15;
    const ridge = smoothOpenPath(rim.map((p) => ({ x: p.x + dx + 4, y: p.y })));
    ribs += `<path d="${ridge}" fill="none" stroke="${darken(color, 0.2)}" stroke-width="5" stroke-opacity="0.3"/>`;
  }
  const blur = blurFilter(doc, wrist * 0.06, 0.12);
  const rimShadow = smoothOpenPath(rim.map((p) => ({ x: p.x - wrist * 0.05, y: p.y })));
  return {
    shadow: `<path d="${outline}" transform="translate(${n(wrist * 0.06)} ${n(wrist * 0.16)})" fill="#2a1a10" opacity="0.3" filter="url(#${blur})"/>`,
    body:
      `<path d="${rimShadow}" fill="none" stroke="#2a1a10" stroke-opacity="0.32" stroke-width="${n(wrist * 0.12)}" filter="url(#${blur})"/>` +
      `<path d="${outline}" fill="url(#${id})"/><g clip-path="url(#${clip})">${ribs}</g>` +
      `<path d="${smoothOpenPath(rim)}" fill="none" stroke="${lighten(color, 0.3)}" stroke-opacity="0.6" stroke-width="3"/>`,
  };
}

export function drawWorn(doc: SvgDoc, o: WornOptions, rng: Rng): string {
  // Long enough to leave the frame at both ends at any rotation, short enough to keep the blur region small.
  const outline = armOutline(o.wrist, -960, 960);
  const armPath = smoothClosedPath(outline);
  const armClip = doc.uid('c');
  doc.addDef(`<clipPath id="${armClip}"><path d="${armPath}"/></clipPath>`);

  const projected = o.strands.map((s, i) => projectStrand(s, o.wrist, rng.fork(`strand-${i}`)));
  const all = projected.flatMap((list, i) => list.map((p) => ({ ...p, strand: o.strands[i] as Strand })));
  all.sort((a, b) => a.z - b.z);

  let back = '';
  let front = '';
  let onSkin = '';
  const beadRng = rng.fork('beads');
  all.forEach((item, i) => {
    const r = beadRng.fork(String(i));
    if (item.closure) {
      const c = item.strand.design;
      const drawn = drawClosure(doc, item.closure.p, {
        closure: c.closure,
        metal: c.metal,
        cord: c.cord,
        length: item.closure.length,
      });
      if (item.z < 0) back += drawn;
      else front += drawn;
      return;
    }
    if (!item.bead) return;
    if (item.z < 0) {
      back += drawBead(doc, item.bead, r, { dim: 0.22 + 0.22 * Math.min(1, -item.z * 2) });
    } else {
      front += drawBead(doc, item.bead, r);
      onSkin += drawBeadShadow(doc, { ...item.bead, x: item.bead.x - item.bead.r * 0.15 }, 0.8);
    }
  });

  // Soft contact shadow of the arm on the surface below it.
  // One blurred copy of the outline: a blur costs librsvg a few hundred ms, worth it for the largest shadow.
  const blur = blurFilter(doc, o.wrist * 0.09, 0.08);
  const drop = smoothClosedPath(
    outline.map((p) => ({ x: p.x + o.wrist * 0.05, y: p.y * 1.03 + o.wrist * 0.14 })),
  );
  const dropShadow = `<path d="${drop}" fill="#2a1a10" opacity="0.32" filter="url(#${blur})"/>`;
  const skin = skinFill(doc, o.skin, o.wrist);
  const sheen = doc.def(`skin-sheen-${o.wrist}`, (id) => {
    const h = o.wrist * 1.3;
    return (
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="${n(-h)}" x2="0" y2="${n(h)}">` +
      `<stop offset="0.12" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.24" stop-color="#fff4ea" stop-opacity="0.32"/>` +
      `<stop offset="0.34" stop-color="#ffffff" stop-opacity="0"/></linearGradient>`
    );
  });
  const arm = `<path d="${armPath}" fill="url(#${skin})"/><path d="${armPath}" fill="url(#${sheen})"/>`;
  const sleeveMarkup = o.sleeve
    ? sleeve(doc, o.wrist, o.sleeve.color, o.sleeve.from, rng.fork('sleeve'))
    : { shadow: '', body: '' };
  const skinShadows = `<g clip-path="url(#${armClip})" opacity="${n2(0.9)}">${onSkin}</g>`;
  return (
    `<g transform="translate(${n(o.cx)} ${n(o.cy)}) rotate(${n(o.rotate)})">` +
    `${dropShadow}${sleeveMarkup.shadow}${back}${arm}${skinShadows}${sleeveMarkup.body}${front}</g>`
  );
}

/** A background tint derived from a product colour: mostly warm neutral, a breath of the bracelet's colour. */
export function tintedBackdrop(color: string): string {
  return mix(color, '#efe6dc', 0.84);
}
