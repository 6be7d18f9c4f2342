/**
 * The per-client rate limits' settings (security/rate-limit.ts counts them), with no dependencies so that
 * the configuration can parse them. RATE_LIMITS (a contract name) configures them: `off` switches every limit off (benchmarks, volume
 * tests); otherwise a comma-separated list of `name=requests/seconds` or `name=off`, e.g.
 * `checkout=20/60,newsletter=off`. Names not listed keep their defaults.
 */

export const RATE_LIMIT_NAMES = [
  'checkout',
  'confirm',
  'newsletter',
  'pay',
  'admin',
  'order',
  'lookup',
  'enquiry',
  'other',
] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];

export interface RateRule {
  /** Requests allowed per window. */
  readonly requests: number;
  /** The window's length. */
  readonly perSeconds: number;
}

/** null: that limit is off. */
export type RateLimitSettings = Readonly<Record<RateLimitName, RateRule | null>>;

/**
 * What a small real shop would choose. A shopper opens checkout once or twice per order and the
 * confirmation page asks a handful of times; a family or an office behind one address still fits.
 * Each checkout writes an order and opens a provider session, newsletter sign-ups are rows anyone
 * could spam, card attempts on the test checkout are what card testers would hammer.
 */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  /** POST /api/checkout */
  checkout: { requests: 10, perSeconds: 60 },
  /** POST /api/orders/{sessionId}/confirm (the page re-checks a pending payment a few times) */
  confirm: { requests: 60, perSeconds: 60 },
  /** POST /api/newsletter */
  newsletter: { requests: 5, perSeconds: 60 },
  /** POST /test-checkout/{sessionId}/pay (card attempts) */
  pay: { requests: 10, perSeconds: 60 },
  /**
   * Every /api/admin/ route and method, before the token is checked. Reads count too, so the owner's
   * clicking through orders must fit: wrong tokens are stopped sooner, after 10, by the failed sign-ins.
   */
  admin: { requests: 120, perSeconds: 60 },
  /** POST /api/order-page and /api/order-page/withdrawal (a shopper opens their page a few times) */
  order: { requests: 30, perSeconds: 60 },
  /** POST /api/order-page/find, per client; each address and each reference also at most 3 an hour */
  lookup: { requests: 10, perSeconds: 60 },
  /**
   * POST /api/enquiries: each one is a row and two e-mails, and a person sends one, perhaps a second to
   * correct it; an office behind one address still fits in an hour.
   */
  enquiry: { requests: 5, perSeconds: 3600 },
  /** A state-changing route nobody classified yet (the route inventory test fails until someone does) */
  other: { requests: 30, perSeconds: 60 },
};

export const RATE_LIMITS_OFF: RateLimitSettings = Object.fromEntries(
  RATE_LIMIT_NAMES.map((n) => [n, null]),
) as Record<RateLimitName, null>;

const MAX_REQUESTS = 1_000_000;
const MAX_SECONDS = 86_400;

export type RateLimitParse =
  | { readonly ok: true; readonly value: RateLimitSettings }
  | { readonly ok: false; readonly errors: readonly string[] };

/** Parses RATE_LIMITS; unset or empty means the defaults. */
export function parseRateLimits(raw: string | undefined): RateLimitParse {
  const text = (raw ?? '').trim();
  if (text === '') return { ok: true, value: DEFAULT_RATE_LIMITS };
  if (text.toLowerCase() === 'off') return { ok: true, value: RATE_LIMITS_OFF };
  const out: Record<RateLimitName, RateRule | null> = { ...DEFAULT_RATE_LIMITS };
  const errors: string[] = [];
  const seen = new Set<string>();
  const known = RATE_LIMIT_NAMES.join(', ');
  for (const part of text.split(',')) {
    const entry = part.trim();
    if (entry === '') continue;
    const m = /^([a-z]+)\s*=\s*(?:(off)|(\d+)\s*\/\s*(\d+))$/i.exec(entry);
    if (!m) {
      errors.push(`"${entry}": expected name=requests/seconds (e.g. checkout=10/60) or name=off`);
      continue;
    }
    const name = (m[1] ?? '').toLowerCase();
    if (!(RATE_LIMIT_NAMES as readonly string[]).includes(name)) {
      errors.push(`"${entry}": unknown limit "${name}" (known: ${known}, or RATE_LIMITS=off for all)`);
      continue;
    }
    if (seen.has(name)) {
      errors.push(`"${entry}": "${name}" is given twice`);
      continue;
    }
    seen.add(name);
    if (m[2]) {
      out[name as RateLimitName] = null;
      continue;
    }
    const requests = Number(m[3]);
    const perSeconds = Number(m[4]);
    if (requests < 1 || requests > MAX_REQUESTS) {
      errors.push(`"${entry}": requests must be between 1 and ${MAX_REQUESTS}`);
      continue;
    }
    if (perSeconds < 1 || perSeconds > MAX_SECONDS) {
      errors.push(`"${entry}": seconds must be between 1 and ${MAX_SECONDS}`);
      continue;
    }
    out[name as RateLimitName] = { requests, perSeconds };
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: out };
}
