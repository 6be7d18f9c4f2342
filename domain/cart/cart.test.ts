import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexCatalogue } from '../catalogue/catalogue-index';
import { seedSnapshot } from '../catalogue/seed';
import type { ZoneId } from '../config';
import { LIMITS, ZONE_IDS } from '../config';
import { cents } from '../shared/money';
import {
  type CartAction,
  type CartState,
  canIncrease,
  cartCount,
  cartReducerFor,
  checkoutBlockedText,
  describeQuantityChange,
  EMPTY_CART,
  cartLineViews as lineViews,
  orderableLines,
  parseStoredCart as parseStored,
  parseStoredGiftWrap,
  parseStoredZone,
  priceCart as price,
  serializeCart as serialize,
  serializeGiftWrap,
  serializeZone,
} from './cart';

/** Over the seeded catalogue: ids '1' to '27' at 30, 35 or 40 euro. */
const SEED = indexCatalogue(seedSnapshot());
const PRODUCTS = SEED.all;
const getProduct = SEED.getProduct;
const cartReducer = cartReducerFor(() => SEED);
const cartLineViews = (state: CartState) => lineViews(state, SEED);
const parseStoredCart = (raw: string | null) => parseStored(raw, SEED.isProductId);
const priceCart = (state: CartState, zone: ZoneId, giftWrap: boolean) => price(state, zone, giftWrap, SEED);
const serializeCart = (state: CartState) => serialize(state, SEED);

const MAX = LIMITS.maxQuantityPerLine;

function productAt(price: number) {
  const p = PRODUCTS.find((x) => x.price === price);
  if (!p) throw new Error(`no product at ${price}`);
  return p;
}
const P30 = productAt(3000);
const P35 = productAt(3500);
const P40 = productAt(4000);

describe('cartReducer: add', () => {
  it('starts a new line at 1', () => {
    expect(cartReducer(EMPTY_CART, { type: 'add', id: '1' })).toEqual([
      { id: '1', size: 'M', quantity: 1, priceSeen: 4000 },
    ]);
  });

  it('adds 1 to an existing line and keeps line order', () => {
    let s = cartReducer(EMPTY_CART, { type: 'add', id: '1' });
    s = cartReducer(s, { type: 'add', id: '2' });
    s = cartReducer(s, { type: 'add', id: '1' });
    expect(s).toEqual([
      { id: '1', size: 'M', quantity: 2, priceSeen: 4000 },
      { id: '2', size: 'M', quantity: 1, priceSeen: 4000 },
    ]);
  });

  it('adds a given quantity', () => {
    const s = cartReducer([{ id: '3', size: 'M', quantity: 2 }], { type: 'add', id: '3', quantity: 3 });
    expect(s).toEqual([{ id: '3', size: 'M', quantity: 5, priceSeen: 3500 }]);
    expect(cartReducer(EMPTY_CART, { type: 'add', id: '4', quantity: 4 })).toEqual([
      { id: '4', size: 'M', quantity: 4, priceSeen: 3500 },
    ]);
  });

  it('clamps to the per-line maximum, for new and existing lines', () => {
    expect(cartReducer(EMPTY_CART, { type: 'add', id: '1', quantity: MAX + 5 })).toEqual([
      { id: '1', size: 'M', quantity: MAX, priceSeen: 4000 },
    ]);
    const atMax: CartState = [{ id: '1', size: 'M', quantity: MAX }];
    // Unchanged state keeps its identity: no re-render, no storage write.
    expect(cartReducer(atMax, { type: 'add', id: '1' })).toBe(atMax);
    expect(
      cartReducer([{ id: '1', size: 'M', quantity: MAX - 1 }], { type: 'add', id: '1', quantity: 3 }),
    ).toEqual([{ id: '1', size: 'M', quantity: MAX, priceSeen: 4000 }]);
  });

  it('ignores unknown ids and bad quantities', () => {
    const s: CartState = [{ id: '1', size: 'M', quantity: 1 }];
    for (const id of ['0', '28', '', '__proto__', 'constructor', ' 1']) {
      expect(cartReducer(s, { type: 'add', id })).toBe(s);
    }
    for (const quantity of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(cartReducer(s, { type: 'add', id: '1', quantity })).toBe(s);
    }
  });

  it('never holds more lines than the maximum', () => {
    let s: CartState = EMPTY_CART;
    for (const p of PRODUCTS) s = cartReducer(s, { type: 'add', id: p.id });
    expect(s.length).toBeLessThanOrEqual(LIMITS.maxCartLines);
    expect(new Set(s.map((l) => l.id)).size).toBe(s.length);
  });
});

describe('cartReducer: remove, setQuantity, increment, decrement, clear', () => {
  const base: CartState = [
    { id: '1', size: 'M', quantity: 2 },
    { id: '2', size: 'M', quantity: 1 },
  ];

  it('remove deletes the line; a missing id is a no-op', () => {
    expect(cartReducer(base, { type: 'remove', id: '1' })).toEqual([{ id: '2', size: 'M', quantity: 1 }]);
    expect(cartReducer(base, { type: 'remove', id: '9' })).toBe(base);
  });

  it('setQuantity sets, clamps, floors, and removes at 0 or less', () => {
    expect(cartReducer(base, { type: 'setQuantity', id: '1', quantity: 5 })).toEqual([
      { id: '1', size: 'M', quantity: 5 },
      { id: '2', size: 'M', quantity: 1 },
    ]);
    expect(cartReducer(base, { type: 'setQuantity', id: '1', quantity: 999 })[0]).toEqual({
      id: '1',
      size: 'M',
      quantity: MAX,
    });
    expect(cartReducer(base, { type: 'setQuantity', id: '1', quantity: 3.7 })[0]).toEqual({
      id: '1',
      size: 'M',
      quantity: 3,
    });
    expect(cartReducer(base, { type: 'setQuantity', id: '1', quantity: 0 })).toEqual([
      { id: '2', size: 'M', quantity: 1 },
    ]);
    expect(cartReducer(base, { type: 'setQuantity', id: '1', quantity: -4 })).toEqual([
      { id: '2', size: 'M', quantity: 1 },
    ]);
    expect(cartReducer(base, { type: 'setQuantity', id: '1', quantity: 0.5 })).toEqual([
      { id: '2', size: 'M', quantity: 1 },
    ]);
  });

  it('setQuantity ignores NaN/Infinity, missing lines and the same quantity', () => {
    expect(cartReducer(base, { type: 'setQuantity', id: '1', quantity: Number.NaN })).toBe(base);
    expect(cartReducer(base, { type: 'setQuantity', id: '1', quantity: Number.POSITIVE_INFINITY })).toBe(
      base,
    );
    expect(cartReducer(base, { type: 'setQuantity', id: '9', quantity: 3 })).toBe(base);
    expect(cartReducer(base, { type: 'setQuantity', id: '1', quantity: 2 })).toBe(base);
  });

  it('increment adds 1 up to the maximum and ignores missing lines', () => {
    expect(cartReducer(base, { type: 'increment', id: '2' })[1]).toEqual({ id: '2', size: 'M', quantity: 2 });
    const atMax: CartState = [{ id: '1', size: 'M', quantity: MAX }];
    expect(cartReducer(atMax, { type: 'increment', id: '1' })).toBe(atMax);
    expect(cartReducer(base, { type: 'increment', id: '9' })).toBe(base);
  });

  it('decrement subtracts 1 and removes the line at 1', () => {
    expect(cartReducer(base, { type: 'decrement', id: '1' })[0]).toEqual({ id: '1', size: 'M', quantity: 1 });
    expect(cartReducer(base, { type: 'decrement', id: '2' })).toEqual([{ id: '1', size: 'M', quantity: 2 }]);
    expect(cartReducer(base, { type: 'decrement', id: '9' })).toBe(base);
  });

  it('clear empties the cart; clearing an empty cart is a no-op', () => {
    expect(cartReducer(base, { type: 'clear' })).toEqual([]);
    expect(cartReducer(EMPTY_CART, { type: 'clear' })).toBe(EMPTY_CART);
  });

  it('never mutates its input', () => {
    const frozen = Object.freeze(base.map((l) => Object.freeze({ ...l })));
    for (const action of [
      { type: 'add', id: '1' },
      { type: 'remove', id: '1' },
      { type: 'setQuantity', id: '1', quantity: 4 },
      { type: 'increment', id: '1' },
      { type: 'decrement', id: '1' },
      { type: 'clear' },
    ] as const) {
      expect(() => cartReducer(frozen, action)).not.toThrow();
    }
  });
});

describe('views, count and totals', () => {
  it('joins lines with the catalogue and computes line totals in cents', () => {
    const views = cartLineViews([
      { id: P35.id, size: 'M', quantity: 3 },
      { id: '999', size: 'M', quantity: 1 },
    ]);
    expect(views).toHaveLength(1);
    expect(views[0]?.product).toBe(getProduct(P35.id));
    expect(views[0]?.lineTotal).toBe(10500);
  });

  it('keeps the view of a line an action did not touch, and makes a new one for the line it changed', () => {
    const before: CartState = [
      { id: P35.id, size: 'M', quantity: 1 },
      { id: '2', size: 'L', quantity: 1 },
    ];
    const after = cartReducer(before, { type: 'increment', id: '2', size: 'L' });
    const [firstBefore, secondBefore] = cartLineViews(before);
    const [firstAfter, secondAfter] = cartLineViews(after);
    expect(firstAfter).toBe(firstBefore);
    expect(secondAfter).not.toBe(secondBefore);
    expect(secondAfter?.quantity).toBe(2);
  });

  it('counts the sum of quantities', () => {
    expect(cartCount(EMPTY_CART)).toBe(0);
    expect(
      cartCount([
        { id: '1', size: 'M', quantity: 2 },
        { id: '2', size: 'M', quantity: 3 },
      ]),
    ).toBe(5);
  });

  it('prices an empty cart at zero, whatever the zone or gift wrap', () => {
    for (const zone of ZONE_IDS) {
      const t = priceCart(EMPTY_CART, zone, true);
      expect([t.subtotal, t.shipping, t.giftWrap, t.total]).toEqual([0, 0, 0, 0]);
    }
  });

  it('charges Irish shipping below €40 and none from €40', () => {
    const below = priceCart([{ id: P30.id, size: 'M', quantity: 1 }], 'IE', false);
    expect(below).toMatchObject({
      subtotal: 3000,
      shipping: 495,
      giftWrap: 0,
      total: 3495,
      freeShipping: false,
    });
    const exactly = priceCart([{ id: P40.id, size: 'M', quantity: 1 }], 'IE', false);
    expect(exactly).toMatchObject({ subtotal: 4000, shipping: 0, total: 4000, freeShipping: true });
    const above = priceCart([{ id: P30.id, size: 'M', quantity: 2 }], 'IE', false);
    expect(above).toMatchObject({ subtotal: 6000, shipping: 0, total: 6000, freeShipping: true });
  });

  it('charges EU and rest-of-world fees whatever the subtotal', () => {
    expect(priceCart([{ id: P30.id, size: 'M', quantity: 1 }], 'EU', false)).toMatchObject({
      shipping: 995,
      total: 3995,
    });
    expect(priceCart([{ id: P40.id, size: 'M', quantity: 3 }], 'EU', false)).toMatchObject({
      subtotal: 12000,
      shipping: 995,
      total: 12995,
      freeShipping: false,
    });
    expect(priceCart([{ id: P30.id, size: 'M', quantity: 1 }], 'WORLD', false)).toMatchObject({
      shipping: 1495,
      total: 4495,
    });
    expect(priceCart([{ id: P40.id, size: 'M', quantity: 2 }], 'WORLD', false)).toMatchObject({
      shipping: 1495,
      total: 9495,
    });
  });

  it('adds gift wrap once per order', () => {
    expect(priceCart([{ id: P30.id, size: 'M', quantity: 1 }], 'IE', true)).toMatchObject({
      giftWrap: 350,
      total: 3845,
    });
    expect(priceCart([{ id: P40.id, size: 'M', quantity: 3 }], 'IE', true)).toMatchObject({
      giftWrap: 350,
      total: 12350,
    });
    expect(priceCart([{ id: P35.id, size: 'M', quantity: 1 }], 'EU', true)).toMatchObject({
      total: 3500 + 995 + 350,
    });
    expect(priceCart([{ id: P35.id, size: 'M', quantity: 1 }], 'WORLD', true)).toMatchObject({
      total: 3500 + 1495 + 350,
    });
  });

  it('keeps every amount an integer number of cents', () => {
    const t = priceCart(
      PRODUCTS.map((p, i) => ({ id: p.id, size: 'M', quantity: (i % MAX) + 1 })),
      'WORLD',
      true,
    );
    for (const v of [t.subtotal, t.shipping, t.giftWrap, t.total, ...t.lines.map((l) => l.lineTotal)]) {
      expect(Number.isInteger(v)).toBe(true);
    }
  });

  it('tells whether a line may grow', () => {
    expect(canIncrease(1)).toBe(true);
    expect(canIncrease(MAX - 1)).toBe(true);
    expect(canIncrease(MAX)).toBe(false);
  });
});

describe('cart storage', () => {
  it('round-trips and stores id, name, price in cents and quantity', () => {
    const state: CartState = [
      { id: P30.id, size: 'M', quantity: 2 },
      { id: P40.id, size: 'M', quantity: 1 },
    ];
    const raw = serializeCart(state);
    expect(JSON.parse(raw)).toEqual([
      { id: P30.id, size: 'M', name: P30.name, price: 3000, quantity: 2 },
      { id: P40.id, size: 'M', name: P40.name, price: 4000, quantity: 1 },
    ]);
    expect(parseStoredCart(raw)).toEqual(state);
  });

  it('gives an empty cart for nothing stored or a corrupt value, never throwing', () => {
    for (const raw of [
      null,
      '',
      '{',
      'null',
      'undefined',
      '42',
      '"cart"',
      'true',
      '{}',
      '{"id":"1","quantity":1}',
      '[',
    ]) {
      expect(parseStoredCart(raw)).toEqual([]);
    }
  });

  it('drops unknown ids and malformed lines but keeps the valid ones', () => {
    const raw = JSON.stringify([
      { id: '999', size: 'M', quantity: 2 },
      { id: 1, quantity: 2 },
      { id: '__proto__', quantity: 1 },
      null,
      'x',
      [],
      { quantity: 2 },
      { id: '2' },
      { id: '2', size: 'M', quantity: '3' },
      { id: '3', size: 'M', quantity: 2 },
    ]);
    expect(parseStoredCart(raw)).toEqual([{ id: '3', size: 'M', quantity: 2 }]);
    expect(parseStoredCart('[{"id":"999","quantity":2}]')).toEqual([]);
  });

  it('drops negative, zero, fractional and non-finite quantities, clamps large ones', () => {
    const raw = JSON.stringify([
      { id: '1', size: 'M', quantity: -1 },
      { id: '2', size: 'M', quantity: 0 },
      { id: '3', size: 'M', quantity: 1.5 },
      { id: '4', size: 'M', quantity: null },
      { id: '5', size: 'M', quantity: 1e9 },
      { id: '6', size: 'M', quantity: MAX + 1 },
      { id: '7', size: 'M', quantity: MAX },
    ]);
    expect(parseStoredCart(raw)).toEqual([
      { id: '5', size: 'M', quantity: MAX },
      { id: '6', size: 'M', quantity: MAX },
      { id: '7', size: 'M', quantity: MAX },
    ]);
    // JSON.parse reads 1e400 as Infinity; NaN cannot even be written as JSON.
    expect(parseStoredCart('[{"id":"4","quantity":1e400}]')).toEqual([]);
    expect(parseStoredCart('[{"id":"4","quantity":-1e400}]')).toEqual([]);
  });

  it('keeps the first of duplicate ids', () => {
    const raw = JSON.stringify([
      { id: '1', size: 'M', quantity: 2 },
      { id: '1', size: 'M', quantity: 5 },
    ]);
    expect(parseStoredCart(raw)).toEqual([{ id: '1', size: 'M', quantity: 2 }]);
  });

  it('ignores tampered stored prices and names: totals come from the catalogue', () => {
    const raw = JSON.stringify([{ id: P40.id, name: 'Free bracelet', price: 1, quantity: 2 }]);
    const state = parseStoredCart(raw);
    expect(state).toEqual([{ id: P40.id, size: 'M', quantity: 2 }]);
    expect(cartLineViews(state)[0]?.product.name).toBe(P40.name);
    expect(priceCart(state, 'IE', false).total).toBe(8000);
  });

  it('caps the number of stored lines', () => {
    const raw = JSON.stringify(
      Array.from({ length: 100 }, (_, i) => ({ id: String((i % PRODUCTS.length) + 1), quantity: 1 })),
    );
    const state = parseStoredCart(raw);
    expect(state.length).toBeLessThanOrEqual(LIMITS.maxCartLines);
    expect(new Set(state.map((l) => l.id)).size).toBe(state.length);
  });
});

describe('sizes: lines keyed by product and size', () => {
  it('adds one bracelet in two sizes as two lines, and the same size to the same line', () => {
    let s = cartReducer(EMPTY_CART, { type: 'add', id: '1', size: 'L' });
    s = cartReducer(s, { type: 'add', id: '1' });
    s = cartReducer(s, { type: 'add', id: '1', size: 'L', quantity: 2 });
    expect(s).toEqual([
      { id: '1', size: 'L', quantity: 3, priceSeen: 4000 },
      { id: '1', size: 'M', quantity: 1, priceSeen: 4000 },
    ]);
    expect(cartLineViews(s).map((v) => v.key)).toEqual(['1:L', '1:M']);
  });

  it('changes, removes and steps only the line of that size', () => {
    const s: CartState = [
      { id: '1', size: 'S', quantity: 1 },
      { id: '1', size: 'M', quantity: 2 },
    ];
    expect(cartReducer(s, { type: 'increment', id: '1', size: 'S' })[0]).toEqual({
      id: '1',
      size: 'S',
      quantity: 2,
    });
    expect(cartReducer(s, { type: 'remove', id: '1' })).toEqual([{ id: '1', size: 'S', quantity: 1 }]);
    expect(cartReducer(s, { type: 'remove', id: '1', size: 'L' })).toBe(s);
  });

  it('setSize moves a line, or merges it into the line already in that size (clamped)', () => {
    const s: CartState = [
      { id: '1', size: 'S', quantity: MAX - 1 },
      { id: '2', size: 'M', quantity: 1 },
      { id: '1', size: 'M', quantity: 3 },
    ];
    expect(cartReducer(s, { type: 'setSize', id: '2', to: 'L' })[1]).toEqual({
      id: '2',
      size: 'L',
      quantity: 1,
    });
    expect(cartReducer(s, { type: 'setSize', id: '1', size: 'M', to: 'S' })).toEqual([
      { id: '1', size: 'S', quantity: MAX },
      { id: '2', size: 'M', quantity: 1 },
    ]);
    expect(cartReducer(s, { type: 'setSize', id: '2', to: 'M' })).toBe(s);
    expect(cartReducer(s, { type: 'setSize', id: '2', to: 'XL' as never })).toBe(s);
  });

  it('loads a cart stored before sizes as Medium, keeps stored sizes and drops unknown ones', () => {
    expect(parseStoredCart('[{"id":"3","quantity":2}]')).toEqual([{ id: '3', size: 'M', quantity: 2 }]);
    expect(
      parseStoredCart(
        '[{"id":"3","size":"L","quantity":1},{"id":"3","quantity":1},{"id":"3","size":"XL","quantity":1},{"id":"3","size":"M","quantity":4}]',
      ),
    ).toEqual([
      { id: '3', size: 'L', quantity: 1 },
      { id: '3', size: 'M', quantity: 1 },
    ]);
  });

  it('never lets a size change a price', () => {
    const small = priceCart([{ id: P35.id, size: 'S', quantity: 2 }], 'IE', false);
    const large = priceCart([{ id: P35.id, size: 'L', quantity: 2 }], 'IE', false);
    expect(small.total).toBe(large.total);
    expect(large.lines[0]?.size).toBe('L');
  });
});

describe('zone and gift wrap storage', () => {
  it('round-trips every zone and falls back to Ireland', () => {
    for (const zone of ZONE_IDS) expect(parseStoredZone(serializeZone(zone))).toBe(zone);
    for (const raw of [null, '', 'ie', 'MARS', '"EU"', 'toString']) expect(parseStoredZone(raw)).toBe('IE');
  });

  it('round-trips gift wrap and treats anything else as off', () => {
    expect(parseStoredGiftWrap(serializeGiftWrap(true))).toBe(true);
    expect(parseStoredGiftWrap(serializeGiftWrap(false))).toBe(false);
    for (const raw of [null, '', '1', 'yes', 'TRUE']) expect(parseStoredGiftWrap(raw)).toBe(false);
  });
});

describe('describeQuantityChange', () => {
  it('says what happened to the line', () => {
    expect(describeQuantityChange('Burgundy Safari', 3)).toBe('Burgundy Safari quantity 3');
    expect(describeQuantityChange('Burgundy Safari', 0)).toBe('Burgundy Safari removed from cart');
  });
});

describe('cartReducer invariants (property)', () => {
  const idArb = fc.oneof(
    fc.constantFrom(...PRODUCTS.map((p) => p.id)),
    fc.constantFrom('0', '28', '', '__proto__', 'x'),
  );
  const qtyArb = fc.oneof(fc.integer({ min: -5, max: 30 }), fc.double(), fc.constant(Number.NaN));
  const actionArb: fc.Arbitrary<CartAction> = fc.oneof(
    fc.record({
      type: fc.constant('add' as const),
      id: idArb,
      quantity: fc.option(qtyArb, { nil: undefined }),
    }),
    fc.record({ type: fc.constant('remove' as const), id: idArb }),
    fc.record({ type: fc.constant('setQuantity' as const), id: idArb, quantity: qtyArb }),
    fc.record({ type: fc.constant('increment' as const), id: idArb }),
    fc.record({ type: fc.constant('decrement' as const), id: idArb }),
    fc.constant({ type: 'clear' as const }),
  );

  it('keeps known, unique ids with integer quantities in 1..max, and survives storage', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 60 }), (actions) => {
        const state = actions.reduce(cartReducer, EMPTY_CART);
        for (const line of state) {
          expect(getProduct(line.id)).toBeDefined();
          expect(Number.isInteger(line.quantity)).toBe(true);
          expect(line.quantity).toBeGreaterThanOrEqual(1);
          expect(line.quantity).toBeLessThanOrEqual(MAX);
        }
        expect(new Set(state.map((l) => l.id)).size).toBe(state.length);
        expect(parseStoredCart(serializeCart(state))).toEqual(state);
      }),
    );
  });

  it('never throws on arbitrary stored strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (raw) => {
        const state = parseStoredCart(raw);
        expect(Array.isArray(state)).toBe(true);
      }),
    );
  });
});

describe('the catalogue changes under a stored cart', () => {
  const repriced = indexCatalogue({
    ...seedSnapshot(),
    version: 'repriced',
    products: seedSnapshot().products.map((p) =>
      p.id === '1'
        ? { ...p, price: cents(4500) }
        : p.id === '2'
          ? { ...p, status: 'paused' as const }
          : p.id === '3'
            ? { ...p, status: 'retired' as const }
            : p,
    ),
  });

  it('shows the new price, with the price the line was added at, and charges the new one', () => {
    const added = cartReducer(EMPTY_CART, { type: 'add', id: '1' });
    const [view] = lineViews(added, repriced);
    expect(view?.product.price).toBe(4500);
    expect(view?.previousPrice).toBe(4000);
    expect(price(added, 'IE', false, repriced).subtotal).toBe(4500);
  });

  it('shows no notice for an unchanged price, nor for a line stored before the price seen was kept', () => {
    expect(
      lineViews(cartReducer(EMPTY_CART, { type: 'add', id: '4' }), repriced)[0]?.previousPrice,
    ).toBeNull();
    const old = parseStored(
      '[{"id":"1","size":"M","name":"First Light","price":4000,"quantity":1}]',
      repriced.isProductId,
    );
    expect(lineViews(old, repriced)[0]?.previousPrice).toBeNull();
  });

  it('keeps the price seen through storage, and ignores one that is not a whole number of cents', () => {
    const added = cartReducer(EMPTY_CART, { type: 'add', id: '1' });
    const stored = serializeCart(added);
    expect(JSON.parse(stored)).toEqual([
      { id: '1', size: 'M', name: 'First Light', price: 4000, quantity: 1, priceSeen: 4000 },
    ]);
    expect(parseStoredCart(stored)).toEqual(added);
    expect(parseStoredCart('[{"id":"1","quantity":1,"priceSeen":40.5}]')).toEqual([
      { id: '1', size: 'M', quantity: 1 },
    ]);
  });

  it('adding the line again takes the current price as seen', () => {
    const reducer = cartReducerFor(() => repriced);
    const again = reducer([{ id: '1', size: 'M', quantity: 1, priceSeen: cents(4000) }], {
      type: 'add',
      id: '1',
    });
    expect(again).toEqual([{ id: '1', size: 'M', quantity: 2, priceSeen: 4500 }]);
    expect(lineViews(again, repriced)[0]?.previousPrice).toBeNull();
  });

  it('marks paused and retired products, refuses to add them, and names them in the checkout message', () => {
    const reducer = cartReducerFor(() => repriced);
    expect(reducer(EMPTY_CART, { type: 'add', id: '2' })).toBe(EMPTY_CART);
    expect(reducer(EMPTY_CART, { type: 'add', id: '3' })).toBe(EMPTY_CART);
    const held: CartState = [
      { id: '2', size: 'M', quantity: 1 },
      { id: '3', size: 'S', quantity: 1 },
      { id: '4', size: 'M', quantity: 1 },
    ];
    const views = lineViews(held, repriced);
    expect(views.map((v) => v.unavailable)).toEqual([true, true, false]);
    expect(checkoutBlockedText(views)).toBe(
      'Claret Harbour and Tawny Strand are not available to order. Remove them from your cart to check out.',
    );
    expect(checkoutBlockedText(views.slice(0, 1))).toBe(
      'Claret Harbour is not available to order. Remove it from your cart to check out.',
    );
    expect(checkoutBlockedText(views.slice(2))).toBeNull();
  });

  it('prices only the lines that can be checked out: subtotal, free shipping, total and pieces', () => {
    const held: CartState = [
      { id: '2', size: 'M', quantity: 1 },
      { id: '3', size: 'S', quantity: 2 },
      { id: '5', size: 'M', quantity: 1 },
    ];
    const totals = price(held, 'IE', false, repriced);
    expect(totals).toMatchObject({ subtotal: 3000, itemCount: 1, freeShipping: false, shipping: 495 });
    expect(totals.total).toBe(3495);
    const views = lineViews(held, repriced);
    expect(orderableLines(views).map((v) => v.product.id)).toEqual(['5']);
    // Nothing held: the same list.
    const onSale = views.slice(2);
    expect(orderableLines(onSale)).toBe(onSale);
  });

  it('drops a line whose product left the catalogue, as before', () => {
    const smaller = indexCatalogue({
      ...seedSnapshot(),
      version: 'smaller',
      products: seedSnapshot().products.slice(1),
    });
    expect(parseStored('[{"id":"1","quantity":1},{"id":"2","quantity":1}]', smaller.isProductId)).toEqual([
      { id: '2', size: 'M', quantity: 1 },
    ]);
  });
});

describe('sizes the owner offers', () => {
  const fewer = indexCatalogue({
    ...seedSnapshot(),
    version: 'fewer-sizes',
    products: seedSnapshot().products.map((p) => (p.id === '1' ? { ...p, sizes: ['S', 'L'] as const } : p)),
  });
  const reducer = cartReducerFor(() => fewer);

  it('adds and moves a line only in a size the bracelet is made in', () => {
    expect(reducer(EMPTY_CART, { type: 'add', id: '1', size: 'M' })).toBe(EMPTY_CART);
    const small = reducer(EMPTY_CART, { type: 'add', id: '1', size: 'S' });
    expect(small).toEqual([{ id: '1', size: 'S', quantity: 1, priceSeen: 4000 }]);
    expect(reducer(small, { type: 'setSize', id: '1', size: 'S', to: 'M' })).toBe(small);
    expect(reducer(small, { type: 'setSize', id: '1', size: 'S', to: 'L' })).toEqual([
      { id: '1', size: 'L', quantity: 1, priceSeen: 4000 },
    ]);
  });
});
