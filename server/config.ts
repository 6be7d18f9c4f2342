/**
 * Configuration from environment variables, parsed once at start with clear errors. The names are a
 * contract (README lists each with its default).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import {
  BRAND,
  CART_REMINDER_DELAY_MINUTES_DEFAULT,
  FLAG_NAMES,
  SELLER,
  VAT_RATE_DEFAULT,
} from '../domain/config';
import { type ClosedDates, NO_CLOSURES, parseClosedDates } from '../domain/making/closed-dates';
import { MAKING_CAPACITY } from '../domain/making/making-queue';
import { EARLY_BIRD_MIN_PIECES, EARLY_BIRD_PERCENT } from '../domain/offers/discounts';
import type { EarlyBirdTerms } from '../domain/offers/early-bird';
import type { SellerIdentity } from '../domain/settings/seller';
import { type IsoDate, parseIsoDate } from '../domain/shared/calendar-date';
import { type FaultSpec, parseFaultSpec } from './lib/fault-spec';
import { DEFAULT_RATE_LIMITS, parseRateLimits, type RateLimitSettings } from './lib/rate-limit-settings';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy';

/** A variable read by a parser that reports every problem at once: each becomes one line at start. */
function parsedWith<T>(
  parse: (value: string) => { ok: true; value: T } | { ok: false; errors: readonly string[] },
) {
  return z.string().transform((value, ctx) => {
    const parsed = parse(value);
    if (parsed.ok) return parsed.value;
    for (const message of parsed.errors) ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });
}

const CAPACITY_MESSAGE = `must be a whole number of pieces per working day from ${MAKING_CAPACITY.min} to ${MAKING_CAPACITY.max} (unset: ${MAKING_CAPACITY.default})`;

const port = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** postgres://user:pass@host:5432/db (TLS with ?sslmode=require etc.); unset: SQLite in DATA_DIR. */
  DATABASE_URL: z
    .url({
      protocol: /^postgres(ql)?$/,
      error: 'must be a postgres:// or postgresql:// URL (unset: SQLite in DATA_DIR)',
    })
    .optional(),
  /** Connections each instance keeps to PostgreSQL at most. */
  DATABASE_POOL_MAX: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000, 'must be at most 1000')
    .default(10),
  /** redis://[user:pass@]host:6379[/db] or rediss://: rate limits count there (shared by every instance). */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Where the built front end is; tests and benchmarks may point elsewhere. */
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Receives the new-order notification. */
  OWNER_EMAIL: z.email({ error: 'must be an e-mail address' }).default(BRAND.contactEmail),
  /** Sender address of every e-mail; the display name is the brand name. */
  MAIL_FROM: z
    .email({ error: 'must be a bare e-mail address (the sender name is the brand name)' })
    .default(BRAND.contactEmail),
  /** smtp://user:pass@host:587 or smtps://...; unset: messages are written as .eml files to DATA_DIR/outbox. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** Set: real Stripe Checkout. Unset: the built-in test checkout. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, 'must look like sk_test_... or sk_live_...')
    .optional(),
  /** NODE_ENV=production without STRIPE_SECRET_KEY: start the TEST MODE checkout anyway (benchmarks, journeys). */
  ALLOW_TEST_CHECKOUT: z.stringbool({ error: 'must be true or false' }).default(false),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, 'must look like whsec_...')
    .optional(),
  /** Points the Stripe SDK at another host (tests, a local mock); default is Stripe's own API. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** Set: labels are bought from ShipEngine (docs/product/shipping.md §22). Unset: the built-in TEST labels. */
  SHIPENGINE_API_KEY: z.string().trim().min(8, 'must be at least 8 characters').optional(),
  /** ShipEngine's API base; another host for tests or a local mock. */
  SHIPENGINE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .default('https://api.shipengine.com'),
  /** The carrier account labels are bought on (ShipEngine's carrier_id, e.g. se-123456). */
  SHIPENGINE_CARRIER_ID: z.string().trim().min(1, 'must not be empty').optional(),
  /** The shared secret ShipEngine's tracking webhook sends in its X-Solas-Webhook-Secret header. */
  SHIPENGINE_WEBHOOK_SECRET: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  /**
   * The VAT number check (docs/product/vat.md §20): a REST service answering POST {VIES_URL}/check-vat-number
   * as the Commission's VIES does; unset: every check is 'unavailable' (VAT is charged, the order marked).
   */
  VIES_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** Bearer token of GET /metrics (Prometheus); unset: the route answers 404 (ops/metrics.ts). */
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  /** Owner token for the internal tools' server actions; unset: generated at start and printed once. */
  ADMIN_TOKEN: z.string().trim().min(12, 'must be at least 12 characters').optional(),
  /** Hosted image-editing API behind the /image-editor page; unset: the built-in offline engine. */
  IMAGE_EDIT_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  IMAGE_EDIT_API_KEY: z.string().optional(),
  /** Per-client rate limits: `off`, or e.g. `checkout=10/60,newsletter=off` (lib/rate-limit-settings.ts). */
  RATE_LIMITS: parsedWith(parseRateLimits).optional(),
  /**
   * The first start's closures, when nothing is made or dispatched: `2026-12-24..2027-01-04,2027-03-17`
   * (domain/making/closed-dates.ts). Every bad item is reported at start, with what was expected.
   */
  CLOSED_DATES: parsedWith(parseClosedDates).optional(),
  /** Pieces the maker makes per working day, until the desk's setting changes it (domain/making/making-queue.ts). */
  MAKING_CAPACITY_PER_DAY: z.coerce
    .number({ error: CAPACITY_MESSAGE })
    .int(CAPACITY_MESSAGE)
    .min(MAKING_CAPACITY.min, CAPACITY_MESSAGE)
    .max(MAKING_CAPACITY.max, CAPACITY_MESSAGE)
    .default(MAKING_CAPACITY.default),
  /**
   * The last day (Irish calendar, `YYYY-MM-DD`) of the early-bird bulk tier (domain/offers/discounts.ts BulkTier);
   * unset: no tier.
   */
  EARLY_BIRD_UNTIL: z
    .string()
    .transform((value, ctx) => {
      const date = parseIsoDate(value.trim());
      if (!date) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a date written YYYY-MM-DD (unset: no early-bird tier)',
        });
        return z.NEVER;
      }
      return date;
    })
    .optional(),
  /** Behind a reverse proxy: which hops to trust for the client address (lib/trust-proxy.ts). */
  TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'object' && 'error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
  /** Per attempt; the SDK tries twice, and both must end before the browser gives up after 15 s. */
  STRIPE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100, 'must be at least 100')
    .max(7_000, 'must be at most 7000 (two attempts must finish before the browser gives up after 15 s)')
    .default(6_000),
  /** The trader's legal name, as the confirmation e-mail and the legal pages name it (docs/product/order-flow.md §6.11). */
  SELLER_NAME: z.string().trim().min(1).max(200, 'must be at most 200 characters').default(SELLER.legalName),
  /** The trader's geographic address, on one line. */
  SELLER_ADDRESS: z.string().trim().min(1).max(300, 'must be at most 300 characters').default(SELLER.address),
  /** Set once the business is VAT-registered; unset: prices include no VAT of the shop's own to show. */
  SELLER_VAT_NUMBER: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}[A-Z0-9+*]{2,13}$/, 'must look like IE1234567T (country code and number, no spaces)')
    .optional(),
  /** Percent, e.g. 23 or 13.5: the VAT included in prices when SELLER_VAT_NUMBER is set. */
  VAT_RATE: z.coerce
    .number({ error: 'must be a number of percent, e.g. 23' })
    .min(0, 'must be at least 0')
    .max(100, 'must be at most 100')
    .default(VAT_RATE_DEFAULT),
  /** Days after dispatch when an order nobody marked delivered gets its review request (0: at once). */
  REVIEW_REQUEST_DELAY_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(0, 'must be at least 0')
    .max(60, 'must be at most 60')
    .default(3),
  NEWSLETTER_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number of messages per minute' })
    .int('must be a whole number of messages per minute')
    .min(1, 'must be at least 1')
    .max(10_000, 'must be at most 10000')
    .default(60),
  /** Minutes after a ticked checkout before its one reminder goes, if unpaid (0: at the next pass). */
  CART_REMINDER_DELAY_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(0, 'must be at least 0')
    .max(10_080, 'must be at most 10080 (a week)')
    .default(CART_REMINDER_DELAY_MINUTES_DEFAULT),
  NODE_ENV: z.string().optional(),
  /** Crash tests only (ops/faults.ts): `<point>[#n]`; refused unless NODE_ENV=test. */
  FAULT_INJECT: z
    .string()
    .transform((value, ctx) => {
      const parsed = parseFaultSpec(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
  /**
   * Process tests only: the campaigns' first pass after a start, in ms (campaign-job.ts's 5 s when unset);
   * refused unless NODE_ENV=test.
   */
  CAMPAIGN_FIRST_PASS_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be at least 0')
    .max(60_000, 'must be at most 60000')
    .optional(),
});

export interface AppConfig {
  readonly port: number;
  /** The VIES REST service's base (VIES_URL, no trailing slash); null: VAT numbers cannot be checked. */
  readonly viesUrl: string | null;
  /**
   * TEST MODE (no Stripe key) with no VIES_URL: business buyers' numbers are checked against the built-in
   * test register (domain/vat/vies-test-register.ts), and the storefront says so.
   */
  readonly viesTestRegister: boolean;
  readonly host: string;
  readonly dataDir: string;
  /** Where the shop's data lives: SQLite in dataDir (the default), or PostgreSQL with DATABASE_URL. */
  readonly database: DatabaseConfig;
  /** Rate limits count in this Redis (shared by every instance); null: the database or memory. */
  readonly redisUrl: string | null;
  /** No trailing slash. */
  readonly publicUrl: string;
  readonly webDistDir: string;
  readonly logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  readonly ownerEmail: string;
  readonly mailFrom: string;
  readonly smtpUrl: string | null;
  readonly stripe: StripeConfig | null;
  /** Labels (docs/product/shipping.md §22): ShipEngine with a key, the built-in TEST labels without. */
  readonly shipEngine: ShipEngineConfig;
  readonly admin: AdminConfig;
  /** The Bearer token of GET /metrics; null: no metrics route (404). */
  readonly metricsToken: string | null;
  /** Flag values handed to the browser at run time (GET /runtime-env.js), e.g. { FLAG_HERO_V2: 'true' }. */
  readonly runtimeFlags: Readonly<Record<string, string>>;
  readonly rateLimits: RateLimitSettings;
  readonly trustProxy: TrustProxy;
  /** CLOSED_DATES: the first start's closures; the desk's Settings (server/settings) win once saved. */
  readonly closedDates: ClosedDates;
  /** MAKING_CAPACITY_PER_DAY: the capacity until the desk's setting (server/settings) changes it. */
  readonly makingCapacityPerDay: number;
  /**
   * EARLY_BIRD_UNTIL: the bulk price (15% from 20 pieces) through the end of that Irish day, until the
   * desk's setting (server/settings) changes it; null: none.
   */
  readonly earlyBird: EarlyBirdTerms | null;
  /** NODE_ENV=test only: where the process kills itself (crash tests). */
  readonly faultInject: FaultSpec | null;
  /** NODE_ENV=test only: the campaigns' first pass after a start (null: the shop's own). */
  readonly campaignFirstPassMs: number | null;
  /** REVIEW_REQUEST_DELAY_DAYS: days after dispatch before an undelivered order is asked for a review. */
  readonly reviewRequestDelayDays: number;
  /** NEWSLETTER_PER_MINUTE: how many campaign e-mails are queued per minute (a send never floods the shop). */
  readonly newsletterPerMinute: number;
  /** CART_REMINDER_DELAY_MINUTES: how long after the consent an unpaid checkout's one reminder goes. */
  readonly cartReminderDelayMinutes: number;
  /** Who sells (the confirmation e-mail, the legal pages and the footer show it). */
  readonly seller: SellerConfig;
  readonly production: boolean;
}

export interface SellerConfig {
  readonly name: string;
  readonly address: string;
  readonly vatNumber: string | null;
  /** Percent. */
  readonly vatRate: number;
  /** True while the name or the address is still the placeholder of domain/config.ts SELLER. */
  readonly placeholder: boolean;
}

/** `waitMs` (tests only, never from the environment): openDatabase's wait for a lock or a connection. */
export type DatabaseConfig =
  | { readonly dialect: 'sqlite'; readonly dataDir: string; readonly waitMs?: number }
  | {
      readonly dialect: 'postgres';
      readonly url: string;
      readonly poolMax: number;
      readonly waitMs?: number;
    };

export interface AdminConfig {
  readonly token: string;
  /** True when ADMIN_TOKEN was unset and `token` was generated for this run (printed once at start). */
  readonly tokenGenerated: boolean;
  readonly imageEditApi: { readonly url: string; readonly key: string | null } | null;
}

export interface ShipEngineConfig {
  /** Null: the built-in TEST label provider. */
  readonly apiKey: string | null;
  /** No trailing slash. */
  readonly url: string;
  readonly carrierId: string | null;
  /** Null: the tracking webhook is refused. */
  readonly webhookSecret: string | null;
}

export interface StripeConfig {
  readonly secretKey: string;
  readonly webhookSecret: string | null;
  readonly apiUrl: string | null;
  /** Per attempt (the SDK retries once). */
  readonly timeoutMs: number;
}

/** The seller as the pages and the browser know it (domain/settings/seller.ts). */
export function sellerIdentity(config: Pick<AppConfig, 'seller'>): SellerIdentity {
  const { name, address, vatNumber, vatRate } = config.seller;
  return { legalName: name, address, vatNumber, vatRate, email: BRAND.contactEmail };
}

/** The shop is served over https (HSTS, Secure cookies): PUBLIC_URL says so. */
export function isHttps(config: Pick<AppConfig, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https:');
}

/**
 * A production token's shortest length: 32 random hex characters are 128 bits, out of reach of guessing
 * even without the rate limits in front of it.
 */
export const PRODUCTION_TOKEN_MIN = 32;
const MAKE_A_TOKEN = 'openssl rand -hex 32';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // A production token under the production length gets the production rule, even under the schema's
  // everyday minimum: the owner learns the length that will be accepted and how to make a token at once.
  const productionToken = cleaned.NODE_ENV === 'production' ? cleaned.ADMIN_TOKEN?.trim() : undefined;
  if (productionToken !== undefined && productionToken.length < PRODUCTION_TOKEN_MIN) {
    throw new ConfigError(
      `Invalid configuration:\n  ADMIN_TOKEN: must be at least ${PRODUCTION_TOKEN_MIN} characters with NODE_ENV=production (it has ${productionToken.length}): it is all that stands between the internet and the order desk. Make one with \`${MAKE_A_TOKEN}\`.`,
    );
  }
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.FAULT_INJECT && e.NODE_ENV !== 'test') {
    throw new ConfigError(
      'Invalid configuration:\n  FAULT_INJECT: only allowed with NODE_ENV=test (it makes the server kill itself)',
    );
  }
  if (e.CAMPAIGN_FIRST_PASS_MS !== undefined && e.NODE_ENV !== 'test') {
    throw new ConfigError(
      'Invalid configuration:\n  CAMPAIGN_FIRST_PASS_MS: only allowed with NODE_ENV=test (a test timing)',
    );
  }
  if (e.NODE_ENV === 'production' && !e.STRIPE_SECRET_KEY && !e.ALLOW_TEST_CHECKOUT) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY: not set with NODE_ENV=production, so the shop would take orders through its TEST MODE checkout, which takes no real payments. Set STRIPE_SECRET_KEY, or ALLOW_TEST_CHECKOUT=true for a production build without real payments (benchmarks, journeys).',
    );
  }
  if (e.NODE_ENV === 'production' && !e.ADMIN_TOKEN) {
    throw new ConfigError(
      `Invalid configuration:\n  ADMIN_TOKEN: not set with NODE_ENV=production. A generated token would change at every restart and lock the owner out of the order desk: set ADMIN_TOKEN (at least ${PRODUCTION_TOKEN_MIN} characters; make one with \`${MAKE_A_TOKEN}\`).`,
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { dialect: 'postgres', url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX }
      : { dialect: 'sqlite', dataDir },
    redisUrl: e.REDIS_URL ?? null,
    publicUrl,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    logLevel: e.LOG_LEVEL,
    ownerEmail: e.OWNER_EMAIL,
    mailFrom: e.MAIL_FROM,
    smtpUrl: e.SMTP_URL ?? null,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
          apiUrl: e.STRIPE_API_URL ?? null,
          timeoutMs: e.STRIPE_TIMEOUT_MS,
        }
      : null,
    shipEngine: {
      apiKey: e.SHIPENGINE_API_KEY ?? null,
      url: e.SHIPENGINE_URL.replace(/\/+$/, ''),
      carrierId: e.SHIPENGINE_CARRIER_ID ?? null,
      webhookSecret: e.SHIPENGINE_WEBHOOK_SECRET ?? null,
    },
    admin: {
      token: e.ADMIN_TOKEN ?? randomBytes(24).toString('base64url'),
      tokenGenerated: e.ADMIN_TOKEN === undefined,
      imageEditApi: e.IMAGE_EDIT_API_URL
        ? { url: e.IMAGE_EDIT_API_URL, key: e.IMAGE_EDIT_API_KEY ?? null }
        : null,
    },
    metricsToken: e.METRICS_TOKEN ?? null,
    viesUrl: e.VIES_URL ? e.VIES_URL.replace(/\/+$/, '') : null,
    viesTestRegister: !e.STRIPE_SECRET_KEY && !e.VIES_URL,
    runtimeFlags: runtimeFlagEnv(cleaned),
    rateLimits: e.RATE_LIMITS ?? DEFAULT_RATE_LIMITS,
    trustProxy: e.TRUST_PROXY ?? false,
    closedDates: e.CLOSED_DATES ?? NO_CLOSURES,
    makingCapacityPerDay: e.MAKING_CAPACITY_PER_DAY,
    earlyBird: e.EARLY_BIRD_UNTIL ? earlyBirdDefaults(e.EARLY_BIRD_UNTIL) : null,
    faultInject: e.FAULT_INJECT ?? null,
    campaignFirstPassMs: e.CAMPAIGN_FIRST_PASS_MS ?? null,
    reviewRequestDelayDays: e.REVIEW_REQUEST_DELAY_DAYS,
    newsletterPerMinute: e.NEWSLETTER_PER_MINUTE,
    cartReminderDelayMinutes: e.CART_REMINDER_DELAY_MINUTES,
    seller: {
      name: e.SELLER_NAME,
      address: e.SELLER_ADDRESS,
      vatNumber: e.SELLER_VAT_NUMBER ?? null,
      vatRate: e.VAT_RATE,
      placeholder: e.SELLER_NAME === SELLER.legalName || e.SELLER_ADDRESS === SELLER.address,
    },
    production: e.NODE_ENV === 'production',
  };
}

/** Only the flag variables (NAME or FLAG_NAME, true/false) ever reach the browser, never other env. */
function runtimeFlagEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of FLAG_NAMES) {
    for (const key of [name.toUpperCase(), `FLAG_${name.toUpperCase()}`]) {
      const value = env[key]?.trim().toLowerCase();
      if (value === 'true' || value === 'false') out[key] = value;
    }
  }
  return out;
}

/** The early-bird defaults (docs/product/numbers.md §4.2a): 15% off 20 pieces or more, through `lastDay`. */
function earlyBirdDefaults(lastDay: IsoDate): EarlyBirdTerms {
  return { percent: EARLY_BIRD_PERCENT, minPieces: EARLY_BIRD_MIN_PIECES, until: lastDay };
}
