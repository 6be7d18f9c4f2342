/**
 * Gift cards through the real browser and server, on a phone: the owner issues a €50 card without payment
 * from the desk's Gift cards screen (with its reason); the recipient's e-mail arrives in the outbox with
 * the code as XXXX-XXXX-XXXX-XXXX, the amount and the expiry; the balance check answers it; the owner
 * disables the card and reissues its balance to a corrected address: the old code stops at once, the new
 * one holds the balance, and both cards' ledgers show it.
 * The gift card's journey: a shopper buys a €50 card for Niamh on the Gift cards page and pays it on the
 * TEST checkout; Niamh's e-mail (the .eml in the outbox) has the code. She spends €30 of it on a bracelet
 * order the card pays in full: no payment page, so the checkout's dialog takes her delivery address, which
 * the desk's order shows. Then the €20 left and a €10 card the owner issues free pay €30 of a €40 bracelet,
 * the TEST checkout the other €10. The owner sees both cards' ledgers and refunds that order: the card
 * payment first, then the cards' balances back.
 * The buyer of a card alone gives her name, which Niamh's e-mail says it is from; the order the card pays
 * in full lands on its confirmation page with the split. A Christmas order of a €40 bracelet and cards of
 * €50 and €100: the cart and the payment page show €190, and with a €10 card applied its part and the rest.
 * A Christmas order of a bracelet, a €50 card and a €100 card for a later day, refunded in full from the
 * desk: its order lists both cards, the refund dialog names both as voided, and afterwards both are void.
 * Its shop is its own: the owner sets free delivery in Ireland from €30, so a €30 bracelet is a €30 order.
 */
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { type CatalogueResourceBody, CURRENT_CATALOGUE_URL } from '../../domain/catalogue/catalogue-url';
import { STORAGE_KEYS } from '../../domain/config';
import { GIFT_CARDS_ALONE_TEXTS } from '../../domain/gift-cards/gift-cards';
import type { AllSettings } from '../../domain/settings/shop-settings';
import { enterEmail, fillTestCheckout } from './checkout-steps';
import { expect, test } from './fixtures';
import { expectHydrated } from './hydration';
import { emlFilesFor, readEml } from './outbox';
import { shopOfItsOwn } from './own-shop';

// The journey sets the shop's delivery prices: a shop of its own.
const shop = shopOfItsOwn();

const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';
const CODE = /[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/;

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 90_000 });

/** The balance check as the shop's own page asks it. */
async function balance(page: Page, code: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(async (c) => {
    const response = await fetch('/api/gift-cards/balance', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code: c }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }, code);
}

/** The code in the recipient's e-mail of a card (its outbox file is named with the card's id). */
async function codeOf(cardId: string): Promise<{ code: string; to: string; text: string }> {
  // File names keep letters, digits and dashes only.
  const named = cardId.replace(/[^A-Za-z0-9-]/g, '');
  const outbox = path.join(shop().dataDir, 'outbox');
  await expect.poll(() => emlFilesFor(named, 'gift-card', outbox).length, { timeout: 15_000 }).toBe(1);
  const [file] = emlFilesFor(named, 'gift-card', outbox);
  const mail = await readEml(file ?? '', outbox);
  const text = mail.text ?? '';
  const to = Array.isArray(mail.to) ? (mail.to[0]?.text ?? '') : (mail.to?.text ?? '');
  return { code: text.match(CODE)?.[0] ?? '', to, text };
}

test('the owner issues a card, its recipient gets the code, and a lost card is disabled and reissued', async ({
  page,
  consoleGuard,
}) => {
  await page.goto('/admin');
  await page.getByLabel('Owner token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await page.goto('/admin#/gift-cards');
  await expect(page.getByRole('heading', { level: 1, name: 'Gift cards' })).toBeVisible();

  // A raffle prize: €50 to the winner, with the reason the ledger keeps.
  const winner = `winner-${Date.now()}@example.ie`;
  await page.getByRole('button', { name: 'Issue a card' }).click();
  await page.getByLabel('Amount (€10 to €500, whole euros)').fill('50');
  await page.getByLabel('Recipient’s name').fill('Raffle Winner');
  await page.getByLabel('Recipient’s email').fill(winner);
  await page.getByLabel('Reason (a raffle prize, a goodwill gesture)').fill('Christmas raffle');
  await page.getByLabel('Message (optional)').fill('Congratulations!');
  await page.getByRole('button', { name: 'Issue card' }).click();
  const card = page.getByRole('region', { name: /^Gift card ••••[A-Z2-9]{4}$/ });
  await expect(card).toBeVisible();
  await expect(card.getByRole('table', { name: 'Ledger' })).toContainText('Christmas raffle');
  const last4 = ((await card.getByRole('heading').first().textContent()) ?? '').slice(-4);

  // The recipient's e-mail: the code, the amount, the message and the expiry.
  const cards = await page.evaluate(async (q) => {
    const response = await fetch(`/api/admin/gift-cards?q=${encodeURIComponent(q)}`);
    return ((await response.json()) as { giftCards: { id: string; last4: string }[] }).giftCards;
  }, winner);
  const id = cards.find((c) => c.last4 === last4)?.id ?? '';
  const first = await codeOf(id);
  expect(first.to).toBe(winner);
  expect(first.code.slice(-4)).toBe(last4);
  expect(first.text).toContain('€50.00');
  expect(first.text).toContain('Congratulations!');
  expect(first.text).toMatch(/Valid until \d{1,2} \w+ \d{4}/);
  expect(await balance(page, first.code.toLowerCase())).toMatchObject({
    status: 200,
    body: { balance: 5000 },
  });

  // Lost: disabled, its balance reissued to a corrected address.
  const corrected = `winner.fixed-${Date.now()}@example.ie`;
  await card.getByLabel('Send the new card to (empty: the same address)').fill(corrected);
  await card.getByRole('button', { name: 'Disable and reissue' }).click();
  await page
    .getByRole('alertdialog', { name: `Disable ••••${last4} and reissue its balance?` })
    .getByRole('button', { name: 'Disable and reissue' })
    .click();
  const reissued = page.getByRole('region', { name: /^Gift card ••••[A-Z2-9]{4}$/ });
  await expect(reissued).not.toHaveAccessibleName(`Gift card ••••${last4}`);
  await expect(reissued.getByRole('table', { name: 'Ledger' })).toContainText(`Reissue of ••••${last4}`);
  // The browser logs the old code's 404, the one answer for any code that cannot pay.
  consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
  expect(await balance(page, first.code)).toEqual({
    status: 404,
    body: { ok: false, error: 'This gift card code is not valid' },
  });
  const newCards = await page.evaluate(async (q) => {
    const response = await fetch(`/api/admin/gift-cards?q=${encodeURIComponent(q)}`);
    return ((await response.json()) as { giftCards: { id: string; balance: number }[] }).giftCards;
  }, corrected);
  expect(newCards).toHaveLength(1);
  const second = await codeOf(newCards[0]?.id ?? '');
  expect(second.to).toBe(corrected);
  expect(await balance(page, second.code)).toMatchObject({ status: 200, body: { balance: 5000 } });
  await page.getByRole('button', { name: `Open ••••${last4}` }).click();
  await expect(
    page.getByRole('region', { name: `Gift card ••••${last4}` }).getByRole('table', { name: 'Ledger' }),
  ).toContainText('Adjusted');
});

/** Free delivery in Ireland from €30 on this shop, once its pages show it. */
async function freeIrishDeliveryFrom30(request: APIRequestContext): Promise<void> {
  const owner = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const read = await request.get('/api/admin/settings', { headers: owner });
  const { settings } = (await read.json()) as { settings: AllSettings };
  const zones = settings.shipping.zones.map((z) => (z.id === 'IE' ? { ...z, freeFrom: 3000 } : z));
  const saved = await request.patch('/api/admin/settings', { headers: owner, data: { shipping: { zones } } });
  expect(saved.ok()).toBe(true);
  await expect
    .poll(async () => {
      const body = (await (await request.get(CURRENT_CATALOGUE_URL)).json()) as CatalogueResourceBody;
      return body.shop?.shipping.zones.find((z) => z.id === 'IE')?.freeFrom;
    })
    .toBe(3000);
}

/** The cards a search in the desk finds (the owner's session), newest first. */
async function cardsFor(page: Page, q: string): Promise<{ id: string; last4: string }[]> {
  return page.evaluate(async (query) => {
    const response = await fetch(`/api/admin/gift-cards?q=${encodeURIComponent(query)}`);
    return ((await response.json()) as { giftCards: { id: string; last4: string }[] }).giftCards;
  }, q);
}

/** A cart of one bracelet, as a shopper coming back to the shop has it. */
async function cartOf(page: Page, id: string): Promise<void> {
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.cart,
    JSON.stringify([{ id, quantity: 1 }]),
  ] as const);
  await page.goto('about:blank');
  await page.goto('/#/cart');
}

/** Types a gift card's code into the cart's one field and waits for its line. */
async function applyCard(page: Page, code: string, last4: string, available: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Gift card or discount code' });
  // On a phone the field opens from its link (it stays open once a card is in).
  if (!(await field.isVisible()))
    await page.getByRole('button', { name: 'Have a gift card or discount code?' }).click();
  await field.fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Gift card ••••${last4}: ${available} available`)).toBeVisible();
}

test('a €50 card bought for someone pays a €30 order in full, then €20 of another with a second card; the owner refunds it', async ({
  page,
  request,
}) => {
  await freeIrishDeliveryFrom30(request);
  // The owner's session first: the journey reads the cards' ids from her desk.
  await page.goto('/admin');
  await page.getByLabel('Owner token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();

  // The buyer: a €50 card for Niamh, alone in the bag, paid on the TEST checkout.
  const recipient = `niamh-${Date.now()}@example.ie`;
  await page.goto('/#/gift-cards');
  await expectHydrated(page, page.getByLabel('Recipient’s name'));
  await page.getByRole('radio', { name: '€50' }).check();
  await page.getByLabel('Recipient’s name').fill('Niamh');
  await page.getByLabel('Recipient’s email').fill(recipient);
  await page.getByLabel('Message (optional)').fill('Happy Christmas!');
  await page.getByRole('button', { name: 'Add to bag' }).click();
  await expect(page.getByText('€50.00 gift card for Niamh added to your bag.')).toBeVisible();
  await page.goto('/#/cart');
  await expect(page.getByText('€50.00 gift card for Niamh', { exact: true })).toBeVisible();
  // Cards alone: nothing else names the buyer, so the dialog asks who the card is from.
  await enterEmail(page, 'aoife.buyer@example.ie');
  const fromStep = page.getByRole('dialog', { name: 'Checkout' });
  await expect(fromStep.getByLabel('Your name')).toBeFocused();
  await fromStep.getByLabel('Your name').fill('Aoife Byrne');
  await fromStep.getByLabel('Your name').press('Enter');
  await page.waitForURL(/\/test-checkout\//);
  // Nothing is posted: no address step, no delivery line, no dispatch promise.
  await expect(page.getByRole('group', { name: 'Delivery address' })).toHaveCount(0);
  await expect(page.getByTestId('delivery-promise')).toHaveCount(0);
  await expect(page.getByText('Solas gift card')).toBeVisible();
  await fillTestCheckout(page, '4242 4242 4242 4242', null);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(GIFT_CARDS_ALONE_TEXTS.delivery)).toBeVisible();

  // Niamh's e-mail: the code, the amount, the message.
  const [card] = await cardsFor(page, recipient);
  const { id, last4 } = card ?? { id: '', last4: '' };
  const mail = await codeOf(id);
  expect(mail.to).toBe(recipient);
  expect(mail.text).toContain('€50.00');
  expect(mail.text).toContain('Happy Christmas!');
  expect(mail.text).toContain('Aoife Byrne sent you a Solas gift card');
  expect(mail.text).not.toContain('aoife.buyer@example.ie');

  // €30 of it: Fuchsia Hedgerow (€30.00, delivered free), paid in full by the card. No payment page
  // follows, so the checkout's dialog takes the delivery address, its country the zone's own.
  await cartOf(page, '5');
  await applyCard(page, mail.code, last4, '€50.00');
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await dialog.getByLabel('Email address').fill(recipient);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  // Each missing field says so beside it, and the first has the focus.
  await expect(dialog.getByLabel('Full name')).toBeFocused();
  await expect(dialog.getByLabel('Town or city')).toHaveAccessibleDescription('Enter the town or city');
  await dialog.getByLabel('Full name').fill('Niamh Kelly');
  await dialog.getByLabel('Address line 1').fill('12 Quay Street');
  await dialog.getByLabel('Town or city').fill('Galway');
  await dialog.getByLabel('Postcode (Eircode in Ireland)').fill('H91 X2Y3');
  await expect(dialog.getByLabel('Country')).toHaveValue('IE');
  await dialog.getByLabel('Postcode (Eircode in Ireland)').press('Enter');
  // Paid: its confirmation page, as after any payment, with the split (the card paid it all).
  await page.waitForURL(/\/order-confirmation\?paid=SOL-[A-Z0-9]{8}$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  const first = (await page.getByTestId('order-reference').textContent()) ?? '';
  expect(first).toMatch(/^SOL-[A-Z0-9]{8}$/);
  await expect(page.getByRole('term').filter({ hasText: `Gift card ••••${last4}` })).toBeVisible();
  expect(await balance(page, mail.code)).toMatchObject({ status: 200, body: { balance: 2000 } });
  // The maker can ship it: the desk's order shows the address like any order's.
  await page.goto(`/admin#/orders/${first}`);
  await expect(page.getByText('12 Quay Street')).toBeVisible();
  await expect(page.getByText('€30.00').first()).toBeVisible();

  // A second card: €10 the owner issues free (a goodwill gesture).
  const second = `niamh.second-${Date.now()}@example.ie`;
  await page.goto('/admin#/gift-cards');
  await page.getByRole('button', { name: 'Issue a card' }).click();
  await page.getByLabel('Amount (€10 to €500, whole euros)').fill('10');
  await page.getByLabel('Recipient’s name').fill('Niamh');
  await page.getByLabel('Recipient’s email').fill(second);
  await page.getByLabel('Reason (a raffle prize, a goodwill gesture)').fill('Goodwill');
  await page.getByRole('button', { name: 'Issue card' }).click();
  await expect(page.getByRole('region', { name: /^Gift card ••••[A-Z2-9]{4}$/ })).toBeVisible();
  const [goodwill] = await cardsFor(page, second);
  const other = await codeOf(goodwill?.id ?? '');

  // The €20 left and the €10 card pay €30 of First Light (€40.00); the TEST checkout takes €10.00.
  await cartOf(page, '1');
  await applyCard(page, mail.code, last4, '€20.00');
  await applyCard(page, other.code, goodwill?.last4 ?? '', '€10.00');
  await enterEmail(page, recipient);
  await page.waitForURL(/\/test-checkout\//);
  await expect(page.getByText('€10.00').first()).toBeVisible();
  await fillTestCheckout(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 15_000 });
  expect(await balance(page, mail.code)).toMatchObject({ status: 200, body: { balance: 0 } });
  expect(await balance(page, other.code)).toMatchObject({ status: 200, body: { balance: 0 } });

  // The owner: both cards' ledgers show the spends; the second order's refund goes to the card payment,
  // then to the cards.
  await page.goto('/admin#/gift-cards');
  for (const shown of [last4, goodwill?.last4 ?? '']) {
    await page.getByRole('button', { name: `Open ••••${shown}` }).click();
    const ledger = page
      .getByRole('region', { name: `Gift card ••••${shown}` })
      .getByRole('table', { name: 'Ledger' });
    await expect(ledger).toContainText('Spent');
  }
  const spent = await page.evaluate(async (cardId) => {
    const response = await fetch(`/api/admin/gift-cards/${cardId}`);
    const body = (await response.json()) as { giftCard: { ledger: { kind: string; reference?: string }[] } };
    return body.giftCard.ledger.filter((l) => l.kind === 'spent').map((l) => l.reference ?? '');
  }, id);
  expect(spent).toHaveLength(2);
  expect(spent[0]).toBe(first);
  const secondOrder = spent[1] ?? '';
  await page.goto(`/admin#/orders/${secondOrder}`);
  await page.getByLabel(/Everything left/).check();
  // Cards paid part of it: the owner may choose where their part goes; back to the cards is the default.
  const cardsPart = page.getByRole('group', { name: 'The gift cards’ part' });
  await expect(cardsPart.getByRole('radio', { name: 'Back to the gift cards' })).toBeChecked();
  await expect(cardsPart).toContainText(
    'The gift cards that paid get their balance back; their expiry is unchanged.',
  );
  await page.getByRole('button', { name: 'Refund…' }).click();
  await page
    .getByRole('alertdialog', { name: 'Refund €40.00?' })
    .getByRole('button', { name: 'Refund €40.00' })
    .click();
  await expect(page.getByText('Refunded €40.00. The shopper gets an e-mail.')).toBeVisible();
  expect(await balance(page, mail.code)).toMatchObject({ status: 200, body: { balance: 2000 } });
  expect(await balance(page, other.code)).toMatchObject({ status: 200, body: { balance: 1000 } });
});

test('a Christmas order of a €40 bracelet and two cards: the cart and the payment page show €190, then the split', async ({
  page,
  request,
}) => {
  await freeIrishDeliveryFrom30(request);
  await page.goto('/#/gift-cards');
  // A €10 card to pay with, issued by the owner; its code from its e-mail.
  const issued = await request.post('/api/admin/gift-cards', {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, origin: new URL(page.url()).origin },
    data: {
      amount: 1000,
      recipientName: 'Sean',
      recipientEmail: `sean-${Date.now()}@example.ie`,
      reason: 'Goodwill',
    },
  });
  expect(issued.status()).toBe(201);
  const { giftCard } = (await issued.json()) as { giftCard: { id: string; last4: string } };
  const paying = await codeOf(giftCard.id);

  // Two cards in the bag (€50 and €100) beside First Light (€40.00, delivered free from €30).
  await expectHydrated(page, page.getByLabel('Recipient’s name'));
  for (const [amount, name] of [
    ['€50', 'Niamh'],
    ['€100', 'Ciara'],
  ] as const) {
    await page.getByRole('radio', { name: amount }).check();
    await page.getByLabel('Recipient’s name').fill(name);
    await page.getByLabel('Recipient’s email').fill(`${name.toLowerCase()}@example.ie`);
    await page.getByRole('button', { name: 'Add to bag' }).click();
    await expect(page.getByText(`${amount}.00 gift card for ${name} added to your bag.`)).toBeVisible();
  }
  await cartOf(page, '1');
  await expect(page.getByRole('heading', { name: '3 items' })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('€190.00');
  await applyCard(page, paying.code, giftCard.last4, '€10.00');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary.getByText(`Gift card ••••${giftCard.last4}`, { exact: true })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('€190.00');
  await expect(page.getByTestId('cart-left-to-pay')).toHaveText('€180.00');

  await enterEmail(page, 'aoife.buyer@example.ie');
  await page.waitForURL(/\/test-checkout\//);
  await expect(page.locator('.row', { hasText: 'Order total' })).toContainText('€190.00');
  await expect(page.getByRole('term').filter({ hasText: `Gift card ••••${giftCard.last4}` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay €180.00' })).toBeVisible();
  await expect(page.locator('.row', { hasText: 'Total to pay' })).toContainText('€180.00');
});

test('a Christmas order of a bracelet and two cards refunded in full: the dialog names both cards, both are void', async ({
  page,
  request,
  consoleGuard,
}) => {
  // The order itself as the shop's API takes it (the cart's pages have journeys of their own): First
  // Light, a €50 card sent today and a €100 card for a later day, paid on the TEST checkout.
  const stamp = Date.now();
  const now = { amount: 5000, recipientName: 'Niamh', recipientEmail: `niamh-now-${stamp}@example.ie` };
  const later = { amount: 10000, recipientName: 'Ciara', recipientEmail: `ciara-later-${stamp}@example.ie` };
  const sendOn = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const opened = await request.post('/api/checkout', {
    data: {
      email: 'sean.buyer@example.ie',
      items: [{ id: '1', quantity: 1 }],
      giftCards: [now, { ...later, sendOn }],
    },
  });
  expect(opened.ok()).toBe(true);
  const { sessionId } = (await opened.json()) as { sessionId: string };
  const paid = await request.post(`/test-checkout/${sessionId}/pay`, {
    form: {
      email: 'sean.buyer@example.ie',
      name: 'Seán Byrne',
      line1: '4 Quay Street',
      city: 'Galway',
      postalCode: 'H91 AB12',
      country: 'IE',
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 39',
      cvc: '123',
    },
    maxRedirects: 0,
  });
  expect(paid.status()).toBeLessThan(400);
  const confirmed = await request.post(`/api/orders/${sessionId}/confirm`, { data: {} });
  const { reference } = (await confirmed.json()) as { reference: string };

  await page.goto('/admin');
  await page.getByLabel('Owner token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  const [sent] = await cardsFor(page, now.recipientEmail);
  const [scheduled] = await cardsFor(page, later.recipientEmail);
  const { code } = await codeOf(sent?.id ?? '');

  // The desk's order lists both cards as lines; the refund dialog names both as voided.
  await page.goto(`/admin#/orders/${reference}`);
  const bought = page.getByRole('table', { name: `Gift cards bought in order ${reference}` });
  await expect(bought).toContainText(`Gift card ••••${sent?.last4}`);
  await expect(bought).toContainText(`Gift card ••••${scheduled?.last4}`);
  await page.getByLabel(/Everything left/).check();
  await page.getByRole('button', { name: 'Refund…' }).click();
  const dialog = page.getByRole('alertdialog', { name: /^Refund €\d+\.\d{2}\?$/ });
  await expect(dialog).toContainText(
    `This refund voids gift card ••••${sent?.last4} (€50.00) and gift card ••••${scheduled?.last4} (€100.00, never e-mailed).`,
  );
  await dialog.getByRole('button', { name: /^Refund €/ }).click();
  await expect(page.getByText(/^Refunded €\d+\.\d{2}\. The shopper gets an e-mail\.$/)).toBeVisible();

  // Afterwards both are void: the lines say so, and the code sent pays nothing.
  await expect(bought.getByText('Voided by a refund')).toHaveCount(2);
  consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
  expect(await balance(page, code)).toMatchObject({ status: 404 });
});
