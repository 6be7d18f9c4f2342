import { describe, expect, it } from 'vitest';
import { BRAND } from '../domain/config';
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
});
