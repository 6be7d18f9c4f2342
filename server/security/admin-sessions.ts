/**
 * The owner's sessions (docs/product/orders.md §10.1): a random secret in an HttpOnly, SameSite=Strict cookie;
 * the database keeps only its SHA-256, so a copy of the database signs nobody in. A session ends after
 * 12 hours without use or 7 days after sign-in, whichever comes first; each use renews the idle window.
 * Wrong tokens are slowed down and then refused per address, counted where every instance sees them
 * (security/shared-counters.ts); the right token always signs in.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { deleteAuditBefore } from '../audit/audit-trail';
import type { Database } from '../db/schema';
import type { SharedCounters } from './shared-counters';

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

export interface ActiveSession {
  /** The first 12 hex characters of the hash: enough to tell sessions apart in the audit, useless to sign in. */
  readonly label: string;
  readonly expiresAt: Date;
  /** Null: the shop's token signed in before anybody existed. */
  readonly personId: string | null;
  /** Signed in with a recovery code or a setup link: a passkey is to be registered first. */
  readonly needsPasskey: boolean;
}

/** Who a new session is for and on what device. */
export interface SessionOwner {
  readonly personId: string | null;
  readonly device: string | null;
  readonly needsPasskey?: boolean;
}

/** One signed-in device of a person, as their list shows it. */
export interface DeviceSession {
  readonly id: string;
  readonly device: string | null;
  readonly createdAt: Date;
  readonly lastUsedAt: Date;
}

export class AdminSessionStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async create(
    address: string,
    owner: SessionOwner = { personId: null, device: null },
  ): Promise<{ secret: string; session: ActiveSession }> {
    const secret = randomBytes(32).toString('base64url');
    const hash = sha256(secret).toString('hex');
    const at = this.now();
    const needsPasskey = owner.needsPasskey === true;
    await this.db
      .insertInto('admin_sessions')
      .values({
        id_hash: hash,
        created_ms: at,
        last_used_ms: at,
        address,
        person_id: owner.personId,
        device: owner.device?.slice(0, 100) ?? null,
        needs_passkey: needsPasskey ? 1 : 0,
      })
      .execute();
    await this.purge();
    return {
      secret,
      session: {
        label: hash.slice(0, 12),
        expiresAt: this.expiry(at, at),
        personId: owner.personId,
        needsPasskey,
      },
    };
  }

  /** A person's signed-in devices, most recently used first. */
  async listFor(personId: string): Promise<DeviceSession[]> {
    const at = this.now();
    const rows = await this.db
      .selectFrom('admin_sessions')
      .select(['id_hash', 'device', 'created_ms', 'last_used_ms'])
      .where('person_id', '=', personId)
      .where('last_used_ms', '>=', at - SESSION_LIMITS.idleMs)
      .where('created_ms', '>=', at - SESSION_LIMITS.maxMs)
      .orderBy('last_used_ms', 'desc')
      .limit(100)
      .execute();
    return rows.map((r) => ({
      id: r.id_hash.slice(0, 12),
      device: r.device,
      createdAt: new Date(Number(r.created_ms)),
      lastUsedAt: new Date(Number(r.last_used_ms)),
    }));
  }

  /** Ends one of a person's sessions by its label; false when they have none such. */
  async endOne(personId: string, label: string): Promise<boolean> {
    if (!/^[0-9a-f]{12}$/.test(label)) return false;
    const result = await this.db
      .deleteFrom('admin_sessions')
      .where('person_id', '=', personId)
      .where('id_hash', 'like', `${label}%`)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Every session of a person ends (on every instance: the next request finds no row). */
  async endAllOf(personId: string): Promise<void> {
    await this.db.deleteFrom('admin_sessions').where('person_id', '=', personId).execute();
  }

  /** Sessions opened with the token before anybody existed end once a person does. */
  async endPersonless(): Promise<void> {
    await this.db.deleteFrom('admin_sessions').where('person_id', 'is', null).execute();
  }

  /** The token's session becomes the first person's (she registered her passkey in it). */
  async assignPerson(secret: string, personId: string): Promise<void> {
    await this.db
      .updateTable('admin_sessions')
      .set({ person_id: personId })
      .where('id_hash', '=', sha256(secret).toString('hex'))
      .where('person_id', 'is', null)
      .execute();
  }

  /** The session's person now has a passkey (a recovery session becomes an ordinary one). */
  async passkeyRegistered(secret: string): Promise<void> {
    await this.db
      .updateTable('admin_sessions')
      .set({ needs_passkey: 0 })
      .where('id_hash', '=', sha256(secret).toString('hex'))
      .execute();
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
    return {
      label: hash.slice(0, 12),
      expiresAt: this.expiry(Number(row.created_ms), at),
      personId: row.person_id,
      needsPasskey: Number(row.needs_passkey) === 1,
    };
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
    await deleteAuditBefore(this.db, new Date(at - SESSION_LIMITS.auditRetentionMs).toISOString());
  }

  private expiry(createdMs: number, usedMs: number): Date {
    return new Date(Math.min(usedMs + SESSION_LIMITS.idleMs, createdMs + SESSION_LIMITS.maxMs));
  }
}

/** The shared counter's name: its keys are sha256("sign-in-failures:" + address). */
export const SIGN_IN_COUNTER = 'sign-in-failures';

export type SignInFailure =
  /**
   * Over the limit: answer 429, held the longest delay all the same (a quick 429 would tell a guesser at
   * once that a guess was wrong and let her guess faster than anyone within the limit).
   */
  | { readonly refused: true; readonly retryAfterSeconds: number; readonly failureDelayMs: number }
  /** Within the limit: the wrong token's answer is held this long. */
  | { readonly refused: false; readonly failureDelayMs: number };

/**
 * Failed sign-ins per address: how long to hold a wrong token's answer, and when to refuse wrong ones
 * outright. Counted in the shared counters, so with several instances an address gets its allowance
 * once, not once per instance.
 *
 * Only a wrong token is counted, in one atomic step after it was compared, and the right one is never
 * refused by this count (docs/product/orders.md §10.1): otherwise ten guesses from the owner's address (or, behind
 * a proxy without TRUST_PROXY, from anyone) would lock the owner out. What stops guessing is the token
 * itself (32 random characters in production) with the per-client `admin` rate limit in front; the count
 * makes each wrong guess slower, then refuses it with 429 until the window ends. A success deletes the
 * count. Failures that arrive at once (on one instance or several) each get their own number, so no more
 * than `maxFailures` wrong tokens per window are answered as wrong rather than refused.
 */
export class SignInThrottle {
  /**
   * `hold` waits out a failure's delay: a timer in production; tests that guess many wrong tokens hold
   * for no time, while the delay's length is still computed and tested (admin-sessions.test.ts).
   */
  constructor(
    private readonly counters: SharedCounters,
    private readonly hold: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Counts a wrong token from `address`: answered after a delay, and over the limit refused with the seconds left. */
  async failed(address: string): Promise<SignInFailure> {
    const { current, ttl } = await this.counters.count(SIGN_IN_COUNTER, address, SIGN_IN_LIMITS.windowMs);
    if (current > SIGN_IN_LIMITS.maxFailures) {
      return {
        refused: true,
        retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)),
        failureDelayMs: SIGN_IN_LIMITS.maxDelayMs,
      };
    }
    const failureDelayMs = Math.min(
      SIGN_IN_LIMITS.maxDelayMs,
      SIGN_IN_LIMITS.baseDelayMs * 2 ** (current - 1),
    );
    return { refused: false, failureDelayMs };
  }

  /** Holds the answer to a counted failure for its delay, refused or not. */
  answerLater(failure: { readonly failureDelayMs: number }): Promise<void> {
    return this.hold(failure.failureDelayMs);
  }

  /** A right token: its address's failures are forgotten (on every instance). */
  async succeed(address: string): Promise<void> {
    await this.counters.reset(SIGN_IN_COUNTER, address);
  }
}
