/**
 * GET /metrics: the instance's own numbers in Prometheus's text format (prom-client), for whoever runs
 * the servers (docs/deploy.md has a scrape config and alerts). Each app gets its own Registry, never
 * prom-client's global one: several apps in one process (tests, a blue/green restart) keep their own
 * counts, and each instance behind a load balancer answers for itself.
 *
 * Access: `Authorization: Bearer METRICS_TOKEN`, compared in constant time. Without METRICS_TOKEN the
 * route answers 404 as if it did not exist; a missing or wrong token is a 401. The numbers name no
 * shopper, but the request rates and the outbox say how the shop is doing, which is nobody else's business.
 *
 * Cost per request: one histogram observation in an onResponse hook (its `_count` is the request
 * counter), labelled by the route's pattern (`/api/orders/:sessionId/confirm`), never the raw URL, so a
 * scanner's random paths cannot grow the label set. The outbox and the pool are read at scrape time only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolCounts } from '../db/database';
import { sendNotFound } from '../lib/api-support';
import type { DeliveryResult, OutboxBacklog } from '../mail/outbox';
import { sameSecret } from '../security/constant-time';
import { bearerToken } from '../security/owner-auth';

export const METRICS_PATH = '/metrics';

/** What the route label says for a request no route matched (404s, scanners). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Webhook deliveries: handled, to be retried by the provider (503), or refused before reading. */
export type WebhookResult = 'handled' | 'retry' | 'bad-signature' | 'not-configured';

/** Read at each scrape; absent before the platform plugin reads them in or a database without a pool. */
export interface ScrapeSources {
  readonly outboxBacklog?: () => Promise<OutboxBacklog>;
  readonly poolCounts?: (() => PoolCounts) | null;
  readonly now?: () => number;
}

/** The counters the shop's services bump, and the registry /metrics writes out. */
export class ShopMetrics {
  readonly registry = new Registry();
  private readonly http: Histogram<'method' | 'route' | 'status'>;
  private readonly checkouts: Counter;
  private readonly paid: Counter;
  private readonly mail: Counter<'result'>;
  private readonly webhooks: Counter<'type' | 'result'>;
  private sources: ScrapeSources = {};

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.http = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status, and how long they took',
      labelNames: ['method', 'route', 'status'],
      // From a cached page (a few ms) to the checkout's provider call (seconds).
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.checkouts = new Counter({
      name: 'solas_checkouts_created_total',
      help: 'Checkout sessions opened (POST /api/checkout answered with a payment URL)',
      registers,
    });
    this.paid = new Counter({
      name: 'solas_orders_paid_total',
      help: 'Orders marked paid by this instance (confirmation page, webhook or reconcile pass)',
      registers,
    });
    this.mail = new Counter({
      name: 'solas_emails_total',
      help: 'E-mail delivery attempts by result: sent, retry (a temporary failure) or failed (given up)',
      labelNames: ['result'],
      registers,
    });
    this.webhooks = new Counter({
      name: 'solas_webhook_events_total',
      help: 'Payment provider webhook deliveries by event type and result',
      labelNames: ['type', 'result'],
      registers,
    });
    const self = this;
    new Gauge({
      name: 'solas_outbox_waiting',
      help: 'E-mails queued and not yet sent',
      registers,
      async collect() {
        const backlog = await self.backlog();
        this.set(backlog?.waiting ?? 0);
      },
    });
    new Gauge({
      name: 'solas_outbox_failed',
      help: 'E-mails given up on (refused permanently or past their retries)',
      registers,
      async collect() {
        const backlog = await self.backlog();
        this.set(backlog?.failed ?? 0);
      },
    });
    new Gauge({
      name: 'solas_outbox_oldest_waiting_seconds',
      help: 'Age of the oldest e-mail still waiting to be sent; 0 when none waits',
      registers,
      async collect() {
        const backlog = await self.backlog();
        const oldest = backlog?.oldestWaitingAt ? Date.parse(backlog.oldestWaitingAt) : Number.NaN;
        const now = self.sources.now?.() ?? Date.now();
        this.set(Number.isNaN(oldest) ? 0 : Math.max(0, (now - oldest) / 1000));
      },
    });
  }

  /**
   * Where the scrape-time gauges read from (set once the database is open). The pool's gauges exist only
   * with a pool (PostgreSQL): SQLite has one connection in the process, and a constant 0 would mislead.
   */
  readFrom(sources: ScrapeSources): void {
    this.sources = sources;
    const counts = sources.poolCounts;
    if (!counts) return;
    const pool = (name: string, help: string, pick: (c: PoolCounts) => number) =>
      new Gauge({
        name,
        help,
        registers: [this.registry],
        collect() {
          this.set(pick(counts()));
        },
      });
    pool('solas_db_pool_connections', 'PostgreSQL pool: connections open', (c) => c.total);
    pool('solas_db_pool_idle', 'PostgreSQL pool: connections idle', (c) => c.idle);
    pool('solas_db_pool_waiting', 'PostgreSQL pool: queries waiting for a connection', (c) => c.waiting);
  }

  /**
   * One scrape reads the backlog once for its three gauges: prom-client collects them in turn, so the
   * first one's query is shared by the other two.
   */
  private pendingBacklog: Promise<OutboxBacklog | null> | null = null;
  private backlog(): Promise<OutboxBacklog | null> {
    const read = this.sources.outboxBacklog;
    if (!read) return Promise.resolve(null);
    if (!this.pendingBacklog) {
      this.pendingBacklog = read()
        .catch(() => null)
        .finally(() => {
          setImmediate(() => {
            this.pendingBacklog = null;
          });
        });
    }
    return this.pendingBacklog;
  }

  /**
   * Each (method, route, status) child, found by one string key: prom-client's own lookup hashes a sorted
   * copy of the labels on every observation, the larger part of this hook's cost on a page request.
   */
  private readonly children = new Map<string, { observe(value: number): void }>();

  observeRequest(request: FastifyRequest, reply: FastifyReply): void {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const key = `${request.method} ${reply.statusCode} ${route}`;
    let child = this.children.get(key);
    if (!child) {
      child = this.http.labels({ method: request.method, route, status: String(reply.statusCode) });
      this.children.set(key, child);
    }
    child.observe(reply.elapsedTime / 1000);
  }

  checkoutCreated(): void {
    this.checkouts.inc();
  }

  orderPaid(): void {
    this.paid.inc();
  }

  mailAttempt(result: DeliveryResult): void {
    this.mail.inc({ result });
  }

  webhookEvent(type: string, result: WebhookResult): void {
    this.webhooks.inc({ type, result });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ShopMetrics;
  }
}

/**
 * Decorates `app.metrics`, observes every request and registers GET /metrics. Called before any other
 * route, so the hook sees them all.
 */
export async function installMetrics(app: FastifyInstance, token: string | null): Promise<void> {
  const metrics = new ShopMetrics();
  app.decorate('metrics', metrics);
  // A callback hook, not an async one: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request, reply);
    done();
  });
  app.get(METRICS_PATH, async (request, reply) => {
    if (token === null) return sendNotFound(request, reply);
    const given = bearerToken(request.headers.authorization ?? '');
    if (given === null || !sameSecret(given, token)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer realm="metrics"')
        .send({ ok: false, error: 'Send Authorization: Bearer METRICS_TOKEN' });
    }
    const body = await metrics.registry.metrics();
    return reply
      .header('Content-Type', metrics.registry.contentType)
      .header('Cache-Control', 'no-store')
      .send(body);
  });
}
