// @vitest-environment jsdom
/**
 * The router inside the real app: each path shows its page, unknown paths the 404 page, old paths are
 * redirected without a history entry, and a route change (not a query change) scrolls to the top and
 * moves focus to the main area.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { goToHash } from '../test-support/hash-navigation';
import { App } from './app';

beforeAll(() => {
  // jsdom has no layout: Radix Slider (the shop's price range) measures its thumbs with ResizeObserver.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  window.localStorage.clear();
  // jsdom does not implement scrolling.
  scrollTo = vi.fn();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
});

afterEach(() => {
  window.location.hash = '';
});

function renderAppAt(hash: string) {
  window.location.hash = hash;
  return render(<App />);
}

describe('routing in the app', () => {
  it('shows the page of the path in the hash and follows it', async () => {
    renderAppAt('#/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Story' })).toBeInTheDocument();
    await goToHash('#/privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
  });

  it('shows the 404 page for an unknown path, keeping the address', async () => {
    renderAppAt('#/no-such-page?x=1');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/no-such-page?x=1');
  });

  it('redirects an old path to the shop, replacing its history entry', async () => {
    window.location.hash = '#/blog/summer-sale';
    const entries = history.length;
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Collection' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/shop');
    expect(history.length).toBe(entries);
  });

  it('scrolls to the top on a route change, not on start nor when only the query changes', async () => {
    renderAppAt('#/shop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Collection' })).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();

    await goToHash('#/shop?q=pearl');
    expect(screen.getByRole('searchbox', { name: 'Search bracelets' })).toHaveValue('pearl');
    expect(scrollTo).not.toHaveBeenCalled();
    expect(screen.getByRole('main')).not.toHaveFocus();

    await goToHash('#/cart');
    expect(await screen.findByRole('heading', { level: 1, name: /cart/i })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    // Focus moves to the new page's main area, so a screen reader and the keyboard go on from there.
    // Moved by an effect, which may run a moment after the heading is on screen.
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());

    await goToHash('#/shop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Collection' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
