/**
 * Gift cards through the real browser and server, on a phone: the owner issues a €50 card without payment
 * from the desk's Gift cards screen (with its reason); the recipient's e-mail arrives in the outbox with
 * the code as XXXX-XXXX-XXXX-XXXX, the amount and the expiry; the balance check answers it; the owner
 * disables the card and reissues its balance to a corrected address: the old code stops at once, the new
 * one holds the balance, and both cards' ledgers show it. A shopper buys a €50 card for someone on the
 * Gift cards page and pays it on the TEST checkout; the recipient's e-mail has the code; it pays €50 of two
 * bracelets in the cart's "Gift card or discount code" field, the rest on the TEST checkout; the owner sees
 * the card's ledger and refunds the order: the card payment first, then the card's balance back.
 */
import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../domain/config';
import { enterEmail, fillTestCheckout } from './checkout-steps';
import { expect, test } from './fixtures';
import { expectHydrated } from './hydration';
import { emlFilesFor, readEml } from './outbox';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';
const CODE = /[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/;

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ consoleGuard }) => {
  // The desk asks for its session before signing in: that 401 is the sign-in screen's cue.
  consoleGuard.allow(/the server responded with a status of 401/);
});

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
  await expect.poll(() => emlFilesFor(named, 'gift-card').length, { timeout: 15_000 }).toBe(1);
  const [file] = emlFilesFor(named, 'gift-card');
  const mail = await readEml(file ?? '');
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

test('a shopper buys a card for someone, who spends it on bracelets; the owner refunds it to the card', async ({
  page,
}) => {
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
  await expect(page.getByText('€50.00 gift card for Niamh')).toBeVisible();
  await enterEmail(page, 'aoife.buyer@example.ie');
  await page.waitForURL(/\/test-checkout\//);
  await fillTestCheckout(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 15_000 });

  // The recipient's e-mail: the code, the amount, the message.
  const cards = await page.evaluate(async (q) => {
    const response = await fetch(`/api/admin/gift-cards?q=${encodeURIComponent(q)}`);
    return ((await response.json()) as { giftCards: { id: string; last4: string }[] }).giftCards;
  }, recipient);
  expect(cards).toHaveLength(1);
  const { id, last4 } = cards[0] ?? { id: '', last4: '' };
  const mail = await codeOf(id);
  expect(mail.to).toBe(recipient);
  expect(mail.text).toContain('€50.00');
  expect(mail.text).toContain('Happy Christmas!');

  // Niamh spends it: two First Light (€80.00), the card pays €50.00, the TEST checkout the rest.
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.cart,
    JSON.stringify([{ id: '1', quantity: 2 }]),
  ] as const);
  await page.goto('about:blank');
  await page.goto('/#/cart');
  // On a phone the field opens from its link.
  await page.getByRole('button', { name: 'Have a gift card or discount code?' }).click();
  await page.getByRole('textbox', { name: 'Gift card or discount code' }).fill(mail.code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`Gift card ••••${last4}: €50.00 available`)).toBeVisible();
  await enterEmail(page, recipient);
  await page.waitForURL(/\/test-checkout\//);
  await fillTestCheckout(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 15_000 });
  expect(await balance(page, mail.code)).toMatchObject({ status: 200, body: { balance: 0 } });

  // The owner: the card's ledger shows the spend; the refund goes to the card payment, then the card.
  await page.goto('/admin#/gift-cards');
  await page.getByRole('button', { name: `Open ••••${last4}` }).click();
  const ledger = page
    .getByRole('region', { name: `Gift card ••••${last4}` })
    .getByRole('table', { name: 'Ledger' });
  await expect(ledger).toContainText('Spent');
  const spent = await page.evaluate(async (cardId) => {
    const response = await fetch(`/api/admin/gift-cards/${cardId}`);
    const body = (await response.json()) as { giftCard: { ledger: { kind: string; reference?: string }[] } };
    return body.giftCard.ledger.find((l) => l.kind === 'spent')?.reference ?? '';
  }, id);
  expect(spent).toMatch(/^SOL-/);
  await page.goto(`/admin#/orders/${spent}`);
  await page.getByLabel(/Everything left/).check();
  await page.getByRole('button', { name: 'Refund…' }).click();
  await page
    .getByRole('alertdialog', { name: 'Refund €80.00?' })
    .getByRole('button', { name: 'Refund €80.00' })
    .click();
  await expect(page.getByText('Refunded €80.00. The shopper gets an e-mail.')).toBeVisible();
  expect(await balance(page, mail.code)).toMatchObject({ status: 200, body: { balance: 5000 } });
});
