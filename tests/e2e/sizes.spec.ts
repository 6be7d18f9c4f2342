/**
 * Sizes, the size finder and a gift message end to end (docs/product/sizes.md §13): choose Large with the finder
 * on the product page, write a gift message in the cart, pay on the TEST MODE checkout, then find the size
 * and the message on the test checkout, the confirmation page and in both e-mails.
 */
import path from 'node:path';
import { BRAND } from '../../domain/config';
import { expect, test } from './fixtures';
import { emlFilesFor, readEml } from './outbox';
import { shot } from './shot';

const OWNER = BRAND.contactEmail;
const SHOPPER = 'aoife.walsh@example.ie';
const MESSAGE_LINES = ['Happy birthday <b>Niamh</b>!', 'Love, Aoife'];
const SHOTS = path.resolve('test-results/sizes');

test.beforeEach(async ({ consoleGuard, request }) => {
  const probe = await request.get('/img/product-26-1-320.webp');
  if (!probe.ok()) consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
});

test('choose Large with the finder, write a gift message, pay, and find both everywhere', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/#/product/26');
  const sizes = page.getByRole('radiogroup', { name: 'Size' });
  await expect(sizes.getByRole('radio', { name: /Medium/ })).toBeChecked();

  await page.getByRole('button', { name: 'Size guide' }).click();
  const guide = page.getByRole('dialog', { name: 'Size Guide' });
  await expect(guide.getByRole('columnheader', { name: 'Bracelet length' })).toBeVisible();
  await guide.getByLabel('Wrist circumference (cm)').fill('18,5');
  await expect(guide.getByRole('radio', { name: /Standard/ })).toBeChecked();
  await guide.getByRole('button', { name: 'Find my size' }).click();
  await expect(guide.getByRole('status')).toHaveText('Your bracelet: 20 cm. We recommend Large.');
  await shot(page, { path: path.join(SHOTS, 'size-finder.png') });
  await guide.getByRole('button', { name: 'Choose Large' }).click();
  await expect(guide).toBeHidden();
  await expect(sizes.getByRole('radio', { name: /Large/ })).toBeChecked();
  await shot(page, { path: path.join(SHOTS, 'product-size.png') });

  await page.getByRole('button', { name: 'Buy Now' }).click();
  await page.waitForURL(/#\/cart$/);
  await expect(page.getByRole('combobox', { name: 'Size of Burgundy Safari' })).toHaveValue('L');
  await page.getByLabel(/Add gift wrapping/).check();
  const message = page.getByRole('textbox', { name: 'Gift message (optional)' });
  await message.fill(MESSAGE_LINES.join('\n'));
  await expect(page.getByTestId('gift-message-count')).toHaveText(`${MESSAGE_LINES.join('\n').length}/200`);
  await shot(page, { path: path.join(SHOTS, 'cart-gift.png'), fullPage: true });

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await dialog.getByLabel('Email address').fill(SHOPPER);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/test-checkout\/cs_test_[A-Za-z0-9]+$/);
  const sessionId = page.url().split('/').pop() ?? '';
  const reference = `SOL-${sessionId.slice(8, 16).toUpperCase()}`;
  await expect(page.getByText('Burgundy Safari (Large)')).toBeVisible();

  await page.getByLabel('Full name').fill('Aoife Walsh');
  await page.getByLabel('Address').fill('2 Strand Road');
  await page.getByLabel('Town or city').fill('Sligo');
  await page.getByLabel('Postcode').fill('F91 AB12');
  await page.getByLabel('Country').selectOption('IE');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();

  await page.waitForURL(/#\/order-confirmation\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByText('Burgundy Safari (Large)')).toBeVisible();
  await expect(page.getByTestId('confirmed-gift-message')).toHaveText(MESSAGE_LINES.join('\n'));
  await shot(page, { path: path.join(SHOTS, 'confirmation.png'), fullPage: true });

  await expect.poll(() => emlFilesFor(reference).length, { timeout: 15_000 }).toBe(2);
  const mails = await Promise.all(emlFilesFor(reference).map((f) => readEml(f)));
  const to = mails.map((m) => (Array.isArray(m.to) ? '' : (m.to?.value[0]?.address ?? ''))).sort();
  expect(to).toEqual([SHOPPER, OWNER].sort());
  for (const mail of mails) {
    expect(mail.text).toContain('1 x Burgundy Safari (Large)');
    expect(mail.text).toContain(`Gift message\n  ${MESSAGE_LINES[0]}\n  ${MESSAGE_LINES[1]}`);
    expect(mail.html || '').toContain('Burgundy Safari (Large)');
    expect(mail.html || '').toContain('Happy birthday &lt;b&gt;Niamh&lt;/b&gt;!<br>Love, Aoife');
    expect(mail.text).not.toMatch(/reply to this e-mail with your size/i);
  }
});

test('the measuring strip prints at true scale and says so', async ({ page }) => {
  await page.goto('/measuring-strip');
  await expect(page.getByText('Print at 100%')).toBeVisible();
  // 10 cm and the 26 cm strip in CSS millimetres: what a printer at 100% puts on paper.
  const mm = 96 / 25.4;
  const check = await page.getByRole('img', { name: '10 cm check line' }).boundingBox();
  expect(check?.width).toBeCloseTo(100 * mm, 0);
  const strip = await page.getByRole('img', { name: /Measuring strip from 0 to 26 cm/ }).boundingBox();
  expect(strip?.width).toBeCloseTo(270 * mm, 0);
});
