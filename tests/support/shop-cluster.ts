/**
 * Two or more shop instances on a fresh PostgreSQL database (a schema with `migrateFirst`) behind nginx
 * (./cluster.ts), with e-mail to a real SMTP server in this process and the built-in test checkout: what
 * the multi-instance journeys share.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Cluster, startCluster } from './cluster';
import { type SmtpSink, startSmtpSink } from './smtp-sink';
import { GALWAY_CARD_FORM } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

/** The build the single-server journeys serve (playwright.config.ts), served by every instance. */
export const E2E_WEB_DIST = path.resolve(process.env.E2E_DIST ?? 'dist/web');

export interface ShopCluster {
  readonly cluster: Cluster;
  readonly sink: SmtpSink;
  readonly testDb: TestDatabase;
  /** Stops the instances and nginx, the SMTP server, and removes the schema and the files. */
  stop(): Promise<void>;
}

/** `env` is added to (and may override) the instances' common environment. */
export async function startShopCluster(
  name: string,
  env: Readonly<Record<string, string>>,
  instances = 2,
  publicHost?: string,
  /**
   * A fresh database migrated by `npm run migrate` before the instances start, as a deploy does (the
   * multi-instance journey proves that path); otherwise a copy of the migrated test template.
   */
  options: { readonly migrateFirst?: boolean } = {},
): Promise<ShopCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), `solas-${name}-`));
  let testDb: TestDatabase | undefined;
  let sink: SmtpSink | undefined;
  let cluster: Cluster | undefined;
  const stop = async () => {
    await cluster?.stop();
    await sink?.stop();
    await testDb?.remove();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const migrated = !options.migrateFirst;
    testDb = await createTestDatabase('postgres', dir, { migrated });
    sink = await startSmtpSink();
    cluster = await startCluster({
      instances,
      dir,
      migrated,
      ...(publicHost ? { publicHost } : {}),
      env: {
        ...testDb.env,
        SMTP_URL: sink.url,
        WEB_DIST_DIR: E2E_WEB_DIST,
        ALLOW_TEST_CHECKOUT: 'true',
        ...env,
      },
    });
    return { cluster, sink, testDb, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function postJson(cluster: Cluster, url: string, body: object) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: cluster.url },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Where an order goes: its zone and the address the test checkout's form takes (Galway by default). */
export interface OrderDestination {
  readonly zone: string;
  readonly address?: {
    readonly line1: string;
    readonly city: string;
    readonly postalCode: string;
    readonly country: string;
  };
}

/**
 * One piece of `productId` ordered on `instanceUrl` and paid on its built-in test checkout, as a shopper's
 * browser would; answers the order's reference.
 */
export async function paidOrderOn(
  cluster: Cluster,
  instanceUrl: string,
  shopper: { readonly email: string; readonly name: string },
  productId: string,
  destination: OrderDestination = { zone: 'IE' },
): Promise<string> {
  const checkout = await postJson(cluster, `${instanceUrl}/api/checkout`, {
    email: shopper.email,
    items: [{ id: productId, quantity: 1 }],
    zone: destination.zone,
  });
  if (checkout.status !== 200) throw new Error(`checkout answered ${checkout.status}`);
  const sessionId = String(checkout.body.sessionId);
  const form = new URLSearchParams({
    ...GALWAY_CARD_FORM,
    ...destination.address,
    email: shopper.email,
    name: shopper.name,
  });
  const pay = await fetch(`${instanceUrl}/test-checkout/${sessionId}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: cluster.url },
    body: form.toString(),
  });
  if (pay.status !== 303) throw new Error(`the test checkout answered ${pay.status}`);
  const confirmed = await postJson(cluster, `${instanceUrl}/api/orders/${sessionId}/confirm`, {});
  if (confirmed.body.status !== 'paid') throw new Error(`the order is ${String(confirmed.body.status)}`);
  return String(confirmed.body.reference);
}
