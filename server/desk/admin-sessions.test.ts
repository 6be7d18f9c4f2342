import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OpenDatabase, openDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { tempDataDir } from '../test-support/test-app';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../test-support/test-database';
import {
  AdminSessionStore,
  SESSION_LIMITS,
  SIGN_IN_LIMITS,
  SignInThrottle,
  sameSecret,
} from './admin-sessions';

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
    database = await createTestDatabase(dialect, data.dir);
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

  it('ends a session 7 days after sign-in however often it is used', async () => {
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

describe('failed sign-ins', () => {
  it('slow down per address, then are refused until the window ends', () => {
    let now = 0;
    const throttle = new SignInThrottle(() => now);
    const delays = Array.from({ length: SIGN_IN_LIMITS.maxFailures }, () => throttle.fail('192.0.2.9'));
    expect(delays.slice(0, 5)).toEqual([250, 500, 1000, 2000, 4000]);
    expect(Math.max(...delays)).toBe(SIGN_IN_LIMITS.maxDelayMs);
    expect(throttle.blockedFor('192.0.2.9')).toBe(SIGN_IN_LIMITS.windowMs / 1000);
    expect(throttle.blockedFor('192.0.2.10')).toBeNull();
    now += SIGN_IN_LIMITS.windowMs + 1;
    expect(throttle.blockedFor('192.0.2.9')).toBeNull();
  });

  it('compares tokens by digest, so length makes no difference', () => {
    expect(sameSecret('owner-token-0123', 'owner-token-0123')).toBe(true);
    expect(sameSecret('owner-token-012', 'owner-token-0123')).toBe(false);
    expect(sameSecret('', '')).toBe(false);
  });
});
