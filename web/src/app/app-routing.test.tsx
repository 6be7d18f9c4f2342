// @vitest-environment jsdom
/**
 * The router inside the real app: each path shows its page, unknown paths the 404 page, old paths are
 * redirected without a history entry, and a route change (not a query change) scrolls to the top and
 * moves focus to the main area.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedSnapshot } from '../../../domain/catalogue/seed';
import { isStale, STALE_ATTRIBUTE } from '../boot/protocol';
import { goToHash } from '../test-support/hash-navigation';
import { stubResizeObserver } from '../test-support/resize-observer';
import { App } from './app';

beforeAll(stubResizeObserver);

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
  return render(<App catalogue={seedSnapshot()} />);
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
    render(<App catalogue={seedSnapshot()} />);
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

describe('a prerendered page that is not the hash route (/#/shop on the home page)', () => {
  afterEach(() => document.documentElement.removeAttribute(STALE_ATTRIBUTE));

  it('stays hidden while the route’s page loads, and is revealed with the page, not its placeholder', async () => {
    document.documentElement.setAttribute(STALE_ATTRIBUTE, '1');
    // A page no other test here opens: its chunk is not loaded yet.
    renderAppAt('#/bespoke-corporate');
    // Revealed now, the placeholder would show, and the page replacing it would move everything below.
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(isStale()).toBe(true);
    expect(await screen.findByRole('heading', { level: 1, name: /Bespoke & Corporate/ })).toBeInTheDocument();
    await waitFor(() => expect(isStale()).toBe(false));
  });
});
