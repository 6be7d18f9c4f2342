/**
 * People and passkeys in Chromium with virtual authenticators (the DevTools protocol's WebAuthn domain), on
 * a shop cluster of its own (two instances on one PostgreSQL behind nginx, PUBLIC_URL on localhost): the
 * shared e2e server signs in with the token, which stops once a person exists. The owner signs in with the
 * token on the fresh shop, registers her passkey, signs out, signs in with it, and the token no longer opens
 * the desk; she invites a maker, who opens the e-mail's link on a phone, registers a passkey and sees Today
 * and the orders but no Products or Settings, starts making a paid order (no Refund or Cancel offered) and
 * finds her name on the step and on Today; the owner removes her and her next request is refused on
 * both instances. Screenshots go to test-results/people-passkeys/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { PEOPLE_MESSAGES } from '../../domain/people/people-api';
import { paidOrderOn, type ShopCluster, startShopCluster } from '../support/shop-cluster';
import { virtualAuthenticator } from '../support/virtual-authenticator';
import { expect, test } from './fixtures';
import { shot } from './shot';

const ADMIN_TOKEN = 'people-passkeys-admin-token-0123456789';
const SHOTS = path.resolve('test-results/people-passkeys');

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let shop: ShopCluster;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  shop = await startShopCluster('people', { RATE_LIMITS: 'off', ADMIN_TOKEN }, 2, 'localhost');
  mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  await shop?.stop();
});

async function signInWithToken(page: Page): Promise<void> {
  await page.getByLabel('Owner token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
}

let ownerContext: BrowserContext;
let owner: Page;

test('the owner signs in with the token on a fresh shop, registers her passkey and signs in with it', async ({
  browser,
}) => {
  ownerContext = await browser.newContext();
  owner = await ownerContext.newPage();
  await virtualAuthenticator(owner);
  await owner.goto(`${shop.cluster.url}/admin#/`);
  await signInWithToken(owner);
  await expect(owner.getByRole('heading', { name: 'Register your passkey' })).toBeVisible();
  // The prompt blocks nothing: Today is there under it.
  await expect(owner.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await owner.getByLabel('Your name').fill('Aoife');
  await owner.getByLabel('Your e-mail').fill('aoife@solas.example');
  await owner.getByRole('button', { name: 'Register a passkey' }).click();
  await expect(owner.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  await expect(owner.getByRole('listitem').filter({ hasText: /^[0-9A-Z]{5}-[0-9A-Z]{5}$/ })).toHaveCount(10);
  await shot(owner, { path: path.join(SHOTS, '1-recovery-codes.png'), fullPage: true });
  await owner.getByRole('button', { name: 'I have kept them' }).click();
  await expect(owner.getByRole('link', { name: 'Aoife: your passkeys and devices' })).toBeVisible();
  await expect(owner.getByRole('heading', { name: 'Register your passkey' })).toHaveCount(0);

  await signOut(owner);
  await owner.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(owner.getByRole('link', { name: 'Aoife: your passkeys and devices' })).toBeVisible();
  await shot(owner, { path: path.join(SHOTS, '2-signed-in-with-passkey.png'), fullPage: true });

  // Another browser (no passkey there, so the passkey suggestions wait): the form offers no token any
  // more, and the desk's sign-in refuses it whatever a page sends.
  const other = await browser.newContext();
  const page = await other.newPage();
  await page.goto(`${shop.cluster.url}/admin#/`);
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await expect(page.getByText('Use a recovery code')).toBeVisible();
  await expect(page.getByLabel('Owner token')).toHaveCount(0);
  const refused = await page.evaluate(async (token) => {
    const res = await fetch('/api/admin/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    return { status: res.status, body: (await res.json()) as { error: string } };
  }, ADMIN_TOKEN);
  expect(refused).toEqual({ status: 403, body: { ok: false, error: PEOPLE_MESSAGES.tokenRetired } });
  await shot(page, { path: path.join(SHOTS, '3-token-refused.png'), fullPage: true });
  await other.close();
});

let makerContext: BrowserContext;
let maker: Page;

test('she invites a maker, who registers a passkey from the e-mail on a phone and sees only her screens', async ({
  browser,
}) => {
  await owner.goto(`${shop.cluster.url}/admin#/people`);
  await owner.getByLabel('Name', { exact: true }).fill('Niamh');
  await owner.getByLabel('E-mail', { exact: true }).fill('niamh@example.ie');
  await owner.getByLabel('Role', { exact: true }).selectOption('maker');
  await owner.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(
    owner.getByRole('status').filter({ hasText: 'Invitation sent to niamh@example.ie' }),
  ).toBeVisible();

  await expect
    .poll(() => shop.sink.messages.filter((m) => m.envelopeTo.includes('niamh@example.ie')).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const mail = shop.sink.messages.find((m) => m.envelopeTo.includes('niamh@example.ie'));
  const links = [...(mail?.parsed.text ?? '').matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
  expect(links).toHaveLength(1);
  expect(links[0]).toContain('/admin#/welcome/');

  makerContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  maker = await makerContext.newPage();
  await virtualAuthenticator(maker);
  await maker.goto(links[0] ?? '');
  await maker.getByRole('button', { name: 'Register your passkey' }).click();
  await expect(maker.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(maker.getByRole('link', { name: 'Niamh: your passkeys and devices' })).toBeVisible();
  const nav = maker.getByRole('navigation', { name: 'Desk' });
  await expect(nav.getByRole('link')).toHaveText(['Today', 'Orders', 'Packing slips', 'Materials']);
  await expect(maker.getByRole('heading', { name: 'Settings' })).toHaveCount(0);
  await shot(maker, { path: path.join(SHOTS, '4-maker-today-phone.png'), fullPage: true });
  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(maker.getByRole('heading', { level: 1, name: 'Work to do' })).toBeVisible();
  await expect(maker.getByRole('button', { name: /refund/i })).toHaveCount(0);

  // A paid order on the other instance: she starts making it; no Refund or Cancel is offered, and her
  // name is on the step, in the order's timeline and on Today.
  const reference = await paidOrderOn(
    shop.cluster,
    shop.cluster.instances[1]?.url ?? '',
    { email: 'brid.shopper@example.ie', name: 'Bríd Shopper' },
    '3',
  );
  await maker.goto(`${shop.cluster.url}/admin#/orders/${reference}`);
  await expect(maker.getByRole('heading', { level: 1, name: new RegExp(reference) })).toBeVisible();
  await expect(maker.getByRole('button', { name: /refund|cancel/i })).toHaveCount(0);
  await maker.getByRole('button', { name: 'Start making' }).click();
  await expect(maker.getByText('Production started by Niamh')).toBeVisible();
  await shot(maker, { path: path.join(SHOTS, '4b-maker-order-phone.png'), fullPage: true });
  await nav.getByRole('link', { name: 'Today' }).click();
  await expect(
    maker.getByRole('region', { name: 'Done today' }).getByRole('listitem').filter({ hasText: reference }),
  ).toContainText('Production started by Niamh');
});

test('the owner removes her: her next request is refused on both instances', async () => {
  const cookie = (await makerContext.cookies()).find((c) => c.name === 'solas_admin');
  expect(cookie).toBeDefined();
  await owner.goto(`${shop.cluster.url}/admin#/people`);
  await owner.getByRole('button', { name: 'Remove Niamh' }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Remove Niamh' }).click();
  await expect(owner.getByRole('status').filter({ hasText: 'Niamh is removed' })).toBeVisible();
  await shot(owner, { path: path.join(SHOTS, '5-people-after-removal.png'), fullPage: true });
  for (const instance of shop.cluster.instances) {
    const res = await fetch(`${instance.url}/api/admin/orders`, {
      headers: { cookie: `solas_admin=${cookie?.value ?? ''}` },
    });
    expect(res.status).toBe(401);
  }
  // Her phone, opened again: the desk asks who she is, and the answer is to sign in.
  await maker.reload();
  await expect(maker.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await makerContext.close();
  await ownerContext.close();
});
