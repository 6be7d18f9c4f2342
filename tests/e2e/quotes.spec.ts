/**
 * A quote the client pays by card (docs/product/quotes.md), in a real browser against the real server: a
 * company's enquiry for 30 pieces; the owner makes the quote in the desk (30 x product 3 in Medium, the
 * early-bird 15%, her own dispatch date), previews it, changes it and sends it; the client opens the link
 * from the e-mail, sees the lines, totals and the owner's date, and pays on the TEST MODE checkout; the
 * desk's order says which quote and enquiry it came from and promises the same date; the quote page then
 * says it is paid and Pay is refused. Screenshots (a laptop's, and a 390 px phone's of the form, the
 * desk's preview and the client's page) under test-results/quotes/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { formatDayMonthYear } from '../../domain/quotes/quotes';
import { addDays, formatDayMonth, irishDate } from '../../domain/shared/calendar-date';
import { axeScan, expectNoSeriousViolations } from './axe';
import { fillTestCheckout } from './checkout-steps';
import { expect, test } from './fixtures';
import { emlFilesFor, readEml } from './outbox';
import { shot } from './shot';

/** playwright.config.ts sets it for the server. */
const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';
const SHOTS = path.resolve('test-results/quotes');
/** The company's enquiry, as the form on /bespoke-corporate sends it (its own journey fills the form). */
const ENQUIRY = {
  name: 'Aoife Byrne',
  email: 'orders@acme-events.example',
  company: 'Acme Events',
  pieces: 30,
  message: 'Thirty bracelets for the team before Christmas.',
};
/** The owner's own date for the 30 pieces, later than the making queue would say. */
const DISPATCH_BY = addDays(irishDate(new Date()), 40);
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 900 };

test.beforeEach(async ({ consoleGuard, request }) => {
  // Until the image pipeline has run, product images 404 on the shop's pages; not what this tests.
  const probe = await request.get('/img/first-light-320.webp');
  if (!probe.ok()) consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
});

test('the owner quotes 30 pieces with 15% off, the client pays it by card, a second payment is refused', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  // The desk asks whether it is signed in (401 before sign-in); Pay on a paid quote is a 409.
  consoleGuard.allow(/the server responded with a status of (401|409)/);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize(LAPTOP);

  // The company's enquiry for 30 pieces.
  const sent = await page.request.post('/api/enquiries', { data: ENQUIRY });
  expect(sent.status()).toBe(201);

  // The owner: sign in, open the enquiry and make a quote from it.
  await page.goto('/admin');
  await page.getByLabel('Owner token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Desk' })
    .getByRole('link', { name: /Enquiries/ })
    .click();
  await page
    .getByRole('link', { name: new RegExp(ENQUIRY.name) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: ENQUIRY.name })).toBeVisible();
  const enquiryId = /#\/enquiries\/([^?]+)/.exec(page.url())?.[1] ?? '';
  expect(enquiryId).not.toBe('');
  await page.getByRole('link', { name: 'Make a quote' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
  // The enquiry by its company and date, never its id; the client's address, name (the person) and pieces
  // come from it.
  const enquiryField = page.getByLabel('Enquiry (optional)');
  await expect(enquiryField).toHaveValue(enquiryId);
  await expect(enquiryField.locator('option:checked')).toHaveText(new RegExp(`^${ENQUIRY.company}, `));
  await expect(page.getByText(enquiryId)).toHaveCount(0);
  await expect(page.getByLabel('Client’s e-mail')).toHaveValue(ENQUIRY.email);
  await expect(page.getByLabel('Client’s name (optional)')).toHaveValue(ENQUIRY.name);
  await expect(page.getByLabel('Quantity of line 1')).toHaveValue('30');
  // The making queue's date is proposed; the owner sets her own.
  const dispatchField = page.getByLabel('Dispatch by (if paid by then)');
  await expect(dispatchField).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await dispatchField.fill(DISPATCH_BY);
  await page.getByLabel('Product of line 1').selectOption('3');
  await page.getByLabel('Size of line 1').selectOption('M');
  await page.getByLabel('Discount (%)').fill('15');
  await page.getByLabel('Note to the client (optional)').fill('The early-bird price for your team.');
  // Live totals: 30 x €35 = €1,050.00, 15% off, free delivery in Ireland.
  const totals = page.getByRole('definition').filter({ hasText: '€892.50' });
  await expect(totals).toBeVisible();
  await shot(page, { path: path.join(SHOTS, 'desk-new-quote.png'), fullPage: true });
  await expectNoSeriousViolations(axeScan(page));
  await page.setViewportSize(PHONE);
  await shot(page, { path: path.join(SHOTS, 'phone-desk-new-quote.png'), fullPage: true });
  await page.setViewportSize(LAPTOP);
  await page.getByRole('button', { name: 'Make the quote' }).click();
  const made = page.getByRole('status').filter({ hasText: /Quote Q-[A-Z0-9]{8} made/ });
  await expect(made).toBeVisible();
  const reference = /Q-[A-Z0-9]{8}/.exec((await made.textContent()) ?? '')?.[0] ?? '';
  expect(reference).not.toBe('');
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toContainText(
    `Enquiry: ${ENQUIRY.company}, `,
  );

  // Before sending: the quote as the client will get it, and a change (the note), under the same link.
  await page.getByRole('link', { name: reference, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Quote ${reference}` })).toBeVisible();
  const mailPreview = page.getByRole('region', { name: 'The e-mail the client receives' });
  await expect(mailPreview).toContainText(`Hello ${ENQUIRY.name},`);
  await expect(mailPreview).toContainText(
    `Once paid, your order is dispatched by ${formatDayMonthYear(DISPATCH_BY)}.`,
  );
  await page.getByRole('link', { name: `Edit ${reference}` }).click();
  await expect(page.getByRole('heading', { name: `Change quote ${reference}` })).toBeVisible();
  await expect(page.getByLabel('Dispatch by (if paid by then)')).toHaveValue(DISPATCH_BY);
  await page
    .getByLabel('Note to the client (optional)')
    .fill('The early-bird price for your team, engraved boxes included.');
  await page.getByRole('button', { name: 'Save the changes' }).click();
  await expect(
    page.getByText(`Quote ${reference} changed (€892.50). Send it when it is ready.`),
  ).toBeVisible();
  await expect(mailPreview).toContainText('engraved boxes included');
  await page.setViewportSize(PHONE);
  await shot(page, { path: path.join(SHOTS, 'phone-desk-quote-preview.png'), fullPage: true });
  await expectNoSeriousViolations(axeScan(page));
  const previewHref =
    (await page.getByRole('link', { name: 'Preview the client’s page' }).getAttribute('href')) ?? '';
  expect(previewHref).toContain(`#/quote/${reference}?key=`);
  expect(previewHref).toContain('&preview=1');
  const preview = await page.context().newPage();
  await preview.setViewportSize(PHONE);
  await preview.goto(previewHref);
  await expect(preview.getByRole('note')).toContainText('Preview: this is the page your client sees.');
  await expect(preview.getByRole('button', { name: 'Pay €892.50 by card' })).toBeDisabled();
  await expect(preview.getByText(formatDayMonth(DISPATCH_BY))).toBeVisible();
  await shot(preview, { path: path.join(SHOTS, 'phone-quote-preview.png'), fullPage: true });
  await preview.close();
  await page.setViewportSize(LAPTOP);
  await page.goto('/admin#/quotes');
  await page.getByRole('button', { name: `Send ${reference}` }).click();
  await expect(page.getByText(`Quote ${reference} sent to the client.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toContainText('Sent');
  await shot(page, { path: path.join(SHOTS, 'desk-quotes.png'), fullPage: true });
  await expectNoSeriousViolations(axeScan(page));
  // On a phone each quote is a block of its own, its dates led by their names.
  await page.setViewportSize(PHONE);
  const stacked = page.getByRole('row', { name: new RegExp(reference) });
  await expect(stacked.getByText('Valid until', { exact: true })).toBeVisible();
  await shot(page, { path: path.join(SHOTS, 'phone-desk-quotes.png'), fullPage: true });
  await page.setViewportSize(LAPTOP);

  // The client: the link from the e-mail.
  await expect.poll(() => emlFilesFor(reference).length, { timeout: 15_000 }).toBe(1);
  const [file] = emlFilesFor(reference);
  const mail = await readEml(file ?? '');
  expect(mail.subject).toBe(`Your quote from Solas (${reference})`);
  // The person, by name; the owner's date.
  expect(mail.text).toMatch(new RegExp(`^Hello ${ENQUIRY.name},\n`));
  expect(mail.text).toContain(`Once paid, your order is dispatched by ${formatDayMonthYear(DISPATCH_BY)}.`);
  const link = /http\S+#\/quote\/\S+/.exec(mail.text ?? '')?.[0] ?? '';
  expect(link).toContain(`#/quote/${reference}?key=`);
  // The page is the shop's shell (the key stays in the fragment); its API answers no-store.
  const viewed = page.waitForResponse((r) => r.url().endsWith(`/api/quotes/${reference}`));
  await page.goto(link);
  expect((await viewed).headers()['cache-control']).toBe('no-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Your quote' })).toBeVisible();
  await expect(page.getByText('Tawny Strand (Medium)')).toBeVisible();
  await expect(page.getByText('Discount (15%)')).toBeVisible();
  await expect(page.getByText('−€157.50')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
  await expect(
    page.getByText(`Paid today, your order is dispatched by ${formatDayMonth(DISPATCH_BY)}.`),
  ).toBeVisible();
  await shot(page, { path: path.join(SHOTS, 'quote-page.png'), fullPage: true });
  await expectNoSeriousViolations(axeScan(page));
  await page.setViewportSize(PHONE);
  await shot(page, { path: path.join(SHOTS, 'phone-quote-page.png'), fullPage: true });
  await page.setViewportSize(LAPTOP);
  await page.getByRole('button', { name: 'Pay €892.50 by card' }).click();
  await page.waitForURL(/\/test-checkout\/cs_test_[A-Za-z0-9]+$/);
  const sessionId = page.url().split('/').pop() ?? '';
  await expect(page.getByText('€892.50').first()).toBeVisible();
  await fillTestCheckout(page, '4242 4242 4242 4242', {
    name: 'Aoife Murphy',
    line1: '12 Harbour Road',
    city: 'Cork',
    postcode: 'T12 AB34',
  });
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(/#\/order-confirmation\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByText('Quote discount')).toBeVisible();
  await expect(page.getByText('Early bird')).toHaveCount(0);
  // The owner's date, on the confirmation too.
  await expect(page.getByText(formatDayMonth(DISPATCH_BY)).first()).toBeVisible();
  const order = `SOL-${sessionId.slice(8, 16).toUpperCase()}`;

  // Paying again is refused: the page says it is paid and has no Pay button; the API answers 409.
  await page.goto(link);
  await expect(page.getByText('This quote has been paid.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  const key = new URL(link.replace('/#/', '/')).searchParams.get('key') ?? '';
  const again = await page.request.post(`/api/quotes/${reference}/checkout`, { data: { key } });
  expect(again.status()).toBe(409);

  // The desk: the order like any other, linked to its quote and enquiry.
  await page.goto(`/admin#/orders/${order}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order ${order}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `From quote ${reference}` })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`^Enquiry: ${ENQUIRY.company}, `) })).toBeVisible();
  await expect(page.getByText(enquiryId)).toHaveCount(0);
  await expect(page.getByText(/Dispatch by \d+ \w+ \d{4}/)).toBeVisible();
  await expect(page.getByRole('table', { name: `Items of order ${order}` })).toContainText('Tawny Strand');
  await shot(page, { path: path.join(SHOTS, 'desk-order.png'), fullPage: true });
  await expectNoSeriousViolations(axeScan(page));
  await page.goto('/admin#/quotes');
  const row = page.getByRole('row', { name: new RegExp(reference) });
  await expect(row).toContainText('Paid');
  await expect(row.getByRole('link', { name: `Order ${order}` })).toBeVisible();
  await expect(row.getByRole('button', { name: `Withdraw ${reference}` })).toHaveCount(0);
});
