/**
 * The route suites' preamble: registers the hooks that start a shop (startTestApp, startTestShop,
 * startStripeTestShop, or a suite's own) for the calling describe, once or for each test, and stop it
 * after. The answer stands for the running shop: its parts are read inside a test or a later hook.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { SqlDialect } from '../../server/db/dialect';
import { type FakeStripe, signedEvent, startFakeStripe } from './fake-stripe';
import { buildTestApp, tempDataDir } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';
import type { TestApp } from './test-shop';

export function shopSuite<T extends Pick<TestApp, 'stop'>>(
  start: () => Promise<T>,
  {
    each = false,
    timeoutMs,
  }: {
    /** A shop of its own for each test (beforeEach), rather than one for the describe (beforeAll). */
    readonly each?: boolean;
    /** The start's own timeout, for a shop slower to start than a hook's default. */
    readonly timeoutMs?: number;
  } = {},
): T {
  let current: T | undefined;
  const running = (): T => {
    if (!current) throw new Error('shopSuite: no shop outside a test');
    return current;
  };
  const begin = async () => {
    current = await start();
  };
  const end = async () => {
    const stopping = current;
    current = undefined;
    await stopping?.stop();
  };
  if (each) {
    beforeEach(begin, timeoutMs);
    afterEach(end);
  } else {
    beforeAll(begin, timeoutMs);
    afterAll(end);
  }
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(running(), key),
  });
}

/**
 * Each test of the calling describe gets an empty database of its own and its DATA_DIR (the first shop's
 * start migrates it); `start` builds an instance of the shop on them, as many as the test asks, all
 * closed after it. `target` is the running test's database, for one opened at an older schema first.
 */
export function instancesSuite(dialect: SqlDialect): {
  start(): Promise<FastifyInstance>;
  readonly target: TestDatabase;
} {
  let data: ReturnType<typeof tempDataDir>;
  let target: TestDatabase;
  const apps: FastifyInstance[] = [];
  beforeEach(async () => {
    data = tempDataDir();
    target = await createTestDatabase(dialect, data.dir);
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await target.remove();
    data.remove();
  });
  return {
    async start() {
      const app = await buildTestApp({ DATA_DIR: data.dir, RATE_LIMITS: 'off', ...target.env });
      apps.push(app);
      return app;
    },
    get target() {
      return target;
    },
  };
}

/**
 * A shop of its own for each test, in a fresh DATA_DIR (SQLite), talking to a fake Stripe of its own
 * whose webhooks it checks with `webhookSecret`; `env` (read as each test starts) adds to or overrides
 * that. `deliver` sends a signed event to the shop's webhook route, as Stripe does.
 */
export function stripeAppSuite(
  webhookSecret: string,
  env: () => Record<string, string>,
  tuning: Parameters<typeof buildTestApp>[1] = {},
): {
  readonly app: FastifyInstance;
  readonly stripe: FakeStripe;
  deliver(type: string, object: unknown): Promise<LightMyRequestResponse>;
} {
  let stripe: FakeStripe;
  let data: ReturnType<typeof tempDataDir>;
  let app: FastifyInstance;
  beforeEach(async () => {
    stripe = await startFakeStripe();
    data = tempDataDir();
    app = await buildTestApp(
      {
        DATA_DIR: data.dir,
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_URL: stripe.url,
        ...env(),
      },
      tuning,
    );
  });
  afterEach(async () => {
    await app.close();
    await stripe.close();
    data.remove();
  });
  return {
    get app() {
      return app;
    },
    get stripe() {
      return stripe;
    },
    async deliver(type, object) {
      const { payload, signature } = signedEvent(type, object, webhookSecret);
      return app.inject({
        method: 'POST',
        url: '/api/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    },
  };
}
