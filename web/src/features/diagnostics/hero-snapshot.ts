/**
 * DOM/style snapshot of a page's hero section, for support tickets ("the hero looks wrong on my phone").
 * Pure DOM reading: works on any Document/Window pair, e.g. the home page loaded in a hidden same-origin
 * frame (see docs/decisions/0005-internal-tools.md).
 */
import type { FlagName } from '../../../../domain/config';
import { type FlagSource, getFlagStates } from '../flags';

/** The home hero carries data-hero (its value names the design); the rest are fallbacks. */
export const HERO_SELECTORS = [
  '[data-hero]',
  '#hero',
  '[data-testid="hero"]',
  'section[aria-label*="hero" i]',
] as const;

export const HERO_NOT_FOUND = 'Hero section not found on this page';

export class HeroNotFoundError extends Error {
  override name = 'HeroNotFoundError';
  constructor() {
    super(HERO_NOT_FOUND);
  }
}

const ROOT_STYLES = [
  'display',
  'position',
  'box-sizing',
  'width',
  'height',
  'min-height',
  'max-width',
  'margin',
  'padding',
  'overflow',
  'color',
  'background-color',
  'background-image',
  'background-size',
  'background-position',
  'font-family',
  'font-size',
  'line-height',
  'text-align',
  'z-index',
  'opacity',
  'visibility',
  'transform',
  'aspect-ratio',
] as const;

const ELEMENT_STYLES = [
  'display',
  'position',
  'width',
  'height',
  'margin',
  'padding',
  'color',
  'background-color',
  'background-image',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'text-align',
  'object-fit',
  'object-position',
  'opacity',
  'visibility',
  'z-index',
] as const;

/** Values that say nothing in a report; dropping them keeps the JSON readable. */
const UNINTERESTING = new Set(['none', 'normal', 'auto', 'static', 'visible', '0px', 'rgba(0, 0, 0, 0)', '']);

export const MAX_ELEMENTS = 80;
const MAX_TEXT = 80;

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface ElementInfo {
  readonly path: string;
  readonly tag: string;
  readonly id?: string;
  readonly classes?: string;
  readonly role?: string;
  readonly text?: string;
  readonly rect: Rect;
  readonly styles: Readonly<Record<string, string>>;
}

export interface ImageInfo {
  readonly src: string;
  readonly currentSrc: string;
  readonly alt: string;
  readonly widthAttr: string | null;
  readonly heightAttr: string | null;
  readonly naturalWidth: number;
  readonly naturalHeight: number;
  readonly renderedWidth: number;
  readonly renderedHeight: number;
  readonly loading: string | null;
  readonly decoding: string | null;
  readonly fetchPriority: string | null;
  readonly complete: boolean;
  readonly sizes: string | null;
  readonly srcset: string | null;
  readonly sources: readonly {
    readonly type: string | null;
    readonly srcset: string | null;
    readonly sizes: string | null;
  }[];
}

export interface HeroSnapshot {
  readonly tool: 'solas-diagnostics';
  readonly version: 1;
  readonly capturedAt: string;
  readonly page: { readonly url: string; readonly title: string };
  readonly viewport: { readonly width: number; readonly height: number; readonly devicePixelRatio: number };
  readonly userAgent: string;
  readonly flags: Readonly<Record<FlagName, { readonly value: boolean; readonly source: FlagSource }>>;
  readonly hero: {
    readonly selector: string;
    readonly variant: string | null;
    readonly rect: Rect;
    /** Share of the hero inside the viewport at capture time, 0..1. */
    readonly visibleShare: number;
    readonly styles: Readonly<Record<string, string>>;
    readonly elementCount: number;
    readonly elements: readonly ElementInfo[];
    readonly images: readonly ImageInfo[];
    readonly backgroundImages: readonly string[];
  };
}

function rectOf(el: Element): Rect {
  const r = el.getBoundingClientRect();
  const round = (n: number) => Math.round(n * 10) / 10;
  return { x: round(r.x), y: round(r.y), width: round(r.width), height: round(r.height) };
}

function stylesOf(
  win: Window,
  el: Element,
  names: readonly string[],
  keepAll: boolean,
): Record<string, string> {
  const computed = win.getComputedStyle(el);
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = computed.getPropertyValue(name).trim();
    if (keepAll || !UNINTERESTING.has(value)) out[name] = value;
  }
  return out;
}

function pathOf(el: Element, root: Element): string {
  const parts: string[] = [];
  let node: Element | null = el;
  while (node && node !== root) {
    const parent: Element | null = node.parentElement;
    let part = node.tagName.toLowerCase();
    if (parent) {
      const same = Array.from(parent.children).filter((c) => c.tagName === node?.tagName);
      if (same.length > 1) part += `:nth-of-type(${same.indexOf(node) + 1})`;
    }
    parts.unshift(part);
    node = parent;
  }
  return parts.length > 0 ? `hero > ${parts.join(' > ')}` : 'hero';
}

function ownText(el: Element): string | undefined {
  const text = Array.from(el.childNodes)
    .filter((n) => n.nodeType === 3)
    .map((n) => n.textContent ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return undefined;
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

function imageInfo(img: HTMLImageElement): ImageInfo {
  const picture = img.parentElement?.tagName === 'PICTURE' ? img.parentElement : null;
  return {
    src: img.getAttribute('src') ?? '',
    currentSrc: img.currentSrc,
    alt: img.alt,
    widthAttr: img.getAttribute('width'),
    heightAttr: img.getAttribute('height'),
    naturalWidth: img.naturalWidth,
    naturalHeight: img.naturalHeight,
    renderedWidth: img.clientWidth,
    renderedHeight: img.clientHeight,
    loading: img.getAttribute('loading'),
    decoding: img.getAttribute('decoding'),
    fetchPriority: img.getAttribute('fetchpriority'),
    complete: img.complete,
    sizes: img.getAttribute('sizes'),
    srcset: img.getAttribute('srcset'),
    sources: picture
      ? Array.from(picture.querySelectorAll('source')).map((s) => ({
          type: s.getAttribute('type'),
          srcset: s.getAttribute('srcset'),
          sizes: s.getAttribute('sizes'),
        }))
      : [],
  };
}

export function findHero(doc: Document): { element: Element; selector: string } | null {
  for (const selector of HERO_SELECTORS) {
    const element = doc.querySelector(selector);
    if (element) return { element, selector };
  }
  return null;
}

/** Throws HeroNotFoundError when the document has no hero section. */
export function snapshotHero(doc: Document, win: Window, now: Date = new Date()): HeroSnapshot {
  const found = findHero(doc);
  if (!found) throw new HeroNotFoundError();
  const { element: hero, selector } = found;
  const rect = rectOf(hero);
  const visibleHeight = Math.max(0, Math.min(rect.y + rect.height, win.innerHeight) - Math.max(rect.y, 0));
  const visibleWidth = Math.max(0, Math.min(rect.x + rect.width, win.innerWidth) - Math.max(rect.x, 0));
  const area = rect.width * rect.height;
  const descendants = Array.from(hero.querySelectorAll('*'));
  const backgroundImages = [hero, ...descendants]
    .map((el) => win.getComputedStyle(el).backgroundImage)
    .filter((v) => v && v !== 'none');
  const flags = Object.fromEntries(
    getFlagStates().map((f) => [f.name, { value: f.value, source: f.source }]),
  ) as Record<FlagName, { value: boolean; source: FlagSource }>;
  return {
    tool: 'solas-diagnostics',
    version: 1,
    capturedAt: now.toISOString(),
    page: { url: win.location.href, title: doc.title },
    viewport: { width: win.innerWidth, height: win.innerHeight, devicePixelRatio: win.devicePixelRatio },
    userAgent: win.navigator.userAgent,
    flags,
    hero: {
      selector,
      variant: hero.getAttribute('data-hero') || null,
      rect,
      visibleShare: area > 0 ? Math.round(((visibleHeight * visibleWidth) / area) * 100) / 100 : 0,
      styles: stylesOf(win, hero, ROOT_STYLES, true),
      elementCount: descendants.length,
      elements: descendants.slice(0, MAX_ELEMENTS).map((el) => {
        const info: ElementInfo = {
          path: pathOf(el, hero),
          tag: el.tagName.toLowerCase(),
          rect: rectOf(el),
          styles: stylesOf(win, el, ELEMENT_STYLES, false),
        };
        const extra: { id?: string; classes?: string; role?: string; text?: string } = {};
        if (el.id) extra.id = el.id;
        const cls = el.getAttribute('class');
        if (cls) extra.classes = cls;
        const role = el.getAttribute('role');
        if (role) extra.role = role;
        const text = ownText(el);
        if (text) extra.text = text;
        return { ...info, ...extra };
      }),
      images: Array.from(hero.querySelectorAll('img')).map(imageInfo),
      backgroundImages,
    },
  };
}
