/**
 * Where a refund's gift-card part goes (docs/product/gift-cards.md §19.3, "Refunds"), through the real app on
 * both databases (money moves): back to the cards by default, a new gift card e-mailed to the order's
 * address once per refund (neither sold nor issued free in Numbers, outstanding grows by it), money back
 * by card only when the card payment covers the whole refund (otherwise a 409 naming the field), and a
 * return's refund taking the same choice.
 */
import { describe, expect, it } from 'vitest';
import { GIFT_CARD_REFUND_MESSAGES } from '../../domain/orders/admin-api';
import { irishDate } from '../../domain/shared/calendar-date';
import * as giftCards from '../../tests/support/gift-card-fixture';
import { shopSuite } from '../../tests/support/shop-suite';
import {
  orderRows,
  outboxRows,
  outboxSettled,
  payAndConfirm,
  TEST_PUBLIC_URL,
} from '../../tests/support/test-app';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestApp } from '../../tests/support/test-shop';

const ADMIN_TOKEN = 'gift-card-refund-choice-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}`, origin: TEST_PUBLIC_URL };

interface CardDetail {
  id: string;
  amount: number;
  balance: number;
  free: boolean;
  expiresOn: string;
  recipientEmail: string;
  ledger: { kind: string; amount: number; reference?: string; reason?: string; person?: string }[];
}

describe.each(TEST_DIALECTS)('the gift-card part of a refund on %s', (dialect) => {
  const shop = shopSuite(() => startTestApp(dialect, { ADMIN_TOKEN }, { giftCards: false }), { each: true });
  let client = 0;

  function owner(method: 'GET' | 'POST', url: string, payload?: object, headers: object = {}) {
    return shop.app.inject({
      method,
      url,
      headers: { ...auth, ...headers },
      ...(payload ? { payload } : {}),
    });
  }

  function checkout(payload: object) {
    client += 1;
    return shop.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { email: giftCards.SHOPPER, items: [giftCards.BRACELET], ...payload },
      remoteAddress: `198.51.100.${client}`,
    });
  }

  async function issue(amount: number): Promise<{ id: string; last4: string; code: string }> {
    const { card, code } = await giftCards.issued(
      shop.app,
      await owner('POST', '/api/admin/gift-cards', giftCards.goodwill(amount)),
    );
    return { ...card, code };
  }

  async function card(id: string): Promise<CardDetail> {
    const res = await owner('GET', `/api/admin/gift-cards/${id}`);
    expect(res.statusCode).toBe(200);
    return res.json().giftCard as CardDetail;
  }

  /** Every card of the shop, newest first. */
  async function cards(): Promise<{ id: string; last4: string }[]> {
    return (await owner('GET', '/api/admin/gift-cards')).json().giftCards;
  }

  /** An order paid €10 by a gift card and the rest by card, with its total. */
  async function partlyByGiftCard(): Promise<{ reference: string; total: number; held: { id: string } }> {
    const held = await issue(1000);
    const res = await checkout({ giftCardCodes: [held.code] });
    const { sessionId } = res.json() as { sessionId: string };
    await payAndConfirm(shop.app, sessionId, giftCards.SHOPPER);
    const order = (await orderRows(shop.app)).find((o) => o.session_id === sessionId);
    return { reference: order?.reference ?? '', total: order?.total ?? 0, held };
  }

  async function giftCardTotals() {
    const today = irishDate(new Date());
    return (await owner('GET', `/api/admin/stats?from=${today}&to=${today}`)).json().giftCards as {
      sold: number;
      issuedFree: number;
      outstanding: number;
    };
  }

  it('restores the cards by default and when asked by name', async () => {
    const { reference, total, held } = await partlyByGiftCard();
    const res = await owner('POST', `/api/admin/orders/${reference}/refund`, { giftCardRefund: 'restore' });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ refunded: total, refundable: 0 });
    expect((await card(held.id)).balance).toBe(1000);
    expect(await cards()).toHaveLength(1);
  });

  it('issues a new card for the cards’ part, e-mailed to the order’s address, once per refund', async () => {
    const { reference, total, held } = await partlyByGiftCard();
    const before = await giftCardTotals();
    const body = { giftCardRefund: 'new-card', reason: 'Changed her mind' };
    const key = { 'idempotency-key': 'refund-new-card-1' };
    const res = await owner('POST', `/api/admin/orders/${reference}/refund`, body, key);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ refunded: total, refundable: 0 });
    // The card that paid keeps nothing back; a new card holds the cards' part.
    expect((await card(held.id)).balance).toBe(0);
    const fresh = (await cards()).find((c) => c.id !== held.id);
    expect(fresh).toBeDefined();
    const made = await card(fresh?.id ?? '');
    expect(made).toMatchObject({
      amount: 1000,
      balance: 1000,
      free: false,
      recipientEmail: giftCards.SHOPPER,
    });
    // Five years from its issue (the Act's minimum), its ledger naming the refund and the person.
    expect(made.expiresOn.slice(0, 4)).toBe(String(Number(irishDate(new Date()).slice(0, 4)) + 5));
    expect(made.ledger).toHaveLength(1);
    expect(made.ledger[0]).toMatchObject({ kind: 'issued', amount: 1000 });
    expect(made.ledger[0]?.reason).toMatch(new RegExp(`^Refund \\S+ of order ${reference}$`));
    expect(made.ledger[0]?.reference).toBeTruthy();
    // Its code goes to the order's address through the outbox.
    await outboxSettled(shop.app);
    const mail = (await outboxRows(shop.app)).find((m) => m.kind === `gift-card-${made.id}`);
    expect(mail?.recipient).toBe(giftCards.SHOPPER);
    expect(mail?.text_body.match(giftCards.CODE_RE)?.[0]?.replaceAll('-', '').slice(-4)).toBe(fresh?.last4);
    // Audited in the refund's transaction.
    const audit = await shop.app.platform.db
      .selectFrom('admin_audit')
      .select(['action', 'target'])
      .where('action', '=', 'gift-card-refund')
      .execute();
    expect(audit).toEqual([{ action: 'gift-card-refund', target: made.id }]);
    // Numbers: neither sold nor issued free; what is owed to holders grows by it.
    const after = await giftCardTotals();
    expect(after).toEqual({ ...before, outstanding: before.outstanding + 1000 });
    // The same submission again changes nothing and issues no second card.
    const again = await owner('POST', `/api/admin/orders/${reference}/refund`, body, key);
    expect(again.statusCode).toBe(200);
    expect(await cards()).toHaveLength(2);
  });

  it('refuses money back by card when the card payment cannot cover the whole refund, naming the field', async () => {
    const { reference, total, held } = await partlyByGiftCard();
    const res = await owner('POST', `/api/admin/orders/${reference}/refund`, { giftCardRefund: 'card' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      ok: false,
      field: 'giftCardRefund',
      error: GIFT_CARD_REFUND_MESSAGES.cardShort(`€${((total - 1000) / 100).toFixed(2)}`),
    });
    // Nothing moved: the order still has it all to refund, the card nothing back.
    const detail = (await owner('GET', `/api/admin/orders/${reference}`)).json();
    expect(detail).toMatchObject({ refunded: 0, refundable: total });
    expect((await card(held.id)).balance).toBe(0);
    // What the card payment covers goes back by card.
    const part = await owner('POST', `/api/admin/orders/${reference}/refund`, {
      amount: total - 1000,
      giftCardRefund: 'card',
    });
    expect(part.statusCode).toBe(200);
    expect(part.json().order).toMatchObject({ refunded: total - 1000, refundable: 1000 });
    expect((await card(held.id)).balance).toBe(0);
  });

  it('refuses a new card for an order with no e-mail address left (erased), and restores instead', async () => {
    const { reference, total, held } = await partlyByGiftCard();
    await shop.app.platform.db
      .updateTable('orders')
      .set({ email: '' })
      .where('reference', '=', reference)
      .execute();
    const res = await owner('POST', `/api/admin/orders/${reference}/refund`, { giftCardRefund: 'new-card' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ field: 'giftCardRefund', error: GIFT_CARD_REFUND_MESSAGES.noAddress });
    expect((await owner('GET', `/api/admin/orders/${reference}`)).json()).toMatchObject({ refunded: 0 });
    const restored = await owner('POST', `/api/admin/orders/${reference}/refund`, {});
    expect(restored.json().order).toMatchObject({ refunded: total });
    expect((await card(held.id)).balance).toBe(1000);
    expect(await cards()).toHaveLength(1);
  });

  it('refuses a new card above a card’s €500 and an unknown choice, by field', async () => {
    // Thirty bracelets, paid in full by three cards: the cards' part is above what one card may hold.
    const paying = [await issue(50000), await issue(50000), await issue(50000)];
    const paid = await checkout({
      items: ['1', '2', '3'].map((id) => ({ id, quantity: 10 })),
      giftCardCodes: paying.map((c) => c.code),
      shipping: giftCards.ADDRESS,
    });
    expect(paid.statusCode).toBe(200);
    const { reference } = paid.json() as { reference: string };
    const { total } = (await owner('GET', `/api/admin/orders/${reference}`)).json() as { total: number };
    if (total <= 50000) return expect.fail('the bracelet should cost more than one card may hold');
    const tooBig = await owner('POST', `/api/admin/orders/${reference}/refund`, {
      giftCardRefund: 'new-card',
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({
      field: 'giftCardRefund',
      error: GIFT_CARD_REFUND_MESSAGES.newCardTooLarge('€500.00'),
    });
    const unknown = await owner('POST', `/api/admin/orders/${reference}/refund`, { giftCardRefund: 'cash' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/giftCardRefund/);
    expect((await cards()).length).toBe(3);
  });
  it('a return’s refund takes the same choice: its cards’ part as a new card', async () => {
    const held = await issue(3000);
    const res = await checkout({ giftCardCodes: [held.code] });
    const { sessionId } = res.json() as { sessionId: string };
    await payAndConfirm(shop.app, sessionId, giftCards.SHOPPER);
    const order = (await orderRows(shop.app)).find((o) => o.session_id === sessionId);
    const reference = order?.reference ?? '';
    const total = order?.total ?? 0;
    const dispatch = await owner('POST', `/api/admin/orders/${reference}/dispatch`, {
      carrier: 'an_post',
      trackingNumber: 'CE123456789IE',
    });
    expect(dispatch.statusCode).toBe(200);
    expect(
      (await owner('POST', `/api/admin/orders/${reference}/status`, { status: 'delivered' })).statusCode,
    ).toBe(200);
    const opened = await owner('POST', `/api/admin/orders/${reference}/returns`, {
      lines: [{ lineId: 0, quantity: 1 }],
      reason: 'Too small',
    });
    expect(opened.statusCode).toBe(201);
    const { id } = opened.json().return as { id: number };
    const refunded = await shop.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${reference}/returns/${id}`,
      headers: auth,
      payload: { status: 'received', refund: { includeShipping: true, giftCardRefund: 'new-card' } },
    });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().order).toMatchObject({ refunded: total, refundable: 0 });
    // The card payment took what it paid; the cards' €30 is a new card, the one that paid gets nothing.
    expect((await card(held.id)).balance).toBe(0);
    const fresh = (await cards()).find((c) => c.id !== held.id);
    expect(await card(fresh?.id ?? '')).toMatchObject({
      amount: 3000,
      balance: 3000,
      recipientEmail: giftCards.SHOPPER,
    });
  });
});
