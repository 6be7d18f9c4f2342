/**
 * The real server process, killed with SIGKILL at every step of a purchase and restarted on the same
 * database each time (FAULT_INJECT, see ./faults.ts): the unluckiest shopper there is. Checkout dies three
 * times, then the payment, the confirmation and both e-mails each die at their worst moment. At the end:
 * exactly one paid order (the one paid for), none of the abandoned ones payable, each e-mail delivered
 * with at most one duplicate carrying the same Message-ID (only where the mail server had accepted it
 * just before the kill), to exactly the shopper and the owner; on both databases. Then SIGTERM (one
 * database, ROUTE_DIALECTS): requests in flight and the e-mail being sent finish before the process exits 0.
 */
import { mkdirSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../tests/support/fake-stripe';
import { processShopPerTest } from '../../tests/support/process-shop';
import type { ServerProcess } from '../../tests/support/server-process';
import { ROUTE_DIALECTS, TEST_DIALECTS } from '../../tests/support/test-database';
import { FAULT_POINTS, type FaultPoint } from '../lib/fault-spec';
import { DEFAULT_OUTBOX_TIMINGS } from '../mail/outbox';

const SHOPPER = 'unlucky.shopper@example.ie';
const OWNER = 'owner@solas.test';

const shop = processShopPerTest({ OWNER_EMAIL: OWNER, MAIL_FROM: 'orders@solas.test' });
const { start, withDb } = shop;

/** The JSON of a response that must have arrived. */
async function bodyOf<T>(res: Response | null): Promise<T> {
  if (!res) throw new Error('expected a response, the connection died');
  return (await res.json()) as T;
}

/** A request the way a browser makes it; null when the connection died (the server was killed). */
async function request(url: string, init: RequestInit): Promise<Response | null> {
  try {
    return await fetch(url, { ...init, redirect: 'manual' });
  } catch {
    return null;
  }
}

const checkout = (s: ServerProcess) =>
  request(`${s.url}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SHOPPER, items: [{ id: '6', quantity: 1 }], giftWrap: true, zone: 'IE' }),
  });

const pay = (s: ServerProcess, sessionId: string) =>
  request(`${s.url}/test-checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: SHOPPER,
      name: 'Niamh Unlucky',
      line1: '13 Black Cat Lane',
      city: 'Sligo',
      postalCode: 'F91 AB12',
      country: 'IE',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 39',
      cvc: '123',
    }).toString(),
  });

const confirm = (s: ServerProcess, sessionId: string) =>
  request(`${s.url}/api/orders/${sessionId}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });

/** The outbox rows' states, in order, read the way another process would. */
async function outboxStates(): Promise<string[]> {
  const rows = await withDb((db) => db.selectFrom('outbox').select('status').orderBy('id').execute());
  return rows.map((r) => r.status);
}

/**
 * A killed sender leaves its message leased for DEFAULT_OUTBOX_TIMINGS.leaseMs (so that no other process
 * sends it meanwhile). Instead of waiting two minutes, move the stored clock forward by one lease.
 */
async function advanceOneLease(): Promise<void> {
  await withDb((db) =>
    db
      .updateTable('outbox')
      .set((eb) => ({ locked_until_ms: eb('locked_until_ms', '-', DEFAULT_OUTBOX_TIMINGS.leaseMs) }))
      .where('locked_until_ms', 'is not', null)
      .execute(),
  );
}

/** Runs `act` against a server armed with `fault`, expects it to die by SIGKILL, returns what act got. */
async function dieAt<T>(
  fault: `${FaultPoint}${'' | `#${number}`}`,
  act: (s: ServerProcess) => Promise<T>,
): Promise<T> {
  const server = await start({ FAULT_INJECT: fault });
  const result = await act(server);
  const exit = await vi.waitFor(() => server.exited, { timeout: 20_000, interval: 100 }).catch(() => null);
  expect(exit, `the server armed with ${fault} should have died:\n${server.output()}`).toEqual({
    code: null,
    signal: 'SIGKILL',
  });
  expect(server.output()).toContain('FAULT_INJECT: killing the process now');
  await advanceOneLease();
  return result;
}

describe.each(TEST_DIALECTS)('the real server on %s', (dialect) => {
  beforeEach(async () => {
    await shop.useDatabase(dialect);
  });

  describe('SIGKILL at every step of a purchase, restart on the same database', () => {
    it('loses no paid order, doubles none, and delivers each e-mail once (same Message-ID if repeated)', async () => {
      const kills: FaultPoint[] = [];
      // 1-3: checkout dies after storing the order, after the provider session exists, before replying.
      for (const fault of [
        'checkout:order-stored',
        'checkout:session-created',
        'checkout:before-reply',
      ] as const) {
        const response = await dieAt(fault, (s) => checkout(s));
        expect(response, 'the browser sees a failed request, never a URL').toBeNull();
        kills.push(fault);
      }
      // 4: the shopper tries again and pays; the server dies after recording the payment.
      const sessionId = await dieAt('pay:payment-recorded', async (s) => {
        const res = await checkout(s);
        expect(res?.status).toBe(200);
        const { sessionId: id } = await bodyOf<{ sessionId: string }>(res);
        expect(await pay(s, id)).toBeNull();
        return id;
      });
      kills.push('pay:payment-recorded');
      // 5: the confirmation page asks; the provider says paid; the server dies before marking the order paid.
      await dieAt('confirm:provider-paid', async (s) => expect(await confirm(s, sessionId)).toBeNull());
      kills.push('confirm:provider-paid');
      // 6: the page asks again: paid and queued in one transaction; dies before the first e-mail leaves.
      await dieAt('mail:before-send', (s) => confirm(s, sessionId));
      kills.push('mail:before-send');
      // 7: on start the outbox sends the first e-mail; the mail server accepts it; dies before marking it sent.
      await dieAt('mail:accepted', async () => shop.smtp().waitFor(1));
      kills.push('mail:accepted');
      // 8: the first e-mail goes again (same Message-ID); dies before the second leaves.
      await dieAt('mail:before-send#2', async () => shop.smtp().waitFor(2));
      kills.push('mail:before-send');
      // 9: the second e-mail is accepted; dies before it is marked sent.
      await dieAt('mail:accepted', async () => shop.smtp().waitFor(3));
      kills.push('mail:accepted');
      // Every point a purchase passes (a campaign's own is killed in newsletter/campaign-crash.test.ts).
      const purchasePoints = Object.keys(FAULT_POINTS).filter((p) => !p.startsWith('newsletter:'));
      expect(new Set(kills)).toEqual(new Set(purchasePoints));

      // 10: a normal start finishes the outbox; the confirmation page shows the paid order.
      const last = await start();
      await shop.smtp().waitFor(4);
      const res = await confirm(last, sessionId);
      expect(res?.status).toBe(200);
      expect(await bodyOf(res)).toMatchObject({
        status: 'paid',
        emailStatus: 'sent',
      });
      last.kill('SIGTERM');
      // Exited: every message the mail server accepted is in shop.smtp().messages (the sink stores it before it
      // answers), so nothing more can arrive.
      expect(await last.exited).toEqual({ code: 0, signal: null });

      const orders = await withDb((db) =>
        db.selectFrom('orders').select(['id', 'session_id', 'status']).orderBy('created_at').execute(),
      );
      // Four checkouts were started. The test checkout stores the order, its lines and its session in one
      // atomic write, and the first two died at its checkout points, just before it (faults.ts): nothing
      // of them is left, not even an order without its session. The third died after that write, before
      // its reply: a whole pending order with its session. Only the one paid for is paid.
      expect(orders).toHaveLength(2);
      const paid = orders.filter((o) => o.status === 'paid');
      expect(paid.map((o) => o.session_id)).toEqual([sessionId]);
      expect(orders[0]?.status).toBe('pending');
      expect(orders[0]?.session_id).toMatch(/^cs_test_/);
      const sessions = await withDb((db) =>
        db.selectFrom('test_checkout_sessions').select(['id', 'order_id']).orderBy('created_at').execute(),
      );
      expect(sessions.map((s) => [s.id, s.order_id])).toEqual(orders.map((o) => [o.session_id, o.id]));
      const outbox = await withDb((db) =>
        db.selectFrom('outbox').select(['order_id', 'kind', 'message_id', 'recipient', 'status']).execute(),
      );
      expect(outbox).toHaveLength(2);
      expect(outbox.every((m) => m.order_id === paid[0]?.id && m.status === 'sent')).toBe(true);
      expect(outbox.map((m) => m.recipient).sort()).toEqual([OWNER, SHOPPER].sort());

      // Delivered: each message twice (each was accepted just before a kill), always with its Message-ID,
      // to exactly its one recipient.
      for (const row of outbox) {
        const copies = shop.smtp().messages.filter((m) => m.parsed.messageId === row.message_id);
        expect(copies.length, row.kind).toBe(2);
        for (const copy of copies) expect(copy.envelopeTo).toEqual([row.recipient]);
      }
      expect(shop.smtp().messages).toHaveLength(4);
    }, 240_000);
  });
});

// What differs between the databases is what survives a kill, above. A clean stop is the same on both
// (and a server on each exits 0 on SIGTERM in db/database.test.ts).
describe.each(ROUTE_DIALECTS)('the real server stopped on %s', (dialect) => {
  beforeEach(async () => {
    await shop.useDatabase(dialect);
  });

  describe('SIGTERM', () => {
    let stripe: FakeStripe;
    beforeEach(async () => {
      stripe = await startFakeStripe();
    });
    afterEach(async () => {
      await stripe.close();
    });

    it('finishes the request in flight before exiting 0, and refuses new connections meanwhile', async () => {
      const server = await start({ STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_API_URL: stripe.url });
      stripe.delayNext(1, 1_500);
      let answered = false;
      const inFlight = checkout(server).finally(() => {
        answered = true;
      });
      await vi.waitFor(() => expect(stripe.requests).not.toHaveLength(0), { timeout: 10_000, interval: 10 });
      server.kill('SIGTERM');
      // The listener closes while the checkout still waits for Stripe.
      await vi.waitFor(
        async () => expect(await request(`${server.url}/api/health`, { method: 'GET' })).toBeNull(),
        { timeout: 5_000, interval: 20 },
      );
      expect(answered).toBe(false);
      const res = await inFlight;
      expect(res?.status).toBe(200);
      expect((await bodyOf<{ url: string }>(res)).url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
      expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
      expect(server.output()).toContain('shut down cleanly');
    }, 60_000);

    it('lets the outbox finish the e-mail it is sending, and sends the rest after the restart', async () => {
      // A mail server that holds each message until the test lets it through: the first one is accepted
      // only once the instance has stopped its outbox (it says so), so that message is the one in flight.
      const received: { messageId: string; to: string[] }[] = [];
      let sending = false;
      let letThrough = () => {};
      const through = new Promise<void>((resolve) => {
        letThrough = resolve;
      });
      const slow = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, session, callback) {
          sending = true;
          let raw = '';
          stream.on('data', (c: Buffer) => {
            raw += c.toString('utf8');
          });
          stream.on('end', () => {
            void through.then(() => {
              const id = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '';
              received.push({ messageId: id, to: session.envelope.rcptTo.map((r) => r.address) });
              callback();
            });
          });
        },
      });
      await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
      const port = (slow.server.address() as { port: number }).port;
      try {
        mkdirSync(shop.dataDir(), { recursive: true });
        const env = { SMTP_URL: `smtp://127.0.0.1:${port}` };
        const first = await start(env);
        const created = await checkout(first);
        const { sessionId } = await bodyOf<{ sessionId: string }>(created);
        expect((await pay(first, sessionId))?.status).toBe(303);
        await vi.waitFor(() => expect(sending).toBe(true), { timeout: 20_000, interval: 10 });
        first.kill('SIGTERM');
        await vi.waitFor(() => expect(first.output()).toContain('outbox: stopped; finishing the e-mail'), {
          timeout: 20_000,
          interval: 10,
        });
        letThrough();
        expect(await first.exited).toEqual({ code: 0, signal: null });
        expect(received).toHaveLength(1);

        expect(await outboxStates()).toEqual(['sent', 'pending']);

        // The restarted sender has nothing left to send once both rows are marked sent.
        const second = await start(env);
        await vi.waitFor(async () => expect(await outboxStates()).toEqual(['sent', 'sent']), {
          timeout: 20_000,
          interval: 50,
        });
        second.kill('SIGTERM');
        expect(await second.exited).toEqual({ code: 0, signal: null });
        expect(received).toHaveLength(2);
        expect(new Set(received.map((r) => r.messageId)).size).toBe(2);
        expect(received.map((r) => r.to[0]).sort()).toEqual([OWNER, SHOPPER].sort());
      } finally {
        await new Promise<void>((resolve) => slow.close(() => resolve()));
      }
    }, 90_000);
  });
});
