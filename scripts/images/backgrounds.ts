/**
 * Soft photographic backdrops: a base gradient, a pool of window light, a faint linen weave and a
 * vignette. Texture contrast is kept low on
 * purpose: fine noise is what AVIF and WebP spend most bytes on.
 */
import { darken, lighten } from './color';
import { createRng } from './prng';
import { n, n2, radial, type SvgDoc } from './svg';

export type Texture = 'linen' | 'none';

export interface SurfaceOptions {
  readonly base: string;
  /** Centre of the light pool, as fractions of the picture. */
  readonly light?: { readonly x: number; readonly y: number };
  readonly texture?: Texture;
  /** 0..1: how strong the texture is. */
  readonly textureStrength?: number;
  /** 0..1: darkening towards the corners. */
  readonly vignette?: number;
  readonly seed?: number;
}

/**
 * Woven linen as individual threads: thin lines of slightly varying tone in both directions. Threads are
 * grouped into a few tone buckets, each one path with many sub-paths, because librsvg's cost is per
 * drawn element far more than per line; a full-frame turbulence filter would take seconds.
 */
function linenThreads(doc: SvgDoc, seed: number, strength: number): string {
  const { width: w, height: h } = doc;
  const rng = createRng(`linen/${seed}`);
  const pitch = Math.max(w, h) / 300;
  const tones = ['#4a3624', '#ffffff'] as const;
  const levels = [0.015, 0.03, 0.05];
  const buckets = new Map<string, string>();
  const add = (tone: number, level: number, d: string) => {
    const key = `${tone}:${level}`;
    buckets.set(key, (buckets.get(key) ?? '') + d);
  };
  // Each thread is split into a few runs of different tone, so the weave never lines up into a grid.
  const threads = (count: number, span: number, run: (pos: number, from: number, to: number) => string) => {
    for (let i = 0; i < count; i++) {
      const pos = (i + rng.range(0.2, 0.8)) * pitch;
      let from = 0;
      while (from < span) {
        const to = Math.min(span, from + rng.range(span * 0.15, span * 0.6));
        add(rng.chance(0.6) ? 0 : 1, rng.int(0, levels.length - 1), run(pos, from, to));
        from = to;
      }
    }
  };
  threads(Math.ceil(h / pitch), w, (y, a, b) => `M${n(a)} ${n(y)}H${n(b)}`);
  threads(Math.ceil(w / pitch), h, (x, a, b) => `M${n(x)} ${n(a)}V${n(b)}`);
  let out = '';
  for (const [key, d] of [...buckets.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const [tone, level] = key.split(':').map(Number);
    const opacity = (levels[level ?? 0] ?? 0.03) * strength;
    out += `<path d="${d}" stroke="${tones[tone ?? 0]}" stroke-opacity="${n2(opacity)}" stroke-width="1.1"/>`;
  }
  return out;
}

export function surface(doc: SvgDoc, o: SurfaceOptions): string {
  const { width: w, height: h } = doc;
  const light = o.light ?? { x: 0.3, y: 0.25 };
  const base = o.base;
  const fill = radial(
    doc,
    `surface-${base}-${light.x}-${light.y}`,
    [
      { at: 0, color: lighten(base, 0.35) },
      { at: 0.45, color: lighten(base, 0.12) },
      { at: 1, color: darken(base, 0.06) },
    ],
    { cx: light.x, cy: light.y, r: 1.1 },
  );
  let out = `<rect width="${w}" height="${h}" fill="url(#${fill})"/>`;
  if ((o.texture ?? 'linen') === 'linen') {
    out += linenThreads(doc, o.seed ?? 7, o.textureStrength ?? 1);
  }
  const vignette = o.vignette ?? 0.25;
  if (vignette > 0) {
    const v = radial(
      doc,
      `vignette-${vignette}`,
      [
        { at: 0, color: '#2b1a10', opacity: 0 },
        { at: 0.6, color: '#2b1a10', opacity: 0 },
        { at: 1, color: '#2b1a10', opacity: vignette },
      ],
      { r: 0.75 },
    );
    out += `<rect width="${w}" height="${h}" fill="url(#${v})"/>`;
  }
  return out;
}

/**
 * A Gaussian blur for soft shadows. The filter region must leave room for the blur (and for stroke width,
 * which librsvg's bounding box leaves out) or the shadow shows a hard edge; but librsvg pays for every
 * pixel of the region, so large shapes get a thin margin.
 */
export function blurFilter(doc: SvgDoc, deviation: number, margin = 0.5): string {
  const pct = Math.round(margin * 100);
  return doc.def(
    `blur-${n(deviation)}-${pct}`,
    (id) =>
      `<filter id="${id}" x="-${pct}%" y="-${pct}%" width="${100 + 2 * pct}%" height="${100 + 2 * pct}%">` +
      `<feGaussianBlur stdDeviation="${n(deviation)}"/></filter>`,
  );
}
