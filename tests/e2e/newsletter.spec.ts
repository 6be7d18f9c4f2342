/**
 * The newsletter's double opt-in as a shopper lives it (docs/product/states.md §5.10): sign up on the coming-soon
 * page, open the confirmation e-mail the real server wrote (an .eml file in DATA_DIR/outbox), follow its
 * confirm link, then its unsubscribe link. The database says what the shopper cannot see.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { DATABASE_FILE } from '../../server/db/database';
import { NEWSLETTER_MAIL_KINDS } from '../../server/newsletter/mail-kinds';
import { axeScan, expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';
import { shot } from './shot';

const DATA_DIR = process.env.E2E_DATA_DIR ?? '';
const OUTBOX = path.join(DATA_DIR, 'outbox');

/** The text of every newsletter confirmation .eml sent so far (quoted-printable soft breaks undone). */
function confirmationMails(): string[] {
  let names: string[] = [];
  try {
    names = readdirSync(OUTBOX).filter((f) =>
      f.endsWith(`${NEWSLETTER_MAIL_KINDS.newsletterConfirmation}.eml`),
    );
  } catch {
    return [];
  }
  return names.map((n) =>
    readFileSync(path.join(OUTBOX, n), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '='),
  );
}

function mailTo(email: string): string | undefined {
  return confirmationMails().find((m) => new RegExp(`^To: ${email}$`, 'mi').test(m));
}

function statusOf(email: string): string | null {
  const db = new DatabaseSync(path.join(DATA_DIR, DATABASE_FILE), { readOnly: true });
  try {
    const row = db.prepare('SELECT status FROM newsletter_signups WHERE email_key = ?').get(email) as
      | { status: string }
      | undefined;
    return row?.status ?? null;
  } finally {
    db.close();
  }
}

test('newsletter: sign up, confirm from the e-mail, unsubscribe from the e-mail', async ({ page }) => {
  const email = `brooch-fan-${Date.now()}@example.ie`;
  await page.goto('/coming-soon');
  const form = page.getByRole('form', { name: 'Be the First to Know' });
  await form.getByLabel('Email address').fill(email);
  await form.getByRole('button', { name: 'Notify Me' }).click();
  await expect(form.getByRole('status')).toContainText('Please check your inbox to confirm your address');
  await expect(form.getByLabel('Email address')).toHaveValue('');

  await expect.poll(() => mailTo(email) !== undefined, { timeout: 10_000 }).toBe(true);
  const mail = mailTo(email) ?? '';
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const confirmLink = /(http:\/\/[^\s"<>]+\/newsletter\/confirm\?token=[A-Za-z0-9_-]{32})/.exec(mail)?.[1];
  const unsubscribeLink = /(http:\/\/[^\s"<>]+\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]{32})/.exec(
    mail,
  )?.[1];
  expect(confirmLink).toBeDefined();
  expect(unsubscribeLink).toBeDefined();
  // Not subscribed until the link is followed.
  expect(statusOf(email)).toBe('pending');

  await page.goto(confirmLink ?? '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your subscription');
  expect(statusOf(email)).toBe('pending');
  await expectNoSeriousViolations(axeScan(page));
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You’re subscribed');
  expect(statusOf(email)).toBe('confirmed');

  await page.goto(unsubscribeLink ?? '');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe from the newsletter');
  const button = page.getByRole('button', { name: 'Unsubscribe' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You’re unsubscribed');
  await expectNoSeriousViolations(axeScan(page));
  await shot(page, { path: test.info().outputPath('unsubscribed.png'), fullPage: true });
  expect(statusOf(email)).toBeNull();
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL(/\/(#\/)?$/);
});

test('newsletter: a sign-up on the home page while the page starts is confirmed, never forgotten', async ({
  page,
}) => {
  // A phone that is busy: the address is typed and sent while the app starts and hydrates around the form.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const email = `early-fan-${Date.now()}-${test.info().repeatEachIndex}@example.ie`;
  await page.goto('/', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Join Our Newsletter' });
  const input = form.getByLabel('Email address');
  await input.fill(email);
  await input.press('Enter');
  await expect(form.getByRole('status')).toHaveText(/Please check your inbox/, { timeout: 15_000 });
  await expect(input).toHaveValue('');
  await expect.poll(() => statusOf(email), { timeout: 10_000 }).toBe('pending');
});
