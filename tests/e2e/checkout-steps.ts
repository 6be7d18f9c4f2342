/** Steps of the money path shared by the journeys that pay (checkout.spec.ts, dispatch.spec.ts). */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Cart page -> the checkout dialog's e-mail step, submitted with Enter. */
export async function enterEmail(page: Page, email: string) {
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Checkout' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email address').fill(email);
  await dialog.getByLabel('Email address').press('Enter');
}

/** Fills the TEST MODE checkout with a delivery address in Ireland and the given test card. */
export async function fillTestCheckout(page: Page, card: string) {
  await page.getByLabel('Full name').fill('Saoirse Kelly');
  await page.getByLabel('Address').fill('7 Mill Lane');
  await page.getByLabel('Town or city').fill('Kilkenny');
  await page.getByLabel('Postcode').fill('R95 AB12');
  await page.getByLabel('Country').selectOption('IE');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 39');
  await page.getByLabel('Security code (CVC)').fill('123');
}
