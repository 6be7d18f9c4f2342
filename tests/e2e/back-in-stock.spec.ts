/**
 * "Tell me when it's back" on a phone against the real server (docs/product/states.md §5.10): the owner pauses a
 * product; a shopper leaves an address on its page, confirms it from the e-mail's link page; the owner
 * makes the product active again and the shopper gets exactly one e-mail with its photo, price and link.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getProduct } from '../../domain/catalogue';
import { NEWSLETTER_MAIL_KINDS } from '../../server/newsletter/mail-kinds';
import { expect, test } from './fixtures';
import { holdAppScripts } from './hydration';
import { shopOfItsOwn } from './own-shop';
import { shot } from './shot';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';
// It pauses a product for every shopper: a shop of its own.
const shop = shopOfItsOwn();
const outbox = () => path.join(shop().dataDir, 'outbox');
const PRODUCT = getProduct('9');
if (!PRODUCT) throw new Error('catalogue changed: product 9 is needed');

function mailsTo(kind: string, email: string): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(outbox()).filter((f) => f.endsWith(`-${kind}.eml`));
  } catch {
    return [];
  }
  return names
    .map((n) =>
      readFileSync(path.join(outbox(), n), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((m) => new RegExp(`^To: ${email}$`, 'mi').test(m));
}

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
test.describe.configure({ timeout: 90_000 });

test('a paused product tells one shopper, once, when it is back', async ({
  page,
  request,
  baseURL,
  consoleGuard,
}) => {
  const probe = await request.get(`/img/${PRODUCT.image}-320.webp`);
  if (!probe.ok()) consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
  const owner = { authorization: `Bearer ${ADMIN_TOKEN}` };
  const setStatus = async (status: 'active' | 'paused') => {
    const res = await request.patch(`/api/admin/products/${PRODUCT.id}`, {
      headers: owner,
      data: { status, note: status === 'paused' ? 'Back after the holidays' : '' },
    });
    expect(res.status()).toBe(200);
  };
  const email = `waiting-${Date.now()}@example.ie`;
  await setStatus('paused');
  try {
    // The pages are rendered again from the new catalogue within moments of the change.
    await expect
      .poll(
        async () => {
          await page.goto(`/product/${PRODUCT.id}`);
          return page.getByTestId('paused-notice').count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await expect(page.getByTestId('paused-notice')).toContainText('Back after the holidays');
    // A slow phone: the address typed and the button pressed before the app has started. The page holds
    // the press and the app answers it once hydrated: the address is sent, never lost to a reload.
    const slow = await page.context().newPage();
    const release = await holdAppScripts(slow);
    await slow.goto(`/product/${PRODUCT.id}`, { waitUntil: 'domcontentloaded' });
    const form = slow.getByRole('form', { name: 'Tell me when it’s back' });
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Tell me when it’s back' }).click();
    release();
    await expect(form.getByRole('status')).toContainText('Please check your inbox to confirm');
    await expect(form.getByLabel('Email address')).toHaveValue('');
    await shot(slow, { path: 'test-results/back-in-stock-phone.png', fullPage: false });
    await slow.close();

    await expect
      .poll(() => mailsTo(NEWSLETTER_MAIL_KINDS.backInStockConfirmation, email).length, { timeout: 15_000 })
      .toBe(1);
    const link = /(http:\/\/[^\s"<>]+\/back-in-stock\/confirm\?token=[A-Za-z0-9_-]{32})/.exec(
      mailsTo(NEWSLETTER_MAIL_KINDS.backInStockConfirmation, email)[0] ?? '',
    )?.[1];
    expect(link?.startsWith(baseURL ?? '')).toBe(true);
    await page.goto(link ?? '');
    await page.getByRole('button', { name: 'Yes, tell me' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We’ll tell you');
  } finally {
    await setStatus('active');
  }
  await expect
    .poll(() => mailsTo(NEWSLETTER_MAIL_KINDS.backInStock, email).length, { timeout: 30_000 })
    .toBe(1);
  const mail = mailsTo(NEWSLETTER_MAIL_KINDS.backInStock, email)[0] ?? '';
  expect(mail).toContain(`${PRODUCT.name} is back at Solas`);
  expect(mail).toContain(`/product/${PRODUCT.id}`);
  // Paused and active again: nothing more for this address, which is gone.
  await setStatus('paused');
  await setStatus('active');
  expect(mailsTo(NEWSLETTER_MAIL_KINDS.backInStock, email)).toHaveLength(1);
});
