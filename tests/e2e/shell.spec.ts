import { expect, test } from './fixtures';

test('header marks the current page and the footer has the brand blurb and year', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/#/about');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Shop' })).not.toHaveAttribute('aria-current', 'page');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Handcrafted pieces designed in-house. Ships Ireland & beyond.');
  await expect(footer).toContainText(String(new Date().getFullYear()));
  await expect(footer.getByRole('navigation', { name: 'Legal' })).toBeVisible();
});

test('page scrolls to the top on route change', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto('/#/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Privacy');
  // Scroll again on each poll: the route's own scroll-to-top may run after a first early scroll.
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, 2000));
      return page.evaluate(() => window.scrollY);
    })
    .toBeGreaterThan(100);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Terms');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens as a dialog titled Menu, traps Tab, closes on Escape and restores focus', async ({ page }) => {
    await page.goto('/#/');
    const opener = page.getByRole('button', { name: 'Open menu' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    // Focus moves into the dialog after ~100 ms.
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // Scroll is locked while open.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('has a Close button, closes on backdrop click and navigates', async ({ page }) => {
    await page.goto('/#/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    // Radix listens for outside clicks only once the sheet has opened: wait
    // for it to be on screen and its slide-in to end, as a shopper would.
    await expect(dialog).toBeVisible();
    await dialog.evaluate((d) => Promise.all(d.getAnimations().map((a) => a.finished)));
    await page.mouse.click(380, 400);
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await dialog.getByRole('link', { name: 'Coming Soon' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/#\/coming-soon$/);
    // Find your order, for a shopper who lost the confirmation e-mail.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await dialog.getByRole('link', { name: 'Find your order' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/#\/order$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your order');
  });

  // The close tap only flips the sheet's state; the sheet slides out and the page is given back (scroll
  // lock, aria-hidden, focus) when the animation ends, outside the tap (docs/performance.md, bench:inp).
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    test(`closing slides the sheet out, then gives the page back (motion: ${reducedMotion})`, async ({
      page,
    }) => {
      await page.emulateMedia({ reducedMotion });
      await page.goto('/#/');
      const opener = page.getByRole('button', { name: 'Open menu' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Menu' });
      await expect(dialog).toBeVisible();
      await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
      // The rest of the page is hidden from assistive technology while the sheet is open.
      await expect(page.getByRole('main')).toHaveCount(0);
      // Record, as the sheet's state turns to closed, whether it is still in the page and animating out.
      await dialog.evaluate((el) => {
        const seen: string[] = [];
        (window as unknown as { closingSeen: string[] }).closingSeen = seen;
        new MutationObserver(() => {
          if (el.getAttribute('data-state') !== 'closed') return;
          seen.push(
            `${String(el.isConnected)} ${el
              .getAnimations()
              .map((a) => (a as CSSAnimation).animationName)
              .join(',')}`,
          );
        }).observe(el, { attributes: true, attributeFilter: ['data-state'] });
      });
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      expect(await page.evaluate(() => (window as unknown as { closingSeen: string[] }).closingSeen)).toEqual(
        ['true sheet-out-left'],
      );
      await expect(opener).toBeFocused();
      await expect(page.getByRole('main')).toHaveCount(1);
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
      // The page answers taps again at once: the backdrop went with the sheet.
      await opener.click();
      await expect(dialog).toBeVisible();
    });
  }
  test('the mobile_nav flag switches to the alternative menu with the same keyboard behaviour', async ({
    page,
  }) => {
    await page.goto('/#/');
    await page.evaluate(() => localStorage.setItem('mobile_nav', 'true'));
    await page.reload();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await expect(page.locator('dialog[open]')).toHaveCount(1);
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});

test('announcement dismissal survives reload', async ({ page }) => {
  await page.goto('/#/');
  const bar = page.getByRole('complementary', { name: 'Announcement' });
  await expect(bar).toContainText('Free shipping in Ireland from €40 • 30-day returns');
  await bar.getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(bar).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Announcement' })).toHaveCount(0);
});

test('GET /api/health answers 200 JSON', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ ok: true });
});

test('path-form URLs open the matching hash route', async ({ page }) => {
  await page.goto('/about');
  await expect(page).toHaveURL(/#\/about$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  /** Form fields and buttons: what a thumb taps. Radio and checkbox inputs are tapped through their labels. */
  const TAP_TARGETS =
    'button, select, textarea, input:not([type="hidden"]):not([type="radio"]):not([type="checkbox"]):not([type="range"])';

  for (const route of ['/', '/coming-soon', '/order', '/product/1']) {
    test(`every field and button is at least 44 px tall on ${route}`, async ({ page }) => {
      await page.goto(`/#${route}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.locator('html[data-stale]')).toHaveCount(0);
      const small = await page.locator(TAP_TARGETS).evaluateAll((elements) =>
        elements
          // Visible ones; not the skip link, which is drawn (full size) only while it has focus.
          .filter((e) => e.getBoundingClientRect().width > 1 && getComputedStyle(e).visibility !== 'hidden')
          .map((e) => ({
            what: e.getAttribute('aria-label') ?? e.textContent?.trim() ?? e.tagName,
            height: e.getBoundingClientRect().height,
          }))
          .filter((t) => t.height < 44),
      );
      expect(small).toEqual([]);
    });
  }
});
