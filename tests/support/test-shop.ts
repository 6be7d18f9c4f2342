/**
 * The usual integration set-ups in one call each. `startTestApp`: a fresh data directory, a database of
 * the dialect under test and the real app over them, its e-mail written as .eml files by the default
 * transport (outboxRows reads them back). `startTestShop` adds an SMTP sink the shop sends to, with rate
 * limits off; `startStripeTestShop` adds the fake Stripe API instead. `stop` undoes all of it, in the
 * reverse order.
 */
import type { FastifyInstance } from 'fastify';
import type { SqlDialect } from '../../server/db/dialect';
import { type FakeStripe, startFakeStripe } from './fake-stripe';
import { type SmtpSink, startSmtpSink } from './smtp-sink';
import { buildTestApp, receivesMailAt, tempDataDir } from './test-app';
import { createTestDatabase } from './test-database';

export interface TestApp {
  readonly app: FastifyInstance;
  readonly dataDir: string;
  /** The environment the app was built with: a second instance on the same data is built from it. */
  readonly env: Readonly<Record<string, string>>;
  stop(): Promise<void>;
}

export async function startTestApp(
  dialect: SqlDialect,
  /** Added to (or overriding) DATA_DIR; the database's own settings come last. */
  env: Record<string, string> = {},
  tuning: Parameters<typeof buildTestApp>[1] = {},
): Promise<TestApp> {
  const data = tempDataDir();
  const database = await createTestDatabase(dialect, data.dir, { migrated: true });
  const appEnv = { DATA_DIR: data.dir, ...env, ...database.env };
  const app = await buildTestApp(appEnv, tuning);
  return {
    app,
    dataDir: data.dir,
    env: appEnv,
    stop: async () => {
      await app.close();
      await database.remove();
      data.remove();
    },
  };
}

export interface TestShop extends TestApp {
  readonly smtp: SmtpSink;
}

export async function startTestShop(
  dialect: SqlDialect,
  /** Added to (or overriding) DATA_DIR, SMTP_URL, MAIL_FROM and RATE_LIMITS=off. */
  env: Record<string, string> = {},
  tuning: Parameters<typeof buildTestApp>[1] = {},
): Promise<TestShop> {
  const smtp = await startSmtpSink();
  const shop = await startTestApp(
    dialect,
    { SMTP_URL: smtp.url, MAIL_FROM: 'orders@solas.test', RATE_LIMITS: 'off', ...env },
    tuning,
  );
  receivesMailAt(shop.app, () => smtp.messages);
  return {
    ...shop,
    smtp,
    stop: async () => {
      await shop.stop();
      await smtp.stop();
    },
  };
}

export interface StripeTestShop extends TestApp {
  readonly stripe: FakeStripe;
}

export async function startStripeTestShop(
  dialect: SqlDialect,
  /** Added to (or overriding) DATA_DIR, RATE_LIMITS=off and the Stripe key and URL. */
  env: Record<string, string> = {},
): Promise<StripeTestShop> {
  const stripe = await startFakeStripe();
  const shop = await startTestApp(dialect, {
    RATE_LIMITS: 'off',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_API_URL: stripe.url,
    ...env,
  });
  return {
    ...shop,
    stripe,
    stop: async () => {
      await shop.stop();
      await stripe.close();
    },
  };
}
