/**
 * Cart rules (docs/product/states.md §5.1) as a pure reducer, plus the local-storage format under STORAGE_KEYS.cart.
 *
 * A line holds the product id, size, quantity and the price the shopper saw when adding it; lines are
 * keyed by product and size (docs/product/sizes.md §13.1), so one bracelet in two sizes is two lines. Actions
 * that name a line take the product id and its size (absent means Medium, as in the API). name, price and
 * image always come from the current catalogue, so an old or tampered stored price can never reach the
 * order summary (or the server, which prices the order from its own catalogue anyway); the price seen only
 * tells the shopper that the price changed since (docs/product/catalogue.md).
 */
import type { CatalogueIndex } from '../catalogue/catalogue-index';
import { cartLineKey, isSizeCode, offeredSizes } from '../catalogue/sizes';
import type { CatalogueProduct as Product } from '../catalogue/snapshot';
import { DEFAULT_SIZE, DEFAULT_ZONE, LIMITS, type SizeCode, ZONE_IDS, type ZoneId } from '../config';
import { type Cents, multiplyCents } from '../shared/money';
import { type OrderTotals, type PricedLineInput, priceOrder } from './pricing';

export interface CartLine {
  readonly id: string;
  readonly size: SizeCode;
  readonly quantity: number;
  /** The price shown when the line was added (absent in carts stored before it was kept). */
  readonly priceSeen?: Cents;
}

export type CartState = readonly CartLine[];
export const EMPTY_CART: CartState = [];

/** A line's product id and size; `size` absent means Medium. */
interface LineRef {
  readonly id: string;
  readonly size?: SizeCode;
}

export type CartAction =
  | ({ readonly type: 'add'; readonly quantity?: number } & LineRef)
  | ({ readonly type: 'remove' } & LineRef)
  | ({ readonly type: 'setQuantity'; readonly quantity: number } & LineRef)
  | ({ readonly type: 'increment' } & LineRef)
  | ({ readonly type: 'decrement' } & LineRef)
  /** The cart page's size choice: moves the line to `to`, merging into a line already in that size. */
  | ({ readonly type: 'setSize'; readonly to: SizeCode } & LineRef)
  | { readonly type: 'clear' };

function clampQuantity(quantity: number): number {
  return Math.min(LIMITS.maxQuantityPerLine, quantity);
}

function isLine(line: CartLine, ref: LineRef): boolean {
  return line.id === ref.id && line.size === (ref.size ?? DEFAULT_SIZE);
}

function findLine(state: CartState, ref: LineRef): CartLine | undefined {
  return state.find((l) => isLine(l, ref));
}

function withQuantity(state: CartState, ref: LineRef, quantity: number): CartState {
  const line = findLine(state, ref);
  if (!line) return state;
  if (quantity <= 0) return state.filter((l) => l !== line);
  const q = clampQuantity(quantity);
  if (q === line.quantity) return state;
  return state.map((l) => (l === line ? { ...line, quantity: q } : l));
}

function withSize(state: CartState, ref: LineRef, to: SizeCode): CartState {
  const line = findLine(state, ref);
  if (!line || line.size === to || !isSizeCode(to)) return state;
  const target = findLine(state, { id: line.id, size: to });
  if (!target) return state.map((l) => (l === line ? { ...line, size: to } : l));
  // The bracelet is already in the cart in that size: one line, as adding it in that size would give.
  const merged = { ...target, quantity: clampQuantity(target.quantity + line.quantity) };
  return state.filter((l) => l !== line).map((l) => (l === target ? merged : l));
}

/** Adding a line again means the shopper saw its current price: the price seen follows it. */
function withPriceSeen(state: CartState, ref: LineRef, price: Cents): CartState {
  const line = findLine(state, ref);
  if (!line || line.priceSeen === price) return state;
  return state.map((l) => (l === line ? { ...line, priceSeen: price } : l));
}

export type CartReducer = (state: CartState, action: CartAction) => CartState;

/**
 * The cart's reducer over the current catalogue: only an active product of it can be added (a paused or
 * retired one takes no orders), and a new line keeps the price it was added at. Unchanged state is
 * returned as the same array, so a no-op (adding at the maximum, removing a missing line) neither
 * re-renders nor rewrites storage.
 */
export function cartReducerFor(catalogue: () => CatalogueIndex): CartReducer {
  return function cartReducer(state: CartState, action: CartAction): CartState {
    switch (action.type) {
      case 'add': {
        const amount = action.quantity ?? 1;
        const size = action.size ?? DEFAULT_SIZE;
        const product = catalogue().getProduct(action.id);
        const orderable = product?.status === 'active' && offeredSizes(product).some((s) => s.code === size);
        if (!orderable || !isSizeCode(size) || !Number.isSafeInteger(amount) || amount < 1) return state;
        const existing = findLine(state, action);
        if (existing) {
          // At the maximum nothing changes (same state, no storage write); otherwise the shopper has
          // just seen the current price.
          const next = withQuantity(state, action, existing.quantity + amount);
          return next === state ? state : withPriceSeen(next, action, product.price);
        }
        if (state.length >= LIMITS.maxCartLines) return state;
        return [...state, { id: action.id, size, quantity: clampQuantity(amount), priceSeen: product.price }];
      }
      case 'remove':
        return findLine(state, action) ? state.filter((l) => !isLine(l, action)) : state;
      case 'setQuantity':
        // NaN or Infinity from a broken input field is ignored rather than guessed at.
        if (!Number.isFinite(action.quantity)) return state;
        return withQuantity(state, action, Math.floor(action.quantity));
      case 'increment': {
        const line = findLine(state, action);
        return line ? withQuantity(state, action, line.quantity + 1) : state;
      }
      case 'decrement': {
        const line = findLine(state, action);
        return line ? withQuantity(state, action, line.quantity - 1) : state;
      }
      case 'setSize': {
        // Only to a size the bracelet is made in.
        const product = catalogue().getProduct(action.id);
        if (product && !offeredSizes(product).some((s) => s.code === action.to)) return state;
        return withSize(state, action, action.to);
      }
      case 'clear':
        return state.length === 0 ? state : EMPTY_CART;
    }
  };
}

export interface CartLineView {
  /** Product and size: the React key and the handle of the line's controls. */
  readonly key: string;
  readonly product: Product;
  readonly size: SizeCode;
  readonly quantity: number;
  readonly lineTotal: Cents;
  /** The price the shopper added the line at, when the product's price has changed since; else null. */
  readonly previousPrice: Cents | null;
  /** The product takes no orders (paused) or is no longer made (retired): the cart cannot check out. */
  readonly unavailable: boolean;
}

/**
 * The view of each line, kept per catalogue and line object: the reducer keeps the objects of the lines
 * an action does not touch, so their views stay the same objects too, and a memo'd line on the cart page
 * is left alone when another line's quantity changes.
 */
const viewsByCatalogue = new WeakMap<CatalogueIndex, WeakMap<CartLine, CartLineView>>();

/** Lines joined with the current catalogue; a line whose product no longer exists is left out. */
export function cartLineViews(state: CartState, catalogue: CatalogueIndex): readonly CartLineView[] {
  let viewOfLine = viewsByCatalogue.get(catalogue);
  if (!viewOfLine) {
    viewOfLine = new WeakMap();
    viewsByCatalogue.set(catalogue, viewOfLine);
  }
  const views: CartLineView[] = [];
  for (const line of state) {
    let view = viewOfLine.get(line);
    if (!view) {
      const product = catalogue.getProduct(line.id);
      if (!product) continue;
      view = {
        key: cartLineKey(product.id, line.size),
        product,
        size: line.size,
        quantity: line.quantity,
        lineTotal: multiplyCents(product.price, line.quantity),
        previousPrice:
          line.priceSeen !== undefined && line.priceSeen !== product.price ? line.priceSeen : null,
        unavailable: product.status !== 'active',
      };
      viewOfLine.set(line, view);
    }
    views.push(view);
  }
  return views;
}

/** The lines whose product takes no orders: while any is in the cart, it cannot be checked out. */
export function unavailableLines(views: readonly CartLineView[]): readonly CartLineView[] {
  return views.filter((v) => v.unavailable);
}

/**
 * What the checkout says while the cart holds a product that takes no orders, naming each one; null when
 * the cart can be checked out.
 */
export function checkoutBlockedText(views: readonly CartLineView[]): string | null {
  const names = [...new Set(unavailableLines(views).map((v) => v.product.name))];
  if (names.length === 0) return null;
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const verb = names.length === 1 ? 'is' : 'are';
  return `${list} ${verb} not available to order. Remove ${names.length === 1 ? 'it' : 'them'} from your cart to check out.`;
}

export function cartCount(state: CartState): number {
  return state.reduce((n, l) => n + l.quantity, 0);
}

/**
 * The lines that can be checked out: a paused or retired product's line stays in the cart, named in the
 * checkout's message, but it is not for sale, so it counts nowhere (docs/product/states.md §5.1).
 */
export function orderableLines(views: readonly CartLineView[]): readonly CartLineView[] {
  return views.some((v) => v.unavailable) ? views.filter((v) => !v.unavailable) : views;
}

/**
 * What the cart prices: the orderable lines only, so the subtotal, the free-shipping line and the total on
 * the cart page, in the mini cart and in the order summary count only what can be checked out.
 */
export function pricedLines(views: readonly CartLineView[]): readonly PricedLineInput[] {
  return orderableLines(views).map((v) => ({
    id: v.product.id,
    name: v.product.name,
    size: v.size,
    unitPrice: v.product.price,
    quantity: v.quantity,
  }));
}

export function priceCart(
  state: CartState,
  zone: ZoneId,
  giftWrap: boolean,
  catalogue: CatalogueIndex,
): OrderTotals {
  return priceOrder(pricedLines(cartLineViews(state, catalogue)), zone, giftWrap);
}

/** Whether one more of this line may be added (the plus buttons are disabled at the maximum). */
export function canIncrease(quantity: number): boolean {
  return quantity < LIMITS.maxQuantityPerLine;
}

// --- Storage -------------------------------------------------------------------------------------------

/**
 * The stored shape (docs/product/states.md §5.1) is a list of name, price and quantity; we keep the name and the price (in cents)
 * for readability and older readers, but on load only id, size, quantity and the price seen are trusted
 * (the price seen only decides whether a notice shows). Carts stored before sizes have no `size`: their
 * lines load as Medium, what every order was made in then; carts stored before the price seen have none,
 * and show the current price without a notice.
 */
export interface StoredCartLine {
  readonly id: string;
  readonly size: SizeCode;
  readonly name: string;
  readonly price: Cents;
  readonly quantity: number;
  readonly priceSeen?: Cents;
}

export function serializeCart(state: CartState, catalogue: CatalogueIndex): string {
  const seen = new Map(state.map((l) => [cartLineKey(l.id, l.size), l.priceSeen]));
  const stored: StoredCartLine[] = cartLineViews(state, catalogue).map((v) => {
    const priceSeen = seen.get(v.key);
    return {
      id: v.product.id,
      size: v.size,
      name: v.product.name,
      price: v.product.price,
      quantity: v.quantity,
      ...(priceSeen === undefined ? {} : { priceSeen }),
    };
  });
  return JSON.stringify(stored);
}

/**
 * Hand-written guards rather than zod here: this parser runs on every page's first render path, and
 * zod's core would add about 8 KB gzip to the home page's 95 KB budget for two typeof checks
 * (docs/decisions/0003). The property tests feed it arbitrary strings and values.
 */
function storedLine(item: unknown): CartLine | null {
  if (typeof item !== 'object' || item === null) return null;
  const { id, size = DEFAULT_SIZE, quantity, priceSeen } = item as Record<string, unknown>;
  if (typeof id !== 'string' || !isSizeCode(size) || typeof quantity !== 'number') return null;
  // A price seen that is not a whole number of cents is ignored: the line then shows no notice.
  return Number.isSafeInteger(priceSeen) && (priceSeen as number) >= 0
    ? { id, size, quantity, priceSeen: priceSeen as Cents }
    : { id, size, quantity };
}

/**
 * Parses the stored cart leniently line by line: a corrupt value gives an empty cart; ids not in the
 * current catalogue, unknown
 * sizes, quantities that are not positive integers and repeated product+size lines are dropped; a line
 * without a size is Medium; quantities above the per-line
 * maximum are clamped to it. Never throws.
 */
export function parseStoredCart(raw: string | null, isKnown: (id: string) => boolean): CartState {
  if (raw === null) return EMPTY_CART;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return EMPTY_CART;
  }
  if (!Array.isArray(json)) return EMPTY_CART;
  const lines: CartLine[] = [];
  for (const item of json) {
    if (lines.length >= LIMITS.maxCartLines) break;
    const parsed = storedLine(item);
    if (!parsed) continue;
    const { id, quantity } = parsed;
    if (!isKnown(id) || !Number.isInteger(quantity) || quantity < 1) continue;
    if (findLine(lines, parsed)) continue;
    lines.push({ ...parsed, quantity: clampQuantity(quantity) });
  }
  return lines;
}

export function parseStoredZone(raw: string | null): ZoneId {
  return ZONE_IDS.find((z) => z === raw) ?? DEFAULT_ZONE;
}

export function serializeZone(zone: ZoneId): string {
  return zone;
}

export function parseStoredGiftWrap(raw: string | null): boolean {
  return raw === 'true';
}

export function serializeGiftWrap(giftWrap: boolean): string {
  return String(giftWrap);
}

/** What the cart page's live region says after a quantity change; 0 means the line was removed. */
export function describeQuantityChange(name: string, quantity: number): string {
  return quantity <= 0 ? `${name} removed from cart` : `${name} quantity ${quantity}`;
}
