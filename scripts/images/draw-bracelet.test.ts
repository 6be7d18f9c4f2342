import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PRODUCTS } from '../../domain/catalogue/products';
import type { Product } from '../../domain/catalogue/types';
import { IMAGE_KINDS, SITE_IMAGES } from '../../domain/media/images';
import { listImageJobs, outputName, renderJob } from './build-images';
import { designBracelet } from './design';
import {
  drawBroochCelestial,
  drawBroochFestive,
  drawBroochVelvetPearl,
  drawHero,
  drawHeroAlt,
  drawProductSecondView,
  drawProductStudio,
  drawStory,
  wornStrands,
} from './draw-bracelet';

function product(id: string): Product {
  const found = PRODUCTS.find((p) => p.id === id);
  if (!found) throw new Error(`No product ${id} in the catalogue`);
  return found;
}

/** Checks the SVG is well-formed enough for librsvg: one root, balanced tags, declared size. */
function expectSvg(svg: string, width: number, height: number): void {
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(svg).toContain(`width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`);
  const stack: string[] = [];
  for (const match of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = match;
    if (!name) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name);
  }
  expect(stack).toEqual([]);
  expect(svg).not.toMatch(/NaN|undefined|Infinity/);
}

describe('product drawings', () => {
  const first = product('1');

  it('are deterministic: the same product gives byte-identical SVG', () => {
    expect(drawProductStudio(first)).toBe(drawProductStudio(first));
    expect(drawProductSecondView(first)).toBe(drawProductSecondView(first));
  });

  it('differ between products and between the two views', () => {
    const studios = new Set(PRODUCTS.map((p) => drawProductStudio(p)));
    expect(studios.size).toBe(PRODUCTS.length);
    expect(drawProductSecondView(first)).not.toBe(drawProductStudio(first));
    expect(drawProductSecondView(first)).not.toBe(drawProductSecondView(product('2')));
  });

  it('are well-formed SVG at the product size', () => {
    const { width, height } = IMAGE_KINDS.product;
    for (const p of PRODUCTS) {
      expectSvg(drawProductStudio(p), width, height);
      expectSvg(drawProductSecondView(p), width, height);
    }
  });

  it("show every colour of the product's palette", () => {
    for (const p of PRODUCTS) {
      const studio = drawProductStudio(p).toLowerCase();
      const worn = drawProductSecondView(p).toLowerCase();
      for (const colour of p.palette) {
        expect(studio, `product ${p.id} studio view`).toContain(colour.toLowerCase());
        expect(worn, `product ${p.id} worn view`).toContain(colour.toLowerCase());
      }
    }
  });
});

describe('the worn view', () => {
  it('shows the same bracelet as the studio view, alone on the wrist, for every product', () => {
    for (const p of PRODUCTS) {
      const strands = wornStrands(p, 88);
      expect(strands, `product ${p.id}`).toHaveLength(1);
      expect(strands[0]?.design, `product ${p.id}`).toEqual(designBracelet(p));
    }
  });

  it("of product 2 draws no bead colour the product's studio view does not have", () => {
    // Product 2 (garnet, claret glass, brass) once wore a second, all-gold strand of #d9b44a beads.
    const p = product('2');
    const studio = drawProductStudio(p).toLowerCase();
    const worn = drawProductSecondView(p).toLowerCase();
    expect(studio).not.toContain('#d9b44a');
    expect(worn).not.toContain('#d9b44a');
  });
});

describe('site drawings', () => {
  it('are deterministic, well-formed and sized for their kind', () => {
    const drawings = [
      [drawHero, 'hero'],
      [drawHeroAlt, 'hero'],
      [drawStory, 'feature'],
      [drawBroochVelvetPearl, 'feature'],
      [drawBroochFestive, 'feature'],
      [drawBroochCelestial, 'feature'],
    ] as const;
    const seen = new Set<string>();
    for (const [draw, kind] of drawings) {
      const svg = draw();
      expect(draw()).toBe(svg);
      expectSvg(svg, IMAGE_KINDS[kind].width, IMAGE_KINDS[kind].height);
      seen.add(svg);
    }
    expect(seen.size).toBe(drawings.length);
  });
});

describe('listImageJobs', () => {
  const jobs = listImageJobs();

  it('covers every product image and every site image exactly once', () => {
    const ids = jobs.map((j) => j.id);
    const expected = [...PRODUCTS.flatMap((p) => p.images), ...Object.values(SITE_IMAGES).map((s) => s.id)];
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...expected].sort());
  });

  it('gives each image the kind the front end expects', () => {
    const kinds = new Map(jobs.map((j) => [j.id, j.kind]));
    for (const p of PRODUCTS) for (const id of p.images) expect(kinds.get(id)).toBe('product');
    for (const s of Object.values(SITE_IMAGES)) expect(kinds.get(s.id)).toBe(s.kind);
  });

  it('prefers an owner photo in the source folder over the generator, whatever the extension case', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'solas-source-'));
    try {
      await writeFile(path.join(folder, 'product-3-1.JPG'), 'not read here');
      await writeFile(path.join(folder, 'README.md'), 'ignored');
      const listed = listImageJobs({ sourceDir: folder });
      const photo = listed.find((j) => j.id === 'product-3-1');
      expect(photo?.source).toEqual({ type: 'photo', path: path.join(folder, 'product-3-1.JPG') });
      expect(listed.filter((j) => j.source.type === 'photo')).toHaveLength(1);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('renderJob', () => {
  it('renders product-1-1 through sharp at the requested width and the kind aspect', async () => {
    const job = listImageJobs({ sourceDir: path.join(tmpdir(), 'solas-no-photos') }).find(
      (j) => j.id === 'product-1-1',
    );
    if (!job) throw new Error('product-1-1 is not listed');
    const outDir = await mkdtemp(path.join(tmpdir(), 'solas-img-'));
    try {
      const result = await renderJob(job, { outDir, widths: [320], formats: ['webp', 'avif'] });
      expect(result.warnings).toEqual([]);
      expect(result.files.map((f) => path.basename(f.file))).toEqual([
        outputName('product-1-1', 320, 'webp'),
        outputName('product-1-1', 320, 'avif'),
      ]);
      for (const f of result.files) {
        const meta = await sharp(f.file).metadata();
        expect([meta.width, meta.height]).toEqual([320, 320]);
        expect(f.bytes).toBeGreaterThan(500);
      }
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('crops a photo to the kind aspect, follows EXIF rotation and flags upscaling', async () => {
    const outDir = await mkdtemp(path.join(tmpdir(), 'solas-img-'));
    try {
      // A 400x200 landscape photo stored with EXIF orientation 6 (display rotated: 200x400 portrait).
      const photo = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#b04050' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
      const file = path.join(outDir, 'hero.jpg');
      await writeFile(file, photo);
      const job = { id: 'hero', kind: 'hero' as const, source: { type: 'photo' as const, path: file } };
      const result = await renderJob(job, { outDir, widths: [480], formats: ['webp'] });
      const meta = await sharp(result.files[0]?.file ?? '').metadata();
      expect([meta.width, meta.height]).toEqual([480, 300]);
      // The portrait photo is only 200 px wide once rotated, so 480w had to be upscaled.
      expect(result.warnings.join('\n')).toMatch(/200x400.*upscaled/);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }, 60_000);
});
