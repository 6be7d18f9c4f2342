/**
 * Turns an untrusted POST /api/checkout body into a priced-order request, or a clear message for the
 * shopper. The shape is the shared strict schema (domain/checkout.ts): an unexpected `price`, `amount` or
 * any other key is refused, never read. Products and prices come from the server's catalogue only.
 */
import { getProduct } from '../../domain/catalogue';
import { CHECKOUT_ERRORS, checkoutRequestSchema } from '../../domain/checkout';
import { DEFAULT_ZONE, type ZoneId } from '../../domain/config';
import { checkEmail } from '../../domain/email';
import { checkGiftMessage } from '../../domain/gift-message';
import type { PricedLineInput } from '../../domain/pricing';
import { cartLineKey } from '../../domain/sizes';

export interface ValidCheckout {
  readonly email: string;
  readonly lines: readonly PricedLineInput[];
  readonly zone: ZoneId;
  readonly giftWrap: boolean;
  /** Plain text, only with gift wrap; null when the shopper wrote none. */
  readonly giftMessage: string | null;
}

export type CheckoutParse = { ok: true; value: ValidCheckout } | { ok: false; error: string };

interface IssueLike {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly keys?: readonly string[];
  readonly expected?: unknown;
  readonly values?: readonly unknown[];
}

// zod's own wording depends on whether a locale is loaded; only the shop's own messages are passed through.
const OWN_MESSAGES: ReadonlySet<string> = new Set(Object.values(CHECKOUT_ERRORS));

export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/** One readable sentence for the first problem of a request body. */
export function describeIssue(issue: IssueLike): string {
  const where = fieldPath(issue.path);
  if (OWN_MESSAGES.has(issue.message)) return issue.message;
  switch (issue.code) {
    case 'unrecognized_keys': {
      const keys = (issue.keys ?? []).map((k) => `"${k}"`).join(', ');
      const plural = (issue.keys ?? []).length > 1 ? 's' : '';
      return `Unexpected field${plural} ${keys}${where ? ` in ${where}` : ''}: prices and amounts are set by the shop`;
    }
    case 'invalid_type':
      if (!where) return 'The request body must be a JSON object';
      if (issue.path.at(-1) === 'quantity') return CHECKOUT_ERRORS.quantity;
      return `"${where}" is missing or has the wrong type (expected ${String(issue.expected)})`;
    case 'invalid_value':
      if (issue.path.at(-1) === 'size') return CHECKOUT_ERRORS.size;
      return `"${where}" must be one of ${(issue.values ?? []).map(String).join(', ')}`;
    case 'too_small':
    case 'too_big':
      if (issue.path.at(-1) === 'id') return CHECKOUT_ERRORS.unknownProduct;
      return `"${where}" is out of range`;
    default:
      return where ? `"${where}" is not valid` : 'The request is not valid';
  }
}

export function parseCheckoutRequest(body: unknown): CheckoutParse {
  const parsed = checkoutRequestSchema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return { ok: false, error: first ? describeIssue(first) : 'The request is not valid' };
  }
  const req = parsed.data;
  const email = checkEmail(req.email);
  if (!email.ok) return { ok: false, error: email.message };
  const giftWrap = req.giftWrap ?? false;
  const giftMessage = checkGiftMessage(req.giftMessage, giftWrap);
  if (!giftMessage.ok) return { ok: false, error: giftMessage.error };
  // Lines are keyed by product and size, as in the cart: one bracelet in two sizes is two lines.
  const seen = new Set<string>();
  const lines: PricedLineInput[] = [];
  for (const item of req.items) {
    const key = cartLineKey(item.id, item.size);
    if (seen.has(key)) return { ok: false, error: CHECKOUT_ERRORS.duplicateLine };
    seen.add(key);
    const product = getProduct(item.id);
    if (!product) return { ok: false, error: CHECKOUT_ERRORS.unknownProduct };
    lines.push({
      id: product.id,
      name: product.name,
      size: item.size,
      unitPrice: product.price,
      quantity: item.quantity,
    });
  }
  return {
    ok: true,
    value: {
      email: email.email,
      lines,
      zone: req.zone ?? DEFAULT_ZONE,
      giftWrap,
      giftMessage: giftMessage.message,
    },
  };
}
