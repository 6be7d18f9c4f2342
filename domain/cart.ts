/**
 * Cart rules (docs/product.md §5.1) as a pure reducer, plus the local-storage format under STORAGE_KEYS.cart.
 *
 * A line holds only the product id and quantity: name, price and image always come from the current
 * catalogue, so an old or tampered stored price can never reach the order summary (or the server, which
 * prices the order from its own catalogue anyway).
 */
import { getProduct, isProductId, type Product } from './catalogue';
import { DEFAULT_ZONE, LIMITS, ZONE_IDS, type ZoneId } from './config';
import { type Cents, multiplyCents } from './money';
import { type OrderTotals, type PricedLineInput, priceOrder } from './pricing';

export interface CartLine {
  readonly id: string;
  readonly quantity: number;
}

export type CartState = readonly CartLine[];
export const EMPTY_CART: CartState = [];

export type CartAction =
  | { readonly type: 'add'; readonly id: string; readonly quantity?: number }
  | { readonly type: 'remove'; readonly id: string }
  | { readonly type: 'setQuantity'; readonly id: string; readonly quantity: number }
  | { readonly type: 'increment'; readonly id: string }
  | { readonly type: 'decrement'; readonly id: string }
  | { readonly type: 'clear' };

function clampQuantity(quantity: number): number {
  return Math.min(LIMITS.maxQuantityPerLine, quantity);
}

function withQuantity(state: CartState, id: string, quantity: number): CartState {
  const index = state.findIndex((l) => l.id === id);
  const line = state[index];
  if (!line) return state;
  if (quantity <= 0) return state.filter((l) => l.id !== id);
  const q = clampQuantity(quantity);
  if (q === line.quantity) return state;
  return state.map((l) => (l.id === id ? { id, quantity: q } : l));
}

/**
 * Unchanged state is returned as the same array, so a no-op (adding at the maximum, removing a missing
 * line) neither re-renders nor rewrites storage.
 */
export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'add': {
      const amount = action.quantity ?? 1;
      if (!isProductId(action.id) || !Number.isSafeInteger(amount) || amount < 1) return state;
      const existing = state.find((l) => l.id === action.id);
      if (existing) return withQuantity(state, action.id, existing.quantity + amount);
      if (state.length >= LIMITS.maxCartLines) return state;
      return [...state, { id: action.id, quantity: clampQuantity(amount) }];
    }
    case 'remove':
      return state.some((l) => l.id === action.id) ? state.filter((l) => l.id !== action.id) : state;
    case 'setQuantity':
      // NaN or Infinity from a broken input field is ignored rather than guessed at.
      if (!Number.isFinite(action.quantity)) return state;
      return withQuantity(state, action.id, Math.floor(action.quantity));
    case 'increment': {
      const line = state.find((l) => l.id === action.id);
      return line ? withQuantity(state, action.id, line.quantity + 1) : state;
    }
    case 'decrement': {
      const line = state.find((l) => l.id === action.id);
      return line ? withQuantity(state, action.id, line.quantity - 1) : state;
    }
    case 'clear':
      return state.length === 0 ? state : EMPTY_CART;
  }
}

export interface CartLineView {
  readonly product: Product;
  readonly quantity: number;
  readonly lineTotal: Cents;
}

/** Lines joined with the current catalogue; a line whose product no longer exists is left out. */
export function cartLineViews(state: CartState): readonly CartLineView[] {
  const views: CartLineView[] = [];
  for (const line of state) {
    const product = getProduct(line.id);
    if (product)
      views.push({
        product,
        quantity: line.quantity,
        lineTotal: multiplyCents(product.price, line.quantity),
      });
  }
  return views;
}

export function cartCount(state: CartState): number {
  return state.reduce((n, l) => n + l.quantity, 0);
}

export function pricedLines(views: readonly CartLineView[]): readonly PricedLineInput[] {
  return views.map((v) => ({
    id: v.product.id,
    name: v.product.name,
    unitPrice: v.product.price,
    quantity: v.quantity,
  }));
}

export function priceCart(state: CartState, zone: ZoneId, giftWrap: boolean): OrderTotals {
  return priceOrder(pricedLines(cartLineViews(state)), zone, giftWrap);
}

/** Whether one more of this line may be added (the plus buttons are disabled at the maximum). */
export function canIncrease(quantity: number): boolean {
  return quantity < LIMITS.maxQuantityPerLine;
}

// --- Storage -------------------------------------------------------------------------------------------

/**
 * The stored shape (docs/product.md §5.1) is a list of name, price and quantity; we keep the name and the price (in cents)
 * for readability and older readers, but on load only id and quantity are trusted.
 */
export interface StoredCartLine {
  readonly id: string;
  readonly name: string;
  readonly price: Cents;
  readonly quantity: number;
}

export function serializeCart(state: CartState): string {
  const stored: StoredCartLine[] = cartLineViews(state).map((v) => ({
    id: v.product.id,
    name: v.product.name,
    price: v.product.price,
    quantity: v.quantity,
  }));
  return JSON.stringify(stored);
}

/**
 * Hand-written guards rather than zod here: this parser runs on every page's first render path, and
 * zod's core would add about 8 KB gzip to the home page's 95 KB budget for two typeof checks
 * (docs/decisions/0003). The property tests feed it arbitrary strings and values.
 */
function storedLine(item: unknown): { id: string; quantity: number } | null {
  if (typeof item !== 'object' || item === null) return null;
  const { id, quantity } = item as Record<string, unknown>;
  return typeof id === 'string' && typeof quantity === 'number' ? { id, quantity } : null;
}

/**
 * Parses the stored cart leniently line by line: a corrupt value gives an empty cart; unknown ids,
 * quantities that are not positive integers and repeated ids are dropped; quantities above the per-line
 * maximum are clamped to it. Never throws.
 */
export function parseStoredCart(raw: string | null): CartState {
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
    if (!isProductId(id) || !Number.isInteger(quantity) || quantity < 1) continue;
    if (lines.some((l) => l.id === id)) continue;
    lines.push({ id, quantity: clampQuantity(quantity) });
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
