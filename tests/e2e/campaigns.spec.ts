/**
 * The newsletter written and sent from the desk on a phone (docs/product/states.md §5.10), against the real
 * server: the owner writes a campaign with two product blocks, previews it, sends a test to herself, then
 * sends it. Two confirmed subscribers get exactly one e-mail each (an .eml file in DATA_DIR/outbox) with
 * the RFC 8058 headers; an unconfirmed one gets nothing; each e-mail's one-click POST unsubscribes at once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { getProduct } from '../../domain/catalogue';
import { NEWSLETTER_MAIL_KINDS } from '../../server/newsletter/mail-kinds';
import { expect, test } from './fixtures';
import { shot } from './shot';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';
const OUTBOX = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
const FIRST_LIGHT = getProduct('1');
const SEA_GLASS = getProduct('5');
if (!FIRST_LIGHT || !SEA_GLASS) throw new Error('catalogue changed: products 1 and 5 are needed');

/** Each .eml of this kind (of one campaign, when given), its text with quoted-printable soft breaks undone. */
function mails(kind: string, campaignFilePart = ''): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(OUTBOX).filter((f) => f.endsWith(`-${kind}.eml`) && f.includes(campaignFilePart));
  } catch {
    return [];
  }
  return names.map((n) =>
    readFileSync(path.join(OUTBOX, n), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=')
      .replace(/\r?\n[ \t]+/g, ' '),
  );
}

const toOf = (mail: string) => /^To: (.+)$/m.exec(mail)?.[1]?.trim() ?? '';

/** A sign-up through the shop's API; confirmed by its e-mail's link page when `confirm`. */
async function subscriber(request: APIRequestContext, baseURL: string, email: string, confirm: boolean) {
  const headers = { origin: baseURL };
  const res = await request.post('/api/newsletter', { data: { email, source: 'home' }, headers });
  expect(res.status()).toBe(200);
  if (!confirm) return;
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const mail = mails(NEWSLETTER_MAIL_KINDS.newsletterConfirmation).find((m) => toOf(m) === email);
        link = mail && /(\/newsletter\/confirm\?token=[A-Za-z0-9_-]{32})/.exec(mail)?.[1];
        return link !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const token = new URL(link ?? '', baseURL).searchParams.get('token') ?? '';
  const confirmed = await request.post(link ?? '', { form: { token }, headers });
  expect(confirmed.status()).toBe(200);
}

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ consoleGuard, request }) => {
  const probe = await request.get(`/img/${FIRST_LIGHT.image}-320.webp`);
  if (!probe.ok()) consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
});

test('the owner writes a campaign on a phone, tests it and sends it to confirmed subscribers once each', async ({
  page,
  request,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const run = Date.now();
  const aoife = `aoife-${run}@example.ie`;
  const brian = `brian-${run}@example.ie`;
  const pending = `pending-${run}@example.ie`;
  await subscriber(request, base, aoife, true);
  await subscriber(request, base, brian, true);
  await subscriber(request, base, pending, false);

  await page.goto('/admin');
  await page.getByLabel('Owner token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // On a phone the Newsletter is one of the sections under More.
  const nav = page.getByRole('navigation', { name: 'Desk' });
  await nav.locator('summary', { hasText: 'More' }).click();
  await nav.getByRole('link', { name: 'Newsletter' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
  await page.getByRole('link', { name: 'New campaign' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New campaign' })).toBeVisible();

  const subject = `Autumn at Solas ${run}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel(/Preview line/).fill('Two new favourites');
  await page.getByLabel(/Message/).fill('# New this week\n\nTwo **favourites** are back on the table.');
  await page.getByRole('checkbox', { name: new RegExp(FIRST_LIGHT.name) }).check();
  await page.getByRole('checkbox', { name: new RegExp(SEA_GLASS.name) }).check();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  const id = /#\/newsletter\/(cmp_[A-Za-z0-9]+)/.exec(page.url())?.[1] ?? '';
  expect(id).not.toBe('');
  const filePart = id.replace(/_/g, '');

  // The preview, as subscribers receive it, at a phone's width then a laptop's.
  const phone = page.frameLocator('iframe[title="The e-mail at a phone\'s width"]');
  await expect(phone.getByRole('heading', { name: 'New this week' })).toBeVisible();
  await expect(phone.getByRole('link', { name: FIRST_LIGHT.name, exact: true })).toBeVisible();
  await expect(phone.getByRole('link', { name: SEA_GLASS.name, exact: true })).toBeVisible();
  await shot(page, { path: 'test-results/campaign-phone.png', fullPage: true });
  await page.getByRole('button', { name: 'Laptop' }).click();
  await expect(page.locator('iframe[title="The e-mail at a laptop\'s width"]')).toBeVisible();

  await page.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(page.getByText('Test sent to your address.')).toBeVisible();
  await expect
    .poll(() => mails(NEWSLETTER_MAIL_KINDS.campaignTest, filePart).length, { timeout: 15_000 })
    .toBe(1);
  expect(mails(NEWSLETTER_MAIL_KINDS.campaignTest, filePart)[0]).toContain(`Subject: [TEST] ${subject}`);

  await page.getByRole('button', { name: 'Send now' }).click();
  await page.getByRole('button', { name: 'Yes, send now' }).click();
  await expect(page.getByLabel('Subject')).toHaveCount(0);
  await expect(page.getByText(/^(Scheduled|Sending|Sent) ·/)).toBeVisible();

  // The paced pass queues them within a pass or two; the outbox writes each once.
  const ours = () =>
    mails(NEWSLETTER_MAIL_KINDS.campaign, filePart).filter((m) => [aoife, brian, pending].includes(toOf(m)));
  await expect.poll(() => ours().length, { timeout: 45_000 }).toBe(2);
  const sent = ours();
  expect(sent.map(toOf).sort()).toEqual([aoife, brian].sort());
  for (const mail of sent) {
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const url = /^List-Unsubscribe: <([^>]+)>$/m.exec(mail)?.[1] ?? '';
    expect(url.startsWith(`${base}/newsletter/unsubscribe?token=`)).toBe(true);
    // A mail provider's one-click POST: no Origin, no cookie; 2xx and the address is off the list at once.
    const res = await request.post(url, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(res.status()).toBeGreaterThanOrEqual(200);
    expect(res.status()).toBeLessThan(300);
    const left = await request.get(`/api/admin/subscribers?q=${encodeURIComponent(toOf(mail))}`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect((await left.json()).total).toBe(0);
  }

  // The desk shows it sent with its counts once the pass has seen the end.
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/admin/campaigns/${id}`, {
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        });
        return (await res.json()).campaign.status;
      },
      { timeout: 45_000 },
    )
    .toBe('sent');
  await page.reload();
  await expect(page.getByText(/^Sent ·/)).toBeVisible();
  await shot(page, { path: 'test-results/campaign-sent-phone.png', fullPage: true });
  const counts = page.getByRole('region', { name: 'Campaign' });
  await expect(counts.getByText('Unsubscribed since').locator('xpath=following-sibling::dd')).toHaveText(
    /^[2-9]|\d\d/,
  );
});
