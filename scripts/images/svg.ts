/**
 * A minimal SVG document builder. Definitions (gradients, clip paths, filters) are keyed so that every
 * bead of the same colour and material shares one gradient, which keeps the SVG small and quick for
 * librsvg to render; ids are handed out in call order, so output stays deterministic.
 */

/** One decimal is plenty at these sizes and keeps the SVG text short and stable. */
export function n(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** Two decimals, for gradient offsets, opacities and small relative numbers. */
export function n2(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

export function deg(radians: number): number {
  return (radians * 180) / Math.PI;
}

export interface Pt {
  readonly x: number;
  readonly y: number;
}

export interface SvgDoc {
  readonly width: number;
  readonly height: number;
  /** Adds a definition once per key and returns its id. */
  def(key: string, build: (id: string) => string): string;
  /** A fresh id for one-off definitions (clip paths of single beads). */
  uid(prefix: string): string;
  /** Adds a one-off definition. */
  addDef(markup: string): void;
  render(body: string): string;
}

export function createDoc(width: number, height: number): SvgDoc {
  const keyed = new Map<string, string>();
  const defs: string[] = [];
  let counter = 0;
  const uid = (prefix: string) => `${prefix}${(counter++).toString(36)}`;
  return {
    width,
    height,
    def(key, build) {
      const existing = keyed.get(key);
      if (existing) return existing;
      const id = uid('d');
      keyed.set(key, id);
      defs.push(build(id));
      return id;
    },
    uid,
    addDef(markup) {
      defs.push(markup);
    },
    render(body) {
      return (
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
        `viewBox="0 0 ${width} ${height}">` +
        `<defs>${defs.join('')}</defs>${body}</svg>`
      );
    },
  };
}

export interface Stop {
  readonly at: number;
  readonly color: string;
  readonly opacity?: number;
}

function stops(list: readonly Stop[]): string {
  return list
    .map(
      (s) =>
        `<stop offset="${n2(s.at)}" stop-color="${s.color}"` +
        `${s.opacity === undefined ? '' : ` stop-opacity="${n2(s.opacity)}"`}/>`,
    )
    .join('');
}

export interface RadialOptions {
  readonly cx?: number;
  readonly cy?: number;
  readonly r?: number;
  readonly fx?: number;
  readonly fy?: number;
}

/** A radial gradient in the shape's bounding box (0..1), shared by every shape of that look. */
export function radial(doc: SvgDoc, key: string, list: readonly Stop[], o: RadialOptions = {}): string {
  return doc.def(`rg:${key}`, (id) => {
    const { cx = 0.5, cy = 0.5, r = 0.5 } = o;
    const focus = o.fx === undefined ? '' : ` fx="${n2(o.fx)}" fy="${n2(o.fy ?? cy)}"`;
    return `<radialGradient id="${id}" cx="${n2(cx)}" cy="${n2(cy)}" r="${n2(r)}"${focus}>${stops(list)}</radialGradient>`;
  });
}

/** A linear gradient in the shape's bounding box, from (x1, y1) to (x2, y2). */
export function linear(
  doc: SvgDoc,
  key: string,
  list: readonly Stop[],
  [x1, y1, x2, y2]: readonly [number, number, number, number] = [0, 0, 0, 1],
): string {
  return doc.def(`lg:${key}`, (id) => {
    return `<linearGradient id="${id}" x1="${n2(x1)}" y1="${n2(y1)}" x2="${n2(x2)}" y2="${n2(y2)}">${stops(list)}</linearGradient>`;
  });
}

/** A smooth closed curve through the points (Catmull-Rom converted to cubic Béziers). */
export function smoothClosedPath(points: readonly Pt[]): string {
  const count = points.length;
  const at = (i: number): Pt => {
    const p = points[((i % count) + count) % count];
    if (!p) throw new RangeError('smoothClosedPath needs points');
    return p;
  };
  let d = `M${n(at(0).x)} ${n(at(0).y)}`;
  for (let i = 0; i < count; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 };
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 };
    d += `C${n(c1.x)} ${n(c1.y)} ${n(c2.x)} ${n(c2.y)} ${n(p2.x)} ${n(p2.y)}`;
  }
  return `${d}Z`;
}

/** A smooth open curve through the points. */
export function smoothOpenPath(points: readonly Pt[]): string {
  const first = points[0];
  if (!first) return '';
  const at = (i: number): Pt => points[Math.min(points.length - 1, Math.max(0, i))] ?? first;
  let d = `M${n(first.x)} ${n(first.y)}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 };
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 };
    d += `C${n(c1.x)} ${n(c1.y)} ${n(c2.x)} ${n(c2.y)} ${n(p2.x)} ${n(p2.y)}`;
  }
  return d;
}

/** An irregular round blob: radius r, each of `count` points jittered by up to `wobble` (relative). */
export function blobPoints(
  cx: number,
  cy: number,
  r: number,
  count: number,
  wobble: number,
  random: () => number,
  stretch = 1,
  rotation = 0,
): Pt[] {
  const points: Pt[] = [];
  const cos = Math.cos(rotation);
  const sin = Math.sin(rotation);
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2;
    const rr = r * (1 + (random() * 2 - 1) * wobble);
    const lx = Math.cos(a) * rr * stretch;
    const ly = Math.sin(a) * rr;
    points.push({ x: cx + lx * cos - ly * sin, y: cy + lx * sin + ly * cos });
  }
  return points;
}
