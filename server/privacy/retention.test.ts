/**
 * The retention pass runs on its own: shortly after start (here after 20 ms) and then at its interval,
 * under the job lock, through the app's real wiring (privacy/plugin.ts). What each pass erases is
 * privacy-store.test.ts's subject.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { RETENTION } from '../../domain/config';
import { tempDataDir } from '../../tests/support/test-app';
import { buildApp } from '../app';
import { loadConfig } from '../config';

const DAY = 24 * 60 * 60 * 1000;

let app: FastifyInstance;
let data: ReturnType<typeof tempDataDir>;

beforeEach(async () => {
  data = tempDataDir();
  const config = loadConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://shop.test', DATA_DIR: data.dir });
  app = await buildApp({
    config,
    serveWeb: false,
    reconcile: false,
    tuning: { retention: { initialDelayMs: 20, intervalMs: 60_000 } },
  });
});

afterEach(async () => {
  await app.close();
  data.remove();
});

it('erases an expired unconfirmed sign-up by itself, soon after start', async () => {
  // Before the app is ready (the pass is scheduled when it is): a sign-up whose week has passed.
  await app.newsletter.store.signUp(
    'late@example.ie',
    'home',
    new Date(Date.now() - (RETENTION.unconfirmedSignupDays + 1) * DAY),
  );
  await app.newsletter.store.signUp('fresh@example.ie', 'home');
  await app.ready();
  const emails = async () =>
    (await app.platform.db.selectFrom('newsletter_signups').select('email').execute()).map((r) => r.email);
  await expect.poll(emails, { timeout: 15_000 }).toEqual(['fresh@example.ie']);
});
