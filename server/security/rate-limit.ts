/**
 * Per-client rate limits: in-memory token buckets, one set per named limit. A bucket holds up to
 * `requests` tokens and refills evenly over `perSeconds`, so a shopper may click a few times in a row
 * (the burst) but a script cannot keep going. In memory on purpose: the shop runs as one process, and
 * a restart forgetting the buckets only gives everyone a fresh allowance.
 *
 * RATE_LIMITS (a contract name) configures them: `off` switches every limit off (benchmarks, volume
 * tests); otherwise a comma-separated list of `name=requests/seconds` or `name=off`, e.g.
 * `checkout=20/60,newsletter=off`. Names not listed keep their defaults.
 */
import { isIPv4, isIPv6 } from 'node:net';

export const RATE_LIMIT_NAMES = ['checkout', 'confirm', 'newsletter', 'pay', 'admin', 'other'] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];

export interface RateRule {
  /** Bucket size: how many requests may come at once. */
  readonly requests: number;
  /** Time to refill a whole bucket. */
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
  /** Every /api/admin/ route, before the token is checked (slows token guessing) */
  admin: { requests: 30, perSeconds: 60 },
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

/** For logs and docs: `checkout=10/60, confirm=60/60, ...` */
export function describeRateLimits(settings: RateLimitSettings): string {
  return RATE_LIMIT_NAMES.map((n) => {
    const rule = settings[n];
    return `${n}=${rule ? `${rule.requests}/${rule.perSeconds}` : 'off'}`;
  }).join(', ');
}

/**
 * The client a limit applies to. IPv6 clients usually hold a whole /64, so the /64 is the client
 * (otherwise one visitor could rotate through addresses to get a fresh bucket per request).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::', 2);
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (g === '' ? '0' : g.toLowerCase().replace(/^0+(?=.)/, '')))
    .join(':')}::/64`;
}

export type TakeResult =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly retryAfter: number };

interface Bucket {
  tokens: number;
  at: number;
}

/** Keys kept at most; beyond that, full (idle) buckets go first, then the least recently used. */
const DEFAULT_MAX_KEYS = 50_000;

export class TokenBucketLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly perMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(
    readonly rule: RateRule,
    options: { readonly maxKeys?: number; readonly now?: () => number } = {},
  ) {
    this.perMs = rule.requests / (rule.perSeconds * 1000);
    this.maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.buckets.size;
  }

  take(key: string): TakeResult {
    const t = this.now();
    const previous = this.buckets.get(key);
    let tokens = this.rule.requests;
    if (previous) {
      tokens = Math.min(this.rule.requests, previous.tokens + Math.max(0, t - previous.at) * this.perMs);
      // Re-inserted so that the Map's order is least recently used first.
      this.buckets.delete(key);
    }
    if (tokens >= 1) {
      this.buckets.set(key, { tokens: tokens - 1, at: t });
      if (this.buckets.size > this.maxKeys) this.evict(t);
      return { allowed: true };
    }
    this.buckets.set(key, { tokens, at: t });
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000)) };
  }

  private evict(t: number): void {
    for (const [key, b] of this.buckets) {
      if (b.tokens + (t - b.at) * this.perMs >= this.rule.requests) this.buckets.delete(key);
    }
    // Still too many distinct clients at once (a distributed flood): forget the oldest ones.
    const target = Math.floor(this.maxKeys * 0.9);
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= target) break;
      this.buckets.delete(key);
    }
  }
}

export class RateLimiters {
  private readonly limiters = new Map<RateLimitName, TokenBucketLimiter>();

  constructor(settings: RateLimitSettings, options: { readonly now?: () => number } = {}) {
    for (const name of RATE_LIMIT_NAMES) {
      const rule = settings[name];
      if (rule) this.limiters.set(name, new TokenBucketLimiter(rule, options));
    }
  }

  take(name: RateLimitName, ip: string): TakeResult {
    const limiter = this.limiters.get(name);
    return limiter ? limiter.take(clientKey(ip)) : { allowed: true };
  }
}
