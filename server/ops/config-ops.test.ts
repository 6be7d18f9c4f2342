/** The operability settings added to the configuration: clear errors, safe defaults. */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, tempDataDir } from '../../tests/support/test-app';
import { ConfigError, loadConfig } from '../config';
import { parseFaultSpec } from '../lib/fault-spec';
import { FORWARDED_WITHOUT_TRUST, parseTrustProxy } from '../lib/trust-proxy';

describe('TRUST_PROXY', () => {
  it.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['127.0.0.1, 10.0.0.0/8', ['127.0.0.1', '10.0.0.0/8']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ])('%j -> %j', (raw, value) => {
    expect(parseTrustProxy(raw)).toEqual(value);
  });

  it.each([
    ['true', /trust X-Forwarded-For from anyone/],
    ['11', /at most 10/],
    ['proxy.example', /not an IP address or CIDR/],
    ['10.0.0.0/200', /not an IP address or CIDR/],
  ])('refuses %j', (raw, message) => {
    expect(() => loadConfig({ TRUST_PROXY: raw })).toThrow(message);
  });

  describe('behind a proxy', () => {
    let data: ReturnType<typeof tempDataDir> | null = null;
    let app: FastifyInstance | null = null;
    afterEach(async () => {
      await app?.close();
      data?.remove();
    });

    it('rate limits the client named by the proxy, and keeps the proxy request id', async () => {
      data = tempDataDir();
      app = await buildTestApp({ DATA_DIR: data.dir, TRUST_PROXY: '1', RATE_LIMITS: 'newsletter=1/60' });
      const sign = (client: string) =>
        app?.inject({
          method: 'POST',
          url: '/api/newsletter',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client, 'x-request-id': 'edge-request-0001' },
          payload: { email: `${client.replace(/\./g, '-')}@example.ie` },
        });
      expect((await sign('203.0.113.1'))?.statusCode).toBe(200);
      expect((await sign('203.0.113.2'))?.statusCode).toBe(200);
      const limited = await sign('203.0.113.1');
      expect(limited?.statusCode).toBe(429);
      expect(limited?.headers['x-request-id']).toBe('edge-request-0001');
    });

    it('without TRUST_PROXY, warns once when requests arrive with X-Forwarded-For (never its value)', async () => {
      data = tempDataDir();
      app = await buildTestApp({ DATA_DIR: data.dir });
      const warn = vi.spyOn(app.log, 'warn');
      const health = (headers: Record<string, string>) =>
        app?.inject({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1', headers });
      await health({});
      expect(warn).not.toHaveBeenCalled();
      await health({ 'x-forwarded-for': '203.0.113.9' });
      await health({ 'x-forwarded-for': '203.0.113.10' });
      const warned = warn.mock.calls.filter((call) => call.includes(FORWARDED_WITHOUT_TRUST));
      expect(warned).toHaveLength(1);
      expect(JSON.stringify(warned)).not.toContain('203.0.113');
    });

    it('with TRUST_PROXY, says nothing of X-Forwarded-For', async () => {
      data = tempDataDir();
      app = await buildTestApp({ DATA_DIR: data.dir, TRUST_PROXY: '1' });
      const warn = vi.spyOn(app.log, 'warn');
      await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(warn.mock.calls.filter((call) => call.includes(FORWARDED_WITHOUT_TRUST))).toEqual([]);
    });
  });
});

describe('FAULT_INJECT', () => {
  it('is refused unless NODE_ENV=test', () => {
    expect(() => loadConfig({ FAULT_INJECT: 'mail:accepted' })).toThrow(ConfigError);
    expect(() => loadConfig({ FAULT_INJECT: 'mail:accepted', NODE_ENV: 'production' })).toThrow(
      /only allowed with NODE_ENV=test/,
    );
    expect(loadConfig({ FAULT_INJECT: 'mail:accepted#2', NODE_ENV: 'test' }).faultInject).toEqual({
      point: 'mail:accepted',
      nth: 2,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).faultInject).toBeNull();
  });

  it('names a known point', () => {
    expect(parseFaultSpec('checkout:order-stored')).toEqual({ point: 'checkout:order-stored', nth: 1 });
    expect(parseFaultSpec('checkout:nowhere')).toMatch(/must be <point>\[#n\]/);
    expect(parseFaultSpec('mail:accepted#0')).toMatch(/at least 1/);
    expect(() => loadConfig({ FAULT_INJECT: 'x', NODE_ENV: 'test' })).toThrow(/FAULT_INJECT: must be/);
  });
});

describe('CAMPAIGN_FIRST_PASS_MS', () => {
  it('is refused unless NODE_ENV=test, and is a whole number of milliseconds', () => {
    expect(loadConfig({}).campaignFirstPassMs).toBeNull();
    expect(() => loadConfig({ CAMPAIGN_FIRST_PASS_MS: '0' })).toThrow(/only allowed with NODE_ENV=test/);
    expect(() => loadConfig({ CAMPAIGN_FIRST_PASS_MS: '0', NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(loadConfig({ CAMPAIGN_FIRST_PASS_MS: '250', NODE_ENV: 'test' }).campaignFirstPassMs).toBe(250);
    expect(() => loadConfig({ CAMPAIGN_FIRST_PASS_MS: 'soon', NODE_ENV: 'test' })).toThrow(
      /CAMPAIGN_FIRST_PASS_MS: must be/,
    );
  });
});

describe('STRIPE_TIMEOUT_MS', () => {
  it('defaults to 6 s per attempt and stays inside the browser timeout', () => {
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc12345' }).stripe?.timeoutMs).toBe(6_000);
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc12345', STRIPE_TIMEOUT_MS: '2500' }).stripe?.timeoutMs,
    ).toBe(2_500);
    expect(() => loadConfig({ STRIPE_TIMEOUT_MS: '15000' })).toThrow(/at most 7000/);
    expect(() => loadConfig({ STRIPE_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
  });
});

describe('DATABASE_URL and DATABASE_POOL_MAX', () => {
  it('default to SQLite in DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: '/srv/solas' });
    expect(config.database).toEqual({ dialect: 'sqlite', dataDir: '/srv/solas' });
  });

  it.each([
    'postgres://shop:secret@db.internal:5432/solas',
    'postgresql://shop@db.internal/solas?sslmode=require',
  ])('switch to PostgreSQL with %s', (url) => {
    expect(loadConfig({ DATABASE_URL: url, DATABASE_POOL_MAX: '25' }).database).toEqual({
      dialect: 'postgres',
      url,
      poolMax: 25,
    });
    expect(loadConfig({ DATABASE_URL: url }).database).toMatchObject({ poolMax: 10 });
  });

  it.each([
    [
      { DATABASE_URL: 'mysql://shop@db/solas' },
      /DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/,
    ],
    [{ DATABASE_URL: 'solas.sqlite' }, /DATABASE_URL: must be a postgres:\/\//],
    [{ DATABASE_POOL_MAX: '0' }, /DATABASE_POOL_MAX: must be at least 1/],
    [{ DATABASE_POOL_MAX: 'ten' }, /DATABASE_POOL_MAX: must be a whole number/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
