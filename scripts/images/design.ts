/**
 * Turns a catalogue product into a bead design: which material each palette colour is drawn as, the
 * repeating bead sequence, and how the bracelet closes. Only the product's own data is read, so every
 * picture matches the product page (a colour named in the palette is a bead in the picture).
 */
import { fullDescription } from '../../domain/catalogue/full-descriptions';
import type { Material, Product } from '../../domain/catalogue/types';
import type { BeadSpec, BeadStyle } from './beads';
import { chroma, deltaE, normaliseHex } from './color';

export type Closure = 'lobster' | 'toggle' | 'knot';

export interface BraceletDesign {
  /** One repeat of the pattern, in stringing order. */
  readonly sequence: readonly BeadSpec[];
  readonly closure: Closure;
  /** Colour of the clasp or knot bead; null for a bare knot. */
  readonly metal: string | null;
  readonly cord: string;
  /** The palette colour per material decided for each palette entry (tests and debugging). */
  readonly assignment: readonly { readonly color: string; readonly style: BeadStyle }[];
}

interface Look {
  readonly style: BeadStyle;
  /** Typical colours of the material; a palette colour close to one of them is drawn in it. */
  readonly refs?: readonly string[];
  /** Materials that come in any colour cost this much (CIE76 units) for every colour. */
  readonly anyColourCost?: number;
  /** Diameter relative to the main bead. */
  readonly size: number;
}

const LOOKS: Readonly<Record<Material, Look>> = {
  'Freshwater Pearl': { style: 'pearl', refs: ['#f3ece0', '#f3d9d6'], size: 0.8 },
  'Czech Glass': { style: 'glass', anyColourCost: 30, size: 0.9 },
  'Leopard Jasper': { style: 'jasper', refs: ['#c4a070'], size: 1 },
  "Tiger's Eye": { style: 'tigers-eye', refs: ['#a8732c'], size: 1 },
  'Rose Quartz': { style: 'rose-quartz', refs: ['#f0c4cc'], size: 1 },
  Garnet: { style: 'garnet', refs: ['#6e1020'], size: 0.86 },
  Carnelian: { style: 'carnelian', refs: ['#c8501e'], size: 0.96 },
  Howlite: { style: 'howlite', refs: ['#f3f1ec'], size: 1 },
  Agate: { style: 'agate', anyColourCost: 32, size: 1 },
  Hematite: { style: 'hematite', refs: ['#45464b', '#1c1a19'], size: 0.78 },
  'Seed Beads': { style: 'seed', anyColourCost: 40, size: 0.34 },
  Wood: { style: 'wood', refs: ['#9a6b43', '#5e3d22'], size: 1 },
  'Gold-Plated Brass': { style: 'gold', refs: ['#d4af37'], size: 0.72 },
};

/** Colours no listed material fits are drawn as a plain polished bead rather than a wrong-looking stone. */
const FALLBACK_COST = 48;
/** How much a design prefers to show every listed material at least once. */
const COVERAGE_BONUS = 22;
const DEFAULT_GOLD = '#d4af37';
const RONDELLE: Pick<BeadSpec, 'size' | 'length'> = { size: 0.6, length: 0.26 };

function cost(color: string, look: Look): number {
  if (look.anyColourCost !== undefined) return look.anyColourCost;
  const refs = look.refs ?? [];
  const best = Math.min(...refs.map((ref) => deltaE(color, ref)));
  // Metal is only metal when the colour really is gold.
  if (look.style === 'gold' && best > 20) return Number.POSITIVE_INFINITY;
  return best;
}

/** Chooses a material per palette colour: the closest overall, preferring to show every listed material. */
function assign(palette: readonly string[], materials: readonly Material[]): BeadStyle[] {
  const options: { style: BeadStyle; material: Material | null }[] = [
    ...materials.map((m) => ({ style: LOOKS[m].style, material: m })),
    { style: 'polished', material: null },
  ];
  const costs = palette.map((c) =>
    options.map((o) => (o.material === null ? FALLBACK_COST : cost(c, LOOKS[o.material]))),
  );
  // Palettes have at most a handful of colours and products a handful of materials: try every assignment.
  let best: number[] = [];
  let bestScore = Number.POSITIVE_INFINITY;
  const choice: number[] = [];
  const visit = (i: number) => {
    if (i === palette.length) {
      let score = 0;
      const covered = new Set<Material>();
      choice.forEach((o, k) => {
        score += costs[k]?.[o] ?? 0;
        const m = options[o]?.material;
        if (m && m !== 'Seed Beads' && m !== 'Gold-Plated Brass') covered.add(m);
      });
      score -= COVERAGE_BONUS * covered.size;
      if (score < bestScore) {
        bestScore = score;
        best = [...choice];
      }
      return;
    }
    for (let o = 0; o < options.length; o++) {
      if (!Number.isFinite(costs[i]?.[o] ?? Number.POSITIVE_INFINITY)) continue;
      choice.push(o);
      visit(i + 1);
      choice.pop();
    }
  };
  visit(0);
  return best.map((o) => options[o]?.style ?? 'polished');
}

function closureOf(product: Product): Closure {
  if (/toggle clasp/i.test(fullDescription(product))) return 'toggle';
  if (/lobster clasp/i.test(fullDescription(product))) return 'lobster';
  return 'knot';
}

export function designBracelet(product: Product): BraceletDesign {
  const palette = product.palette.map(normaliseHex);
  const styles = assign(palette, product.materials);
  const assignment = palette.map((color, i) => ({ color, style: styles[i] ?? 'polished' }));
  const sizeOf = (style: BeadStyle) =>
    Object.values(LOOKS).find((l) => l.style === style)?.size ?? (style === 'polished' ? 0.9 : 1);

  const hasSeeds = product.materials.includes('Seed Beads');
  const hasBrass = product.materials.includes('Gold-Plated Brass');
  const seedsInPalette = styles.includes('seed');
  const goldInPalette = styles.includes('gold');
  const gold = assignment.find((a) => a.style === 'gold')?.color ?? DEFAULT_GOLD;
  // Loose seed beads between the larger beads take the palette's most colourful tone as an accent.
  const accent = [...palette].sort((a, b) => chroma(b) - chroma(a))[0] ?? DEFAULT_GOLD;

  const sequence: BeadSpec[] = [];
  let mainCount = 0;
  for (const { color, style } of assignment) {
    if (style === 'seed') {
      for (let k = 0; k < 3; k++) sequence.push({ style, color, size: sizeOf('seed') });
      continue;
    }
    if (style === 'gold') {
      sequence.push({ style, color, ...RONDELLE });
      continue;
    }
    sequence.push({ style, color, size: sizeOf(style) });
    mainCount++;
    if (hasSeeds && !seedsInPalette) {
      for (let k = 0; k < 2; k++) sequence.push({ style: 'seed', color: accent, size: sizeOf('seed') });
    }
    if (hasBrass && !goldInPalette && mainCount % 2 === 0)
      sequence.push({ style: 'gold', color: gold, ...RONDELLE });
  }

  const closure = closureOf(product);
  const hematite = assignment.find((a) => a.style === 'hematite')?.color;
  const metal = hasBrass ? gold : closure !== 'knot' ? DEFAULT_GOLD : (hematite ?? null);
  const cord = closure === 'knot' ? '#e8e0d2' : '#b8b2a8';
  return { sequence, closure, metal, cord, assignment };
}
