/**
 * The shop listing's search, filters and sort as one value, and its URL form. The listing keeps this state
 * in the address (`#/shop?q=pearl&category=Burgundy&material=Garnet&min=30&max=40&sort=price-asc`) so a
 * filtered view can be shared and survives a reload. The query string is user input: every bad value
 * falls back to its default, it never throws. What a query may name (categories, materials, the price
 * range) comes from the current catalogue (QueryBounds), never from compiled lists: a material the owner
 * adds is a filter as soon as an active product uses it.
 */

import { PRICE_SLIDER_STEP } from '../config';
import { memoPerObject } from '../shared/memo-per-object';
import { type Cents, cents } from '../shared/money';
import { foldForSearch } from '../shared/text';
import type { CatalogueIndex } from './catalogue-index';
import { MADE_IN_YOUR_SIZE } from './made-in-your-size';
import type { CatalogueProduct } from './snapshot';

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

/** What the current catalogue lets a query name: its listable categories and materials, its price range. */
export interface QueryBounds {
  readonly categories: readonly string[];
  readonly materials: readonly string[];
  /** The price slider's upper end: the highest listable price, rounded up to the slider's step. */
  readonly maxPrice: Cents;
}

/** The bounds of one catalogue, the same object for the same index (so hooks can depend on it). */
export const queryBounds: (index: CatalogueIndex) => QueryBounds = memoPerObject((index) => ({
  categories: index.categories,
  materials: index.usedMaterials,
  maxPrice: cents(Math.ceil(index.maxPrice / PRICE_STEP_CENTS) * PRICE_STEP_CENTS),
}));

export interface CatalogueQuery {
  /** As typed (untrimmed, so the search box keeps its spaces); matching trims and folds it. */
  readonly search: string;
  /** null = All. */
  readonly category: string | null;
  readonly minPrice: Cents;
  readonly maxPrice: Cents;
  /** A product matches when it uses any of these (none selected = no material filter). */
  readonly materials: readonly string[];
  readonly sort: SortOrder;
}

/** No search, no filter, the whole price range, featured order; the same object for the same bounds. */
export const defaultQuery: (bounds: QueryBounds) => CatalogueQuery = memoPerObject((bounds) => ({
  search: '',
  category: null,
  minPrice: cents(0),
  maxPrice: bounds.maxPrice,
  materials: [],
  sort: 'featured',
}));

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

/**
 * A product's searchable texts, folded once per product object (a snapshot's products never change): its
 * name; name, category, materials and description; and all of that with the Full Details text the product
 * page shows, so a shopper who read "Connemara marble" there finds the bracelet by "marble".
 */
interface SearchText {
  readonly name: string;
  readonly short: string;
  readonly all: string;
}

const searchTexts = new WeakMap<CatalogueProduct, SearchText>();

function searchTextOf(product: CatalogueProduct): SearchText {
  let text = searchTexts.get(product);
  if (text === undefined) {
    const short = normalize(
      [product.name, product.category, ...product.materials, product.description].join(' '),
    );
    text = {
      name: normalize(product.name),
      short,
      all: `${short} ${normalize(product.fullDescription.replace(MADE_IN_YOUR_SIZE, ''))}`,
    };
    searchTexts.set(product, text);
  }
  return text;
}

function searchTerms(search: string): string[] {
  return normalize(search).split(/\s+/).filter(Boolean);
}

/**
 * Case- and accent-insensitive match on name, category, materials, description and full description.
 * Every word of the search must occur somewhere ("pearl burgundy" finds burgundy pieces with pearls);
 * blank matches all.
 */
export function matchesSearch(product: CatalogueProduct, search: string): boolean {
  const terms = searchTerms(search);
  if (terms.length === 0) return true;
  const text = searchTextOf(product).all;
  return terms.every((term) => text.includes(term));
}

/**
 * How well a matching product answers a search, best first (docs/product/pages.md §2.4): 0 its name holds every
 * word, 1 its name holds some, 2 name, category, materials and description hold them all, 3 it takes the
 * Full Details text.
 */
function searchRank(product: CatalogueProduct, terms: readonly string[]): number {
  const text = searchTextOf(product);
  const inName = terms.filter((term) => text.name.includes(term)).length;
  if (inName === terms.length) return 0;
  if (inName > 0) return 1;
  return terms.every((term) => text.short.includes(term)) ? 2 : 3;
}

/** Matches in the Featured order with a search: best rank first, catalogue order within a rank. */
function rankBySearch(products: CatalogueProduct[], search: string): CatalogueProduct[] {
  const terms = searchTerms(search);
  if (terms.length === 0) return products;
  const ranks = new Map(products.map((p) => [p, searchRank(p, terms)]));
  // Array.prototype.sort is stable: equal ranks keep catalogue order.
  return products.sort((a, b) => (ranks.get(a) ?? 3) - (ranks.get(b) ?? 3));
}

export function matchesFilters(product: CatalogueProduct, query: CatalogueQuery): boolean {
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
export function sortProducts(products: readonly CatalogueProduct[], sort: SortOrder): CatalogueProduct[] {
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

/**
 * The listing: `products` in catalogue order, filtered, then sorted. In the Featured order a search lists
 * name matches first; a sort the shopper picks (price, name) orders every match by itself.
 */
export function applyQuery(products: readonly CatalogueProduct[], query: CatalogueQuery): CatalogueProduct[] {
  const matches = products.filter((p) => matchesFilters(p, query));
  return query.sort === 'featured' ? rankBySearch(matches, query.search) : sortProducts(matches, query.sort);
}

/** True when anything narrows the listing (sort alone does not). */
export function hasActiveFilters(query: CatalogueQuery, bounds: QueryBounds): boolean {
  return (
    query.search.trim() !== '' ||
    query.category !== null ||
    isPriceFiltered(query, bounds) ||
    query.materials.length > 0
  );
}

/** Whether the price range is narrower than the whole slider. */
export function isPriceFiltered(query: CatalogueQuery, bounds: QueryBounds): boolean {
  const all = defaultQuery(bounds);
  return query.minPrice !== all.minPrice || query.maxPrice !== all.maxPrice;
}

/** The same query with search, category, price and materials reset; the sort order is kept. */
export function clearFilters(query: CatalogueQuery, bounds: QueryBounds): CatalogueQuery {
  return { ...defaultQuery(bounds), sort: query.sort };
}

export function isSortOrder(value: string): value is SortOrder {
  return (SORT_ORDERS as readonly string[]).includes(value);
}

/** Whole euros from the URL, clamped to the slider's range and snapped to its step; null when invalid. */
function parseEuros(raw: string | null, snap: 'down' | 'up', maxPrice: Cents): Cents | null {
  if (raw === null || !/^\d{1,6}$/.test(raw.trim())) return null;
  const value = Number(raw.trim()) * 100;
  const step = PRICE_STEP_CENTS;
  const snapped = snap === 'down' ? Math.floor(value / step) * step : Math.ceil(value / step) * step;
  return cents(Math.min(Math.max(snapped, 0), maxPrice));
}

export function parseQuery(params: URLSearchParams, bounds: QueryBounds): CatalogueQuery {
  const defaults = defaultQuery(bounds);
  const search = (params.get(QUERY_KEYS.search) ?? '').slice(0, SEARCH_MAX_LENGTH);
  const rawCategory = params.get(QUERY_KEYS.category) ?? '';
  const category = bounds.categories.includes(rawCategory) ? rawCategory : null;

  const selected = new Set<string>();
  for (const raw of params.getAll(QUERY_KEYS.material)) {
    for (const part of raw.split(',')) selected.add(part.trim());
  }
  // Catalogue order, whatever order the URL lists them in, so equal filters give equal URLs.
  const materials = bounds.materials.filter((m) => selected.has(m));

  let minPrice = parseEuros(params.get(QUERY_KEYS.min), 'down', bounds.maxPrice) ?? defaults.minPrice;
  let maxPrice = parseEuros(params.get(QUERY_KEYS.max), 'up', bounds.maxPrice) ?? defaults.maxPrice;
  if (minPrice > maxPrice) [minPrice, maxPrice] = [maxPrice, minPrice];

  const rawSort = params.get(QUERY_KEYS.sort) ?? '';
  const sort = isSortOrder(rawSort) ? rawSort : defaults.sort;

  return { search, category, minPrice, maxPrice, materials, sort };
}

/** Only what differs from the defaults, in a fixed key order, so that equal queries give equal URLs. */
export function serializeQuery(query: CatalogueQuery, bounds: QueryBounds): URLSearchParams {
  const defaults = defaultQuery(bounds);
  const params = new URLSearchParams();
  const search = query.search.slice(0, SEARCH_MAX_LENGTH);
  if (search.trim() !== '') params.set(QUERY_KEYS.search, search);
  if (query.category !== null) params.set(QUERY_KEYS.category, query.category);
  for (const m of bounds.materials) {
    if (query.materials.includes(m)) params.append(QUERY_KEYS.material, m);
  }
  if (query.minPrice !== defaults.minPrice) params.set(QUERY_KEYS.min, String(query.minPrice / 100));
  if (query.maxPrice !== defaults.maxPrice) params.set(QUERY_KEYS.max, String(query.maxPrice / 100));
  if (query.sort !== defaults.sort) params.set(QUERY_KEYS.sort, query.sort);
  return params;
}

/** The materials the given products use, in the catalogue's order of materials (the filter's checkboxes). */
export function materialsOf(products: readonly CatalogueProduct[], bounds: QueryBounds): string[] {
  return bounds.materials.filter((m) => products.some((p) => p.materials.includes(m)));
}

/** '1 product' / '27 products'. */
export function productCountText(count: number): string {
  return `${count} ${count === 1 ? 'product' : 'products'}`;
}

/** The empty listing's message (docs/product/pages.md §2.4). */
export function emptyResultText(query: CatalogueQuery): string {
  const search = query.search.trim();
  return search !== '' ? `No products found for "${search}"` : 'No products found matching your filters.';
}
