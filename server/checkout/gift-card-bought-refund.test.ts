/**
 * A refund of an order that bought gift cards (docs/product/gift-cards.md §19.3, "A refund of cards
 * bought"), through the real app on both databases (the cards' balances are money): the desk's order lists
 * the cards as lines, a refund takes the goods first and then what is unspent on each card, voiding it in
 * the refund's transaction (a scheduled card is never e-mailed), a voided code pays nothing, and a card
 * spent in part caps what may be refunded. Never both the money back and a live card.
 */
import { describe, expect, it } from 'vitest';
import { GIFT_CARD_MESSAGES } from '../../domain/gift-cards/gift-cards';
import { ADMIN_MESSAGES } from '../../domain/orders/admin-api';
import { addDays, irishDate } from '../../domain/shared/calendar-date';
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

const ADMIN_TOKEN = 'gift-card-bought-refund-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}`, origin: TEST_PUBLIC_URL };
const NOW_CARD = { amount: 5000, recipientName: 'Niamh', recipientEmail: 'niamh@example.ie' };
const LATER_CARD = { amount: 10000, recipientName: 'Ciara', recipientEmail: 'ciara@example.ie' };

interface Line {
  last4: string;
  amount: number;
  unspent: number;
  status: string;
  voided: number;
}

describe.each(TEST_DIALECTS)('a refund of gift cards bought on %s', (dialect) => {
  const shop = shopSuite(() => startTestApp(dialect, { ADMIN_TOKEN }, { giftCards: false }), { each: true });
  let client = 0;

  function owner(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
    return shop.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
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

  /** A bracelet, a €50 card sent today and a €100 card for a later day, paid by card. */
  async function christmasOrder({ nowAmount = NOW_CARD.amount } = {}) {
    const later = addDays(irishDate(new Date()), 20);
    const res = await checkout({
      giftCards: [
        { ...NOW_CARD, amount: nowAmount },
        { ...LATER_CARD, sendOn: later },
      ],
    });
    expect(res.statusCode).toBe(200);
    const { sessionId } = res.json() as { sessionId: string };
    await payAndConfirm(shop.app, sessionId, giftCards.SHOPPER);
    const order = (await orderRows(shop.app)).find((o) => o.session_id === sessionId);
    await outboxSettled(shop.app);
    const mail = (await outboxRows(shop.app)).find((m) => m.recipient === NOW_CARD.recipientEmail);
    const code = mail?.text_body.match(giftCards.CODE_RE)?.[0] ?? '';
    expect(code).not.toBe('');
    return { reference: order?.reference ?? '', total: order?.total ?? 0, code };
  }

  async function detail(reference: string) {
    const res = await owner('GET', `/api/admin/orders/${reference}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { total: number; refunded: number; refundable: number; giftCardsBought?: Line[] };
  }

  function balance(code: string) {
    client += 1;
    return shop.app.inject({
      method: 'POST',
      url: '/api/gift-cards/balance',
      payload: { code },
      remoteAddress: `198.51.100.${client}`,
    });
  }

  it('lists the cards as lines, and a full refund voids both: the scheduled one is never sent', async () => {
    const { reference, total, code } = await christmasOrder();
    const before = await detail(reference);
    expect(before.refundable).toBe(total);
    expect(before.giftCardsBought).toEqual([
      expect.objectContaining({ amount: 5000, unspent: 5000, status: 'sent', voided: 0 }),
      expect.objectContaining({ amount: 10000, unspent: 10000, status: 'scheduled', voided: 0 }),
    ]);

    const res = await owner('POST', `/api/admin/orders/${reference}/refund`, {});
    expect(res.statusCode).toBe(200);
    const after = res.json().order as { refunded: number; refundable: number; giftCardsBought: Line[] };
    expect(after).toMatchObject({ refunded: total, refundable: 0 });
    expect(after.giftCardsBought.map((c) => [c.status, c.unspent, c.voided])).toEqual([
      ['voided', 0, 5000],
      ['voided', 0, 10000],
    ]);
    // The code sent pays nothing now, at the balance check and at the checkout alike.
    expect((await balance(code)).statusCode).toBe(404);
    const spend = await checkout({ giftCardCodes: [code] });
    expect(spend.statusCode).toBe(400);
    expect(spend.json().error).toBe(`giftCardCodes[0]: ${GIFT_CARD_MESSAGES.invalidCode}`);
    // The scheduled card forgot its code and never reaches its recipient, whatever day comes.
    const rows = await shop.app.platform.db
      .selectFrom('gift_cards')
      .select(['balance', 'disabled_at', 'pending_code', 'sent_at', 'recipient_email'])
      .where('order_reference', '=', reference)
      .execute();
    const later = rows.find((r) => r.recipient_email === LATER_CARD.recipientEmail);
    expect(later).toMatchObject({ balance: 0, pending_code: null, sent_at: null });
    expect(later?.disabled_at).not.toBeNull();
    expect(await shop.app.giftCards.service.sendDue()).toBe(0);
    expect((await shop.app.giftCards.store.dueMail('2099-12-31')).length).toBe(0);
    // Numbers owes the holders nothing of them.
    const today = irishDate(new Date());
    const stats = (await owner('GET', `/api/admin/stats?from=${today}&to=${today}`)).json();
    expect(stats.giftCards.outstanding).toBe(0);
  });

  it('a part refund takes the goods first and leaves the cards live', async () => {
    const { reference, code } = await christmasOrder();
    const res = await owner('POST', `/api/admin/orders/${reference}/refund`, { amount: 1000 });
    expect(res.statusCode).toBe(200);
    const lines = (res.json().order as { giftCardsBought: Line[] }).giftCardsBought;
    expect(lines.map((c) => c.status)).toEqual(['sent', 'scheduled']);
    expect((await balance(code)).json()).toMatchObject({ balance: 5000 });
  });

  it('a card spent in part is refunded at most what is left on it, and that voids it', async () => {
    const { reference, total, code } = await christmasOrder({ nowAmount: 10000 });
    // The recipient spends part of her €100 card on a bracelet of her own, paid by the card in full.
    const spend = await checkout({ giftCardCodes: [code], shipping: giftCards.ADDRESS });
    expect(spend.statusCode).toBe(200);
    expect(spend.json()).toMatchObject({ paid: true });
    const spent = (await orderRows(shop.app)).find((o) => o.reference === spend.json().reference)?.total ?? 0;
    expect(spent).toBeGreaterThan(0);
    expect(spent).toBeLessThan(10000);
    const left = await detail(reference);
    expect(left.refundable).toBe(total - spent);
    // Asking for the whole total is more than is left to refund: nothing moves.
    const over = await owner('POST', `/api/admin/orders/${reference}/refund`, { amount: total });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe(ADMIN_MESSAGES.overRefund);
    expect((await balance(code)).json()).toMatchObject({ balance: 10000 - spent });
    const res = await owner('POST', `/api/admin/orders/${reference}/refund`, {});
    expect(res.statusCode).toBe(200);
    const order = res.json().order as { refunded: number; refundable: number; giftCardsBought: Line[] };
    expect(order).toMatchObject({ refunded: total - spent, refundable: 0 });
    expect(order.giftCardsBought.map((c) => [c.status, c.voided])).toEqual([
      ['voided', 10000 - spent],
      ['voided', 10000],
    ]);
    expect((await balance(code)).statusCode).toBe(404);
  });

  it('cancelling the order voids the cards too', async () => {
    const { reference, total, code } = await christmasOrder();
    const res = await owner('POST', `/api/admin/orders/${reference}/cancel`, {});
    expect(res.statusCode).toBe(200);
    const order = res.json().order as { refunded: number; giftCardsBought: Line[] };
    expect(order.refunded).toBe(total);
    expect(order.giftCardsBought.map((c) => c.status)).toEqual(['voided', 'voided']);
    expect((await balance(code)).statusCode).toBe(404);
  });

  it('the refund e-mail of a mixed order says where each part went, names the cards voided, links the credit note', async () => {
    const registered = await owner('PATCH', '/api/admin/settings', {
      vat: { mode: 'ireland', vatNumber: 'IE1234567T', gb: 'no_sale' },
    });
    expect(registered.statusCode).toBe(200);
    const { card: paying, code } = await giftCards.issued(
      shop.app,
      await owner('POST', '/api/admin/gift-cards', giftCards.goodwill(1000)),
    );
    const res = await checkout({ giftCards: [NOW_CARD], giftCardCodes: [code] });
    expect(res.statusCode).toBe(200);
    const { sessionId } = res.json() as { sessionId: string };
    await payAndConfirm(shop.app, sessionId, giftCards.SHOPPER);
    const order = (await orderRows(shop.app)).find((o) => o.session_id === sessionId);
    const reference = order?.reference ?? '';
    const total = order?.total ?? 0;
    const bought = (await detail(reference)).giftCardsBought?.[0]?.last4 ?? '';
    expect((await owner('POST', `/api/admin/orders/${reference}/refund`, {})).statusCode).toBe(200);
    await outboxSettled(shop.app);
    const mail = (await outboxRows(shop.app)).find((m) => m.kind.startsWith('order-refund:'));
    const text = mail?.text_body ?? '';
    const byCard = (total - 1000) / 100;
    expect(text).toContain(
      `€${byCard.toFixed(2)} goes back to the card you paid with; your bank may take 3-5 business days to show it.`,
    );
    expect(text).toContain(`€10.00 goes back to your gift card ••••${paying.last4} at once`);
    expect(text).toContain(`This refund voids gift card ••••${bought} (€50.00).`);
    expect(text).not.toContain('The refund goes back to the card you paid with');
    // The credit note's link opens the shopper's PDF (the goods' part: the cards carry no VAT).
    const link = /Your credit note (\S+): (\S+)/.exec(text);
    expect(link).not.toBeNull();
    const pdf = await shop.app.inject({ method: 'GET', url: (link?.[2] ?? '').replace(TEST_PUBLIC_URL, '') });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(mail?.html_body).toContain(`Your credit note ${link?.[1]} (PDF)`);
  });
});
