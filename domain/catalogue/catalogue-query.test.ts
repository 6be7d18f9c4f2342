import { describe, expect, it } from 'vitest';
import { cents } from '../shared/money';
import { indexCatalogue } from './catalogue-index';
import {
  applyQuery,
  type CatalogueQuery,
  clearFilters as clear,
  defaultQuery,
  emptyResultText,
  hasActiveFilters as hasActive,
  matchesFilters,
  matchesSearch,
  materialsOf as materialsOfProducts,
  parseQuery as parse,
  productCountText,
  queryBounds,
  SEARCH_MAX_LENGTH,
  SORT_LABELS,
  SORT_ORDERS,
  type SortOrder,
  serializeQuery as serialize,
  sortProducts,
} from './catalogue-query';
import { seedSnapshot } from './seed';
import type { CatalogueProduct as Product } from './snapshot';

/** The seeded catalogue: 27 active products at 30, 35 or 40 euro. */
const SEED = indexCatalogue(seedSnapshot());
const PRODUCTS = SEED.listable;
const getProduct = SEED.getProduct;
const BOUNDS = queryBounds(SEED);
const DEFAULT_QUERY = defaultQuery(BOUNDS);
const MAX_PRICE = BOUNDS.maxPrice;
const usedMaterials = () => SEED.usedMaterials;
const parseQuery = (params: URLSearchParams) => parse(params, BOUNDS);
const serializeQuery = (q: CatalogueQuery) => serialize(q, BOUNDS);
const hasActiveFilters = (q: CatalogueQuery) => hasActive(q, BOUNDS);
const clearFilters = (q: CatalogueQuery) => clear(q, BOUNDS);
const materialsOf = (products: readonly Product[]) => materialsOfProducts(products, BOUNDS);

function product(id: string): Product {
  const p = getProduct(id);
  if (!p) throw new Error(`test fixture: no product ${id}`);
  return p;
}

function query(overrides: Partial<CatalogueQuery>): CatalogueQuery {
  return { ...DEFAULT_QUERY, ...overrides };
}

function ids(products: readonly Product[]): string[] {
  return products.map((p) => p.id);
}

describe('matchesSearch', () => {
  // Product 1: First Light, Soft Romance, Rose Quartz / Freshwater Pearl / Gold-Plated Brass,
  // description mentions "Irish morning sky". Product 3: Tawny Strand, Leopardskin, Tiger's Eye.
  it.each([
    ['', '1', true],
    ['   ', '1', true],
    ['first light', '1', true],
    ['FIRST', '1', true],
    ['soft romance', '1', true], // category
    ['rose quartz', '1', true], // material
    ['freshwater pearl', '1', true],
    ['morning sky', '1', true], // description
    ['fírst líght', '1', true], // accents in the query are folded
    ['  light   first ', '1', true], // every word, any order, extra spaces
    ['light burgundy', '1', false], // one word missing
    ['leopard', '1', false],
    ['tigers eye', '3', true], // apostrophe-insensitive
    ["tiger's eye", '3', true],
    ['TIGER’S', '3', true], // typographic apostrophe
    ['leopardskin', '3', true],
    ['zzz', '3', false],
  ])('%j on product %s -> %s', (search, id, expected) => {
    expect(matchesSearch(product(id), search)).toBe(expected);
  });

  it('matches words of the full description, but not the size sentence every seeded one ends with', () => {
    // "lobster clasp" is only in product 1's full description (the product page's Full Details).
    expect(matchesSearch(product('1'), 'lobster')).toBe(true);
    expect(matchesSearch(product('1'), 'size guide')).toBe(false);
    expect(matchesSearch(product('1'), 'large')).toBe(false);
  });

  it('does not match ids', () => {
    expect(matchesSearch(product('27'), '27')).toBe(false);
  });
});

describe('search ranking', () => {
  const base = product('1');
  const make = (id: string, name: string, extra: Partial<Product>): Product => ({
    ...base,
    id,
    handle: `p-${id}`,
    name,
    materials: ['Rose Quartz'],
    description: 'Beads on a cord.',
    fullDescription: 'Strung by hand.',
    ...extra,
  });
  // Catalogue order: the name match comes last, the full-description match first.
  const catalogue = [
    make('11', 'West Coast', { fullDescription: 'Green Connemara marble with silver.' }),
    make('12', 'Quarry Dust', { description: 'A grey marble look.' }),
    make('13', 'Stone Wall', { materials: ['Marble'] }),
    make('14', 'Plain Cord', {}),
    make('15', 'Marble Arch', {}),
  ];

  it('finds a bracelet whose full description names the word', () => {
    expect(ids(applyQuery(catalogue, query({ search: 'marble' })))).toContain('11');
  });

  it('lists name matches first, then name, category, materials and description, then full descriptions', () => {
    expect(ids(applyQuery(catalogue, query({ search: 'marble' })))).toEqual(['15', '12', '13', '11']);
  });

  it('puts names holding every word before names holding some', () => {
    const list = [
      make('21', 'Green Marble', { description: 'From the west.' }),
      make('22', 'West Marble', { description: 'Made in the west.' }),
      make('23', 'West Green', { materials: ['Marble'] }),
      make('24', 'Green Marble West', {}),
    ];
    expect(ids(applyQuery(list, query({ search: 'west marble' })))).toEqual(['22', '24', '21', '23']);
  });

  it('keeps catalogue order without a search, and a picked sort orders every match by itself', () => {
    expect(ids(applyQuery(catalogue, DEFAULT_QUERY))).toEqual(['11', '12', '13', '14', '15']);
    expect(ids(applyQuery(catalogue, query({ search: 'marble', sort: 'name-asc' })))).toEqual([
      '15',
      '12',
      '13',
      '11',
    ]);
    expect(ids(applyQuery(catalogue, query({ search: 'marble', sort: 'name-desc' })))).toEqual([
      '11',
      '13',
      '12',
      '15',
    ]);
  });
});

describe('matchesFilters', () => {
  const firstLight = product('1'); // €40, Soft Romance, Rose Quartz, Freshwater Pearl, Gold-Plated Brass
  it.each<[string, Partial<CatalogueQuery>, boolean]>([
    ['defaults', {}, true],
    ['same category', { category: 'Soft Romance' }, true],
    ['other category', { category: 'Burgundy' }, false],
    ['price range including €40', { minPrice: cents(3500), maxPrice: cents(4000) }, true],
    ['price range excluding €40', { minPrice: cents(0), maxPrice: cents(3500) }, false],
    ['exact price bounds', { minPrice: cents(4000), maxPrice: cents(4000) }, true],
    ['one of its materials', { materials: ['Garnet', 'Rose Quartz'] }, true],
    ['none of its materials', { materials: ['Garnet', 'Wood'] }, false],
    [
      'all filters pass',
      { category: 'Soft Romance', materials: ['Freshwater Pearl'], search: 'light' },
      true,
    ],
    ['search fails', { category: 'Soft Romance', search: 'garnet' }, false],
  ])('%s', (_, overrides, expected) => {
    expect(matchesFilters(firstLight, query(overrides))).toBe(expected);
  });
});

describe('sortProducts', () => {
  const names = (list: readonly Product[]) => list.map((p) => p.name);
  const prices = (list: readonly Product[]) => list.map((p) => p.price);

  it('featured keeps catalogue order', () => {
    expect(ids(sortProducts(PRODUCTS, 'featured'))).toEqual(ids(PRODUCTS));
  });

  it.each<[SortOrder, (a: Product, b: Product) => boolean]>([
    ['price-asc', (a, b) => a.price <= b.price],
    ['price-desc', (a, b) => a.price >= b.price],
    ['name-asc', (a, b) => a.name.localeCompare(b.name, 'en-IE') <= 0],
    ['name-desc', (a, b) => a.name.localeCompare(b.name, 'en-IE') >= 0],
  ])('%s orders every neighbouring pair', (sort, inOrder) => {
    const sorted = sortProducts(PRODUCTS, sort);
    expect(sorted).toHaveLength(PRODUCTS.length);
    for (let i = 1; i < sorted.length; i++) {
      const a = sorted[i - 1];
      const b = sorted[i];
      if (!a || !b) throw new Error('unreachable');
      expect(inOrder(a, b), `${a.name} before ${b.name}`).toBe(true);
    }
  });

  it('price sorts are stable: equal prices keep catalogue order', () => {
    const sorted = sortProducts(PRODUCTS, 'price-asc');
    const at30 = sorted.filter((p) => p.price === 3000).map((p) => Number(p.id));
    expect(at30).toEqual([...at30].sort((a, b) => a - b));
    expect(prices(sorted)[0]).toBe(3000);
    expect(prices(sortProducts(PRODUCTS, 'price-desc'))[0]).toBe(MAX_PRICE);
  });

  it('name sorts on the six best sellers', () => {
    const six = PRODUCTS.slice(0, 6);
    expect(names(sortProducts(six, 'name-asc'))).toEqual([
      'Claret Harbour',
      'First Light',
      'Fuchsia Hedgerow',
      'Harvest Moon',
      'Sea Thrift',
      'Tawny Strand',
    ]);
    expect(names(sortProducts(six, 'name-desc'))).toEqual([
      'Tawny Strand',
      'Sea Thrift',
      'Harvest Moon',
      'Fuchsia Hedgerow',
      'First Light',
      'Claret Harbour',
    ]);
  });

  it('does not mutate its input', () => {
    const input = PRODUCTS.slice(0, 6);
    const before = ids(input);
    sortProducts(input, 'name-desc');
    expect(ids(input)).toEqual(before);
  });
});

describe('applyQuery', () => {
  it('returns the whole catalogue for the default query', () => {
    expect(ids(applyQuery(PRODUCTS, DEFAULT_QUERY))).toEqual(ids(PRODUCTS));
  });

  it('combines category, material, price and sort', () => {
    const result = applyQuery(
      PRODUCTS,
      query({ category: 'Burgundy', materials: ['Garnet'], minPrice: cents(3500), sort: 'price-desc' }),
    );
    expect(result.length).toBeGreaterThan(0);
    for (const p of result) {
      expect(p.category).toBe('Burgundy');
      expect(p.materials).toContain('Garnet');
      expect(p.price).toBeGreaterThanOrEqual(3500);
    }
    const expected = PRODUCTS.filter(
      (p) => p.category === 'Burgundy' && p.materials.includes('Garnet') && p.price >= 3500,
    );
    expect(new Set(ids(result))).toEqual(new Set(ids(expected)));
  });

  it('finds nothing for a nonsense search', () => {
    expect(applyQuery(PRODUCTS, query({ search: 'unicorn' }))).toEqual([]);
  });
});

describe('parseQuery', () => {
  const parse = (qs: string) => parseQuery(new URLSearchParams(qs));

  it.each<[string, string, Partial<CatalogueQuery>]>([
    ['empty', '', {}],
    ['search kept as typed', 'q=Pearl%20', { search: 'Pearl ' }],
    ['category', 'category=Burgundy', { category: 'Burgundy' }],
    ['unknown category', 'category=Gold', {}],
    ['category is case-sensitive', 'category=burgundy', {}],
    ['repeated materials', 'material=Wood&material=Garnet', { materials: ['Garnet', 'Wood'] }],
    ['comma-separated materials', 'material=Wood,Garnet', { materials: ['Garnet', 'Wood'] }],
    ['apostrophe in a material', "material=Tiger's%20Eye", { materials: ["Tiger's Eye"] }],
    [
      'unknown and duplicate materials dropped',
      'material=Plastic&material=Wood&material=Wood',
      { materials: ['Wood'] },
    ],
    ['price range', 'min=30&max=35', { minPrice: cents(3000), maxPrice: cents(3500) }],
    ['price off the step snaps outward', 'min=32&max=33', { minPrice: cents(3000), maxPrice: cents(3500) }],
    ['price above the maximum is clamped', 'max=500', {}],
    ['swapped bounds are reordered', 'min=40&max=30', { minPrice: cents(3000), maxPrice: cents(4000) }],
    ['negative price ignored', 'min=-5', {}],
    ['non-numeric price ignored', 'min=abc&max=1e3', {}],
    ['decimal price ignored', 'min=30.5', {}],
    ['huge number ignored', 'min=99999999999999999999', {}],
    ['sort', 'sort=price-desc', { sort: 'price-desc' }],
    ['unknown sort', 'sort=random', {}],
    ['prototype keys are not categories', 'category=__proto__&sort=constructor', {}],
  ])('%s: %j', (_, qs, expected) => {
    expect(parse(qs)).toEqual(query(expected));
  });

  it('caps the search length', () => {
    expect(parse(`q=${'a'.repeat(500)}`).search).toHaveLength(SEARCH_MAX_LENGTH);
  });
});

describe('serializeQuery', () => {
  it.each<[Partial<CatalogueQuery>, string]>([
    [{}, ''],
    [{ search: '   ' }, ''],
    [{ search: 'rose quartz' }, 'q=rose+quartz'],
    [{ category: 'Vibrant Colors' }, 'category=Vibrant+Colors'],
    [{ materials: ['Wood', 'Garnet'] }, 'material=Garnet&material=Wood'],
    [{ minPrice: cents(3000) }, 'min=30'],
    [{ maxPrice: cents(3500) }, 'max=35'],
    [{ sort: 'name-desc' }, 'sort=name-desc'],
    [
      {
        sort: 'price-asc',
        category: 'Burgundy',
        search: 'red',
        minPrice: cents(3500),
        materials: ['Garnet'],
      },
      'q=red&category=Burgundy&material=Garnet&min=35&sort=price-asc',
    ],
  ])('%j -> %j', (overrides, expected) => {
    expect(serializeQuery(query(overrides)).toString()).toBe(expected);
  });

  it('round-trips every sort order and material', () => {
    for (const sort of SORT_ORDERS) {
      const q = query({ sort, materials: [...usedMaterials()], category: 'Warm Tones', search: 'amber' });
      expect(parseQuery(serializeQuery(q))).toEqual(q);
    }
  });
});

describe('listing helpers', () => {
  it.each([
    [0, '0 products'],
    [1, '1 product'],
    [2, '2 products'],
    [27, '27 products'],
  ])('productCountText(%i) = %j', (count, text) => {
    expect(productCountText(count)).toBe(text);
  });

  it.each<[Partial<CatalogueQuery>, string]>([
    [{ search: ' unicorn ' }, 'No products found for "unicorn"'],
    [{ search: 'unicorn', category: 'Burgundy' }, 'No products found for "unicorn"'],
    [{ category: 'Burgundy' }, 'No products found matching your filters.'],
    [{ search: '  ' }, 'No products found matching your filters.'],
  ])('emptyResultText(%j)', (overrides, text) => {
    expect(emptyResultText(query(overrides))).toBe(text);
  });

  it.each<[Partial<CatalogueQuery>, boolean]>([
    [{}, false],
    [{ sort: 'name-asc' }, false],
    [{ search: ' ' }, false],
    [{ search: 'a' }, true],
    [{ category: 'Burgundy' }, true],
    [{ materials: ['Wood'] }, true],
    [{ minPrice: cents(500) }, true],
    [{ maxPrice: cents(3500) }, true],
  ])('hasActiveFilters(%j) = %s', (overrides, expected) => {
    expect(hasActiveFilters(query(overrides))).toBe(expected);
  });

  it('clearFilters keeps only the sort order', () => {
    expect(clearFilters(query({ search: 'x', category: 'Burgundy', sort: 'price-asc' }))).toEqual(
      query({ sort: 'price-asc' }),
    );
  });

  it('has a label for every sort order', () => {
    expect(Object.keys(SORT_LABELS)).toEqual([...SORT_ORDERS]);
  });

  it('materialsOf lists the materials in use, in filter order', () => {
    expect(materialsOf(PRODUCTS)).toEqual([...usedMaterials()]);
    expect(materialsOf([product('1')])).toEqual(['Freshwater Pearl', 'Rose Quartz', 'Gold-Plated Brass']);
  });
});

describe('bounds from the current catalogue', () => {
  it('lists a material or category the owner added once an active product uses it, and bounds the price at the step above', () => {
    const products = seedSnapshot().products.map((p) =>
      p.id === '1'
        ? { ...p, materials: [...p.materials, 'Sea Glass'], category: 'Christmas', price: cents(4250) }
        : p,
    );
    const bounds = queryBounds(indexCatalogue({ ...seedSnapshot(), version: 'edited', products }));
    expect(bounds.materials).toContain('Sea Glass');
    expect(bounds.categories.at(-1)).toBe('Christmas');
    expect(bounds.maxPrice).toBe(4500);
    const q = parse(new URLSearchParams('material=Sea Glass&category=Christmas&max=45'), bounds);
    expect(q).toMatchObject({ materials: ['Sea Glass'], category: 'Christmas', maxPrice: 4500 });
    expect(hasActive(q, bounds)).toBe(true);
    expect(serialize(q, bounds).toString()).toBe('category=Christmas&material=Sea+Glass');
  });

  it('leaves out what only paused or retired products use', () => {
    const products = seedSnapshot().products.map((p) =>
      p.id === '1' ? { ...p, materials: [...p.materials, 'Sea Glass'], status: 'paused' as const } : p,
    );
    const bounds = queryBounds(indexCatalogue({ ...seedSnapshot(), version: 'paused', products }));
    expect(bounds.materials).not.toContain('Sea Glass');
    expect(parse(new URLSearchParams('material=Sea Glass'), bounds).materials).toEqual([]);
  });
});
