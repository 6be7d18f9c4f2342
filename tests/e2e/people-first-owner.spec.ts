/**
 * The first owner on a phone, on a shop of her own (one instance on PostgreSQL behind nginx, PUBLIC_URL on
 * localhost, a virtual authenticator): the sign-in screen opens on the token's form; she signs in with the
 * token, skips the passkey prompt and goes to invite a maker: the desk asks for her passkey first (the
 * server refuses the invitation), and she is still signed in. She signs out and back in with the token, registers her passkey, keeps the
 * recovery codes (her name in the header at once) and the invitation is sent. Screenshots go to
 * test-results/people-first-owner/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PEOPLE_MESSAGES } from '../../domain/people/people-api';
import { type ShopCluster, startShopCluster } from '../support/shop-cluster';
import { virtualAuthenticator } from '../support/virtual-authenticator';
import { expect, test } from './fixtures';
import { shot } from './shot';

const ADMIN_TOKEN = 'people-first-owner-admin-token-0123456789';
const SHOTS = path.resolve('test-results/people-first-owner');

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let shop: ShopCluster;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  shop = await startShopCluster('first-owner', { RATE_LIMITS: 'off', ADMIN_TOKEN }, 1, 'localhost');
  mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  await shop?.stop();
});

async function signInWithToken(page: Page): Promise<void> {
  await page.getByLabel('Owner token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Register your passkey' })).toBeVisible();
}

async function invite(page: Page, name: string, email: string): Promise<void> {
  await page.goto(`${shop.cluster.url}/admin#/people`);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('maker');
  await page.getByRole('button', { name: 'Send the invitation' }).click();
}

test('an owner who invites before registering her passkey is told to register first, and gets back in', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await virtualAuthenticator(page);

  // The first start: the token's form comes first, saying where the token is.
  await page.goto(`${shop.cluster.url}/admin#/`);
  const token = page.getByLabel('Owner token');
  await expect(token).toBeVisible();
  await expect(page.getByText('First start: nobody is on the desk yet')).toBeVisible();
  const tokenTop = (await token.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  const passkeyTop =
    (await page.getByRole('button', { name: 'Sign in with a passkey' }).boundingBox())?.y ?? 0;
  expect(tokenTop).toBeLessThan(passkeyTop);
  await shot(page, { path: path.join(SHOTS, '1-first-start-sign-in.png'), fullPage: true });

  // She skips the prompt and goes to invite a maker: People asks for her passkey first, and the server
  // refuses an invitation from her session whatever a page sends; her session goes on.
  await signInWithToken(page);
  await page.goto(`${shop.cluster.url}/admin#/people`);
  await expect(page.getByText(PEOPLE_MESSAGES.ownerFirst)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send the invitation' })).toHaveCount(0);
  const refused = await page.evaluate(async () => {
    const res = await fetch('/api/admin/people', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Niamh', email: 'niamh@example.ie', role: 'maker' }),
    });
    return { status: res.status, body: (await res.json()) as { error: string } };
  });
  expect(refused).toEqual({ status: 409, body: { ok: false, error: PEOPLE_MESSAGES.ownerFirst } });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Register your passkey' })).toBeVisible();
  await expect(page.getByText(PEOPLE_MESSAGES.ownerFirst)).toBeVisible();
  await shot(page, { path: path.join(SHOTS, '2-invite-refused.png'), fullPage: true });

  // Signed out, the token still opens the desk: nobody is on it yet.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await signInWithToken(page);

  await page.getByLabel('Your name').fill('Aoife');
  await page.getByLabel('Your e-mail').fill('aoife@solas.example');
  await page.getByRole('button', { name: 'Register a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Your recovery codes' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Aoife: your passkeys and devices' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copy the codes' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Save as a text file' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print the codes' })).toBeVisible();
  await page.getByRole('heading', { name: 'Your recovery codes' }).scrollIntoViewIfNeeded();
  await shot(page, { path: path.join(SHOTS, '3-recovery-codes.png') });
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Save as a text file' }).click();
  expect((await download).suggestedFilename()).toBe('solas-recovery-codes.txt');
  await page.getByRole('button', { name: 'I have kept them' }).click();

  await invite(page, 'Niamh', 'niamh@example.ie');
  await expect(
    page.getByRole('status').filter({ hasText: 'Invitation sent to niamh@example.ie' }),
  ).toBeVisible();
  await expect
    .poll(() => shop.sink.messages.filter((m) => m.envelopeTo.includes('niamh@example.ie')).length, {
      timeout: 20_000,
    })
    .toBe(1);
  await context.close();
});
