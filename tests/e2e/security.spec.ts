/**
 * The Content-Security-Policy in the real browser: every page, in its prerendered path form and its hash
 * form, loads with no CSP violation (inline scripts are allowed by their hashes only), the interactive
 * parts that inject styles or frames (dialogs, toasts, the diagnostics frame) work under it, the test
 * checkout pays under its own policy, and an injected inline script really is refused.
 */
import type { Page } from '@playwright/test';
import { PRODUCTS } from '../../domain/catalogue';
import { STATIC_PATHS } from '../../domain/routes';
import { PATH_FORM_PAGES, PATH_FORM_PRODUCT } from '../../web/src/boot/page-scripts';
import { expect, test } from './fixtures';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test.beforeEach(async ({ page, consoleGuard, request }) => {
  // Until the image pipeline has run, product images 404; that is not what these checks are about.
  const first = PRODUCTS[0];
  const probe = first ? await request.get(`/img/${first.image}-320.webp`) : null;
  if (!probe?.ok()) consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations?.push(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sample})`,
      );
    });
  });
});

async function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__cspViolations ?? []);
}

const PAGES = [...Object.keys(STATIC_PATHS), '/product/1', `/product/${PRODUCTS.length}`, '/no-such-page'];

/**
 * A hash link to a page the server prerenders (`/#/shop`) leaves the home page at once for that page's
 * path form (web/src/boot/page-scripts.ts), which the same test has just loaded: its hash form is one
 * redirect, checked once below, and not a second page.
 */
function hasOwnHashForm(path: string): boolean {
  return !PATH_FORM_PAGES.includes(path) && !new RegExp(PATH_FORM_PRODUCT).test(path);
}

test.describe('no CSP violation on any page', () => {
  for (const path of PAGES) {
    const forms = hasOwnHashForm(path) ? 'path form, then hash form' : 'path form';
    test(`${path} (${forms})`, async ({ page, consoleGuard }) => {
      if (path === '/no-such-page') consoleGuard.allow(/status of 404/);
      // The diagnostics page loads the whole home page in a frame by itself; waiting for the network to
      // go quiet took over 30 s once on a loaded CI machine.
      if (path === '/diagnostics') test.slow();
      const response = await page.goto(path);
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self' 'sha256-");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      if (hasOwnHashForm(path)) {
        await page.goto(`/#${path}`);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      }
      // Lazy chunks, images and late effects get a moment to run under the policy.
      await page.waitForLoadState('networkidle');
      expect(await violations(page)).toEqual([]);
    });
  }
});

test('a hash link to a prerendered page goes to its path form under the policy', async ({ page }) => {
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document' && r.url().startsWith('http'))
      documents.push(new URL(r.url()).pathname);
  });
  for (const path of ['/shop', '/product/1']) {
    // From another document, as a shared link opens: once the app has started, the path-form page shows
    // the hash URL again, and a second hash link from it would only change the hash.
    await page.goto('about:blank');
    await page.goto(`/#${path}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  // Each hash link: the home page's head script, then the page's own path form.
  expect(documents).toEqual(['/', '/shop', '/', '/product/1']);
  await page.waitForLoadState('networkidle');
  expect(await violations(page)).toEqual([]);
});

test('dialogs, toasts and the mini cart inject their styles without a violation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/product/1');
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.locator('[data-sonner-toaster]')).toBeAttached();
  await page.goto('/shop');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog').first()).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await violations(page)).toEqual([]);
});

test('the diagnostics page frames the home page (frame-ancestors self)', async ({ page }) => {
  await page.goto('/#/diagnostics');
  await page.waitForLoadState('networkidle');
  const frames = page.frames().filter((f) => f !== page.mainFrame());
  for (const frame of frames) await expect(frame.locator('body')).toBeAttached();
  expect(await violations(page)).toEqual([]);
});

test('an injected inline script is refused', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/inline script/);
  await page.goto('/shop');
  const { ran, refused } = await page.evaluate(async () => {
    // An inline script runs as it is inserted, or is refused with a violation event: wait for that.
    const violation = new Promise<string>((resolve) => {
      document.addEventListener('securitypolicyviolation', (e) => resolve(e.effectiveDirective), {
        once: true,
      });
    });
    const s = document.createElement('script');
    s.textContent = 'window.__injected = true';
    document.body.append(s);
    const ran = (window as unknown as { __injected?: boolean }).__injected === true;
    return { ran, refused: ran ? '' : await violation };
  });
  expect(ran).toBe(false);
  expect(refused).toMatch(/^script-src/);
  expect((await violations(page)).join('\n')).toMatch(/script-src/);
});

test('the test checkout pays under its own policy, its form passing the Origin check', async ({ page }) => {
  const created = await page.request.post('/api/checkout', {
    data: { email: 'csp@example.ie', items: [{ id: '1', quantity: 1 }], zone: 'IE' },
  });
  expect(created.status()).toBe(200);
  const { url } = (await created.json()) as { url: string };
  const response = await page.goto(new URL(url).pathname);
  expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");
  expect(response?.headers()['referrer-policy']).toBe('same-origin');
  await page.getByLabel('Full name').fill('Saoirse Kelly');
  await page.getByLabel('Address').fill('7 Mill Lane');
  await page.getByLabel('Town or city').fill('Kilkenny');
  await page.getByLabel('Postcode').fill('R95 AB12');
  await page.getByLabel('Country').selectOption('IE');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM / YY)').fill('12 / 39');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('a form on another site cannot pay: the browser marks it cross-site and the shop refuses it', async ({
  page,
  baseURL,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 403/);
  const created = await page.request.post('/api/checkout', {
    data: { email: 'csrf@example.ie', items: [{ id: '2', quantity: 1 }], zone: 'IE' },
  });
  const { sessionId } = (await created.json()) as { sessionId: string };
  const fields = {
    email: 'csrf@example.ie',
    name: 'Mallory',
    line1: '1 Evil Way',
    city: 'Cork',
    postalCode: 'T12 AB34',
    country: 'IE',
    cardNumber: '4242 4242 4242 4242',
    expiry: '12 / 39',
    cvc: '123',
  };
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input name="${k}" value="${v}">`)
    .join('');
  // A page of another origin (data:) posting the shop's own form fields to the shop.
  await page.goto(
    `data:text/html,<form method="post" action="${baseURL}/test-checkout/${sessionId}/pay">${inputs}<button>Win a prize</button></form>`,
  );
  await page.getByRole('button', { name: 'Win a prize' }).click();
  await expect(page.getByRole('heading', { name: 'Payment not submitted' })).toBeVisible();
  await expect(page.getByText("This request did not come from the shop's own pages")).toBeVisible();
  expect(await violations(page)).toEqual([]);
  const order = await page.request.post(`/api/orders/${sessionId}/confirm`, { data: {} });
  expect(((await order.json()) as { status: string }).status).toBe('pending');
});

test('security headers on pages, files and the API', async ({ request }) => {
  for (const path of ['/', '/shop', '/favicon.svg', '/api/health', '/runtime-env.js', '/robots.txt']) {
    const res = await request.get(path);
    const h = res.headers();
    expect(h['x-content-type-options'], path).toBe('nosniff');
    expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(h['permissions-policy'], path).toContain('camera=()');
    expect(h['x-request-id'], path).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(h['content-security-policy'], path).toContain('frame-ancestors');
    // PUBLIC_URL is http in this run: no HSTS.
    expect(h['strict-transport-security'], path).toBeUndefined();
  }
});
