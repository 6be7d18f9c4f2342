import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { BROOCHES } from '../../domain/catalogue/brooches';
import { POLICY } from '../../domain/config';
import { DATABASE_FILE } from '../../server/db/database';
import { axeScan, expectNoSeriousViolations } from './axe';
import { expect, test } from './fixtures';

/** The sign-ups the real server stored, read straight from its database. */
function storedSignups(email: string): Array<{ email: string; source: string }> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
  const db = new DatabaseSync(path.join(dataDir, DATABASE_FILE), { readOnly: true });
  try {
    return db
      .prepare('SELECT email, source FROM newsletter_signups WHERE email_key = ?')
      .all(email.toLowerCase()) as Array<{
      email: string;
      source: string;
    }>;
  } finally {
    db.close();
  }
}

test('coming soon: three brooches and a working "Be the First to Know" sign-up', async ({ page }) => {
  await page.goto('/#/coming-soon');
  for (const brooch of BROOCHES) {
    await expect(page.getByRole('heading', { level: 2, name: brooch.name })).toBeVisible();
  }
  await expect(page.getByRole('main').getByText('Coming Soon', { exact: true })).toHaveCount(BROOCHES.length);

  const form = page.getByRole('form', { name: 'Be the First to Know' });
  const input = form.getByLabel('Email address');
  await input.fill('not-an-email');
  await form.getByRole('button', { name: 'Notify Me' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please enter a valid email address');

  const email = `brooch-fan-${Date.now()}@example.ie`;
  await input.fill(email);
  await form.getByRole('button', { name: 'Notify Me' }).click();
  await expect(form.getByRole('status')).toContainText('Please check your inbox to confirm your address');
  await expect(form.getByRole('status')).toContainText("we'll e-mail you as soon as the brooches are ready");
  await expect(input).toHaveValue('');
  expect(storedSignups(email)).toEqual([{ email, source: 'coming-soon' }]);
});

test('legal contents entries scroll to their section and keep the route', async ({ page }) => {
  await page.goto('/#/terms-conditions');
  await expect(page.getByText(`${POLICY.coolingOffDays}-day cooling-off period`)).toBeVisible();
  const contents = page.getByRole('navigation', { name: 'On this page' });
  await contents.getByRole('button', { name: 'Governing law and disputes' }).click();
  const heading = page.getByRole('heading', { level: 2, name: 'Governing law and disputes' });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect(page).toHaveURL(/#\/terms-conditions$/);
});

for (const route of ['/about', '/privacy-policy']) {
  test(`${route} has no serious or critical axe violations`, async ({ page }) => {
    await page.goto(`/#${route}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const scan = axeScan(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
    await expectNoSeriousViolations(scan);
  });
}
