import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../tests/support/test-app';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../tests/support/test-database';
import { type OpenDatabase, openDatabase } from '../db/database';
import type { Database } from '../db/schema';
import {
  AdminSessionStore,
  SESSION_LIMITS,
  SIGN_IN_COUNTER,
  SIGN_IN_LIMITS,
  SignInThrottle,
} from './admin-sessions';
import { storedRateLimitKey } from './rate-limit-store';
import { databaseCounters, memoryCounters } from './shared-counters';

const HOUR = 60 * 60 * 1000;

describe.each(TEST_DIALECTS)('owner sessions on %s', (dialect) => {
  let data: ReturnType<typeof tempDataDir>;
  let database: TestDatabase;
  let opened: OpenDatabase;
  let db: Kysely<Database>;
  let now = Date.parse('2026-11-22T09:00:00Z');
  const clock = () => now;

  beforeEach(async () => {
    data = tempDataDir();
    database = await createTestDatabase(dialect, data.dir, { migrated: true });
    opened = await openDatabase(database.location);
    db = opened.db;
    now = Date.parse('2026-11-22T09:00:00Z');
  });

  afterEach(async () => {
    await opened.close();
    await database.remove();
    data.remove();
  });

  it('ends a session after 12 hours unused, and renews it on use', async () => {
    const store = new AdminSessionStore(db, clock);
    const { secret, session } = await store.create('192.0.2.1');
    expect(session.expiresAt.getTime()).toBe(now + SESSION_LIMITS.idleMs);
    now += 11 * HOUR;
    expect(await store.use(secret)).not.toBeNull(); // renewed: 12 more hours from now
    now += 11 * HOUR;
    expect((await store.use(secret))?.expiresAt.getTime()).toBe(now + SESSION_LIMITS.idleMs);
    now += 12 * HOUR + 1;
    expect(await store.use(secret)).toBeNull();
    expect(await db.selectFrom('admin_sessions').selectAll().execute()).toHaveLength(0);
  });

  it('ends a session seven days after sign-in however often it is used', async () => {
    const store = new AdminSessionStore(db, clock);
    const { secret } = await store.create('192.0.2.1');
    for (let use = 0; use < 16; use++) {
      now += 10 * HOUR; // 160 hours in all, never 12 hours unused
      expect(await store.use(secret)).not.toBeNull();
    }
    now = Date.parse('2026-11-22T09:00:00Z') + SESSION_LIMITS.maxMs - 1000;
    expect((await store.use(secret))?.expiresAt.getTime()).toBe(
      Date.parse('2026-11-22T09:00:00Z') + SESSION_LIMITS.maxMs,
    );
    now += 2000;
    expect(await store.use(secret)).toBeNull();
  });

  it('purges expired sessions and audit rows past retention at sign-in', async () => {
    const store = new AdminSessionStore(db, clock);
    await store.create('192.0.2.1');
    await db
      .insertInto('admin_audit')
      .values({
        at: '2020-01-01T00:00:00.000Z',
        session: 'token',
        action: 'old',
        target: null,
        detail: null,
        address: 'x',
      })
      .execute();
    now += SESSION_LIMITS.maxMs + 1;
    await store.create('192.0.2.2');
    expect(await db.selectFrom('admin_sessions').select('address').execute()).toEqual([
      { address: '192.0.2.2' },
    ]);
    expect(await db.selectFrom('admin_audit').selectAll().execute()).toHaveLength(0);
  });

  it('knows no forged or malformed secret', async () => {
    const store = new AdminSessionStore(db, clock);
    expect(await store.use('x')).toBeNull();
    expect(await store.use('A'.repeat(43))).toBeNull();
  });
});

const silent = { warn: () => {} };

describe('failed sign-ins', () => {
  it('slow down per address, then are refused until the window ends (in memory)', async () => {
    let now = 0;
    const throttle = new SignInThrottle(memoryCounters(() => now));
    await expectThrottled(throttle, (ms) => {
      now += ms;
    });
  });
});

/**
 * The throttle's answers on any counter store: delays that double up to 4 s, refusal with the seconds
 * left once ten failures are in, other addresses untouched, the window's end, and a success that forgets
 * the failures. `pass` moves the counters' clock on.
 */
async function expectThrottled(throttle: SignInThrottle, pass: (ms: number) => void | Promise<void>) {
  const delays: number[] = [];
  for (let i = 0; i < SIGN_IN_LIMITS.maxFailures; i++) {
    const attempt = await throttle.failed('192.0.2.9');
    if (attempt.refused) throw new Error(`refused at failure ${i + 1}`);
    delays.push(attempt.failureDelayMs);
  }
  expect(delays.slice(0, 5)).toEqual([250, 500, 1000, 2000, 4000]);
  expect(Math.max(...delays)).toBe(SIGN_IN_LIMITS.maxDelayMs);
  const windowSeconds = SIGN_IN_LIMITS.windowMs / 1000;
  const longest = SIGN_IN_LIMITS.maxDelayMs;
  expect(await throttle.failed('192.0.2.9')).toEqual({
    refused: true,
    retryAfterSeconds: windowSeconds,
    failureDelayMs: longest,
  });
  // Refused attempts do not move the window's end.
  await pass(60_000);
  expect(await throttle.failed('192.0.2.9')).toEqual({
    refused: true,
    retryAfterSeconds: windowSeconds - 60,
    failureDelayMs: longest,
  });
  expect(await throttle.failed('192.0.2.10')).toEqual({ refused: false, failureDelayMs: 250 });
  await pass(SIGN_IN_LIMITS.windowMs);
  // A new window: the delays start again from the first.
  expect(await throttle.failed('192.0.2.9')).toEqual({ refused: false, failureDelayMs: 250 });
  expect(await throttle.failed('192.0.2.9')).toEqual({ refused: false, failureDelayMs: 500 });
  // A success forgets the failures: the next attempt is the first again.
  await throttle.succeed('192.0.2.9');
  expect(await throttle.failed('192.0.2.9')).toEqual({ refused: false, failureDelayMs: 250 });
}

describe.each(TEST_DIALECTS)('failed sign-ins counted in the database (%s)', (dialect) => {
  let data: ReturnType<typeof tempDataDir>;
  let database: TestDatabase;
  const opened: OpenDatabase[] = [];

  beforeEach(async () => {
    data = tempDataDir();
    database = await createTestDatabase(dialect, data.dir, { migrated: true });
    // Two pools on one database, as two instances have.
    opened.push(await openDatabase(database.location), await openDatabase(database.location));
  });

  afterEach(async () => {
    for (const d of opened.splice(0)) await d.close();
    await database.remove();
    data.remove();
  });

  function db(i: number): Kysely<Database> {
    const d = opened[i];
    if (!d) throw new Error(`no database ${i}`);
    return d.db;
  }

  it('answer as in memory, on a fake clock', async () => {
    let now = Date.parse('2026-11-22T09:00:00Z');
    const throttle = new SignInThrottle(
      databaseCounters(
        () => db(0),
        silent,
        () => now,
      ),
    );
    await expectThrottled(throttle, (ms) => {
      now += ms;
    });
    // Only a hash of the counter's name and the address is stored.
    const keys = await db(0).selectFrom('rate_limits').select('key').execute();
    expect(keys.map((k) => k.key).sort()).toEqual(
      ['192.0.2.9', '192.0.2.10'].map((a) => storedRateLimitKey(`${SIGN_IN_COUNTER}:${a}`)).sort(),
    );
  });

  it('are shared by two instances: nine failures on one and one on the other refuse the address on both', async () => {
    const [a, b] = [0, 1].map((i) => new SignInThrottle(databaseCounters(() => db(i), silent)));
    if (!a || !b) throw new Error('no throttle');
    for (let i = 0; i < SIGN_IN_LIMITS.maxFailures - 1; i++) await a.failed('198.51.100.4');
    expect(await b.failed('198.51.100.4')).toEqual({
      refused: false,
      failureDelayMs: SIGN_IN_LIMITS.maxDelayMs,
    });
    for (const throttle of [b, a]) {
      const refused = await throttle.failed('198.51.100.4');
      if (!refused.refused) throw new Error('not refused');
      expect(refused.retryAfterSeconds).toBeGreaterThan(SIGN_IN_LIMITS.windowMs / 1000 - 5);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(SIGN_IN_LIMITS.windowMs / 1000);
    }
  });

  it('answer at most ten wrong tokens as wrong per window however many arrive at once, over two instances', async () => {
    const [a, b] = [0, 1].map((i) => new SignInThrottle(databaseCounters(() => db(i), silent)));
    if (!a || !b) throw new Error('no throttle');
    const attempts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).failed('198.51.100.5')),
    );
    expect(attempts.filter((t) => !t.refused)).toHaveLength(SIGN_IN_LIMITS.maxFailures);
  });
});
