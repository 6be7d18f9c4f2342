/**
 * The shop listing's search, filters and sort as one value, and its URL form. The listing keeps this state
 * in the address (`#/shop?q=pearl&category=Burgundy&material=Garnet&min=30&max=40&sort=price-asc`) so a
 * filtered view can be shared and survives a reload. The query string is user input: every bad value
 * falls back to its default, it never throws.
 */
import { CATEGORIES, type Category, MATERIALS, MAX_PRICE, type Material, type Product } from './catalogue';
import { PRICE_SLIDER_STEP } from './config';
import { type Cents, cents } from './money';
import { foldForSearch } from './text';

export const SORT_ORDERS = ['featured', 'price-asc', 'price-desc', 'name-asc', 'name-desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const SORT_LABELS: Readonly<Record<SortOrder, string>> = {
  featured: 'Featured',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  'name-asc': 'Name: A to Z',
  'name-desc': 'Name: Z to A',
};

/** A search longer than any product text can match nothing useful; the cap keeps URLs sane. */
export const SEARCH_MAX_LENGTH = 100;

/** The price slider works in whole euros, in steps of PRICE_SLIDER_STEP. */
export const PRICE_STEP_CENTS: Cents = cents(PRICE_SLIDER_STEP * 100);

export interface CatalogueQuery {
  /** As typed (untrimmed, so the search box keeps its spaces); matching trims and folds it. */
  readonly search: string;
  /** null = All. */
  readonly category: Category | null;
  readonly minPrice: Cents;
  readonly maxPrice: Cents;
  /** A product matches when it uses any of these (none selected = no material filter). */
  readonly materials: readonly Material[];
  readonly sort: SortOrder;
}

export const DEFAULT_QUERY: CatalogueQuery = {
  search: '',
  category: null,
  minPrice: cents(0),
  maxPrice: MAX_PRICE,
  materials: [],
  sort: 'featured',
};

export const QUERY_KEYS = {
  search: 'q',
  category: 'category',
  material: 'material',
  min: 'min',
  max: 'max',
  sort: 'sort',
} as const;

/** Folded for matching, with apostrophes dropped so that "tigers eye" finds "Tiger's Eye". */
function normalize(text: string): string {
  return foldForSearch(text).replace(/['’`]/g, '');
}

const haystacks = new WeakMap<Product, string>();

function haystackOf(product: Product): string {
  let text = haystacks.get(product);
  if (text === undefined) {
    text = normalize([product.name, product.category, ...product.materials, product.description].join(' '));
    haystacks.set(product, text);
  }
  return text;
}

/**
 * Case- and accent-insensitive match on name, category, materials and description. Every word of the
 * search must occur somewhere ("pearl burgundy" finds burgundy pieces with pearls); blank matches all.
 */
export function matchesSearch(product: Product, search: string): boolean {
  const terms = normalize(search).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const text = haystackOf(product);
  return terms.every((term) => text.includes(term));
}

export function matchesFilters(product: Product, query: CatalogueQuery): boolean {
  if (query.category !== null && product.category !== query.category) return false;
  if (product.price < query.minPrice || product.price > query.maxPrice) return false;
  if (query.materials.length > 0 && !query.materials.some((m) => product.materials.includes(m))) return false;
  return matchesSearch(product, query.search);
}

/**
 * Made on the first name sort, not when the module loads: building a Collator loads ICU collation data,
 * tens of milliseconds of main-thread work on a phone that the default sort never needs.
 */
let nameCollator: Intl.Collator | null = null;
function compareNames(a: string, b: string): number {
  nameCollator ??= new Intl.Collator('en-IE', { sensitivity: 'base', numeric: true });
  return nameCollator.compare(a, b);
}

/** Stable: equal prices (or names) keep catalogue order. Never mutates its input. */
export function sortProducts(products: readonly Product[], sort: SortOrder): Product[] {
  const list = [...products];
  switch (sort) {
    case 'featured':
      return list;
    case 'price-asc':
      return list.sort((a, b) => a.price - b.price);
    case 'price-desc':
      return list.sort((a, b) => b.price - a.price);
    case 'name-asc':
      return list.sort((a, b) => compareNames(a.name, b.name));
    case 'name-desc':
      return list.sort((a, b) => compareNames(b.name, a.name));
  }
}

/** The listing: `products` in catalogue order, filtered, then sorted. */
export function applyQuery(products: readonly Product[], query: CatalogueQuery): Product[] {
  return sortProducts(
    products.filter((p) => matchesFilters(p, query)),
    query.sort,
  );
}

/** True when anything narrows the listing (sort alone does not). */
export function hasActiveFilters(query: CatalogueQuery): boolean {
  return (
    query.search.trim() !== '' ||
    query.category !== null ||
    query.minPrice !== DEFAULT_QUERY.minPrice ||
    query.maxPrice !== DEFAULT_QUERY.maxPrice ||
    query.materials.length > 0
  );
}

/** The same query with search, category, price and materials reset; the sort order is kept. */
export function clearFilters(query: CatalogueQuery): CatalogueQuery {
  return { ...DEFAULT_QUERY, sort: query.sort };
}

export function isSortOrder(value: string): value is SortOrder {
  return (SORT_ORDERS as readonly string[]).includes(value);
}

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** Whole euros from the URL, clamped to the slider's range and snapped to its step; null when invalid. */
function parseEuros(raw: string | null, snap: 'down' | 'up'): Cents | null {
  if (raw === null || !/^\d{1,6}$/.test(raw.trim())) return null;
  const value = Number(raw.trim()) * 100;
  const step = PRICE_STEP_CENTS;
  const snapped = snap === 'down' ? Math.floor(value / step) * step : Math.ceil(value / step) * step;
  return cents(Math.min(Math.max(snapped, 0), MAX_PRICE));
}

export function parseQuery(params: URLSearchParams): CatalogueQuery {
  const search = (params.get(QUERY_KEYS.search) ?? '').slice(0, SEARCH_MAX_LENGTH);
  const rawCategory = params.get(QUERY_KEYS.category) ?? '';
  const category = isCategory(rawCategory) ? rawCategory : null;

  const selected = new Set<string>();
  for (const raw of params.getAll(QUERY_KEYS.material)) {
    for (const part of raw.split(',')) selected.add(part.trim());
  }
  // Catalogue order, whatever order the URL lists them in, so equal filters give equal URLs.
  const materials = MATERIALS.filter((m) => selected.has(m));

  let minPrice = parseEuros(params.get(QUERY_KEYS.min), 'down') ?? DEFAULT_QUERY.minPrice;
  let maxPrice = parseEuros(params.get(QUERY_KEYS.max), 'up') ?? DEFAULT_QUERY.maxPrice;
  if (minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];

  const rawSort = params.get(QUERY_KEYS.sort) ?? '';
  const sort = isSortOrder(rawSort) ? rawSort : DEFAULT_QUERY.sort;

  return { search, category, minPrice, maxPrice, materials, sort };
}

/** Only what differs from the defaults, in a fixed key order, so that equal queries give equal URLs. */
export function serializeQuery(query: CatalogueQuery): URLSearchParams {
  const params = new URLSearchParams();
  const search = query.search.slice(0, SEARCH_MAX_LENGTH);
  if (search.trim() !== '') params.set(QUERY_KEYS.search, search);
  if (query.category !== null) params.set(QUERY_KEYS.category, query.category);
  for (const m of MATERIALS) {
    if (query.materials.includes(m)) params.append(QUERY_KEYS.material, m);
  }
  if (query.minPrice !== DEFAULT_QUERY.minPrice) params.set(QUERY_KEYS.min, String(query.minPrice / 100));
  if (query.maxPrice !== DEFAULT_QUERY.maxPrice) params.set(QUERY_KEYS.max, String(query.maxPrice / 100));
  if (query.sort !== DEFAULT_QUERY.sort) params.set(QUERY_KEYS.sort, query.sort);
  return params;
}

/** The materials the given products use, in MATERIALS order (the filter panel's checkboxes). */
export function materialsOf(products: readonly Product[]): Material[] {
  return MATERIALS.filter((m) => products.some((p) => p.materials.includes(m)));
}

/** '1 product' / '27 products'. */
export function productCountText(count: number): string {
  return `${count} ${count === 1 ? 'product' : 'products'}`;
}

/** The empty listing's message (docs/product.md §2.4). */
export function emptyResultText(query: CatalogueQuery): string {
  const search = query.search.trim();
  return search !== '' ? `No products found for "${search}"` : 'No products found matching your filters.';
}
