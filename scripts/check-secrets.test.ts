/** The build scanner finds what it must (planted keys, secret values, source maps) and passes a clean build. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'solas-secrets-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><script src="/assets/app.js"></script>');
  writeFileSync(
    path.join(dir, 'assets', 'app.js'),
    'const key = "pk_live_publishable_is_fine"; fetch("/api/checkout")',
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function scan(env: Record<string, string> = {}) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/check-secrets.ts', dir, '--require'],
    {
      env: { PATH: process.env.PATH ?? '', ...env },
      encoding: 'utf8',
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

// Built from parts so that this file itself never matches a key pattern in a repository scan.
const fakeStripeKey = ['sk', 'live', 'abcdefghijklmnop1234'].join('_');
const fakeWebhookSecret = ['whsec', 'abcdefghijklmnop1234'].join('_');

describe('check-secrets', () => {
  it('passes a clean build', () => {
    const { status, output } = scan();
    expect(output).toMatch(/no key patterns/);
    expect(status).toBe(0);
  });

  it.each([
    ['a Stripe secret key', `const k="${fakeStripeKey}"`, /Stripe secret key/],
    ['a webhook secret', `x=${fakeWebhookSecret}`, /Stripe webhook secret/],
    ['a private key', '-----BEGIN RSA PRIVATE KEY-----\nMIIE', /private key/],
    ['an SMTP URL with a password', '"smtp://shop:hunter22@mail.example.ie:587"', /URL with a password/],
  ])('fails on %s', (_label, content, message) => {
    writeFileSync(path.join(dir, 'assets', 'chunk.js'), content);
    const { status, output } = scan();
    expect(status).toBe(1);
    expect(output).toMatch(message);
    expect(output).toContain('assets/chunk.js');
  });

  it('finds secret values from the environment, also inside pre-compressed copies', () => {
    writeFileSync(
      path.join(dir, 'assets', 'chunk.js.br'),
      brotliCompressSync(Buffer.from('window.t="owner-token-7731-xyz"')),
    );
    const { status, output } = scan({ ADMIN_TOKEN: 'owner-token-7731-xyz' });
    expect(status).toBe(1);
    expect(output).toContain('assets/chunk.js.br: the value of ADMIN_TOKEN');
  });

  it('fails on source maps and env files in the build', () => {
    writeFileSync(path.join(dir, 'assets', 'app.js.map'), '{}');
    writeFileSync(path.join(dir, '.env'), 'X=1');
    const { status, output } = scan();
    expect(status).toBe(1);
    expect(output).toMatch(/source map/);
    expect(output).toMatch(/environment file/);
  });

  it('without a build: skipped, or a failure with --require', () => {
    const missing = path.join(dir, 'nope');
    const lenient = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-secrets.ts', missing], {
      encoding: 'utf8',
    });
    expect(lenient.status).toBe(0);
    expect(lenient.stdout).toMatch(/skipped/);
    const strict = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/check-secrets.ts', missing, '--require'],
      {
        encoding: 'utf8',
      },
    );
    expect(strict.status).toBe(1);
  });
});
