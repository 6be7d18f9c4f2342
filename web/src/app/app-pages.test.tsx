// @vitest-environment jsdom
/**
 * Every page of the app at its hash route, in the real App: each shows its own level-one heading (its lazy
 * chunk loads and renders), and an unknown path shows the 404 page, links home and is written to the error
 * log the debug console reads. Old paths landing on the shop: domain/routes.test.ts (which paths) and
 * app-routing.test.tsx (the App follows the redirect).
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedSnapshot } from '../../../domain/catalogue/seed';
import { STORAGE_KEYS } from '../../../domain/config';
import { resetErrorLogCacheForTests } from '../features/error-tracking/error-log';
import { stubResizeObserver } from '../test-support/resize-observer';
import { App } from './app';

beforeAll(stubResizeObserver);

beforeEach(() => {
  window.localStorage.clear();
  // A worker keeps modules from file to file (vitest.config.ts isolate: false).
  resetErrorLogCacheForTests();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  window.location.hash = '';
});

function renderAppAt(hash: string) {
  window.location.hash = hash;
  return render(<App catalogue={seedSnapshot()} />);
}

const ROUTES: ReadonlyArray<readonly [string, RegExp]> = [
  ['/', /./],
  ['/shop', /Our Collection/],
  ['/collections/best-sellers', /Best Sellers/],
  ['/product/1', /./],
  ['/cart', /Your Cart|Your cart is empty/],
  ['/about', /^Our Story$/],
  ['/bespoke-corporate', /^Bespoke & Corporate Services$/],
  ['/coming-soon', /^Brooches Coming Soon$/],
  ['/order-confirmation', /No order to show/],
  ['/payment-canceled', /Payment Cancelled/],
  ['/privacy-policy', /^Privacy Policy$/],
  ['/terms-conditions', /^Terms & Conditions$/],
  ['/returns-refunds', /^Shipping & Returns$/],
  ['/cookie-policy', /^Cookie Policy$/],
  ['/image-editor', /Image Editor/],
  ['/diagnostics', /Diagnostics/],
  ['/checkout-test-plan', /Test Plan/i],
  ['/checkout-health', /Checkout Health/],
  ['/error-test', /Error Test/],
];

describe('every route renders its heading', () => {
  it.each(ROUTES)('%s', async (path, heading) => {
    renderAppAt(`#${path}`);
    // The page itself, not the placeholder shown while its chunk loads.
    await vi.waitFor(
      () => {
        expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
        expect(screen.getAllByRole('heading', { level: 1 })[0]).toHaveTextContent(heading);
      },
      { timeout: 10_000 },
    );
  });
});

describe('a path that is no page', () => {
  it('an unknown path shows the 404 page with a link home, and is logged for the debug console', async () => {
    const user = userEvent.setup();
    renderAppAt('#/no-such-page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' }),
    ).toBeInTheDocument();
    const logged = JSON.parse(localStorage.getItem(STORAGE_KEYS.errorLog) ?? '[]') as { message: string }[];
    expect(logged.map((e) => e.message)).toContain('404: no route for /no-such-page');
    await user.click(screen.getByRole('link', { name: 'Return to Home' }));
    await vi.waitFor(() => expect(window.location.hash).toMatch(/^#\/?$/));
  });
});
