import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND } from '../domain/config';
import { bulkTierOf } from '../domain/offers/early-bird';
import { startServerProcess, tinyWebDist } from '../tests/support/server-process';
import { tempDataDir } from '../tests/support/test-app';
import { ConfigError, loadConfig } from './config';

describe('orders configuration', () => {
  it('defaults to the built-in test checkout and .eml files, with the brand addresses', () => {
    const config = loadConfig({});
    expect(config.stripe).toBeNull();
    expect(config.smtpUrl).toBeNull();
    expect(config.ownerEmail).toBe(BRAND.contactEmail);
    expect(config.mailFrom).toBe(BRAND.contactEmail);
  });

  it('reads Stripe and SMTP settings', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_xyz',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
      SMTP_URL: 'smtps://user:pass@mail.example.ie:465',
      OWNER_EMAIL: 'orders@solas.ie',
      MAIL_FROM: 'hello@solas.ie',
    });
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_xyz',
      apiUrl: 'http://127.0.0.1:12111',
      timeoutMs: 6000,
    });
    expect(config.smtpUrl).toBe('smtps://user:pass@mail.example.ie:465');
    expect(config.ownerEmail).toBe('orders@solas.ie');
  });

  it.each([
    [{ OWNER_EMAIL: 'owner' }, 'OWNER_EMAIL: must be an e-mail address'],
    [{ MAIL_FROM: 'Solas <hello@solas.ie>' }, 'MAIL_FROM: must be a bare e-mail address'],
    [{ SMTP_URL: 'http://mail.example.ie' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    [{ STRIPE_SECRET_KEY: 'pk_live_123' }, 'STRIPE_SECRET_KEY: must look like sk_test_... or sk_live_...'],
    [{ STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET: must look like whsec_...'],
    [{ STRIPE_API_URL: 'ftp://x' }, 'STRIPE_API_URL: must be an http:// or https:// URL'],
  ])('refuses %j with a clear message that never echoes the value', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message).toContain(message);
      for (const value of Object.values(env)) expect((err as Error).message).not.toContain(value);
    }
  });

  it('reads CLOSED_DATES (none by default) and reports every bad item at start', () => {
    expect(loadConfig({}).closedDates).toEqual([]);
    expect(loadConfig({ CLOSED_DATES: '2026-12-24..2027-01-04, 2027-03-17' }).closedDates).toEqual([
      { from: '2026-12-24', to: '2027-01-04' },
      { from: '2027-03-17', to: '2027-03-17' },
    ]);
    expect(() => loadConfig({ CLOSED_DATES: '2026-12-24..2026-12-20,24/12/2026' })).toThrow(ConfigError);
    try {
      loadConfig({ CLOSED_DATES: '2026-12-24..2026-12-20,24/12/2026' });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain(
        'CLOSED_DATES: CLOSED_DATES item 1 "2026-12-24..2026-12-20" ends before it starts',
      );
      expect(message).toContain(
        'CLOSED_DATES: CLOSED_DATES item 2 "24/12/2026": "24/12/2026" is not a date (expected YYYY-MM-DD or YYYY-MM-DD..YYYY-MM-DD)',
      );
    }
  });

  it('reads MAKING_CAPACITY_PER_DAY (8 by default, 1-1000) with a clear error', () => {
    expect(loadConfig({}).makingCapacityPerDay).toBe(8);
    expect(loadConfig({ MAKING_CAPACITY_PER_DAY: '1' }).makingCapacityPerDay).toBe(1);
    expect(loadConfig({ MAKING_CAPACITY_PER_DAY: '1000' }).makingCapacityPerDay).toBe(1000);
    for (const bad of ['0', '1001', '2.5', 'eight', '-3']) {
      expect(() => loadConfig({ MAKING_CAPACITY_PER_DAY: bad }), bad).toThrow(
        'MAKING_CAPACITY_PER_DAY: must be a whole number of pieces per working day from 1 to 1000 (unset: 8)',
      );
    }
  });

  it('refuses TEST MODE in production unless ALLOW_TEST_CHECKOUT=true', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /STRIPE_SECRET_KEY: not set with NODE_ENV=production.*TEST MODE.*ALLOW_TEST_CHECKOUT=true/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ALLOW_TEST_CHECKOUT: 'false' })).toThrow(ConfigError);
    const token = { ADMIN_TOKEN: 'owner-token-0123456789-abcdefghij' };
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_TEST_CHECKOUT: 'true', ...token }).stripe).toBeNull();
    expect(
      loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_abc123', ...token }).stripe,
    ).not.toBeNull();
    // Outside production the test checkout is the default, as before.
    expect(loadConfig({}).stripe).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test' }).stripe).toBeNull();
    expect(() => loadConfig({ ALLOW_TEST_CHECKOUT: 'maybe' })).toThrow(
      /ALLOW_TEST_CHECKOUT: must be true or false/,
    );
  });

  it('the server does not start in production without Stripe, and says why; placeholders of the seller are warned about', async () => {
    const data = tempDataDir();
    try {
      const env = {
        NODE_ENV: 'production',
        DATA_DIR: data.dir,
        WEB_DIST_DIR: tinyWebDist(path.join(data.dir, 'web')),
        ADMIN_TOKEN: 'owner-token-0123456789-abcdefghij',
      };
      await expect(startServerProcess(env, { timeoutMs: 30_000 })).rejects.toThrow(
        /exited.*STRIPE_SECRET_KEY: not set with NODE_ENV=production/s,
      );
      await expect(
        startServerProcess(
          { ...env, ALLOW_TEST_CHECKOUT: 'true', ADMIN_TOKEN: 'owner-token-0123' },
          { timeoutMs: 30_000 },
        ),
      ).rejects.toThrow(/exited.*ADMIN_TOKEN: must be at least 32 characters.*openssl rand -hex 32/s);
      const allowed = await startServerProcess(
        { ...env, ALLOW_TEST_CHECKOUT: 'true' },
        { timeoutMs: 30_000 },
      );
      allowed.kill('SIGTERM');
      expect((await allowed.exited).code).toBe(0);
      // The seller's identity left at its placeholders: the start goes on, with a warning that says so.
      expect(allowed.output()).toMatch(/SELLER_NAME or SELLER_ADDRESS is not set/);
      const named = await startServerProcess(
        {
          ...env,
          ALLOW_TEST_CHECKOUT: 'true',
          SELLER_NAME: 'Aoife Nic Giolla, trading as Solas',
          SELLER_ADDRESS: '3 Shop Street, Galway, Ireland',
        },
        { timeoutMs: 30_000 },
      );
      named.kill('SIGTERM');
      expect((await named.exited).code).toBe(0);
      expect(named.output()).not.toMatch(/SELLER_NAME or SELLER_ADDRESS/);
    } finally {
      data.remove();
    }
  }, 60_000);

  it('refuses to start in production without ADMIN_TOKEN, and says why (docs/product/orders.md §10.1)', () => {
    const env = { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_abc123' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      /ADMIN_TOKEN: not set with NODE_ENV=production.*lock the owner out/s,
    );
    // Outside production a generated token is still printed at start, as before.
    expect(loadConfig({}).admin.tokenGenerated).toBe(true);
  });

  it('refuses a production ADMIN_TOKEN shorter than 32 characters, and says how to make one', () => {
    const env = { NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_abc123' };
    const short = { ...env, ADMIN_TOKEN: 'a'.repeat(31) };
    expect(() => loadConfig(short)).toThrow(ConfigError);
    expect(() => loadConfig(short)).toThrow(
      /ADMIN_TOKEN: must be at least 32 characters with NODE_ENV=production \(it has 31\).*openssl rand -hex 32/s,
    );
    // A token under the everyday 12 characters is told the production rule too, with how to make one.
    expect(() => loadConfig({ ...env, ADMIN_TOKEN: 'short' })).toThrow(
      /ADMIN_TOKEN: must be at least 32 characters with NODE_ENV=production \(it has 5\).*openssl rand -hex 32/s,
    );
    expect(loadConfig({ ...env, ADMIN_TOKEN: 'a'.repeat(32) }).admin.token).toBe('a'.repeat(32));
    // Outside production the 12 characters of a development token are still enough.
    expect(loadConfig({ ADMIN_TOKEN: 'a'.repeat(12) }).admin.tokenGenerated).toBe(false);
  });
});

describe('EARLY_BIRD_UNTIL', () => {
  it('unset: no tier; a date: 15% from 20 pieces through the end of that Irish day; otherwise refused', () => {
    const load = loadConfig;
    expect(load({ LOG_LEVEL: 'silent' }).earlyBird).toBeNull();
    const terms = load({ LOG_LEVEL: 'silent', EARLY_BIRD_UNTIL: '2026-10-31' }).earlyBird;
    expect(terms).toEqual({ percent: 15, minPieces: 20, until: '2026-10-31' });
    // Irish summer time ends on 25 October: midnight of 1 November is 00:00 UTC.
    const tier = terms && bulkTierOf(terms);
    expect(tier).toEqual({ percent: 15, minPieces: 20, until: Date.parse('2026-11-01T00:00:00Z') });
    const summer = load({ LOG_LEVEL: 'silent', EARLY_BIRD_UNTIL: '2026-07-31' }).earlyBird;
    expect(summer && bulkTierOf(summer).until).toBe(Date.parse('2026-07-31T23:00:00Z'));
    expect(() => load({ LOG_LEVEL: 'silent', EARLY_BIRD_UNTIL: '31/10/2026' })).toThrow(/EARLY_BIRD_UNTIL/);
  });
});
