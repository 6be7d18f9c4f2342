/** Steps of the money path shared by the journeys that pay (checkout, dispatch, desk and multi-instance journeys). */
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

export interface IrishAddress {
  readonly name: string;
  readonly line1: string;
  readonly city: string;
  readonly postcode: string;
}

const DEFAULT_ADDRESS: IrishAddress = {
  name: 'Saoirse Kelly',
  line1: '7 Mill Lane',
  city: 'Kilkenny',
  postcode: 'R95 AB12',
};

/**
 * Fills the TEST MODE checkout with a delivery address in Ireland and the given test card; `null`: no
 * address (gift cards alone, whose page asks for none).
 */
export async function fillTestCheckout(
  page: Page,
  card: string,
  address: IrishAddress | null = DEFAULT_ADDRESS,
) {
  if (address) {
    await page.getByLabel('Full name').fill(address.name);
    await page.getByLabel('Address').fill(address.line1);
    await page.getByLabel('Flat, suite or building (optional)').fill('Apartment 4');
    await page.getByLabel('Town or city').fill(address.city);
    await page.getByLabel('Postcode').fill(address.postcode);
    await page.getByLabel('Country').selectOption('IE');
  }
  // As a phone's numeric keypad types them, digits only: the page writes the groups and the slash.
  const digits = card.replace(/\D/g, '');
  const cardNumber = page.getByLabel('Card number');
  await cardNumber.pressSequentially(digits);
  await expect(cardNumber).toHaveValue(digits.replace(/(\d{4})(?=\d)/g, '$1 '));
  const expiry = page.getByLabel('Expiry date (MM / YY)');
  await expiry.pressSequentially('1239');
  await expect(expiry).toHaveValue('12 / 39');
  await page.getByLabel('Security code (CVC)').fill('123');
}
