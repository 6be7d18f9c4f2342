/**
 * The shop's settings on a phone (docs/product/desk.md §10.14), against the real server: the owner sets her
 * name and address and a new EU price with a free-shipping threshold, each section saved on its own with
 * "Saved" beside it; the next EU checkout is charged the new price on the hosted checkout; with sales
 * paused the checkout is refused (409) and nothing is opened; turned off again, it works. axe finds
 * nothing serious. A closure with its reason covering today reaches the product page's dispatch dates
 * within 5 s, and the zones its JSON-LD and free-shipping line. Screenshots under test-results/settings/.
 * The settings go back as they were, and the pages show them so before the journey ends.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { type CatalogueResourceBody, CURRENT_CATALOGUE_URL } from '../../domain/catalogue/catalogue-url';
import { STORAGE_KEYS } from '../../domain/config';
import { closureNow, dispatchCalendar, dispatchDate } from '../../domain/making/dispatch';
import type { AllSettings } from '../../domain/settings/shop-settings';
import { storefrontSettings } from '../../domain/settings/storefront-settings';
import { addDays, formatDayMonth, irishDate } from '../../domain/shared/calendar-date';
import { axeScan, expectNoSeriousViolations } from './axe';
import { enterEmail, fillTestCheckout } from './checkout-steps';
import { expect, test } from './fixtures';
import { holdAppScripts } from './hydration';
import { shopOfItsOwn } from './own-shop';
import { shot } from './shot';

// It changes what every shopper sees: a shop of its own.
shopOfItsOwn();

/** playwright.config.ts hands the server this token (ADMIN_TOKEN). */
const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef0123';
const SHOTS = path.resolve('test-results/settings');
const owner = { authorization: `Bearer ${ADMIN_TOKEN}` };

async function readSettings(request: APIRequestContext): Promise<AllSettings> {
  const res = await request.get('/api/admin/settings', { headers: owner });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { settings: AllSettings }).settings;
}

/**
 * The settings as they were before the journey, and the shop's pages showing them again before the next
 * journey on this server looks at a page (the pages render a save's version in a moment, not at once).
 */
async function restoreSettings(request: APIRequestContext, before: AllSettings): Promise<void> {
  const { updatedAt: _read, ...back } = before;
  const res = await request.patch('/api/admin/settings', { headers: owner, data: back });
  expect(res.ok()).toBe(true);
  // The legal pages' date is the server's (when the seller or the zones last changed), not the settings'.
  const { legalUpdatedAt: _date, ...shown } = storefrontSettings(before);
  await expect
    .poll(async () => {
      const shop = ((await (await request.get(CURRENT_CATALOGUE_URL)).json()) as CatalogueResourceBody).shop;
      const { legalUpdatedAt: _its, ...rest } = shop ?? {};
      return rest;
    })
    .toEqual(shown);
}

async function euCheckout(request: APIRequestContext) {
  return request.post('/api/checkout', {
    data: { email: 'marie.settings@example.fr', items: [{ id: '1', quantity: 1 }], zone: 'EU' },
  });
}

test.use({ viewport: { width: 390, height: 844 } });

test('Settings on a phone: the seller and an EU price saved, charged at the next checkout; paused sales refuse it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  mkdirSync(SHOTS, { recursive: true });
  const before = await readSettings(request);
  try {
    await page.goto('/admin#/settings');
    await page.getByLabel('Owner token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    const seller = page.getByRole('region', { name: 'The seller' });
    await seller.getByLabel('Legal name').fill('Aoife Byrne, trading as Solas');
    await seller.getByLabel('Geographic address').fill('4 Quay Street, Galway, H91 AB12, Ireland');
    // One VAT section: the seller's has no VAT field.
    await expect(seller.getByLabel(/VAT/)).toHaveCount(0);
    await seller.getByRole('button', { name: 'Save the seller' }).click();
    await expect(seller.getByRole('status')).toContainText('Saved');
    // The VAT section, unregistered, says so; a number not Irish is refused next to its field, nothing sent.
    const vat = page.getByRole('region', { name: 'VAT' });
    await expect(vat).toContainText('The shop is not registered for VAT');
    await vat.getByRole('radio', { name: /Registered in Ireland/ }).check();
    await vat.getByLabel(/Irish VAT number/).fill('GB123');
    await vat.getByRole('button', { name: 'Save VAT' }).click();
    await expect(vat.getByLabel(/Irish VAT number/)).toHaveAttribute('aria-invalid', 'true');

    const shipping = page.getByRole('region', { name: 'Shipping' });
    const eu = shipping.getByRole('group', { name: /\(EU\)$/ });
    await eu.getByLabel('Price (€)').fill('12.50');
    await eu.getByLabel(/Free shipping from/).fill('60');
    await shipping.getByRole('button', { name: 'Save shipping' }).click();
    await expect(shipping.getByRole('status')).toContainText('Saved');
    await expectNoSeriousViolations(axeScan(page));
    await shot(page, { path: path.join(SHOTS, 'phone-settings.png'), fullPage: true });

    const saved = await readSettings(request);
    expect(saved.seller.name).toBe('Aoife Byrne, trading as Solas');
    expect(saved.shipping.zones.find((z) => z.id === 'EU')).toMatchObject({ price: 1250, freeFrom: 6000 });

    // The Terms and every page's footer name her within 5 s: the page as served (before any script) and
    // once the app has taken it over.
    const shopper = await page
      .context()
      .browser()
      ?.newContext({ viewport: { width: 390, height: 844 } });
    const terms = await shopper?.newPage();
    if (!terms) throw new Error('no page for the shopper');
    await expect
      .poll(async () => (await request.get('/terms-conditions')).text(), { timeout: 5_000 })
      .toContain('Aoife Byrne, trading as Solas');
    await terms.goto('/terms-conditions');
    await expect(terms.getByRole('contentinfo')).toContainText(
      'Aoife Byrne, trading as Solas, 4 Quay Street, Galway, H91 AB12, Ireland',
    );
    await expect(terms.getByRole('main')).toContainText('Aoife Byrne, trading as Solas');
    await shot(terms, { path: path.join(SHOTS, 'phone-terms.png'), fullPage: true });
    await shopper?.close();

    // The next EU checkout is charged the new price: the hosted checkout says so.
    const opened = await euCheckout(request);
    expect(opened.ok()).toBe(true);
    const { url } = (await opened.json()) as { url: string };
    await page.goto(url);
    await expect(page.getByText('€12.50').first()).toBeVisible();

    // Paused: the checkout is refused with the return date, and opens nothing.
    await page.goto('/admin#/settings');
    const away = page.getByRole('region', { name: 'Away' });
    await away.getByLabel(/pause sales/).check();
    const until = addDays(irishDate(new Date()), 8);
    await away.getByLabel('Return date', { exact: true }).fill(until);
    await away.getByRole('button', { name: 'Save away' }).click();
    await expect(away.getByRole('status')).toContainText('Saved');
    await shot(page, { path: path.join(SHOTS, 'phone-away.png'), fullPage: true });
    const refused = await euCheckout(request);
    expect(refused.status()).toBe(409);
    const back = `We are back on ${formatDayMonth(until)}.`;
    expect(((await refused.json()) as { error: string }).error).toContain(back);
    // The product page, as served and once the app runs: the note with the return date where Add to Cart
    // was, and "Tell me when you're back".
    await expect
      .poll(async () => (await request.get('/product/1')).text(), { timeout: 5_000 })
      .toContain(back);
    const product = await page.context().newPage();
    await product.goto('/product/1');
    await expect(product.getByTestId('away-notice')).toContainText(back);
    await expect(product.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
    await expect(product.getByRole('form', { name: 'Tell me when you’re back' })).toBeVisible();
    await shot(product, { path: path.join(SHOTS, 'phone-product-paused.png'), fullPage: false });
    await product.close();

    // A slow phone: the shopper leaves her address and presses the button before the app has started.
    // The page holds the press and the app answers it once hydrated: the address is sent, never lost to
    // a reload.
    const slow = await page.context().newPage();
    const release = await holdAppScripts(slow);
    await slow.goto('/product/1', { waitUntil: 'domcontentloaded' });
    const tell = slow.getByRole('form', { name: 'Tell me when you’re back' });
    await tell.getByLabel('Email address').fill('nuala.slow@example.ie');
    await tell.getByRole('button', { name: 'Tell me when you’re back' }).click();
    release();
    await expect(tell.getByRole('status')).toHaveText(
      'Please check your inbox to confirm: then we e-mail you once when we’re back.',
    );
    await expect(tell.getByLabel('Email address')).toHaveValue('');
    expect(new URL(slow.url()).search).toBe('');
    await slow.close();

    await away.getByLabel('Open as usual').check();
    await away.getByRole('button', { name: 'Save away' }).click();
    await expect(away.getByRole('status')).toContainText('Saved');
    expect((await euCheckout(request)).ok()).toBe(true);
  } finally {
    // The other journeys expect the first start's settings.
    await restoreSettings(request, before);
  }
});

test('Settings on a phone: a closure with its reason reaches the product page within 5 s; the zones reach its JSON-LD', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  // Until the image pipeline has run, product images 404; that is not what this journey tests.
  consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
  mkdirSync(SHOTS, { recursive: true });
  const before = await readSettings(request);
  const today = irishDate(new Date());
  const reason = 'Craft fair in Kilkenny';
  try {
    await page.goto('/admin#/settings');
    await page.getByLabel('Owner token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const making = page.getByRole('region', { name: 'Making and dispatch' });
    await making.getByRole('button', { name: 'Add a closure' }).click();
    await making.getByLabel('From').last().fill(today);
    await making.getByLabel('To', { exact: true }).last().fill(addDays(today, 6));
    await making.getByLabel('Reason shown to shoppers').last().fill(reason);
    await making.getByRole('button', { name: 'Save making and dispatch' }).click();
    await expect(making.getByRole('status')).toContainText('Saved');
    const savedAt = Date.now();

    // What the pages follow now: the saved closures, as the server dates a payment.
    const calendar = dispatchCalendar(await readSettings(request));
    const closed = closureNow(new Date(), calendar.closures ?? [], calendar.workingDays);
    if (!closed) throw new Error('the closure saved does not cover today');
    const banner = `Our workshop is closed (${reason}): dispatch resumes on ${formatDayMonth(closed.resumes)}.`;
    const dispatchBy = `Order now, dispatched by ${formatDayMonth(dispatchDate(new Date(), calendar))}`;

    // "Saved" is answered once this server's pages show the save: the first load has it.
    const product = await page.context().newPage();
    await product.goto('/product/1');
    await expect(product.getByTestId('product-dispatch').getByRole('status')).toHaveText(banner);
    expect(Date.now() - savedAt).toBeLessThan(5_000);
    const box = product.getByTestId('product-dispatch');
    await expect(box.getByText(dispatchBy)).toBeVisible();
    await box.scrollIntoViewIfNeeded();
    await shot(product, { path: path.join(SHOTS, 'phone-product-closed.png') });

    // The zones: Ireland at €6.50 without a threshold. The product's JSON-LD and its free-shipping line follow.
    const zones = before.shipping.zones.map((z) =>
      z.id === 'IE' ? { ...z, price: 650, freeFrom: null } : z,
    );
    const res = await request.patch('/api/admin/settings', { headers: owner, data: { shipping: { zones } } });
    expect(res.ok()).toBe(true);
    await expect
      .poll(async () => jsonLdOf(await (await request.get('/product/1')).text()), { timeout: 5_000 })
      .toMatchObject({
        offers: {
          shippingDetails: expect.arrayContaining([
            expect.objectContaining({
              shippingRate: { '@type': 'MonetaryAmount', value: '6.50', currency: 'EUR' },
              shippingDestination: [{ '@type': 'DefinedRegion', addressCountry: 'IE' }],
            }),
          ]),
        },
      });
    await product.goto('/product/1');
    await expect(product.getByText(/^Made to order: ready to ship in/)).toBeVisible();
    // (The announcement bar keeps the owner's own words.)
    await expect(product.getByText(/Free shipping in Ireland on orders of/)).toHaveCount(0);
    await expect(product.getByRole('list', { name: 'Why shop with us' })).not.toContainText('Free Shipping');
    await product.close();
  } finally {
    await restoreSettings(request, before);
  }
});

test("Settings on a phone: her Irish shipping and a 15% code; the cart's total is what the test checkout charges", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const before = await readSettings(request);
  try {
    await page.goto('/admin#/settings');
    await page.getByLabel('Owner token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const shipping = page.getByRole('region', { name: 'Shipping' });
    const ireland = shipping.getByRole('group', { name: /\(IE\)$/ });
    await ireland.getByLabel('Price (€)').fill('5.50');
    await ireland.getByLabel(/Free shipping from/).fill('60');
    await shipping.getByRole('button', { name: 'Save shipping' }).click();
    await expect(shipping.getByRole('status')).toContainText('Saved');
    // A code the owner made (a second run finds it there already).
    const code = await request.post('/api/admin/discounts', {
      headers: owner,
      data: { code: 'CART15', percentOff: 15 },
    });
    expect([201, 409]).toContain(code.status());
    await expect
      .poll(async () => {
        const body = (await (await request.get(CURRENT_CATALOGUE_URL)).json()) as CatalogueResourceBody;
        return body.shop?.shipping.zones.find((z) => z.id === 'IE');
      })
      .toMatchObject({ price: 550, freeFrom: 6000 });

    // €35 + €30 of bracelets: €55.25 after 15%, under her €60, so Irish shipping is €5.50.
    await page.goto('/#/cart');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      STORAGE_KEYS.cart,
      JSON.stringify([
        { id: '3', quantity: 1 },
        { id: '5', quantity: 1 },
      ]),
    ] as const);
    await page.goto('about:blank');
    await page.goto('/#/cart');
    await page.getByRole('button', { name: 'Have a gift card or discount code?' }).click();
    await page.getByRole('textbox', { name: 'Gift card or discount code' }).fill('cart15');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('cart-discount')).toHaveText('−€9.75');
    await expect(page.getByTestId('cart-shipping')).toHaveText('€5.50');
    await expect(page.getByTestId('cart-total')).toHaveText('€60.75');
    await expect(page.getByText(/qualified for free shipping/)).toHaveCount(0);
    await expect(page.getByText("You're €4.75 away from free shipping")).toBeVisible();

    await enterEmail(page, 'grainne.walsh@example.ie');
    await page.waitForURL(/\/test-checkout\//);
    const totals = page.locator('dl.totals');
    await expect(totals.locator('.row.total dd')).toHaveText('€60.75');
    await expect(totals.getByText('€5.50')).toBeVisible();
    await fillTestCheckout(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await page.waitForURL(/#\/order-confirmation\?session_id=cs_test_/);
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('€60.75').first()).toBeVisible();
  } finally {
    await restoreSettings(request, before);
  }
});

test('Settings on a phone: a cart left open while she changes the Irish rate shows it once back in view, as the checkout charges it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const before = await readSettings(request);
  try {
    // €35 + €30 of bracelets: free in Ireland under the first start's rates (from €50).
    await page.goto('/#/cart');
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      STORAGE_KEYS.cart,
      JSON.stringify([
        { id: '3', quantity: 1 },
        { id: '5', quantity: 1 },
      ]),
    ] as const);
    await page.goto('about:blank');
    await page.goto('/#/cart');
    await expect(page.getByTestId('cart-shipping')).toHaveText('Free');

    // While the cart stands open, she charges €6.50 for Ireland, never free.
    const zones = before.shipping.zones.map((z) =>
      z.id === 'IE' ? { ...z, price: 650, freeFrom: null } : z,
    );
    const saved = await request.patch('/api/admin/settings', {
      headers: owner,
      data: { shipping: { zones } },
    });
    expect(saved.ok()).toBe(true);
    await expect
      .poll(async () => {
        const body = (await (await request.get(CURRENT_CATALOGUE_URL)).json()) as CatalogueResourceBody;
        return body.shop?.shipping.zones.find((z) => z.id === 'IE');
      })
      .toMatchObject({ price: 650, freeFrom: null });
    await expect(page.getByTestId('cart-shipping')).toHaveText('Free');

    // The shopper comes back to the tab (the browser fires visibilitychange at the document, bubbling):
    // the cart asks for the newest catalogue and shows her rate, as the test checkout then charges it.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await expect(page.getByTestId('cart-shipping')).toHaveText('€6.50');
    await expect(page.getByTestId('cart-total')).toHaveText('€71.50');
    await enterEmail(page, 'orla.open@example.ie');
    await page.waitForURL(/\/test-checkout\//);
    await expect(page.locator('dl.totals .row.total dd')).toHaveText('€71.50');
  } finally {
    await restoreSettings(request, before);
  }
});

/** The product's JSON-LD in the page as served. */
function jsonLdOf(html: string): unknown {
  const found = /<script[^>]*type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  return found?.[1] ? JSON.parse(found[1]) : null;
}
