/**
 * The gift cards' routes through the real app (docs/product/gift-cards.md §19): the balance check's one answer for
 * unknown, disabled and expired codes and its limits per client and per code; the owner's desk (list,
 * detail with ledger, issue free with its .eml, disable and reissue) with a maker refused; Numbers'
 * gift card figures; the privacy export and erasure of an address on a card.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CARD_ATTEMPTS, GIFT_CARD_MESSAGES } from '../../domain/gift-cards/gift-cards';
import { addDays, irishDate } from '../../domain/shared/calendar-date';
import * as giftCards from '../../tests/support/gift-card-fixture';
import { buildTestApp, TEST_PUBLIC_URL, tempDataDir } from '../../tests/support/test-app';

const ADMIN_TOKEN = 'gift-cards-test-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}`, origin: TEST_PUBLIC_URL };

let app: FastifyInstance;
let data: ReturnType<typeof tempDataDir>;
let client = 0;

function nextClient(): string {
  client += 1;
  return `198.51.100.${client}`;
}

function balance(code: string, remoteAddress = nextClient()) {
  return app.inject({
    method: 'POST',
    url: '/api/gift-cards/balance',
    payload: { code },
    headers: { origin: TEST_PUBLIC_URL },
    remoteAddress,
  });
}

function owner(method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: auth,
    ...(payload ? { payload } : {}),
    remoteAddress: '203.0.113.9',
  });
}

/** Issues a free card through the desk; answers it and its code from the recipient's .eml. */
async function issue(amount = 5000, email = 'winner@example.ie') {
  const issued = await giftCards.issued(
    app,
    await owner('POST', '/api/admin/gift-cards', {
      amount,
      recipientName: 'Raffle Winner',
      recipientEmail: email,
      message: 'Well done!',
      reason: 'Christmas raffle',
    }),
  );
  expect(issued.code.slice(-4)).toBe(issued.card.last4);
  return issued;
}

beforeAll(async () => {
  data = tempDataDir();
  app = await buildTestApp({ DATA_DIR: data.dir, ADMIN_TOKEN }, { giftCards: false });
});

afterAll(async () => {
  await app.close();
  data.remove();
});

describe('POST /api/gift-cards/balance', () => {
  it('answers a card’s balance and expiry, with the code in any form', async () => {
    const { code } = await issue(5000);
    const res = await balance(code.toLowerCase().replace(/-/g, ''));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      balance: 5000,
      currency: 'EUR',
      expiresOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('one 404 answer for an unknown, a malformed and a disabled code', async () => {
    const { card, code } = await issue(2500);
    expect(
      (await owner('POST', `/api/admin/gift-cards/${card.id}/disable`, { reissue: false })).statusCode,
    ).toBe(200);
    for (const c of [code, 'ABCD-2345-EFGH-6789', 'nope']) {
      const res = await balance(c);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ ok: false, error: GIFT_CARD_MESSAGES.invalidCode });
    }
  });

  it('limits one client, and one code from many clients', async () => {
    const address = nextClient();
    const codes = Array.from(
      { length: GIFT_CARD_ATTEMPTS.perClient + 1 },
      (_, i) => `ABCD-2345-EFGH-${String(2000 + i).replace(/[01]/g, '2')}`,
    );
    const answers = [];
    for (const c of codes) answers.push((await balance(c, address)).statusCode);
    // The request guard's own lookup limit or the gift cards' count: either way a 429, never more answers.
    expect(answers.at(-1)).toBe(429);
    const { code } = await issue(1000);
    const perCode = [];
    for (let i = 0; i <= GIFT_CARD_ATTEMPTS.perCode; i += 1) perCode.push((await balance(code)).statusCode);
    expect(perCode.slice(0, GIFT_CARD_ATTEMPTS.perCode).every((s) => s === 200)).toBe(true);
    const limited = await balance(code);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ ok: false, error: GIFT_CARD_ATTEMPTS.message });
  });
});

describe('the owner’s gift cards', () => {
  it('issues a card without payment: 201, the recipient’s .eml with the code, amount and expiry, audited', async () => {
    const { card, mail } = await issue(4000, 'prize@example.ie');
    expect(mail?.recipient).toBe('prize@example.ie');
    expect(mail?.text_body).toMatch(giftCards.CODE_RE);
    expect(mail?.text_body).toContain('€40.00');
    expect(mail?.text_body).toMatch(/Valid until \d{1,2} \w+ \d{4}/);
    const audit = await app.platform.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('target', '=', card.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['gift-card-issue']);
  });

  it('lists, searches and shows a card with its ledger', async () => {
    const { card } = await issue(3000, 'search.me@example.ie');
    const list = await owner('GET', '/api/admin/gift-cards?q=search.me');
    expect(list.json()).toEqual({
      ok: true,
      giftCards: [
        expect.objectContaining({
          id: card.id,
          last4: card.last4,
          amount: 3000,
          balance: 3000,
          status: 'sent',
          recipientEmail: 'search.me@example.ie',
        }),
      ],
    });
    const detail = await owner('GET', `/api/admin/gift-cards/${card.id}`);
    expect(detail.json().giftCard.ledger).toEqual([
      expect.objectContaining({ kind: 'issued', amount: 3000, reason: 'Christmas raffle' }),
    ]);
    expect((await owner('GET', '/api/admin/gift-cards/gc_nothing')).statusCode).toBe(404);
  });

  it('disables and reissues the balance to a corrected address', async () => {
    const { card } = await issue(3000, 'typo@exmple.ie');
    const res = await owner('POST', `/api/admin/gift-cards/${card.id}/disable`, {
      reissue: true,
      recipientEmail: 'fixed@example.ie',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.giftCard).toMatchObject({ id: card.id, status: 'disabled', balance: 0 });
    expect(body.reissued).toMatchObject({ amount: 3000, balance: 3000, recipientEmail: 'fixed@example.ie' });
    expect(body.reissued.last4).not.toBe(card.last4);
  });

  it('refuses a search with a control character by name (a NUL was a 500 on PostgreSQL)', async () => {
    for (const q of ['%00', 'ab%07c', '%1B']) {
      const res = await owner('GET', `/api/admin/gift-cards?q=${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^q: /);
    }
  });

  it('refuses a bad field by name, and creates nothing', async () => {
    const before = (await owner('GET', '/api/admin/gift-cards')).json().giftCards.length;
    const bad = await owner('POST', '/api/admin/gift-cards', {
      amount: 1050,
      recipientName: 'X',
      recipientEmail: 'x@example.ie',
      reason: 'r',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ ok: false, error: `amount: ${GIFT_CARD_MESSAGES.amount}` });
    const noReason = await owner('POST', '/api/admin/gift-cards', {
      amount: 1000,
      recipientName: 'X',
      recipientEmail: 'x@example.ie',
      reason: ' ',
    });
    expect(noReason.json()).toEqual({ ok: false, error: `reason: ${GIFT_CARD_MESSAGES.reason}` });
    // A field missing or of the wrong type is named too, not only one that fails its check.
    const cases: [object, string][] = [
      [{ amount: '5000' }, `amount: ${GIFT_CARD_MESSAGES.amount}`],
      [{ recipientName: undefined }, `recipientName: ${GIFT_CARD_MESSAGES.recipientName}`],
      [{ reason: undefined }, `reason: ${GIFT_CARD_MESSAGES.reason}`],
      [{ sendOn: '2001-01-01' }, `sendOn: ${GIFT_CARD_MESSAGES.sendOn}`],
    ];
    for (const [change, error] of cases) {
      const res = await owner('POST', '/api/admin/gift-cards', {
        amount: 1000,
        recipientName: 'X',
        recipientEmail: 'x@example.ie',
        reason: 'A raffle prize',
        ...change,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error });
    }
    expect((await owner('GET', '/api/admin/gift-cards')).json().giftCards.length).toBe(before);
  });

  it('a maker gets 403 on every gift card route', async () => {
    const person = await app.platform.people.create({
      name: 'Niamh',
      email: 'maker@example.ie',
      role: 'maker',
    });
    if (!person) throw new Error('no maker');
    const { secret } = await app.platform.sessions.create('127.0.0.1', { personId: person.id, device: null });
    const headers = { cookie: `solas_admin=${secret}`, origin: TEST_PUBLIC_URL };
    const { card } = await issue(1000);
    for (const [method, url, payload] of [
      ['GET', '/api/admin/gift-cards', undefined],
      ['GET', `/api/admin/gift-cards/${card.id}`, undefined],
      [
        'POST',
        '/api/admin/gift-cards',
        { amount: 1000, recipientName: 'X', recipientEmail: 'x@example.ie', reason: 'r' },
      ],
      ['POST', `/api/admin/gift-cards/${card.id}/disable`, { reissue: false }],
    ] as const) {
      const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('Numbers shows gift cards apart from revenue: sold, issued free, outstanding', async () => {
    // Through tomorrow in Ireland: every card issued so far, whichever side of midnight this runs.
    const res = await owner(
      'GET',
      `/api/admin/stats?from=2026-01-01&to=${addDays(irishDate(new Date()), 1)}`,
    );
    expect(res.statusCode).toBe(200);
    const { giftCards, totals } = res.json();
    expect(giftCards.sold).toBe(0);
    expect(giftCards.issuedFree).toBeGreaterThan(0);
    expect(giftCards.outstanding).toBeGreaterThan(0);
    expect(totals.revenue).toBe(0);
  });

  it('the privacy export lists an address’s cards; erasure keeps the card usable', async () => {
    const { card, code } = await issue(2000, 'private@example.ie');
    const exported = await owner('GET', '/api/admin/privacy/export?email=private@example.ie');
    expect(exported.json().giftCards).toEqual([
      expect.objectContaining({
        last4: card.last4,
        amount: 2000,
        received: true,
        recipientEmail: 'private@example.ie',
      }),
    ]);
    const erased = await owner('POST', '/api/admin/privacy/erase', { email: 'private@example.ie' });
    expect(erased.statusCode).toBe(200);
    const detail = (await owner('GET', `/api/admin/gift-cards/${card.id}`)).json().giftCard;
    expect(detail).toMatchObject({ recipientName: '', recipientEmail: '', message: '' });
    expect((await balance(code)).json()).toMatchObject({ ok: true, balance: 2000 });
  });
});
