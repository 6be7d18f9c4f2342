/**
 * Reviews from buyers (docs/product/settled-choices.md §8.13) in a real browser against the real server: two orders paid,
 * dispatched and delivered in the desk; the review request e-mail (once) with the order page's link; a
 * 4-star review written with the keyboard only (the rating's five radios: Space checks, arrows move) and
 * a 2-star one; both published in the desk's Reviews section; the product page and the card show 3.0 from
 * 2 reviews; one hidden, the count follows. axe finds nothing serious on the order page's form.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { productJsonLdOf } from '../support/product-json-ld';
import { GALWAY_CARD_FORM } from '../support/test-app';
import { axeScan, expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { emlFilesFor, readEml } from './outbox';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';
const OWNER = { authorization: `Bearer ${ADMIN_TOKEN}` };
/** A product no other journey reviews (the seed's product 5). */
const PRODUCT = { id: '5', name: 'Fuchsia Hedgerow' };

test.beforeEach(async ({ consoleGuard, request }) => {
  const probe = await request.get('/img/first-light-320.webp');
  if (!probe.ok()) consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
});

/** An order of PRODUCT paid through the TEST MODE checkout's own endpoints; returns its reference. */
async function paidOrder(request: APIRequestContext, email: string, name: string): Promise<string> {
  const checkout = await request.post('/api/checkout', {
    data: { email, items: [{ id: PRODUCT.id, quantity: 1 }], zone: 'IE' },
  });
  expect(checkout.status()).toBe(200);
  const { sessionId } = (await checkout.json()) as { sessionId: string };
  const pay = await request.post(`/test-checkout/${sessionId}/pay`, {
    form: { ...GALWAY_CARD_FORM, email, name },
    maxRedirects: 0,
  });
  expect(pay.status()).toBeLessThan(400);
  await request.post(`/api/orders/${sessionId}/confirm`, { data: {} });
  return `SOL-${sessionId.slice(8, 16).toUpperCase()}`;
}

async function dispatchAndDeliver(request: APIRequestContext, reference: string): Promise<void> {
  const dispatched = await request.post(`/api/admin/orders/${reference}/dispatch`, {
    headers: OWNER,
    data: { carrier: 'an_post', trackingNumber: 'CE123456789IE' },
  });
  expect(dispatched.status()).toBe(200);
  const delivered = await request.post(`/api/admin/orders/${reference}/status`, {
    headers: OWNER,
    data: { status: 'delivered' },
  });
  expect(delivered.status()).toBe(200);
}

/** The review request e-mails of an order, once the sender has written them. */
async function reviewRequests(reference: string) {
  let mails: Awaited<ReturnType<typeof readEml>>[] = [];
  await expect
    .poll(async () => {
      mails = (await Promise.all(emlFilesFor(reference).map((f) => readEml(f)))).filter((m) =>
        /review/i.test(m.subject ?? ''),
      );
      return mails.length;
    })
    .toBe(1);
  return mails;
}

/** The rating the served product page claims in its JSON-LD (null: none). */
async function servedRating(request: APIRequestContext) {
  const html = await (await request.get(`/product/${PRODUCT.id}`)).text();
  return productJsonLdOf(html).aggregateRating ?? null;
}

async function writeReview(page: Page, link: string, stars: number, text: string, keyboard: boolean) {
  await page.goto(link);
  const group = page.getByRole('group', { name: `Your rating of ${PRODUCT.name}` });
  await expect(group).toBeVisible();
  const radios = group.getByRole('radio');
  await expect(radios).toHaveCount(5);
  for (let i = 0; i < 5; i += 1) await expect(radios.nth(i)).toHaveAttribute('value', String(i + 1));
  if (keyboard) {
    await radios.first().focus();
    await page.keyboard.press('Space');
    await expect(radios.first()).toBeChecked();
    for (let i = 1; i < stars; i += 1) await page.keyboard.press('ArrowRight');
    await expect(radios.nth(stars - 1)).toBeChecked();
    await expect(radios.nth(stars - 1)).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(radios.nth(stars - 2)).toBeChecked();
    await page.keyboard.press('ArrowRight');
    await expect(radios.nth(stars - 1)).toBeChecked();
  } else {
    await group.getByRole('radio', { name: `${stars} stars` }).check();
  }
  await page.getByLabel(/Your review/).fill(text);
  await page.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByText(/Received: it appears once we have checked it/)).toBeVisible();
}

test('two buyers review, the owner publishes both, the product page and card show 3.0 from 2, hiding one follows', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  consoleGuard.allow(/the server responded with a status of 401/);
  const first = await paidOrder(request, 'grainne.whitlock@example.ie', 'Gráinne Whitlock');
  const second = await paidOrder(request, 'brid.kelly@example.ie', 'Bríd Kelly');

  // Before delivery the order page says when reviews open; no radios yet.
  const before = await request.post(`/api/orders/${first}/reviews`, {
    data: {
      key: 'x'.repeat(32),
      reviews: [{ productId: PRODUCT.id, rating: 4, text: 'Lovely colours indeed.' }],
    },
  });
  expect(before.status()).toBe(404);

  for (const reference of [first, second]) await dispatchAndDeliver(request, reference);
  // Marking delivered again asks nobody twice.
  await request.post(`/api/admin/orders/${first}/status`, { headers: OWNER, data: { status: 'delivered' } });

  const [mail] = await reviewRequests(first);
  const link = /https?:\/\/\S+#\/order\/SOL-[A-Z0-9_-]+\?key=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  expect(link).toBeTruthy();
  expect(mail?.text).toMatch(/\/review-requests\/stop\?token=/);
  const [secondMail] = await reviewRequests(second);
  const secondLink = /https?:\/\/\S+#\/order\/SOL-[A-Z0-9_-]+\?key=[A-Za-z0-9_-]+/.exec(
    secondMail?.text ?? '',
  )?.[0];

  await writeReview(page, link ?? '', 4, 'Lovely colours, it fits just right.', true);
  await expect(page.getByLabel('Name shown with your review')).toHaveCount(0);
  await expectNoSeriousViolations(await axeScan(page));
  await writeReview(page, secondLink ?? '', 2, 'Smaller than I hoped for, sadly.', false);

  // The desk: the count on its navigation, then publish both.
  await page.goto('/admin');
  await page.getByLabel('Owner token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const nav = page.getByRole('navigation', { name: 'Desk' });
  await expect(nav.getByRole('link', { name: /Reviews/ })).toContainText('2');
  await nav.getByRole('link', { name: /Reviews/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await expect(page.getByText('Gráinne W.', { exact: false })).toBeVisible();
  for (let i = 0; i < 2; i += 1) {
    await page.getByRole('button', { name: 'Publish' }).first().click();
    await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(1 - i);
  }

  // The product page and the card show the two published reviews (within the sources' 2 s and the pages'
  // rendering: the page, the cards and the resource the app hydrates from are swapped in together).
  await expect
    .poll(() => servedRating(request), { timeout: 6_000 })
    .toMatchObject({ ratingValue: 3, reviewCount: 2 });
  await page.goto(`/#/product/${PRODUCT.id}`);
  await page.getByText('Customer Reviews').click();
  await expect(page.getByText('3.0 out of 5 from 2 reviews')).toBeVisible();
  await expect(page.getByText('Lovely colours, it fits just right.')).toBeVisible();
  await expect(page.getByText(/Gráinne W\. · Verified buyer, bought in/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'How reviews work' }).first()).toBeVisible();
  await page.goto('/#/shop');
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: PRODUCT.name, exact: true }) });
  await expect(card.getByText('Rated 3.0 out of 5 from')).toBeAttached();

  // Hidden: the count follows.
  const listed = (await (
    await request.get('/api/admin/reviews?status=published', { headers: OWNER })
  ).json()) as {
    reviews: { id: string; rating: number }[];
  };
  const twoStar = listed.reviews.find((r) => r.rating === 2);
  const hidden = await request.post(`/api/admin/reviews/${twoStar?.id}`, {
    headers: OWNER,
    data: { status: 'hidden', reason: 'test of the count' },
  });
  expect(hidden.status()).toBe(200);
  await expect
    .poll(() => servedRating(request), { timeout: 6_000 })
    .toMatchObject({ ratingValue: 4, reviewCount: 1 });
  expect(
    ((await (await request.get(`/api/products/${PRODUCT.id}/reviews`)).json()) as { summary: unknown })
      .summary,
  ).toEqual({ average: 4, count: 1 });
  // A page load shows it (the path form: from /#/shop a hash-only goto would stay in the loaded app, which
  // keeps the reviews it started with, as it keeps the catalogue).
  await page.goto(`/product/${PRODUCT.id}`);
  await page.getByText('Customer Reviews').click();
  await expect(page.getByText('4.0 out of 5 from 1 review')).toBeVisible();

  // The "How reviews work" link opens that section of the legal pages.
  await page.getByRole('link', { name: 'How reviews work' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'How reviews work' })).toBeFocused();
});
