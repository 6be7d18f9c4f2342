/**
 * Gift cards on the checkout's one path (docs/product/gift-cards.md §19), through the real app on both databases
 * (the spends, holds and refunds are money: their rules hold on each):
 * codes refused by field and nothing stored, the limits shared with the balance check, an order the cards
 * pay in full confirmed at once without the hosted checkout, a part paid by one or several cards with the
 * rest on the test checkout, the order's total unchanged however it was paid, and the holds released when
 * the checkout is cancelled or expires.
 */
import { describe, expect, it } from 'vitest';
import { CHECKOUT_ERRORS, CHECKOUT_VAT_ERRORS, EARLIER_CHECKOUT_ENDED } from '../../domain/checkout/checkout';
import { SHIPPING_MESSAGES } from '../../domain/checkout/checkout-shipping';
import {
  GIFT_CARD_ALPHABET,
  GIFT_CARD_ATTEMPTS,
  GIFT_CARD_MESSAGES,
} from '../../domain/gift-cards/gift-cards';
import { addDays, irishDate } from '../../domain/shared/calendar-date';
import { NOTHING_TAXABLE_TEXT } from '../../domain/vat/vat-statement';
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
import { TEST_GIFT_CARD_NOTICE, TEST_NOTICE } from '../mail/layout';
import { ORDERS_MAIL_KINDS as MAIL_KINDS } from '../orders';
import { ORDER_PAGE_ROUTES } from '../orders/order-page-routes';

const ADMIN_TOKEN = 'gift-card-checkout-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}`, origin: TEST_PUBLIC_URL };

describe.each(TEST_DIALECTS)('gift cards at the checkout on %s', (dialect) => {
  const shop = shopSuite(() => startTestApp(dialect, { ADMIN_TOKEN }, { giftCards: false }), { each: true });
  let client = 0;

  function nextClient(): string {
    client += 1;
    return `198.51.100.${client}`;
  }

  function owner(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
    return shop.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
  }

  /**
   * The desk's figures over the Irish days around now: each test's orders were paid in one of them,
   * whichever side of midnight it runs (each test has a shop of its own).
   */
  async function statsAroundNow() {
    const today = irishDate(new Date());
    return (await owner('GET', `/api/admin/stats?from=${addDays(today, -1)}&to=${addDays(today, 1)}`)).json();
  }

  /** A free card from the desk and its code, read from the recipient's .eml as a person would. */
  async function issue(amount: number): Promise<{ id: string; last4: string; code: string }> {
    const { card, code } = await giftCards.issued(
      shop.app,
      await owner('POST', '/api/admin/gift-cards', giftCards.goodwill(amount)),
    );
    expect(code.slice(-4)).toBe(card.last4);
    return { ...card, code };
  }

  async function card(id: string) {
    const res = await owner('GET', `/api/admin/gift-cards/${id}`);
    expect(res.statusCode).toBe(200);
    return res.json().giftCard as {
      balance: number;
      ledger: { kind: string; amount: number; reference?: string }[];
    };
  }

  function checkout(payload: object, remoteAddress = nextClient()) {
    return shop.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { email: giftCards.SHOPPER, items: [giftCards.BRACELET], ...payload },
      remoteAddress,
    });
  }

  /** The bracelet's order total without cards (the hosted checkout's amount). */
  async function fullTotal(): Promise<number> {
    const res = await checkout({});
    expect(res.statusCode).toBe(200);
    const order = (await orderRows(shop.app)).at(-1);
    await shop.app.checkout.service.cancelled(res.json().sessionId);
    return order?.total ?? 0;
  }

  it('refuses an unknown, a malformed and a disabled code by field, and stores nothing', async () => {
    const disabled = await issue(2500);
    expect(
      (await owner('POST', `/api/admin/gift-cards/${disabled.id}/disable`, { reissue: false })).statusCode,
    ).toBe(200);
    const good = await issue(1000);
    const cases: [string[], string][] = [
      [['ABCD-2345-EFGH-6789'], 'giftCardCodes[0]'],
      [[good.code, 'not a code'], 'giftCardCodes[1]'],
      [[good.code, disabled.code], 'giftCardCodes[1]'],
    ];
    for (const [codes, field] of cases) {
      const res = await checkout({ giftCardCodes: codes });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ ok: false, error: `${field}: ${GIFT_CARD_MESSAGES.invalidCode}` });
    }
    expect(await orderRows(shop.app)).toHaveLength(0);
    expect((await card(good.id)).balance).toBe(1000);
  });

  it('counts the checkout’s codes with the balance check’s: a client that guessed too often is refused at both', async () => {
    const balance = (code: string, remoteAddress: string) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/gift-cards/balance',
        payload: { code },
        headers: { origin: TEST_PUBLIC_URL },
        remoteAddress,
      });
    // Codes that do not work, tried at the balance check: the same client's checkout is refused even a
    // working card (a hit must not answer otherwise than a miss), another client's is not.
    const target = await issue(1000);
    const guesser = nextClient();
    for (let i = 0; i < GIFT_CARD_ATTEMPTS.failuresPerClient; i++) {
      expect((await balance(`WXYZ-2345-EFGH-AAA${GIFT_CARD_ALPHABET[i]}`, guesser)).statusCode).toBe(404);
    }
    const limited = await checkout({ giftCardCodes: [target.code.toLowerCase()] }, guesser);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ ok: false, error: GIFT_CARD_ATTEMPTS.message });
    expect(await orderRows(shop.app)).toHaveLength(0);
    expect((await card(target.id)).balance).toBe(1000);
  });

  it('an order the cards pay in full is paid at once, with the same e-mails and the same total', async () => {
    const total = await fullTotal();
    const big = await issue(50000);
    const res = await checkout({
      giftCardCodes: [big.code.toLowerCase().replace(/-/g, '')],
      shipping: giftCards.ADDRESS,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { ok: boolean; paid: boolean; reference: string };
    // With the order as its confirmation page shows it: the storefront goes there, the split on it.
    expect(body).toMatchObject({
      ok: true,
      paid: true,
      reference: expect.stringMatching(/^SOL-[A-Z0-9]{8}$/),
      order: {
        status: 'paid',
        reference: body.reference,
        total,
        payments: [{ method: 'gift_card', amount: total, last4: big.last4 }],
      },
    });
    const order = (await orderRows(shop.app)).find((o) => o.reference === body.reference);
    expect(order).toMatchObject({ status: 'paid', total, session_id: null, channel: 'web' });
    const after = await card(big.id);
    expect(after.balance).toBe(50000 - total);
    expect(after.ledger.filter((l) => l.kind === 'spent')).toEqual([
      expect.objectContaining({ amount: -total, reference: body.reference }),
    ]);
    await outboxSettled(shop.app);
    const mails = (await outboxRows(shop.app)).filter((m) => m.order_id === order?.id);
    expect(mails.map((m) => m.kind).sort()).toEqual([MAIL_KINDS.customer, MAIL_KINDS.owner].sort());
    // The address is the order's, stored where the hosted checkout's goes: the e-mails, the desk and the slip show it.
    for (const mail of mails) expect(mail.text_body).toContain('12 Quay Street');
    // No test card paid it: the mark says gift cards did, and the split names the card.
    const customer = mails.find((m) => m.kind === MAIL_KINDS.customer);
    expect(customer?.text_body).toContain(TEST_GIFT_CARD_NOTICE);
    expect(customer?.text_body).not.toContain(TEST_NOTICE);
    expect(customer?.text_body).toContain(
      `Paid with Gift card ••••${big.last4}: €${(total / 100).toFixed(2)}`,
    );
    const desk = await owner('GET', `/api/admin/orders/${body.reference}`);
    expect(desk.json().address).toEqual({
      name: 'Aoife Byrne',
      line1: '12 Quay Street',
      line2: null,
      city: 'Galway',
      state: null,
      postalCode: 'H91 X2Y3',
      country: 'IE',
    });
    const slips = await owner('GET', `/api/admin/packing-slips?reference=${body.reference}`);
    expect(JSON.stringify(slips.json())).toContain('12 Quay Street');
    // The shopper's cards paid through the shop: the owner did nothing, so her name is not on it.
    const timeline = desk.json().timeline as { kind: string; actor: string }[];
    expect(timeline.find((t) => t.kind === 'paid')?.actor).toBe('shop');
  });

  it('a fully card-paid order of bracelets needs a delivery address in its zone; nothing is stored without one', async () => {
    const big = await issue(50000);
    const cases: [object, string][] = [
      [{}, SHIPPING_MESSAGES.needed],
      [{ shipping: { ...giftCards.ADDRESS, name: '  ' } }, SHIPPING_MESSAGES.name],
      [{ shipping: { ...giftCards.ADDRESS, city: 'Galway\nCity' } }, SHIPPING_MESSAGES.city],
      [{ shipping: { ...giftCards.ADDRESS, postalCode: '' } }, SHIPPING_MESSAGES.postalCode],
      [{ shipping: { ...giftCards.ADDRESS, country: 'FR' } }, SHIPPING_MESSAGES.country],
      [{ shipping: { ...giftCards.ADDRESS, country: 'Ireland' } }, SHIPPING_MESSAGES.country],
    ];
    for (const [payload, error] of cases) {
      const res = await checkout({ giftCardCodes: [big.code], ...payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ ok: false, error });
    }
    expect(await orderRows(shop.app)).toHaveLength(0);
    const after = await card(big.id);
    expect(after.balance).toBe(50000);
    expect(after.ledger.map((l) => l.kind)).toEqual(['issued']);
    // The second line is optional, and kept when given; the country is read in any case.
    const res = await checkout({
      giftCardCodes: [big.code],
      shipping: { ...giftCards.ADDRESS, line2: 'Apartment 4', country: 'ie' },
    });
    expect(res.statusCode).toBe(200);
    const order = (await orderRows(shop.app)).find((o) => o.reference === res.json().reference);
    expect(order?.shipping_name).toBe('Aoife Byrne');
    expect(JSON.parse(order?.shipping_address ?? '{}')).toMatchObject({
      line2: 'Apartment 4',
      country: 'IE',
    });
  });

  it("the address's country is the order's destination: never another country, never Great Britain unsold", async () => {
    const big = await issue(50000);
    const elsewhere = await checkout({
      giftCardCodes: [big.code],
      zone: 'EU',
      country: 'DE',
      shipping: { ...giftCards.ADDRESS, country: 'FR' },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ error: CHECKOUT_VAT_ERRORS.addressElsewhere });
    const britain = await checkout({
      giftCardCodes: [big.code],
      zone: 'WORLD',
      shipping: { ...giftCards.ADDRESS, country: 'GB' },
    });
    expect(britain.statusCode).toBe(400);
    expect(britain.json()).toMatchObject({ error: CHECKOUT_VAT_ERRORS.noSaleToGb });
    expect(await orderRows(shop.app)).toHaveLength(0);
    expect((await card(big.id)).balance).toBe(50000);
  });

  it('an order of gift cards alone that another card pays in full needs no address', async () => {
    const big = await issue(50000);
    const res = await checkout({
      items: [],
      giftCardsFrom: 'Seán Murphy',
      giftCards: [{ amount: 2000, recipientName: 'Niamh', recipientEmail: 'niamh@example.ie' }],
      giftCardCodes: [big.code],
    });
    // A gift card never buys another: the cards bought are left for the hosted checkout.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, url: expect.any(String) });
    // Nothing is posted: the hosted checkout asks for no address and shows no delivery.
    const page = await shop.app.inject({ method: 'GET', url: `/test-checkout/${res.json().sessionId}` });
    expect(page.body).toContain('Pay €20.00');
    expect(page.body).not.toContain('Delivery address');
    expect(page.body).not.toContain('<dt>Delivery');
    expect(page.body).not.toContain('data-testid="delivery-promise"');
  });

  it('the test checkout’s page shows the order’s total, what each card paid and the rest', async () => {
    const total = await fullTotal();
    const small = await issue(1000);
    const res = await checkout({ giftCardCodes: [small.code] });
    expect(res.statusCode).toBe(200);
    const page = await shop.app.inject({ method: 'GET', url: `/test-checkout/${res.json().sessionId}` });
    const euros = (c: number) => `€${(c / 100).toFixed(2)}`;
    expect(page.body).toContain(`<dt>Order total</dt><dd>${euros(total)}</dd>`);
    expect(page.body).toContain(`<dt>Gift card ••••${small.last4}</dt><dd>-€10.00</dd>`);
    expect(page.body).toContain(`<dt>Total to pay</dt><dd>${euros(total - 1000)}</dd>`);
  });

  it('one card pays part, the test checkout the rest; the confirmation lists both payments', async () => {
    const total = await fullTotal();
    const small = await issue(1000);
    const res = await checkout({ giftCardCodes: [small.code] });
    expect(res.statusCode).toBe(200);
    const { sessionId } = res.json() as { sessionId: string };
    // Held while the checkout is open.
    expect((await card(small.id)).balance).toBe(0);
    await payAndConfirm(shop.app, sessionId, giftCards.SHOPPER);
    const confirmed = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${sessionId}/confirm`,
      payload: {},
    });
    const body = confirmed.json();
    expect(body).toMatchObject({ status: 'paid', total });
    expect(body.payments).toEqual([
      { method: 'card', amount: total - 1000 },
      { method: 'gift_card', amount: 1000, last4: small.last4 },
    ]);
    const after = await card(small.id);
    expect(after.balance).toBe(0);
    expect(after.ledger.map((l) => l.kind)).toEqual(['issued', 'reserved', 'released', 'spent']);
    expect(after.ledger.reduce((sum, l) => sum + l.amount, 0)).toBe(0);
    // The confirmation e-mail shows the split as the page does.
    await outboxSettled(shop.app);
    const order = (await orderRows(shop.app)).find((o) => o.session_id === sessionId);
    const mail = (await outboxRows(shop.app)).find(
      (m) => m.order_id === order?.id && m.kind === MAIL_KINDS.customer,
    );
    expect(mail?.text_body).toContain(`Paid with Gift card ••••${small.last4}: €10.00`);
    expect(mail?.text_body).toContain(`Paid by card: €${((total - 1000) / 100).toFixed(2)}`);
    // Under the totals, as the page shows it.
    expect(mail?.text_body.indexOf(`Paid with Gift card ••••${small.last4}`)).toBeGreaterThan(
      mail?.text_body.indexOf('Total paid:') ?? Number.POSITIVE_INFINITY,
    );
    // And the shopper's order page, the confirmation's link.
    const key = new URL(`http://x${body.orderPagePath.slice(2)}`).searchParams.get('key');
    const view = await shop.app.inject({
      method: 'POST',
      url: ORDER_PAGE_ROUTES.view,
      headers: { origin: TEST_PUBLIC_URL },
      payload: { reference: body.reference, key },
    });
    expect(view.json().order.payments).toEqual([
      { method: 'gift_card', amount: 1000, last4: small.last4 },
      { method: 'card', amount: total - 1000 },
    ]);
  });

  it('paid after its hold lapsed: the card is taken again if it can be, otherwise the order says what is owed', async () => {
    const total = await fullTotal();
    const confirm = async (sessionId: string) =>
      (
        await shop.app.inject({ method: 'POST', url: `/api/orders/${sessionId}/confirm`, payload: {} })
      ).json();

    // The hold went back to the card (the checkout ended unpaid as far as the shop knew), then the payment
    // arrived: the card still has it, so its part is taken again.
    const kept = await issue(1000);
    const first = (await checkout({ giftCardCodes: [kept.code] })).json() as { sessionId: string };
    await shop.app.checkout.service.cancelled(first.sessionId);
    expect((await card(kept.id)).balance).toBe(1000);
    await payAndConfirm(shop.app, first.sessionId, giftCards.SHOPPER);
    const taken = await confirm(first.sessionId);
    expect(taken.payments).toEqual([
      { method: 'card', amount: total - 1000 },
      { method: 'gift_card', amount: 1000, last4: kept.last4 },
    ]);
    expect(taken.owed).toBeUndefined();
    expect((await card(kept.id)).balance).toBe(0);

    // This time the card's balance went to another checkout meanwhile: the order is paid by card for
    // what the provider took, owes the card's part, and the owner is told.
    const spent = await issue(1000);
    const late = (await checkout({ giftCardCodes: [spent.code] })).json() as { sessionId: string };
    await shop.app.checkout.service.cancelled(late.sessionId);
    expect((await checkout({ giftCardCodes: [spent.code] })).statusCode).toBe(200);
    expect((await card(spent.id)).balance).toBe(0);
    await payAndConfirm(shop.app, late.sessionId, giftCards.SHOPPER);
    const owing = await confirm(late.sessionId);
    expect(owing).toMatchObject({ status: 'paid', total, owed: 1000 });
    expect(owing.payments).toEqual([{ method: 'card', amount: total - 1000 }]);
    expect((await card(spent.id)).balance).toBe(0);
    const order = (await orderRows(shop.app)).find((o) => o.session_id === late.sessionId);
    const owedText = '€10.00 of this order is unpaid';
    expect(order).toMatchObject({ status: 'paid', desk_status: 'needs_review' });
    expect(order?.review_reason).toContain(owedText);
    const desk = (await owner('GET', `/api/admin/orders/${order?.reference}`)).json();
    expect(desk.payments).toEqual([{ method: 'card', amount: total - 1000 }]);
    await outboxSettled(shop.app);
    const ownerMail = (await outboxRows(shop.app)).find(
      (m) => m.order_id === order?.id && m.kind === MAIL_KINDS.owner,
    );
    expect(ownerMail?.text_body).toContain(owedText);
  });

  it('several cards pay in the order given, each up to its balance', async () => {
    const total = await fullTotal();
    const first = await issue(1000);
    const second = await issue(1500);
    const res = await checkout({ giftCardCodes: [first.code, second.code, first.code] });
    const { sessionId } = res.json() as { sessionId: string };
    await payAndConfirm(shop.app, sessionId, giftCards.SHOPPER);
    const body = (
      await shop.app.inject({ method: 'POST', url: `/api/orders/${sessionId}/confirm`, payload: {} })
    ).json();
    expect(body.payments).toEqual([
      { method: 'card', amount: total - 2500 },
      { method: 'gift_card', amount: 1000, last4: first.last4 },
      { method: 'gift_card', amount: 1500, last4: second.last4 },
    ]);
    expect(body.total).toBe(total);
  });

  it('a cancelled or expired checkout gives its holds back at once', async () => {
    const held = await issue(1000);
    const cancelled = await checkout({ giftCardCodes: [held.code] });
    expect((await card(held.id)).balance).toBe(0);
    await shop.app.checkout.service.cancelled(cancelled.json().sessionId);
    expect((await card(held.id)).balance).toBe(1000);

    const expiring = await checkout({ giftCardCodes: [held.code] });
    const { sessionId } = expiring.json() as { sessionId: string };
    expect((await card(held.id)).balance).toBe(0);
    const expired = await shop.app.checkout.service.handleWebhook({
      id: 'evt_expired',
      type: 'checkout.session.expired',
      sessionId,
    });
    expect(expired).toBe(true);
    const after = await card(held.id);
    expect(after.balance).toBe(1000);
    expect(after.ledger.map((l) => l.kind)).toEqual([
      'issued',
      'reserved',
      'released',
      'reserved',
      'released',
    ]);
  });

  it('holds a card for its checkout’s hour only; a new checkout with it ends the earlier one and says so', async () => {
    const total = await fullTotal();
    const held = await issue(1000);
    const before = Date.now();
    const first = await checkout({ giftCardCodes: [held.code] });
    expect(first.statusCode).toBe(200);
    const { sessionId } = first.json() as { sessionId: string };
    expect(first.json().giftCardNotice).toBeUndefined();
    const db = shop.app.platform.db;
    const session = await db
      .selectFrom('test_checkout_sessions')
      .select('expires_at_ms')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    const hold = await db
      .selectFrom('gift_card_reservations')
      .select('expires_at')
      .where('card_id', '=', held.id)
      .executeTakeFirstOrThrow();
    // The hosted checkout lives an hour, and the hold a few minutes more: never a day.
    expect(session.expires_at_ms - before).toBeLessThanOrEqual(60 * 60_000 + 5_000);
    expect(Date.parse(hold.expires_at) - session.expires_at_ms).toBeGreaterThan(0);
    expect(Date.parse(hold.expires_at) - before).toBeLessThanOrEqual(65 * 60_000 + 5_000);

    // The holder comes back and checks out again with the card: the unfinished one ends, and she is told.
    const second = await checkout({ giftCardCodes: [held.code] });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ total, giftCardNotice: EARLIER_CHECKOUT_ENDED });
    const earlier = (await orderRows(shop.app)).find((o) => o.session_id === sessionId);
    expect(earlier?.status).toBe('expired');
    expect((await card(held.id)).balance).toBe(0);
    // Ended at the provider too: it can no longer be paid.
    const ended = await db
      .selectFrom('test_checkout_sessions')
      .select('status')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(ended.status).toBe('expired');
  });

  it('refuses a bad card bought by its field, an empty checkout, and stores nothing', async () => {
    const card = { amount: 5000, recipientName: 'Niamh', recipientEmail: 'niamh@example.ie' };
    const cases: [object, string][] = [
      [{ giftCards: [{ ...card, amount: 999 }] }, `giftCards[0].amount: ${GIFT_CARD_MESSAGES.amount}`],
      [
        { giftCards: [card, { ...card, recipientEmail: 'nope' }] },
        `giftCards[1].recipientEmail: ${GIFT_CARD_MESSAGES.recipientEmail}`,
      ],
      [
        { giftCards: [{ ...card, sendOn: '2001-01-01' }] },
        `giftCards[0].sendOn: ${GIFT_CARD_MESSAGES.sendOn}`,
      ],
      [{ giftCards: [{ ...card, amount: '5000' }] }, `giftCards[0].amount: ${GIFT_CARD_MESSAGES.amount}`],
      [
        { giftCards: [card, { amount: 5000, recipientEmail: 'niamh@example.ie' }] },
        `giftCards[1].recipientName: ${GIFT_CARD_MESSAGES.recipientName}`,
      ],
      [{ giftCardCodes: ['ABCD-2345-EFGH-6789', 42] }, `giftCardCodes[1]: ${GIFT_CARD_MESSAGES.invalidCode}`],
      [{ items: [], giftCards: [] }, CHECKOUT_ERRORS.emptyCart],
    ];
    for (const [payload, error] of cases) {
      const res = await checkout(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ ok: false, error });
    }
    expect(await orderRows(shop.app)).toHaveLength(0);
  });

  it('a card bought with a bracelet: in the total, issued at payment, its code only in the recipient’s e-mail', async () => {
    const total = await fullTotal();
    const res = await checkout({
      giftCards: [
        {
          amount: 5000,
          recipientName: 'Niamh',
          recipientEmail: 'niamh@example.ie',
          message: 'Happy Christmas!',
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const { sessionId } = res.json() as { sessionId: string };
    const pending = (await orderRows(shop.app)).find((o) => o.session_id === sessionId);
    expect(pending).toMatchObject({ total: total + 5000, shipping: expect.any(Number) });
    await payAndConfirm(shop.app, sessionId, giftCards.SHOPPER);
    await outboxSettled(shop.app);
    const mails = await outboxRows(shop.app);
    const recipient = mails.find((m) => m.recipient === 'niamh@example.ie');
    const code = recipient?.text_body.match(giftCards.CODE_RE)?.[0] ?? '';
    expect(code).not.toBe('');
    expect(recipient?.text_body).toContain('€50.00');
    expect(recipient?.text_body).toContain('Happy Christmas!');
    const confirmation = mails.find((m) => m.kind === MAIL_KINDS.customer && m.order_id === pending?.id);
    // The card is a line like the bracelet, above the totals that count it (docs/product/gift-cards.md §19).
    const text = confirmation?.text_body ?? '';
    const cardLine = text.split('\n').find((l) => l.includes(`Gift card ••••${code.slice(-4)}`)) ?? '';
    expect(cardLine).toMatch(
      /^ {2}Gift card ••••\w{4} \(e-mailed to its recipient on \d+ \w+ \d{4}\) {2}€50\.00$/,
    );
    expect(text.indexOf(cardLine)).toBeGreaterThan(text.indexOf('Your order'));
    expect(text.indexOf(cardLine)).toBeLessThan(text.indexOf('Subtotal:'));
    const html = confirmation?.html_body ?? '';
    expect(html.indexOf(`Gift card ••••${code.slice(-4)}`)).toBeGreaterThan(-1);
    expect(html.indexOf(`Gift card ••••${code.slice(-4)}`)).toBeLessThan(html.indexOf('Total paid'));
    // The owner's e-mail lists it among the items too.
    const owner = mails.find((m) => m.kind === MAIL_KINDS.owner && m.order_id === pending?.id);
    expect(owner?.text_body.indexOf(cardLine)).toBeGreaterThan(-1);
    expect(owner?.text_body.indexOf(cardLine)).toBeLessThan(owner?.text_body.indexOf('Total paid') ?? -1);
    expect(confirmation?.text_body).not.toContain(code);
    // The shopper's order page, the e-mail's link, lists it among the lines too (last 4 only).
    const pageKey = confirmation?.text_body.match(/key=([A-Za-z0-9_-]+)/)?.[1];
    const view = await shop.app.inject({
      method: 'POST',
      url: ORDER_PAGE_ROUTES.view,
      headers: { origin: TEST_PUBLIC_URL },
      payload: { reference: pending?.reference, key: pageKey },
    });
    expect(view.json().order.giftCardsBought).toEqual([
      { last4: code.slice(-4), amount: 5000, sendOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    ]);
    expect(view.body).not.toContain(code);
    expect(confirmation?.text_body).not.toContain(code.replace(/-/g, ''));
    // The card pays like any other.
    const balance = await shop.app.inject({
      method: 'POST',
      url: '/api/gift-cards/balance',
      payload: { code },
      headers: { origin: TEST_PUBLIC_URL },
      remoteAddress: nextClient(),
    });
    expect(balance.json()).toMatchObject({ ok: true, balance: 5000 });
    // The card's sale is no revenue: Numbers count the bracelet's order alone, and the card as sold.
    const stats = await statsAroundNow();
    expect(stats.totals.revenue).toBe(total);
    expect(stats.giftCards.sold).toBe(5000);
  });

  it('cards alone: no shipping, no gift wrap, nothing to make; each recipient gets their card', async () => {
    const res = await checkout({
      items: [],
      giftCardsFrom: 'Seán Murphy',
      giftWrap: true,
      zone: 'WORLD',
      giftCards: [
        { amount: 2500, recipientName: 'Aoife', recipientEmail: 'aoife.b@example.ie' },
        { amount: 10000, recipientName: 'Ciara', recipientEmail: 'ciara@example.ie', sendOn: '2099-01-01' },
      ],
    });
    expect(res.statusCode).toBe(400);
    const cards = [
      { amount: 2500, recipientName: 'Aoife', recipientEmail: 'aoife.b@example.ie' },
      { amount: 10000, recipientName: 'Ciara', recipientEmail: 'ciara@example.ie' },
    ];
    // Nothing else names the buyer: her name is asked, by field, and nothing is stored without it.
    for (const giftCardsFrom of [undefined, '   ']) {
      const nameless = await checkout({ items: [], giftCards: cards, giftCardsFrom });
      expect(nameless.statusCode).toBe(400);
      expect(nameless.json().error).toMatch(/^giftCardsFrom/);
    }
    expect(await orderRows(shop.app)).toHaveLength(0);
    const ok = await checkout({ items: [], giftCards: cards, giftCardsFrom: 'Seán Murphy' });
    expect(ok.statusCode).toBe(200);
    const { sessionId } = ok.json() as { sessionId: string };
    const order = (await orderRows(shop.app)).find((o) => o.session_id === sessionId);
    expect(order).toMatchObject({ total: 12500, shipping: 0, gift_wrap: 0 });
    // Nothing to make or post: delivered at payment, outside the making queue, no dispatch date.
    await payAndConfirm(shop.app, sessionId, giftCards.SHOPPER);
    const paid = (await orderRows(shop.app)).find((o) => o.id === order?.id);
    expect(paid).toMatchObject({
      status: 'paid',
      desk_status: 'delivered',
      dispatch_date: null,
      total: 12500,
    });
    // The confirmation lists the cards bought by their last 4 only, each with the day its e-mail goes.
    const confirmed = await shop.app.inject({
      method: 'POST',
      url: `/api/orders/${sessionId}/confirm`,
      payload: {},
    });
    const bought = confirmed.json().giftCardsBought as { last4: string; amount: number; sendOn: string }[];
    expect(bought.map((c) => c.amount).sort((a, b) => a - b)).toEqual([2500, 10000]);
    for (const card of bought) expect(card.last4).toMatch(/^[A-Z2-9]{4}$/);
    expect(confirmed.body).not.toMatch(/[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);
    await outboxSettled(shop.app);
    const recipients = (await outboxRows(shop.app)).map((m) => m.recipient);
    expect(recipients).toEqual(expect.arrayContaining(['aoife.b@example.ie', 'ciara@example.ie']));
    // Each recipient reads who the card is from: the buyer's name, never her e-mail address.
    const cardMails = (await outboxRows(shop.app)).filter((m) => m.recipient === 'aoife.b@example.ie');
    expect(cardMails.map((m) => m.subject)).toEqual(['Seán Murphy sent you a Solas gift card']);
    expect(cardMails[0]?.text_body).not.toContain(giftCards.SHOPPER);
    // A card is no piece to make: the desk's list and Numbers count none for it.
    const list = (await owner('GET', '/api/admin/orders?status=all')).json() as {
      orders: { reference: string; itemCount: number }[];
    };
    expect(list.orders.find((o) => o.reference === paid?.reference)?.itemCount).toBe(0);
    const stats = await statsAroundNow();
    expect(stats.totals).toMatchObject({ pieces: 0, orders: 1, revenue: 0 });
    expect(stats.channels.web.pieces).toBe(0);
    expect(stats.series.reduce((n: number, s: { pieces: number }) => n + s.pieces, 0)).toBe(0);
  });

  it('cards alone in a VAT-registered shop: no VAT and no invoice, and the e-mail says why', async () => {
    const registered = await owner('PATCH', '/api/admin/settings', {
      vat: { mode: 'ireland', vatNumber: 'IE1234567T', gb: 'no_sale' },
    });
    expect(registered.statusCode).toBe(200);
    const ok = await checkout({
      items: [],
      giftCardsFrom: 'Seán Murphy',
      giftCards: [{ amount: 5000, recipientName: 'Aoife', recipientEmail: 'aoife.b@example.ie' }],
    });
    expect(ok.statusCode).toBe(200);
    const { sessionId } = ok.json() as { sessionId: string };
    await payAndConfirm(shop.app, sessionId, giftCards.SHOPPER);
    const order = (await orderRows(shop.app)).find((o) => o.session_id === sessionId);
    expect(order?.status).toBe('paid');
    // Selling the card is no supply: no invoice now; the goods it pays for later get theirs.
    const invoices = await shop.app.platform.db
      .selectFrom('vat_invoices')
      .select('number')
      .where('order_reference', '=', order?.reference ?? '')
      .execute();
    expect(invoices).toEqual([]);
    await outboxSettled(shop.app);
    const confirmation = (await outboxRows(shop.app)).find(
      (m) => m.recipient === giftCards.SHOPPER && m.kind === MAIL_KINDS.customer,
    );
    expect(confirmation?.text_body).toContain(NOTHING_TAXABLE_TEXT);
    expect(confirmation?.text_body).not.toContain('invoice');
  });

  it('a refund goes to the card payment first, then back to the gift card', async () => {
    const total = await fullTotal();
    const held = await issue(1000);
    const res = await checkout({ giftCardCodes: [held.code] });
    const { sessionId } = res.json() as { sessionId: string };
    await payAndConfirm(shop.app, sessionId, giftCards.SHOPPER);
    const order = (await orderRows(shop.app)).find((o) => o.session_id === sessionId);
    const reference = order?.reference ?? '';
    const detail = await owner('GET', `/api/admin/orders/${reference}`);
    expect(detail.json()).toMatchObject({
      total,
      refundable: total,
      payments: [
        { method: 'card', amount: total - 1000 },
        { method: 'gift_card', amount: 1000, last4: held.last4 },
      ],
    });
    // Part of the card payment only: the gift card keeps nothing back yet.
    const first = await owner('POST', `/api/admin/orders/${reference}/refund`, { amount: total - 1500 });
    expect(first.statusCode).toBe(200);
    expect((await card(held.id)).balance).toBe(0);
    // The rest: €5 of the card payment, then the gift card's €10 back, its ledger naming the refund.
    const rest = await owner('POST', `/api/admin/orders/${reference}/refund`, {});
    expect(rest.statusCode).toBe(200);
    expect(rest.json().order).toMatchObject({ refunded: total, refundable: 0 });
    const after = await card(held.id);
    expect(after.balance).toBe(1000);
    expect(after.ledger.at(-1)).toMatchObject({ kind: 'restored', amount: 1000 });
    expect(after.ledger.reduce((sum, l) => sum + l.amount, 0)).toBe(1000);
  });

  it('a cancellation pays back as a refund does: the card payment its part, the gift card the rest', async () => {
    const total = await fullTotal();
    const held = await issue(1000);
    const res = await checkout({ giftCardCodes: [held.code] });
    const { sessionId } = res.json() as { sessionId: string };
    await payAndConfirm(shop.app, sessionId, giftCards.SHOPPER);
    const reference = (await orderRows(shop.app)).find((o) => o.session_id === sessionId)?.reference ?? '';
    const cancel = await owner('POST', `/api/admin/orders/${reference}/cancel`, {
      reason: 'Changed her mind',
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().order).toMatchObject({ status: 'cancelled', refunded: total, refundable: 0 });
    const after = await card(held.id);
    expect(after.balance).toBe(1000);
    expect(after.ledger.at(-1)).toMatchObject({ kind: 'restored', amount: 1000 });
  });

  it('an order the cards paid in full is cancelled with the cards’ balance back, no provider asked', async () => {
    const total = await fullTotal();
    const big = await issue(50000);
    const paid = await checkout({ giftCardCodes: [big.code], shipping: giftCards.ADDRESS });
    const { reference } = paid.json() as { reference: string };
    expect((await card(big.id)).balance).toBe(50000 - total);
    const cancel = await owner('POST', `/api/admin/orders/${reference}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().order).toMatchObject({ status: 'cancelled', refunded: total, refundable: 0 });
    expect((await card(big.id)).balance).toBe(50000);
  });

  it('an order the cards paid in full is refunded to the cards', async () => {
    const total = await fullTotal();
    const big = await issue(50000);
    const paid = await checkout({ giftCardCodes: [big.code], shipping: giftCards.ADDRESS });
    const { reference } = paid.json() as { reference: string };
    const detail = (await owner('GET', `/api/admin/orders/${reference}`)).json();
    expect(detail).toMatchObject({
      total,
      paymentMethod: 'gift_card',
      payments: [{ method: 'gift_card', amount: total, last4: big.last4 }],
    });
    const refund = await owner('POST', `/api/admin/orders/${reference}/refund`, {});
    expect(refund.statusCode).toBe(200);
    expect(refund.json().order).toMatchObject({ refunded: total, refundable: 0 });
    expect((await card(big.id)).balance).toBe(50000);
  });
});
