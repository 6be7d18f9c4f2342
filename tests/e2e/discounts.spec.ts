/**
 * Discount codes in a real browser against the real server and its test checkout: the owner creates
 * XMAS15 (15%, minimum €60, 2 uses) on the desk; a shopper applies it in the cart, sees the line and the
 * new total, pays on the test checkout (which shows `Discount (XMAS15) -€x.xx`) and the confirmation
 * shows it; a second checkout takes the last use and a third is refused with the reason.
 */
import { getProduct } from '../../domain/catalogue';
import { STORAGE_KEYS } from '../../domain/config';
import { enterEmail, fillTestCheckout } from './checkout-steps';
import { expect, test } from './fixtures';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';
const FIRST_LIGHT = getProduct('1');
if (!FIRST_LIGHT) throw new Error('catalogue changed: product 1 is missing');

test.beforeEach(async ({ consoleGuard, request }) => {
  const probe = await request.get(`/img/${FIRST_LIGHT.image}-320.webp`);
  if (!probe.ok()) consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
});

test('owner creates XMAS15; a shopper applies it and pays; a third use is refused', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  // The desk asks for its session before signing in: that 401 is the sign-in screen's cue.
  consoleGuard.allow(/the server responded with a status of 401/);
  // The owner, on the desk.
  await page.goto('/admin');
  await page.getByLabel('Owner token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Discounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Discounts' })).toBeVisible();
  await page.getByRole('button', { name: 'New code' }).click();
  await page.getByRole('textbox', { name: 'Code' }).fill('XMAS15');
  await page.getByRole('textbox', { name: 'Percent off' }).fill('15');
  await page.getByRole('textbox', { name: 'Minimum subtotal (€)' }).fill('60');
  await page.getByRole('textbox', { name: 'Total uses' }).fill('2');
  await page.getByRole('button', { name: 'Create code' }).click();
  await expect(page.getByRole('rowheader', { name: /XMAS15/ })).toBeVisible();

  // The shopper: two First Light (€80.00), the code applied in the cart.
  await page.goto('/#/cart');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.cart,
    JSON.stringify([{ id: '1', quantity: 2 }]),
  ] as const);
  await page.goto('about:blank');
  await page.goto('/#/cart');
  await page.getByRole('textbox', { name: 'Discount code' }).fill('xmas15');
  await page.getByRole('button', { name: 'Apply' }).click();
  const subtotal = FIRST_LIGHT.price * 2;
  const off = Math.ceil((subtotal * 15) / 100);
  const euro = (c: number) => `€${(c / 100).toFixed(2)}`;
  await expect(page.getByTestId('cart-discount')).toHaveText(`−${euro(off)}`);
  await expect(page.getByTestId('cart-total')).toHaveText(euro(subtotal - off));

  await enterEmail(page, 'saoirse.kelly@example.ie');
  await page.waitForURL(/\/test-checkout\//);
  await expect(page.getByText(`Discount (XMAS15)`)).toBeVisible();
  await expect(page.getByText(`-${euro(off)}`)).toBeVisible();
  await fillTestCheckout(page, '4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/#\/order-confirmation\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Discount (XMAS15)')).toBeVisible();

  // The second use goes to another checkout; the third is refused with its reason.
  const cart = (email: string) => ({
    email,
    items: [{ id: '1', quantity: 2 }],
    zone: 'IE',
    discountCode: 'XMAS15',
  });
  const second = await request.post('/api/checkout', { data: cart('niamh@example.ie') });
  expect(second.status()).toBe(200);
  const third = await request.post('/api/checkout', { data: cart('aoife@example.ie') });
  expect(third.status()).toBe(400);
  expect(await third.json()).toEqual({
    ok: false,
    error: 'The code XMAS15 has been used as many times as it can be.',
  });
});
