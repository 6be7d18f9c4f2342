/**
 * Checkouts the gift cards pay in full, whose answer is lost or refused, retried by the shopper
 * (docs/product/gift-cards.md §19.3): two real server processes on one PostgreSQL database. One instance is
 * killed (SIGKILL) after the order is kept, before its answer leaves, and the shopper retries on the other;
 * that one, with a pool of 2, then meets three shoppers at once while the invoice sequence is locked, so
 * one of them waits 5 s for a connection and is answered 503, and retries. Every retry carries the first
 * attempt's Idempotency-Key. At
 * the end: one paid order per shopper, each card charged once, each order with its address, its invoice
 * and its two e-mails delivered.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ADDRESS, BRACELET, CODE_RE } from '../../tests/support/gift-card-fixture';
import { processShopPerTest } from '../../tests/support/process-shop';
import type { ServerProcess } from '../../tests/support/server-process';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { DEFAULT_OUTBOX_TIMINGS } from '../mail/outbox';

const ADMIN_TOKEN = 'card-paid-retry-admin-token';
const OWNER = 'owner@solas.test';
const CARD = 10_000;

const shop = processShopPerTest({ OWNER_EMAIL: OWNER, MAIL_FROM: 'orders@solas.test', ADMIN_TOKEN });

/** The JSON answer, or null when the connection died (the instance was killed). */
async function post(
  server: ServerProcess,
  url: string,
  body: object,
  headers: Record<string, string> = {},
  method = 'POST',
): Promise<{ status: number; body: Record<string, unknown>; retryAfter: string | null } | null> {
  try {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as Record<string, unknown>,
      retryAfter: res.headers.get('retry-after'),
    };
  } catch {
    return null;
  }
}

/** A €100 card from the desk for each holder, its code read from the holder's e-mail. */
async function issueCards(server: ServerProcess, holders: readonly string[]): Promise<string[]> {
  for (const holder of holders) {
    const res = await post(
      server,
      '/api/admin/gift-cards',
      { amount: CARD, recipientName: 'Gift Holder', recipientEmail: holder, reason: 'Goodwill' },
      { authorization: `Bearer ${ADMIN_TOKEN}` },
    );
    expect(res?.status).toBe(201);
  }
  await shop.smtp().waitFor(holders.length);
  return holders.map((holder) => {
    const mail = shop.smtp().messages.find((m) => m.envelopeTo.includes(holder));
    const code = mail?.parsed.text?.match(CODE_RE)?.[0];
    if (!code) throw new Error(`no code in the card's e-mail to ${holder}`);
    return code;
  });
}

/** Takes a lease off every claimed outbox row, as if its lease had run out. */
async function advanceOneLease(): Promise<void> {
  await shop.withDb((db) =>
    db
      .updateTable('outbox')
      .set((eb) => ({ locked_until_ms: eb('locked_until_ms', '-', DEFAULT_OUTBOX_TIMINGS.leaseMs) }))
      .where('locked_until_ms', 'is not', null)
      .execute(),
  );
}

const cardPaid = (server: ServerProcess, shopper: string, code: string, key: string) =>
  post(
    server,
    '/api/checkout',
    { email: shopper, items: [BRACELET], zone: 'IE', giftCardCodes: [code], shipping: ADDRESS },
    { 'idempotency-key': key },
  );

describe.runIf(TEST_DIALECTS.includes('postgres'))('card-paid checkouts retried on PostgreSQL', () => {
  it('one order, one charge and its e-mails per shopper, whether the answer was lost or refused', async () => {
    await shop.useDatabase('postgres');
    // The instance that dies sets the shop up first (its pool is the default; only checkout dies).
    const dying = await shop.start({ FAULT_INJECT: 'checkout:before-reply' });
    // Registered for VAT: every order paid takes the next invoice number (vat_sequences), in its payment.
    const registered = await post(
      dying,
      '/api/admin/settings',
      { vat: { mode: 'ireland', vatNumber: 'IE1234567T', gb: 'no_sale' } },
      { authorization: `Bearer ${ADMIN_TOKEN}` },
      'PATCH',
    );
    expect(registered?.status).toBe(200);
    const shoppers = ['niamh@example.ie', 'cian@example.ie', 'orla@example.ie', 'sean@example.ie'];
    const codes = await issueCards(dying, shoppers);
    /** The shopper's retry, again while the shop answers 503 (busy: nothing was kept). */
    const retry = async (i: number) => {
      let answer = await cardPaid(steady, shoppers[i] ?? '', codes[i] ?? '', `attempt-${i}`);
      for (let more = 0; more < 3 && answer?.status === 503; more++)
        answer = await cardPaid(steady, shoppers[i] ?? '', codes[i] ?? '', `attempt-${i}`);
      return answer;
    };

    // 1: the order is kept and paid, the instance dies before the answer leaves; the retry goes elsewhere.
    expect(await cardPaid(dying, shoppers[0] ?? '', codes[0] ?? '', 'attempt-0')).toBeNull();
    expect(await dying.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // The dead instance may have claimed the kept order's e-mails before it died: they stay leased to it
    // for one lease (two minutes), so that no other sender takes them meanwhile. With no other instance
    // alive yet, move the stored clock forward by one lease instead of waiting for it.
    await advanceOneLease();
    // A pool of 2 connections, as the fault run's.
    const steady = await shop.start({ DATABASE_POOL_MAX: '2' });
    const retried = await retry(0);
    expect(retried?.status).toBe(200);
    expect(retried?.body).toMatchObject({ ok: true, paid: true });

    // 2: the invoice sequence locked: three shoppers at once, one waits 5 s for a connection and is refused.
    const answers = await shop.withDb((db) =>
      db.transaction().execute(async (trx) => {
        await sql`lock table vat_sequences in exclusive mode`.execute(trx);
        const pending = [1, 2, 3].map((i) =>
          cardPaid(steady, shoppers[i] ?? '', codes[i] ?? '', `attempt-${i}`),
        );
        // The one refused is refused while the lock is held; the others finish once it goes.
        await Promise.race(pending);
        return pending;
      }),
    );
    const settled = await Promise.all(answers);
    const refused = settled.flatMap((a, i) => (a?.status === 503 ? [i + 1] : []));
    expect(refused.length, JSON.stringify(settled)).toBeGreaterThan(0);
    for (const [i, answer] of settled.entries()) {
      if (answer?.status === 503) expect(answer.retryAfter).not.toBeNull();
      else expect(answer?.body, `shopper ${i + 1}`).toMatchObject({ ok: true, paid: true });
    }
    for (const i of refused) {
      const again = await retry(i);
      expect(again?.body).toMatchObject({ ok: true, paid: true });
    }

    const orders = await shop.withDb((db) =>
      db
        .selectFrom('orders')
        .select(['id', 'email', 'status', 'reference', 'total', 'shipping_name', 'shipping_address'])
        .execute(),
    );
    expect(orders.map((o) => o.email).sort()).toEqual([...shoppers].sort());
    expect(orders.every((o) => o.status === 'paid' && o.shipping_name === ADDRESS.name)).toBe(true);
    expect(orders.every((o) => o.shipping_address?.includes(ADDRESS.line1))).toBe(true);
    expect(orders.find((o) => o.email === shoppers[0])?.reference).toBe(retried?.body.reference);
    const cards = await shop.withDb((db) =>
      db.selectFrom('gift_cards').select(['recipient_email', 'balance']).execute(),
    );
    for (const [i, shopper] of shoppers.entries()) {
      const order = orders.find((o) => o.email === shopper);
      const card = cards.find((c) => c.recipient_email === shopper);
      expect(card?.balance, `card ${i}`).toBe(CARD - (order?.total ?? 0));
    }
    const invoices = await shop.withDb((db) =>
      db.selectFrom('vat_invoices').select('order_reference').execute(),
    );
    expect(invoices.map((v) => v.order_reference).sort()).toEqual(orders.map((o) => o.reference).sort());
    // Each order's two e-mails, delivered once: the shopper's and the owner's.
    await shop.smtp().waitFor(shoppers.length * 3);
    const outbox = await shop.withDb((db) =>
      db.selectFrom('outbox').select(['order_id', 'recipient']).where('order_id', 'is not', null).execute(),
    );
    expect(outbox).toHaveLength(orders.length * 2);
    for (const order of orders) {
      expect(
        outbox
          .filter((m) => m.order_id === order.id)
          .map((m) => m.recipient)
          .sort(),
      ).toEqual([OWNER, order.email].sort());
    }
  }, 120_000);
});
