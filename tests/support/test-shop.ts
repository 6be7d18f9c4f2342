/**
 * The usual integration set-up in one call: a fresh data directory, a database of the dialect under
 * test, an SMTP sink the shop sends to, and the real app over them, with rate limits off. `stop` undoes
 * all of it, in the reverse order. `startStripeTestShop` is the same for the suites that pay through Stripe.
 */
import type { FastifyInstance } from 'fastify';
import type { SqlDialect } from '../../server/db/dialect';
import { type FakeStripe, startFakeStripe } from './fake-stripe';
import { type SmtpSink, startSmtpSink } from './smtp-sink';
import { buildTestApp, tempDataDir } from './test-app';
import { createTestDatabase } from './test-database';

export interface TestShop {
  readonly app: FastifyInstance;
  readonly smtp: SmtpSink;
  readonly dataDir: string;
  /** The environment the app was built with: a second instance on the same data is built from it. */
  readonly env: Readonly<Record<string, string>>;
  stop(): Promise<void>;
}

export async function startTestShop(
  dialect: SqlDialect,
  /** Added to (or overriding) DATA_DIR, SMTP_URL, MAIL_FROM and RATE_LIMITS=off. */
  env: Record<string, string> = {},
  tuning: Parameters<typeof buildTestApp>[1] = {},
): Promise<TestShop> {
  const data = tempDataDir();
  const database = await createTestDatabase(dialect, data.dir);
  const smtp = await startSmtpSink();
  const shopEnv = {
    DATA_DIR: data.dir,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'orders@solas.test',
    RATE_LIMITS: 'off',
    ...env,
    ...database.env,
  };
  const app = await buildTestApp(shopEnv, tuning);
  return {
    app,
    smtp,
    dataDir: data.dir,
    env: shopEnv,
    stop: async () => {
      await app.close();
      await smtp.stop();
      await database.remove();
      data.remove();
    },
  };
}

export interface StripeTestShop {
  readonly app: FastifyInstance;
  readonly stripe: FakeStripe;
  stop(): Promise<void>;
}

/**
 * The real app paying through the fake Stripe API (./fake-stripe.ts), on a fresh data directory and a
 * database of `dialect`, with rate limits off. E-mail goes to the default transport's .eml files, which
 * `outboxRows` reads back. `stop` undoes all of it, in the reverse order.
 */
export async function startStripeTestShop(
  dialect: SqlDialect,
  /** Added to (or overriding) DATA_DIR, RATE_LIMITS=off and the Stripe key and URL. */
  env: Record<string, string> = {},
): Promise<StripeTestShop> {
  const stripe = await startFakeStripe();
  const data = tempDataDir();
  const database = await createTestDatabase(dialect, data.dir);
  const app = await buildTestApp({
    DATA_DIR: data.dir,
    RATE_LIMITS: 'off',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_API_URL: stripe.url,
    ...env,
    ...database.env,
  });
  return {
    app,
    stripe,
    stop: async () => {
      await app.close();
      await database.remove();
      await stripe.close();
      data.remove();
    },
  };
}
