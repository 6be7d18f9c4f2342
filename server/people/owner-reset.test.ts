/**
 * `npm run owner:reset`: the real script against a shop's database prints a one-time link valid one hour,
 * which opens the welcome screen's ceremony once and not after the hour.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, SERVER_NODE_ARGS } from '../../scripts/build-server';
import { SoftAuthenticator } from '../../tests/support/soft-authenticator';
import { buildTestApp, TEST_PUBLIC_URL, tempDataDir } from '../../tests/support/test-app';
import { PeopleStore } from '../security/people-store';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/**
 * The script as the server's bundle holds it (scripts/build-server.ts), built afresh once per test
 * process: plain node runs it in a third of the CPU tsx takes for the sources, five times here.
 */
async function ownerReset(dataDir: string, ...args: string[]) {
  const script = path.join(path.dirname(await buildServer()), 'owner-reset.mjs');
  try {
    const out = await run(process.execPath, [...SERVER_NODE_ARGS, script, ...args], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PUBLIC_URL: TEST_PUBLIC_URL,
        DATABASE_URL: '',
        LOG_LEVEL: 'silent',
      },
    });
    return { code: 0, stdout: out.stdout, stderr: out.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const tokenOf = (stdout: string) => {
  const link = /http\S+/.exec(stdout)?.[0] ?? '';
  expect(link.startsWith(`${TEST_PUBLIC_URL}/admin#/welcome/`)).toBe(true);
  return decodeURIComponent(link.split('/').at(-1) ?? '');
};

describe('npm run owner:reset', () => {
  let data: ReturnType<typeof tempDataDir>;
  let app: FastifyInstance;
  let offsetMs = 0;

  beforeAll(async () => {
    data = tempDataDir();
    app = await buildTestApp(
      { DATA_DIR: data.dir, ADMIN_TOKEN: 'reset-test-token' },
      {
        now: () => new Date(Date.now() + offsetMs),
      },
    );
  }, 60_000);

  afterAll(async () => {
    await app.close();
    data.remove();
  });

  const welcomeOptions = (token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/welcome/options',
      headers: { 'content-type': 'application/json' },
      payload: { token },
    });

  it('prints a setup link that registers a passkey once; refuses an address that is no owner', async () => {
    const first = await ownerReset(data.dir, '--email', 'Aoife@Solas.example', '--name', 'Aoife');
    expect(first.code).toBe(0);
    const token = tokenOf(first.stdout);
    const options = await welcomeOptions(token);
    expect(options.statusCode).toBe(200);
    expect(options.json().name).toBe('Aoife');
    // The keys phones and computers make, on every Node: never ML-DSA first, as the library's default is on
    // a Node whose Web Crypto has it (24), with signatures beyond the sign-in's bounds.
    expect(options.json().options.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toEqual([
      -8, -7, -257,
    ]);
    const phone = new SoftAuthenticator(TEST_PUBLIC_URL);
    const done = await app.inject({
      method: 'POST',
      url: '/api/admin/welcome',
      headers: { 'content-type': 'application/json' },
      payload: { token, response: phone.register(options.json().options) },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    expect((await welcomeOptions(token)).statusCode).toBe(410);

    const stranger = await ownerReset(data.dir, '--email', 'someone@example.ie');
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toContain('No owner');
  }, 60_000);

  it('makes an owner of a new address while no owner can sign in, whoever else is on the desk', async () => {
    const other = tempDataDir();
    const shop = await buildTestApp({ DATA_DIR: other.dir, ADMIN_TOKEN: 'reset-test-token' });
    try {
      // A maker on the desk (a shop whose first owner never registered a passkey): no owner can sign in.
      const people = new PeopleStore(shop.platform.db);
      await people.create({ name: 'Niamh', email: 'niamh@solas.example', role: 'maker' });
      const maker = await ownerReset(other.dir, '--email', 'niamh@solas.example');
      expect(maker.code).toBe(1);
      const printed = await ownerReset(other.dir, '--email', 'aoife@solas.example', '--name', 'Aoife');
      expect(printed.stderr).toBe('');
      expect(printed.code).toBe(0);
      const options = await shop.inject({
        method: 'POST',
        url: '/api/admin/welcome/options',
        headers: { 'content-type': 'application/json' },
        payload: { token: tokenOf(printed.stdout) },
      });
      expect(options.json()).toMatchObject({ ok: true, name: 'Aoife' });
      expect((await people.byEmail('aoife@solas.example'))?.role).toBe('owner');
    } finally {
      await shop.close();
      other.remove();
    }
  }, 60_000);

  it('a link is valid one hour', async () => {
    const printed = await ownerReset(data.dir, '--email', 'aoife@solas.example');
    const token = tokenOf(printed.stdout);
    offsetMs = 61 * 60 * 1000;
    try {
      expect((await welcomeOptions(token)).statusCode).toBe(410);
    } finally {
      offsetMs = 0;
    }
  }, 60_000);
});
