/**
 * The owner's steps in the desk's Products screens (docs/product/desk.md §10.10, Products), shared by the
 * journeys that add a bracelet: on one server (desk-products.spec.ts) and on the nginx cluster
 * (catalogue-cluster.spec.ts). Each step waits for what the desk says when it is done.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect } from './fixtures';

/** A small photo-like JPEG: a coloured square with a lighter disc, as a phone would send (smaller). */
export async function photo(colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="${colour}"/><circle cx="400" cy="300" r="180" fill="#f4e9dc"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

export const SAVED = 'Saved. The shop shows the change within seconds.';

/** /admin's sign-in with the owner token, then the Products list. */
export async function openProducts(page: Page, base: string, token: string): Promise<void> {
  await page.goto(`${base}/admin`);
  await page.getByLabel('Owner token').fill(token);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The desk opens on Today.
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Desk' }).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
}

export interface NewBracelet {
  readonly name: string;
  readonly category: string;
  readonly materials: string;
  /** As the owner types it, in euro. */
  readonly price: string;
  readonly description: string;
  /** The feeds' colour in words; Red/Silver unless given. */
  readonly colour?: string;
}

/** New product from the list: fills the form and creates it (paused); answers its id. */
export async function createProduct(page: Page, bracelet: NewBracelet): Promise<string> {
  await page.getByRole('link', { name: 'New product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New product' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(bracelet.name);
  await chooseCategory(page, bracelet.category);
  await page.getByLabel('Materials').fill(bracelet.materials);
  await page.getByLabel('Price in euro').fill(bracelet.price);
  await page.getByLabel('Short description').fill(bracelet.description);
  await page.getByLabel('Colour', { exact: true }).fill(bracelet.colour ?? 'Red/Silver');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: bracelet.name })).toBeVisible();
  return /#\/products\/(\d+)$/.exec(page.url())?.[1] ?? '';
}

/** Category: one of the shop's from the list, or a new one by name through "New category…". */
export async function chooseCategory(page: Page, category: string): Promise<void> {
  const list = page.getByLabel('Category', { exact: true });
  const offered = await list.locator('option').allTextContents();
  if (offered.includes(category)) {
    await list.selectOption(category);
    return;
  }
  await list.selectOption('New category…');
  await page.getByLabel('Name of the new category').fill(category);
}

/** Pause… on the product's form: the note for shoppers in the dialog, then Pause. */
export async function pauseProduct(page: Page, note = ''): Promise<void> {
  await page.getByRole('button', { name: 'Pause…' }).click();
  const dialog = page.getByRole('alertdialog', { name: /^Pause / });
  if (note) await dialog.getByLabel('Note for shoppers').fill(note);
  await dialog.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(
    page.getByText('Paused: its page stays, with the note, and it cannot be ordered.'),
  ).toBeVisible();
}

/** Several photos at once through the photo-library input; resolves when each has its alt field. */
export async function uploadPhotos(page: Page, files: readonly { name: string; buffer: Buffer }[]) {
  await page
    .getByLabel('Add photos')
    .setInputFiles(files.map((f) => ({ name: f.name, mimeType: 'image/jpeg', buffer: f.buffer })));
  await expect(page.getByLabel(`Alt text of photo ${files.length}`)).toBeVisible({ timeout: 30_000 });
}

/** Writes and saves each photo's alt text, in order (photo 1 first). */
export async function saveAltTexts(page: Page, texts: readonly string[]) {
  for (const [index, text] of texts.entries()) {
    const field = page.getByLabel(`Alt text of photo ${index + 1}`);
    await field.fill(text);
    const item = page.getByRole('listitem').filter({ has: field });
    await item.getByRole('button', { name: 'Save alt text' }).click();
    await expect(item.getByText('Alt text saved.')).toBeVisible();
  }
}
