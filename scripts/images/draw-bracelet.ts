/**
 * The shop's picture generator: pure functions from catalogue data to SVG text. Same input, same bytes:
 * all randomness comes from generators seeded by the product or image id.
 */
import { PRODUCTS } from '../../domain/catalogue/products';
import type { Category, Product } from '../../domain/catalogue/types';
import { IMAGE_KINDS } from '../../domain/media/images';
import { surface } from './backgrounds';
import { drawBead, drawBeadShadow, type PlacedBead } from './beads';
import { type DrawnBracelet, drawFlatBracelet } from './bracelet';
import { designBracelet } from './design';
import { createRng, type Rng } from './prng';
import { drawDish } from './props';
import { createDoc, type SvgDoc } from './svg';
import { drawWorn, SKIN_TONES, type Strand, tintedBackdrop } from './wrist';

/** Backdrops per category: all warm neutrals, so the grid reads as one shoot, each with its own hint of colour. */
const BACKDROPS: Readonly<Record<Category, string>> = {
  Burgundy: '#eadcd6',
  Leopardskin: '#e9dfd0',
  'Vibrant Colors': '#e6e3dc',
  'Warm Tones': '#ece1d2',
  'Soft Romance': '#efe3e0',
};

export function drawProductStudio(product: Product): string {
  const { width, height } = IMAGE_KINDS.product;
  const doc = createDoc(width, height);
  const rng = createRng(`studio/${product.id}`);
  const design = designBracelet(product);
  const bg = surface(doc, {
    base: BACKDROPS[product.category],
    light: { x: 0.28, y: 0.2 },
    texture: 'linen',
    textureStrength: 0.55,
    vignette: 0.22,
    seed: rng.int(1, 999),
  });
  const bracelet = drawFlatBracelet(
    doc,
    design,
    {
      cx: width / 2 + rng.jitter(10),
      cy: height / 2 + rng.jitter(10),
      radius: width * 0.31,
      squash: 0.95,
      closureAt: Math.PI * rng.range(0.15, 0.4),
      bead: width * 0.082,
    },
    rng.fork('bracelet'),
  );
  return doc.render(`${bg}${bracelet.shadow}${bracelet.body}`);
}

/**
 * The bracelets on the wrist in the worn view: the product's own bracelet and nothing else, so the second
 * picture shows the same piece as the studio view (a stacked companion strand read as part of the product:
 * a gold strand next to a bracelet that has none).
 */
export function wornStrands(product: Product, bead: number): Strand[] {
  return [{ design: designBracelet(product), x: -45, bead }];
}

export function drawProductSecondView(product: Product): string {
  const { width, height } = IMAGE_KINDS.product;
  const doc = createDoc(width, height);
  const rng = createRng(`worn/${product.id}`);
  const strands = wornStrands(product, 88);
  const first = strands[0]?.design.assignment[0]?.color ?? '#c8a165';
  const bg = surface(doc, {
    base: tintedBackdrop(first),
    light: { x: 0.75, y: 0.15 },
    texture: 'linen',
    textureStrength: 0.6,
    vignette: 0.3,
    seed: rng.int(1, 999),
  });
  const wrist = 185;
  const worn = drawWorn(
    doc,
    {
      cx: width * 0.5,
      cy: height * 0.54,
      rotate: -24 + rng.jitter(4),
      wrist,
      skin: rng.pick(SKIN_TONES),
      sleeve: { color: rng.pick(['#e9e0d2', '#d8c8b4', '#c9c2b8', '#efe9df']), from: 300 },
      strands,
    },
    rng.fork('worn'),
  );
  return doc.render(`${bg}${worn}`);
}

/** Picks catalogue products by id, in the given order, skipping ids the catalogue does not have. */
function pick(products: readonly Product[], ids: readonly string[], count: number): Product[] {
  const chosen = ids.flatMap((id) => products.filter((p) => p.id === id));
  for (const p of products) if (chosen.length < count && !chosen.includes(p)) chosen.push(p);
  return chosen.slice(0, count);
}

/** A few beads dropped around a composition, in the colours and materials of the bracelets shown. */
function looseBeads(
  doc: SvgDoc,
  rng: Rng,
  products: readonly Product[],
  spots: readonly { x: number; y: number }[],
  bead: number,
): DrawnBracelet {
  let shadow = '';
  let body = '';
  spots.forEach((spot, i) => {
    const product = products[i % products.length];
    if (!product) return;
    const seq = designBracelet(product).sequence.filter((b) => b.style !== 'seed');
    const spec = seq[rng.int(0, seq.length - 1)];
    if (!spec) return;
    const b: PlacedBead = {
      spec,
      x: spot.x,
      y: spot.y,
      r: (bead * spec.size) / 2,
      angle: rng.next() * Math.PI * 2,
    };
    shadow += drawBeadShadow(doc, b);
    body += drawBead(doc, b, rng.fork(`loose-${i}`));
  });
  return { shadow, body };
}

/** The main hero: a tidy stack of bracelets slid into a cascade on the right, calm lit linen on the left. */
export function drawHero(products: readonly Product[] = PRODUCTS): string {
  const { width, height } = IMAGE_KINDS.hero;
  const doc = createDoc(width, height);
  const rng = createRng('hero');
  const bg = surface(doc, {
    base: '#eadfd3',
    light: { x: 0.15, y: 0.25 },
    texture: 'linen',
    textureStrength: 1,
    vignette: 0.3,
    seed: 11,
  });
  // Burgundy, pearl and warm gold, as the hero's alt text promises.
  const chosen = pick(products, ['18', '22', '2', '27', '4'], 5);
  const dish = drawDish(
    doc,
    800,
    800,
    105,
    '#f3ede4',
    [
      { style: 'pearl', color: '#f6efe4', size: 1 },
      { style: 'pearl', color: '#f3d9d6', size: 0.9 },
      { style: 'gold', color: '#d4af37', size: 0.6 },
    ],
    34,
    rng.fork('dish'),
  );
  let out = '';
  chosen.forEach((product, i) => {
    const drawn = drawFlatBracelet(
      doc,
      designBracelet(product),
      {
        cx: 1010 + i * 66 + rng.jitter(8),
        cy: 290 + i * 60 + rng.jitter(8),
        radius: 200,
        squash: 0.94,
        closureAt: Math.PI * (0.15 + i * 0.35) + rng.jitter(0.2),
        bead: 52,
        shadow: i === 0 ? 1 : 0.8,
      },
      rng.fork(`bracelet-${i}`),
    );
    out += drawn.shadow + drawn.body;
  });
  const loose = looseBeads(
    doc,
    rng,
    chosen,
    [
      { x: 700, y: 660 },
      { x: 752, y: 640 },
      { x: 935, y: 700 },
      { x: 640, y: 900 },
    ],
    50,
  );
  return doc.render(`${bg}${dish.shadow}${dish.body}${loose.shadow}${loose.body}${out}`);
}

/** The second hero: a bracelet from each category laid out in a row on linen, in soft morning light. */
export function drawHeroAlt(products: readonly Product[] = PRODUCTS): string {
  const { width, height } = IMAGE_KINDS.hero;
  const doc = createDoc(width, height);
  const rng = createRng('hero-alt');
  const bg = surface(doc, {
    base: '#e7ddd0',
    light: { x: 0.5, y: 0.1 },
    texture: 'linen',
    textureStrength: 1.1,
    vignette: 0.25,
    seed: 23,
  });
  // One per category, in an order where neighbouring colours set each other off.
  const chosen = pick(products, ['1', '3', '9', '10', '2'], 5);
  const gap = width / (chosen.length + 0.3);
  let shadows = '';
  let bodies = '';
  chosen.forEach((product, i) => {
    const drawn = drawFlatBracelet(
      doc,
      designBracelet(product),
      {
        cx: gap * (i + 0.65),
        cy: height * 0.52 + (i % 2 === 0 ? -30 : 30) + rng.jitter(10),
        // Small enough that neighbours never touch: a row, not a chain.
        radius: 118,
        squash: 0.96,
        closureAt: Math.PI * (0.3 + rng.jitter(0.2)),
        bead: 33,
      },
      rng.fork(`bracelet-${i}`),
    );
    shadows += drawn.shadow;
    bodies += drawn.body;
  });
  // A diagonal shaft of morning light across the table.
  const light = doc.def('morning-light', (id) =>
    [
      `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0.6">`,
      '<stop offset="0.15" stop-color="#fff6e6" stop-opacity="0"/>',
      '<stop offset="0.35" stop-color="#fff6e6" stop-opacity="0.28"/>',
      '<stop offset="0.55" stop-color="#fff6e6" stop-opacity="0.05"/>',
      '<stop offset="0.7" stop-color="#fff6e6" stop-opacity="0.2"/>',
      '<stop offset="0.9" stop-color="#fff6e6" stop-opacity="0"/>',
      '</linearGradient>',
    ].join(''),
  );
  return doc.render(
    `${bg}${shadows}${bodies}<rect width="${width}" height="${height}" fill="url(#${light})"/>`,
  );
}

export { drawBroochCelestial, drawBroochFestive, drawBroochVelvetPearl, drawStory } from './draw-site';
