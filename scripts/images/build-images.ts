/**
 * Image pipeline: `npm run build:images`.
 *
 * Every image id the shop uses (two per product, plus SITE_IMAGES) is taken from the owner's photo in
 * images/source/{id}.{jpg,jpeg,png,webp,avif} when there is one, otherwise drawn by the generator. Both go
 * through the same steps: EXIF rotation, crop to the kind's aspect ratio, then AVIF and WebP at every
 * width of the kind, into web/public/img/{id}-{w}.{avif|webp} (see domain/media/images.ts for the contract).
 *
 * The build is incremental: a key per id (hash of the SVG text or the photo's bytes, plus every setting
 * that affects the output) is kept in web/public/img/.cache.json, and ids whose key and files are
 * unchanged are skipped. The renditions and that file are kept in the repository (about 5 MB): a fresh
 * clone's build then encodes nothing (on two cores the encoding took about 50 s of the build), and a change
 * to a drawing or a setting re-encodes only what it changed, to be committed with it.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { PRODUCTS } from '../../domain/catalogue/products';
import type { Product } from '../../domain/catalogue/types';
import {
  IMAGE_ENCODING,
  IMAGE_FORMATS,
  IMAGE_KINDS,
  type ImageFormat,
  type ImageKind,
  SITE_IMAGES,
} from '../../domain/media/images';
import {
  drawBroochCelestial,
  drawBroochFestive,
  drawBroochVelvetPearl,
  drawHero,
  drawHeroAlt,
  drawProductSecondView,
  drawProductStudio,
  drawStory,
} from './draw-bracelet';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SOURCE_DIR = path.join(ROOT, 'images', 'source');
export const OUTPUT_DIR = path.join(ROOT, 'web', 'public', 'img');
const CACHE_FILE = '.cache.json';

/** Photo formats the owner may drop in images/source, in order of preference when one id has several. */
export const SOURCE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'avif'] as const;

/** The encoder settings the pages' images share with the owner's photos (domain/media/images.ts). */
export const ENCODE = IMAGE_ENCODING;

/** Bump when processing changes in a way the settings above do not show, to invalidate every cache key. */
const PIPELINE_VERSION = 1;

/** Soft size budgets (bytes) for the renditions the pages load first; exceeding one prints a warning. */
const BUDGETS: Partial<Record<ImageKind, Readonly<Record<number, number>>>> = {
  product: { 480: 25_000 },
  hero: { 800: 60_000 },
};

/** Conversions in flight at once: the build machine and CI runners have two cores. */
const CONCURRENCY = 2;

export type ImageSource =
  | { readonly type: 'photo'; readonly path: string }
  | { readonly type: 'generated'; readonly render: () => string };

export interface ImageJob {
  readonly id: string;
  readonly kind: ImageKind;
  readonly source: ImageSource;
}

/** Which generator draws each site image; a new SITE_IMAGES entry without one fails the type check. */
const SITE_RENDERERS: Readonly<Record<keyof typeof SITE_IMAGES, () => string>> = {
  hero: () => drawHero(),
  heroAlt: () => drawHeroAlt(),
  story: drawStory,
  broochVelvet: drawBroochVelvetPearl,
  broochFestive: drawBroochFestive,
  broochCelestial: drawBroochCelestial,
};

/** Photos in the source folder by id (lower-case), preferring extensions in SOURCE_EXTENSIONS order. */
function findPhotos(sourceDir: string): Map<string, string> {
  let names: string[];
  try {
    names = readdirSync(sourceDir);
  } catch {
    return new Map();
  }
  const photos = new Map<string, string>();
  for (const ext of SOURCE_EXTENSIONS) {
    for (const name of [...names].sort()) {
      const dot = name.lastIndexOf('.');
      if (dot <= 0 || name.slice(dot + 1).toLowerCase() !== ext) continue;
      const id = name.slice(0, dot).toLowerCase();
      if (!photos.has(id)) photos.set(id, path.join(sourceDir, name));
    }
  }
  return photos;
}

export interface ListOptions {
  readonly products?: readonly Product[];
  readonly sourceDir?: string;
}

/**
 * Every image the shop needs, exactly once: each product's images (the first is the studio view, the
 * rest the worn view) and every SITE_IMAGES entry.
 */
export function listImageJobs(options: ListOptions = {}): ImageJob[] {
  const products = options.products ?? PRODUCTS;
  const photos = findPhotos(options.sourceDir ?? SOURCE_DIR);
  const jobs = new Map<string, ImageJob>();
  const add = (id: string, kind: ImageKind, render: () => string) => {
    const existing = jobs.get(id);
    if (existing) {
      if (existing.kind !== kind)
        throw new Error(`Image id ${id} is used as both ${existing.kind} and ${kind}`);
      return;
    }
    const photo = photos.get(id.toLowerCase());
    jobs.set(id, {
      id,
      kind,
      source: photo ? { type: 'photo', path: photo } : { type: 'generated', render },
    });
  };
  for (const product of products) {
    product.images.forEach((id, index) => {
      add(
        id,
        'product',
        index === 0 ? () => drawProductStudio(product) : () => drawProductSecondView(product),
      );
    });
  }
  for (const [key, ref] of Object.entries(SITE_IMAGES) as [
    keyof typeof SITE_IMAGES,
    (typeof SITE_IMAGES)[keyof typeof SITE_IMAGES],
  ][]) {
    add(ref.id, ref.kind, SITE_RENDERERS[key]);
  }
  return [...jobs.values()];
}

/** Photos in the source folder that match no image id: probably a typo the owner would want to know about. */
export function unmatchedPhotos(jobs: readonly ImageJob[], sourceDir = SOURCE_DIR): string[] {
  const ids = new Set(jobs.map((j) => j.id.toLowerCase()));
  let names: string[];
  try {
    names = readdirSync(sourceDir);
  } catch {
    return [];
  }
  return names.filter((name) => {
    const dot = name.lastIndexOf('.');
    const ext = name.slice(dot + 1).toLowerCase();
    if (dot <= 0 || !(SOURCE_EXTENSIONS as readonly string[]).includes(ext)) return false;
    return !ids.has(name.slice(0, dot).toLowerCase());
  });
}

export function outputHeight(kind: ImageKind, width: number): number {
  const spec = IMAGE_KINDS[kind];
  return Math.round((width * spec.height) / spec.width);
}

export function outputName(id: string, width: number, format: ImageFormat): string {
  return `${id}-${width}.${format}`;
}

export interface RenderOptions {
  readonly outDir: string;
  readonly widths?: readonly number[];
  readonly formats?: readonly ImageFormat[];
}

export interface RenderedFile {
  readonly file: string;
  readonly width: number;
  readonly height: number;
  readonly format: ImageFormat;
  readonly bytes: number;
}

export interface RenderResult {
  readonly files: readonly RenderedFile[];
  readonly warnings: readonly string[];
}

async function loadInput(job: ImageJob): Promise<Buffer> {
  return job.source.type === 'photo' ? readFile(job.source.path) : Buffer.from(job.source.render(), 'utf8');
}

/** Writes through a temporary file, so an interrupted build never leaves a half-written image behind. */
async function writeAtomic(file: string, data: Buffer): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

/**
 * Renders one image: orient, crop to the kind's aspect at source resolution (capped at the kind's largest
 * size), then encode every width. Widths beyond the source are still written, so every URL the pages
 * reference exists, but they are upscaled and reported.
 */
export async function renderJob(
  job: ImageJob,
  options: RenderOptions,
  input?: Buffer,
): Promise<RenderResult> {
  const spec = IMAGE_KINDS[job.kind];
  const widths = options.widths ?? spec.widths;
  const formats = options.formats ?? IMAGE_FORMATS;
  const data = input ?? (await loadInput(job));
  const warnings: string[] = [];

  const meta = await sharp(data).metadata();
  const srcW = meta.autoOrient?.width ?? meta.width;
  const srcH = meta.autoOrient?.height ?? meta.height;
  if (!srcW || !srcH) throw new Error(`${job.id}: cannot read image dimensions`);
  const aspect = spec.width / spec.height;
  const cropW = srcW / srcH > aspect ? Math.round(srcH * aspect) : srcW;
  const masterW = Math.min(cropW, spec.width);
  const masterH = Math.round(masterW / aspect);
  // Photos: let libvips find the interesting part (the bracelet) when cropping; drawings are already framed.
  const position = job.source.type === 'photo' ? sharp.strategy.attention : 'centre';
  const master = await sharp(data, { autoOrient: true })
    .resize(masterW, masterH, { fit: 'cover', position })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: master.info.width, height: master.info.height, channels: master.info.channels };

  const files: RenderedFile[] = [];
  for (const width of widths) {
    const height = outputHeight(job.kind, width);
    if (width > masterW) {
      warnings.push(`${job.id}: source is ${srcW}x${srcH}, ${width}w is upscaled from ${masterW}w`);
    }
    const resized = sharp(master.data, { raw }).resize(width, height, { fit: 'cover' });
    for (const format of formats) {
      const encoded =
        format === 'avif'
          ? await resized.clone().avif(ENCODE.avif).toBuffer()
          : await resized.clone().webp(ENCODE.webp).toBuffer();
      const file = path.join(options.outDir, outputName(job.id, width, format));
      await writeAtomic(file, encoded);
      files.push({ file, width, height, format, bytes: encoded.length });
    }
  }
  return { files, warnings };
}

interface CacheEntry {
  readonly key: string;
  readonly files: readonly string[];
  readonly bytes: number;
}

interface CacheFile {
  readonly version: number;
  readonly images: Record<string, CacheEntry>;
}

async function readCache(outDir: string): Promise<Record<string, CacheEntry>> {
  try {
    const parsed = JSON.parse(await readFile(path.join(outDir, CACHE_FILE), 'utf8')) as Partial<CacheFile>;
    return parsed.version === PIPELINE_VERSION && parsed.images ? { ...parsed.images } : {};
  } catch {
    return {};
  }
}

function cacheKey(job: ImageJob, input: Buffer): string {
  const hash = createHash('sha256');
  hash.update(
    JSON.stringify({
      v: PIPELINE_VERSION,
      // librsvg, libaom and libwebp versions all change the bytes written.
      versions: sharp.versions,
      encode: ENCODE,
      kind: IMAGE_KINDS[job.kind],
      formats: IMAGE_FORMATS,
      source: job.source.type,
    }),
  );
  hash.update(input);
  return hash.digest('hex').slice(0, 32);
}

async function allExist(outDir: string, files: readonly string[]): Promise<boolean> {
  for (const f of files) {
    try {
      await stat(path.join(outDir, f));
    } catch {
      return false;
    }
  }
  return true;
}

/** Runs tasks with at most `limit` in flight, keeping results in input order. */
async function pool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

export interface BuildOptions {
  readonly outDir?: string;
  readonly sourceDir?: string;
  readonly force?: boolean;
  readonly log?: (line: string) => void;
  readonly warn?: (line: string) => void;
}

export interface BuildSummary {
  readonly written: number;
  readonly skipped: number;
  readonly files: number;
  readonly totalBytes: number;
  readonly ms: number;
}

export async function buildImages(options: BuildOptions = {}): Promise<BuildSummary> {
  const started = performance.now();
  const outDir = options.outDir ?? OUTPUT_DIR;
  const sourceDir = options.sourceDir ?? SOURCE_DIR;
  const log = options.log ?? ((line: string) => console.log(line));
  const warn = options.warn ?? ((line: string) => console.warn(`warning: ${line}`));
  await mkdir(outDir, { recursive: true });
  // libvips threads per conversion; with CONCURRENCY conversions this keeps the build to two cores.
  sharp.concurrency(1);

  const jobs = listImageJobs({ sourceDir });
  for (const name of unmatchedPhotos(jobs, sourceDir)) {
    warn(`images/source/${name} matches no image id and is ignored (see images/source/README.md)`);
  }
  const cache = await readCache(outDir);
  const next: Record<string, CacheEntry> = {};

  // Remove the outputs of ids that no longer exist (a product taken out of the catalogue).
  const ids = new Set(jobs.map((j) => j.id));
  for (const [id, entry] of Object.entries(cache)) {
    if (ids.has(id)) continue;
    await Promise.all(entry.files.map((f) => rm(path.join(outDir, f), { force: true })));
    log(`removed ${id} (no longer in the catalogue)`);
  }

  let written = 0;
  let skipped = 0;
  try {
    await pool(jobs, CONCURRENCY, async (job) => {
      const input = await loadInput(job);
      const key = cacheKey(job, input);
      const previous = cache[job.id];
      if (!options.force && previous?.key === key && (await allExist(outDir, previous.files))) {
        next[job.id] = previous;
        skipped++;
        return;
      }
      const t = performance.now();
      const result = await renderJob(job, { outDir }, input);
      for (const w of result.warnings) warn(w);
      const bytes = result.files.reduce((sum, f) => sum + f.bytes, 0);
      next[job.id] = { key, files: result.files.map((f) => path.basename(f.file)), bytes };
      written++;
      for (const f of result.files) {
        const budget = f.format === 'avif' ? BUDGETS[job.kind]?.[f.width] : undefined;
        if (budget && f.bytes > budget)
          warn(`${path.basename(f.file)} is ${kb(f.bytes)}, over its ${kb(budget)} budget`);
      }
      const avif = result.files
        .filter((f) => f.format === 'avif')
        .map((f) => `${f.width}w ${kb(f.bytes)}`)
        .join(', ');
      const source = job.source.type === 'photo' ? path.basename(job.source.path) : 'generated';
      log(
        `${job.id} (${source}): avif ${avif}; all ${kb(bytes)} in ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
    });
  } finally {
    // Record what was finished even if a later image failed, so the next run resumes instead of restarting.
    const keep = Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
    const file: CacheFile = { version: PIPELINE_VERSION, images: keep };
    await writeAtomic(path.join(outDir, CACHE_FILE), Buffer.from(`${JSON.stringify(file, null, 2)}\n`));
  }

  const entries = Object.values(next);
  const summary: BuildSummary = {
    written,
    skipped,
    files: entries.reduce((sum, e) => sum + e.files.length, 0),
    totalBytes: entries.reduce((sum, e) => sum + e.bytes, 0),
    ms: performance.now() - started,
  };
  log(
    `Images: ${summary.written} written, ${summary.skipped} up to date (${summary.files} files, ` +
      `${(summary.totalBytes / 1024 / 1024).toFixed(2)} MB) in ${(summary.ms / 1000).toFixed(1)} s`,
  );
  return summary;
}

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  buildImages({ force: process.argv.includes('--force') }).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
