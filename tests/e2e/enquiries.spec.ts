/**
 * A corporate enquiry on a phone, against the real server (docs/product/enquiries.md §16): a company asks for 30
 * pieces from /bespoke-corporate, the form is axe-clean before and after sending, the owner's e-mail (with
 * the desk link) and the visitor's acknowledgement arrive in the outbox, and the owner finds the enquiry in
 * the desk by its link, writes a note and marks it quoted. Screenshots under test-results/enquiries/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  CORPORATE_MINIMUM_TEXT,
  ENQUIRY_FORM_TEXT,
  ENQUIRY_MAIL_SUBJECTS,
} from '../../domain/enquiries/enquiry-texts';
import { addDays, irishDate } from '../../domain/shared/calendar-date';
import { axeScan, expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { holdAppScripts } from './hydration';
import { emlFilesFor, readEml } from './outbox';
import { shot } from './shot';

/** playwright.config.ts hands the server this token (ADMIN_TOKEN). */
const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';
const SHOTS = path.resolve('test-results/enquiries');

test.use({ viewport: { width: 390, height: 844 } });

test('a company asks for 30 pieces on a phone; both e-mails go out; the owner notes it and marks it quoted', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  const email = `buyer.${Date.now()}@kelly-co.example`;
  const neededBy = addDays(irishDate(new Date()), 21);

  await page.goto('/bespoke-corporate');
  const form = page.getByRole('form', { name: ENQUIRY_FORM_TEXT.heading });
  await form.getByRole('radio', { name: 'Corporate gift' }).check();
  await form.getByLabel(ENQUIRY_FORM_TEXT.name).fill('Niamh Kelly');
  await form.getByLabel(ENQUIRY_FORM_TEXT.email).fill(email);
  await form.getByLabel(ENQUIRY_FORM_TEXT.company).fill('Kelly & Co');
  // Under the minimum first: the form says so before anything is sent.
  await form.getByLabel(ENQUIRY_FORM_TEXT.pieces).fill('8');
  await expect(form.getByText(CORPORATE_MINIMUM_TEXT)).toBeVisible();
  await form.getByLabel(ENQUIRY_FORM_TEXT.pieces).fill('30');
  await expect(form.getByText(CORPORATE_MINIMUM_TEXT)).toHaveCount(0);
  await form.getByLabel(ENQUIRY_FORM_TEXT.neededBy).fill(neededBy);
  await form.getByLabel(ENQUIRY_FORM_TEXT.budget).fill('25');
  await form.getByLabel(ENQUIRY_FORM_TEXT.occasion).fill('Christmas gifts in our <brand> green');
  await form.getByLabel(ENQUIRY_FORM_TEXT.message).fill('Thirty for the team,\none in each size please.');
  await expectNoSeriousViolations(axeScan(page).include('form'));
  await shot(form, { path: path.join(SHOTS, 'phone-form.png') });

  await form.getByRole('button', { name: ENQUIRY_FORM_TEXT.submit }).click();
  await expect(form.getByRole('status')).toHaveText(ENQUIRY_FORM_TEXT.success);
  await expect(form.getByLabel(ENQUIRY_FORM_TEXT.name)).toHaveValue('');
  await expectNoSeriousViolations(axeScan(page));

  // The owner's scripts see it too: the contract's fields.
  const listed = await request.get('/api/admin/enquiries', {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(listed.ok()).toBe(true);
  const { enquiries } = (await listed.json()) as {
    enquiries: { id: string; email: string; pieces: number; company: string; status: string }[];
  };
  const enquiry = enquiries.find((e) => e.email === email);
  expect(enquiry).toMatchObject({ pieces: 30, company: 'Kelly & Co', status: 'new' });
  const id = enquiry?.id ?? '';

  // Both e-mails, named by the enquiry's id (letters and digits only in a file name) and their kind.
  const named = id.replace(/[^A-Za-z0-9-]/g, '');
  await expect.poll(() => emlFilesFor(named).length, { timeout: 15_000 }).toBe(2);
  const [ownerFile] = emlFilesFor(named, 'enquiry-owner');
  const [ackFile] = emlFilesFor(named, 'enquiry-acknowledgement');
  const owner = await readEml(ownerFile ?? '');
  expect(owner.subject).toBe(ENQUIRY_MAIL_SUBJECTS.owner('corporate', 30));
  expect(owner.text).toContain(`/admin#/enquiries/${id}`);
  expect(owner.text).toContain('Christmas gifts in our <brand> green');
  expect(owner.html).toContain('Christmas gifts in our &lt;brand&gt; green');
  const ack = await readEml(ackFile ?? '');
  expect(ack.subject).toBe(ENQUIRY_MAIL_SUBJECTS.acknowledgement);
  expect(JSON.stringify(ack.to)).toContain(email);
  expect(ack.text).toContain('30 pieces');

  // The owner opens the e-mail's desk link on a phone.
  await page.goto(`/admin#/enquiries/${id}`);
  await page.getByLabel('Owner token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Niamh Kelly' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Desk' });
  await expect(nav.getByRole('link', { name: /Enquiries \d+ new/ })).toBeVisible();
  const details = page.getByRole('region', { name: 'The enquiry' });
  await expect(details).toContainText('Kelly & Co');
  await expect(details).toContainText('Christmas gifts in our <brand> green');
  await expect(page.getByRole('link', { name: 'Reply' })).toHaveAttribute(
    'href',
    `mailto:${email}?subject=${encodeURIComponent(ENQUIRY_MAIL_SUBJECTS.reply)}`,
  );
  await page.getByLabel('Status').selectOption('quoted');
  await page.getByLabel('Private notes').fill('Sent the green samples; quote €24 a piece.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: Quoted.')).toBeVisible();
  await expectNoSeriousViolations(axeScan(page));
  await shot(page, { path: path.join(SHOTS, 'phone-desk-enquiry.png'), fullPage: true });

  // The list, filtered, shows it quoted; the note was saved on the server.
  await page.getByRole('link', { name: '← All enquiries' }).click();
  await page.getByRole('link', { name: /^Quoted \(\d+\)$/ }).click();
  await expect(page.getByRole('link', { name: /Niamh Kelly/ }).first()).toContainText('Quoted');
  await shot(page, { path: path.join(SHOTS, 'phone-desk-list.png'), fullPage: true });
  // On a laptop the rows become columns, like the orders list.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectNoSeriousViolations(axeScan(page));
  await shot(page, { path: path.join(SHOTS, 'laptop-desk-list.png') });
  const after = await request.get(`/api/admin/enquiries/${id}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect((await after.json()).enquiry).toMatchObject({
    status: 'quoted',
    notes: 'Sent the green samples; quote €24 a piece.',
  });
});

test('pressed before the app has started on a slow phone, the enquiry goes out once it runs; no field reaches the URL', async ({
  page,
}) => {
  const release = await holdAppScripts(page);
  await page.goto('/bespoke-corporate', { waitUntil: 'domcontentloaded' });
  const form = page.getByRole('form', { name: ENQUIRY_FORM_TEXT.heading });
  await form.getByRole('radio', { name: 'Bespoke design' }).check();
  await form.getByLabel(ENQUIRY_FORM_TEXT.name).fill('Siobhán Walsh');
  await form.getByLabel(ENQUIRY_FORM_TEXT.email).fill(`slow.${Date.now()}@walsh.example`);
  await form.getByLabel(ENQUIRY_FORM_TEXT.pieces).fill('3');
  await form.getByLabel(ENQUIRY_FORM_TEXT.neededBy).fill(addDays(irishDate(new Date()), 30));
  await form.getByLabel(ENQUIRY_FORM_TEXT.occasion).fill('Bridesmaids, soft pinks');
  await form.getByLabel(ENQUIRY_FORM_TEXT.message).fill('Three matching bracelets for the wedding party.');
  const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/enquiries'));
  await form.getByRole('button', { name: ENQUIRY_FORM_TEXT.submit }).click();
  release();
  expect((await sent).postDataJSON()).toMatchObject({ name: 'Siobhán Walsh', pieces: 3 });
  await expect(form.getByRole('status')).toHaveText(ENQUIRY_FORM_TEXT.success);
  expect(new URL(page.url()).search).toBe('');
});
