/**
 * The owner's sessions (docs/product.md §10.1): a random secret in an HttpOnly, SameSite=Strict cookie;
 * the database keeps only its SHA-256, so a copy of the database signs nobody in. A session ends after
 * 12 hours without use or 7 days after sign-in, whichever comes first; each use renews the idle window.
 * Failed sign-ins are slowed down and then refused per address, counted where every instance sees them
 * (security/shared-counters.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SharedCounters } from '../security/shared-counters';

export const ADMIN_SESSION_COOKIE = 'solas_admin';

export const SESSION_LIMITS = {
  idleMs: 12 * 60 * 60 * 1000,
  maxMs: 7 * 24 * 60 * 60 * 1000,
  /** Audit rows older than this are deleted (the retention rule, §10.1). */
  auditRetentionMs: 2 * 365 * 24 * 60 * 60 * 1000,
} as const;

export const SIGN_IN_LIMITS = {
  /** Failures per address within the window before sign-in is refused until the window ends. */
  maxFailures: 10,
  windowMs: 15 * 60 * 1000,
  /** Each failure answers later: 250 ms, 500 ms, 1 s, ... up to 4 s. */
  baseDelayMs: 250,
  maxDelayMs: 4_000,
} as const;

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/** Compares fixed-length digests: neither the content nor the length of the given token leaks by timing. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected)) && given.length > 0;
}

export interface ActiveSession {
  /** The first 12 hex characters of the hash: enough to tell sessions apart in the audit, useless to sign in. */
  readonly label: string;
  readonly expiresAt: Date;
}

export class AdminSessionStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async create(address: string): Promise<{ secret: string; session: ActiveSession }> {
    const secret = randomBytes(32).toString('base64url');
    const hash = sha256(secret).toString('hex');
    const at = this.now();
    await this.db
      .insertInto('admin_sessions')
      .values({ id_hash: hash, created_ms: at, last_used_ms: at, address })
      .execute();
    await this.purge();
    return { secret, session: { label: hash.slice(0, 12), expiresAt: this.expiry(at, at) } };
  }

  /** The session for a cookie's secret, renewed; null when unknown or expired (an expired one is deleted). */
  async use(secret: string): Promise<ActiveSession | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(secret)) return null;
    const hash = sha256(secret).toString('hex');
    const row = await this.db
      .selectFrom('admin_sessions')
      .selectAll()
      .where('id_hash', '=', hash)
      .executeTakeFirst();
    if (!row) return null;
    const at = this.now();
    if (
      at - Number(row.last_used_ms) > SESSION_LIMITS.idleMs ||
      at - Number(row.created_ms) > SESSION_LIMITS.maxMs
    ) {
      await this.db.deleteFrom('admin_sessions').where('id_hash', '=', hash).execute();
      return null;
    }
    await this.db
      .updateTable('admin_sessions')
      .set({ last_used_ms: at })
      .where('id_hash', '=', hash)
      .execute();
    return { label: hash.slice(0, 12), expiresAt: this.expiry(Number(row.created_ms), at) };
  }

  async end(secret: string): Promise<void> {
    await this.db
      .deleteFrom('admin_sessions')
      .where('id_hash', '=', sha256(secret).toString('hex'))
      .execute();
  }

  /** The retention rule: expired sessions and audit rows past their time go (run at every sign-in). */
  async purge(): Promise<void> {
    const at = this.now();
    await this.db
      .deleteFrom('admin_sessions')
      .where((eb) =>
        eb.or([
          eb('last_used_ms', '<', at - SESSION_LIMITS.idleMs),
          eb('created_ms', '<', at - SESSION_LIMITS.maxMs),
        ]),
      )
      .execute();
    await this.db
      .deleteFrom('admin_audit')
      .where('at', '<', new Date(at - SESSION_LIMITS.auditRetentionMs).toISOString())
      .execute();
  }

  private expiry(createdMs: number, usedMs: number): Date {
    return new Date(Math.min(usedMs + SESSION_LIMITS.idleMs, createdMs + SESSION_LIMITS.maxMs));
  }
}

/** The shared counter's name: its keys are sha256("sign-in-failures:" + address). */
export const SIGN_IN_COUNTER = 'sign-in-failures';

/**
 * Failed sign-ins per address: how long to hold the answer, and when to refuse outright. Only failures
 * count (a success forgets them), in the shared counters, so with several instances an address gets its
 * allowance once, not once per instance. The window starts at the first failure.
 */
export class SignInThrottle {
  constructor(private readonly counters: SharedCounters) {}

  /** Seconds until the address may try again, or null when it may try now. */
  async blockedFor(address: string): Promise<number | null> {
    const failures = await this.counters.peek(SIGN_IN_COUNTER, address);
    if (!failures || failures.current < SIGN_IN_LIMITS.maxFailures) return null;
    return Math.max(1, Math.ceil(failures.ttl / 1000));
  }

  /** Records a failure; returns how long to wait before answering it. */
  async fail(address: string): Promise<number> {
    const { current } = await this.counters.count(SIGN_IN_COUNTER, address, SIGN_IN_LIMITS.windowMs);
    return Math.min(SIGN_IN_LIMITS.maxDelayMs, SIGN_IN_LIMITS.baseDelayMs * 2 ** (current - 1));
  }

  async succeed(address: string): Promise<void> {
    await this.counters.reset(SIGN_IN_COUNTER, address);
  }
}
