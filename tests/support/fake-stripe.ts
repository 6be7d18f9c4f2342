/**
 * A small stateful fake of the Stripe endpoints the shop uses (create / retrieve / expire Checkout
 * Sessions, create refunds on a payment intent), with the payment intents, charges and disputes behind
 * them and signed webhook events about them, on a real HTTP server at 127.0.0.1:0, so the official SDK is exercised end to end through
 * STRIPE_API_URL. It keeps what it was sent for assertions, honours idempotency keys as Stripe does, and
 * lets a test pay a session, change it, or make the API fail.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export type FormValue = string | FormValue[] | { [key: string]: FormValue };

/** Parses Stripe's form encoding (`line_items[0][price_data][currency]=eur`) into nested values. */
export function parseStripeForm(body: string): Record<string, FormValue> {
  const root: Record<string, FormValue> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, FormValue> | FormValue[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1] ?? '');
      const container = node as Record<string, FormValue>;
      if (last) {
        container[part] = value;
        return;
      }
      if (container[part] === undefined) container[part] = nextIsIndex ? [] : {};
      node = container[part] as Record<string, FormValue> | FormValue[];
    });
  }
  return root;
}

/** The value at `path` in a parsed Stripe form (line_items.0.price_data...), or undefined. */
export function formField(value: FormValue | undefined, ...path: (string | number)[]): FormValue | undefined {
  let node: FormValue | undefined = value;
  for (const key of path) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = Array.isArray(node) ? node[Number(key)] : node[String(key)];
  }
  return node;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  /** Unix seconds, as Stripe gives it. */
  created: number;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  /** Set when the session is paid. */
  payment_intent: string | null;
  /** The expired session this one was made from by its recovery link; null otherwise. */
  recovered_from: string | null;
  /**
   * As Stripe answers it: null unless the session was made with `after_expiration[recovery][enabled]`;
   * the recovery link appears once the session expires (expireSession or a timed-out session).
   */
  after_expiration: {
    recovery: {
      enabled: boolean;
      allow_promotion_codes: boolean;
      expires_at: number | null;
      url: string | null;
    } | null;
  } | null;
  collected_information: {
    shipping_details: {
      name: string;
      address: {
        line1: string;
        line2: string | null;
        city: string;
        state: string | null;
        postal_code: string;
        country: string;
      };
    } | null;
  } | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  charge: string;
  status: 'succeeded';
  metadata: Record<string, string>;
}

export interface FakePaymentIntent {
  id: string;
  amount: number;
  chargeId: string;
  refunds: FakeRefund[];
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly idempotencyKey: string | null;
  readonly authorization: string | null;
  readonly params: Record<string, FormValue>;
}

export interface FakeStripe {
  readonly url: string;
  readonly secretKey: string;
  readonly requests: RecordedRequest[];
  readonly sessions: Map<string, FakeSession>;
  /** The create parameters Stripe received for a session. */
  paramsOf(sessionId: string): Record<string, FormValue>;
  /** What Stripe does when the shopper pays on the hosted page (the address only where it asked for one). */
  pay(sessionId: string, shipping?: { name: string; country: string }): FakeSession;
  /** What Stripe does when a session's time runs out unpaid (with its recovery link, when asked for). */
  timeOut(sessionId: string): FakeSession;
  /** What Stripe does when the shopper follows an expired session's recovery link: a copy, a new id. */
  recover(sessionId: string): FakeSession;
  /** The next `count` API calls answer `status` (default 500: Stripe having a bad minute). */
  failNext(count: number, status?: number): void;
  /**
   * The next `count` API calls are processed at once but answered `ms` later (a slow network): a client
   * that gives up meanwhile has still created what it asked for, as with the real Stripe.
   */
  delayNext(count: number, ms: number): void;
  readonly paymentIntents: Map<string, FakePaymentIntent>;
  /** Every refund made, through the API or the dashboard, oldest first. */
  readonly refunds: FakeRefund[];
  /** A refund the owner makes in Stripe's dashboard (no API call from the shop). */
  refundInDashboard(paymentIntentId: string, amount: number): FakeRefund;
  /** The Charge object of a payment intent, as charge.refunded carries it (refunds listed). */
  chargeOf(paymentIntentId: string): Record<string, unknown>;
  /** A Dispute object on a payment intent, as charge.dispute.created carries it. */
  disputeOf(paymentIntentId: string, reason?: string, dueBy?: Date): Record<string, unknown>;
  close(): Promise<void>;
}

/** A signed webhook delivery of `type` about `object`: the body and its Stripe-Signature header. */
export function signedEvent(
  type: string,
  object: unknown,
  secret: string,
): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

function fakeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

function num(value: FormValue | undefined): number {
  return typeof value === 'string' ? Number(value) : 0;
}

function asRecord(value: FormValue | undefined): Record<string, FormValue> {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

function asArray(value: FormValue | undefined): FormValue[] {
  return Array.isArray(value) ? value : [];
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Request-Id': `req_${randomBytes(6).toString('hex')}`,
  });
  res.end(JSON.stringify(body));
}

function stripeError(
  res: ServerResponse,
  status: number,
  message: string,
  type = 'invalid_request_error',
): void {
  send(res, status, { error: { type, message, code: status === 404 ? 'resource_missing' : undefined } });
}

export async function startFakeStripe(secretKey = 'sk_test_fake_solas_123'): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const created = new Map<string, Record<string, FormValue>>();
  const idempotent = new Map<string, FakeSession>();
  const requests: RecordedRequest[] = [];
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds: FakeRefund[] = [];
  const idempotentRefunds = new Map<string, FakeRefund>();
  let failures = 0;
  let failureStatus = 500;
  let delays = 0;
  let delayMs = 0;

  /** Coupons made with coupons.create (amount_off only: the shop makes no other). */
  const coupons = new Map<string, Record<string, FormValue>>();
  const idempotentCoupons = new Map<string, { id: string }>();

  function createSession(params: Record<string, FormValue>): FakeSession {
    const lines = asArray(params.line_items).map(asRecord);
    const subtotal = lines.reduce(
      (sum, l) => sum + num(asRecord(l.price_data).unit_amount) * num(l.quantity),
      0,
    );
    const shipping = asArray(params.shipping_options)
      .map((o) => num(asRecord(asRecord(asRecord(o).shipping_rate_data).fixed_amount).amount))
      .at(0);
    const id = `cs_test_${randomBytes(30)
      .toString('base64url')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 58)}`;
    const currencies = new Set(lines.map((l) => asRecord(l.price_data).currency));
    // As Stripe does: a coupon's amount comes off the line items (never below zero), before shipping.
    const off = asArray(params.discounts)
      .map((d) => coupons.get(String(asRecord(d).coupon ?? '')))
      .reduce((sum, c) => sum + (c ? num(c.amount_off) : 0), 0);
    const discounted = Math.max(0, subtotal - off);
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode: String(params.mode),
      status: 'open',
      payment_status: 'unpaid',
      created: Math.floor(Date.now() / 1000),
      amount_subtotal: subtotal,
      amount_total: discounted + (shipping ?? 0),
      currency: currencies.size === 1 ? String([...currencies][0]) : 'mixed',
      customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
      client_reference_id: typeof params.client_reference_id === 'string' ? params.client_reference_id : null,
      metadata: Object.fromEntries(Object.entries(asRecord(params.metadata)).map(([k, v]) => [k, String(v)])),
      success_url: String(params.success_url),
      cancel_url: String(params.cancel_url),
      url: `https://checkout.stripe.com/c/pay/${id}`,
      payment_intent: null,
      recovered_from: null,
      collected_information: null,
      after_expiration:
        formField(params.after_expiration, 'recovery', 'enabled') === 'true'
          ? { recovery: { enabled: true, allow_promotion_codes: false, expires_at: null, url: null } }
          : null,
    };
    sessions.set(id, session);
    created.set(id, params);
    return session;
  }

  /** What Stripe does when a session ends unpaid: with recovery on, a link to a copy of it for 30 days. */
  function expire(session: FakeSession): FakeSession {
    session.status = 'expired';
    session.url = null;
    const recovery = session.after_expiration?.recovery;
    if (recovery?.enabled) {
      recovery.url = `https://buy.stripe.com/r/live_${randomBytes(12).toString('hex')}`;
      recovery.expires_at = Math.floor(Date.now() / 1000) + 30 * 86_400;
    }
    return session;
  }

  function refund(
    pi: FakePaymentIntent,
    amount: number,
    metadata: Record<string, string>,
  ): FakeRefund | string {
    const left = pi.amount - pi.refunds.reduce((sum, r) => sum + r.amount, 0);
    if (!Number.isInteger(amount) || amount < 1) return 'Invalid positive integer';
    if (amount > left) {
      return `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(left / 100).toFixed(2)})`;
    }
    const made: FakeRefund = {
      id: fakeId('re'),
      object: 'refund',
      amount,
      payment_intent: pi.id,
      charge: pi.chargeId,
      status: 'succeeded',
      metadata,
    };
    pi.refunds.push(made);
    refunds.push(made);
    return made;
  }

  function intent(id: string): FakePaymentIntent {
    const pi = paymentIntents.get(id);
    if (!pi) throw new Error(`No payment intent ${id}`);
    return pi;
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://localhost');
      const params = req.method === 'POST' ? parseStripeForm(body) : {};
      const header = (name: string) => {
        const v = req.headers[name];
        return typeof v === 'string' ? v : null;
      };
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        idempotencyKey: header('idempotency-key'),
        authorization: header('authorization'),
        params,
      });
      if (header('authorization') !== `Bearer ${secretKey}`) {
        return stripeError(res, 401, 'Invalid API Key provided', 'authentication_error');
      }
      if (failures > 0) {
        failures--;
        if (failureStatus >= 500)
          return stripeError(res, failureStatus, 'An unknown error occurred', 'api_error');
        return stripeError(res, failureStatus, 'The request was refused', 'invalid_request_error');
      }
      if (delays > 0) {
        delays--;
        const reply = res.end.bind(res);
        const wait = delayMs;
        // Answer late: the work below happens now, the bytes leave after the delay.
        res.end = ((...args: Parameters<typeof res.end>) => {
          setTimeout(() => {
            if (!res.destroyed) reply(...args);
          }, wait);
          return res;
        }) as typeof res.end;
      }
      const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(url.pathname);
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const key = header('idempotency-key');
        const previous = key ? idempotent.get(key) : undefined;
        if (previous) return send(res, 200, previous);
        const session = createSession(params);
        if (key) idempotent.set(key, session);
        return send(res, 200, session);
      }
      if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
        // The list, newest first, filtered by status and created[gte] as the shop asks; one page.
        const status = url.searchParams.get('status');
        const gte = Number(url.searchParams.get('created[gte]') ?? 0);
        const data = [...sessions.values()]
          .filter((s) => (status === null || s.status === status) && s.created >= gte)
          .reverse();
        return send(res, 200, { object: 'list', url: '/v1/checkout/sessions', has_more: false, data });
      }
      if (req.method === 'POST' && url.pathname === '/v1/coupons') {
        const key = header('idempotency-key');
        const previous = key ? idempotentCoupons.get(key) : undefined;
        if (previous)
          return send(res, 200, { ...coupons.get(previous.id), id: previous.id, object: 'coupon' });
        if (params.duration !== 'once' || params.amount_off === undefined || !params.currency)
          return stripeError(res, 400, 'The fake Stripe makes amount_off coupons with duration once only');
        const id = fakeId('co');
        coupons.set(id, params);
        if (key) idempotentCoupons.set(key, { id });
        return send(res, 200, { ...params, id, object: 'coupon', amount_off: num(params.amount_off) });
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const key = header('idempotency-key');
        const previous = key ? idempotentRefunds.get(key) : undefined;
        if (previous) return send(res, 200, previous);
        const pi = paymentIntents.get(String(params.payment_intent ?? ''));
        if (!pi) return stripeError(res, 400, `No such payment_intent: '${String(params.payment_intent)}'`);
        const metadata = Object.fromEntries(
          Object.entries(asRecord(params.metadata)).map(([k, v]) => [k, String(v)]),
        );
        const made = refund(pi, params.amount === undefined ? pi.amount : num(params.amount), metadata);
        if (typeof made === 'string') return stripeError(res, 400, made);
        if (key) idempotentRefunds.set(key, made);
        return send(res, 200, made);
      }
      if (sessionPath) {
        const session = sessions.get(decodeURIComponent(sessionPath[1] ?? ''));
        if (!session) return stripeError(res, 404, `No such checkout.session: '${sessionPath[1]}'`);
        if (req.method === 'GET' && !sessionPath[2]) return send(res, 200, session);
        if (req.method === 'POST' && sessionPath[2]) {
          if (session.status !== 'open') return stripeError(res, 400, 'Only open sessions can be expired');
          expire(session);
          return send(res, 200, session);
        }
      }
      return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname})`);
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    secretKey,
    requests,
    sessions,
    paramsOf(sessionId) {
      const params = created.get(sessionId);
      if (!params) throw new Error(`No session ${sessionId} was created`);
      return params;
    },
    recover(sessionId) {
      const params = created.get(sessionId);
      const original = sessions.get(sessionId);
      if (!params || !original?.after_expiration?.recovery?.url) {
        throw new Error(`Session ${sessionId} has no recovery link`);
      }
      const { after_expiration: _ignored, ...copy } = params;
      const session = createSession(copy);
      session.recovered_from = sessionId;
      return session;
    },
    timeOut(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No session ${sessionId}`);
      return expire(session);
    },
    pay(sessionId, shipping = { name: 'Aoife Byrne', country: 'IE' }) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`No session ${sessionId}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      if (!session.payment_intent) {
        const pi = { id: fakeId('pi'), amount: session.amount_total, chargeId: fakeId('ch'), refunds: [] };
        paymentIntents.set(pi.id, pi);
        session.payment_intent = pi.id;
      }
      // As Stripe: a session made without shipping_address_collection (gift cards alone) collects none.
      const params = created.get(sessionId);
      if (params && !params.shipping_address_collection) {
        session.collected_information = { shipping_details: null };
        return session;
      }
      session.collected_information = {
        shipping_details: {
          name: shipping.name,
          address: {
            line1: '12 Harbour Road',
            line2: null,
            city: 'Howth',
            state: 'Co. Dublin',
            postal_code: 'D13 X2Y4',
            country: shipping.country,
          },
        },
      };
      return session;
    },
    paymentIntents,
    refunds,
    refundInDashboard(paymentIntentId, amount) {
      const made = refund(intent(paymentIntentId), amount, {});
      if (typeof made === 'string') throw new Error(made);
      return made;
    },
    chargeOf(paymentIntentId) {
      const pi = intent(paymentIntentId);
      return {
        id: pi.chargeId,
        object: 'charge',
        amount: pi.amount,
        amount_refunded: pi.refunds.reduce((sum, r) => sum + r.amount, 0),
        payment_intent: pi.id,
        refunded: pi.refunds.reduce((sum, r) => sum + r.amount, 0) >= pi.amount,
        refunds: { object: 'list', data: [...pi.refunds].reverse() },
      };
    },
    disputeOf(paymentIntentId, reason = 'fraudulent', dueBy = new Date(Date.now() + 7 * 86_400_000)) {
      const pi = intent(paymentIntentId);
      return {
        id: fakeId('dp'),
        object: 'dispute',
        amount: pi.amount,
        charge: pi.chargeId,
        payment_intent: pi.id,
        reason,
        status: 'needs_response',
        evidence_details: { due_by: Math.floor(dueBy.getTime() / 1000) },
      };
    },
    failNext(count, status = 500) {
      failures = count;
      failureStatus = status;
    },
    delayNext(count, ms) {
      delays = count;
      delayMs = ms;
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
