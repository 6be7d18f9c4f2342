// @vitest-environment jsdom

import { render, screen, within } from '@testing-library/react';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueSnapshot } from '../../../../domain/catalogue/snapshot';
import { NO_SOCIAL_LINKS } from '../../../../domain/settings/social-links';
import {
  DEFAULT_STOREFRONT_SETTINGS,
  type StorefrontSettings,
  storefrontSettings,
} from '../../../../domain/settings/storefront-settings';
import { CatalogueProvider } from '../../features/catalogue-snapshot/catalogue-context';
import { HashRouter } from '../../lib/router';
import { hydrateForTest } from '../../test-support/hydrate';
import { seedWith } from '../../test-support/render-with-catalogue';
import { Footer } from './footer';

const global = globalThis as { __BUILD_YEAR__?: number; IS_REACT_ACT_ENVIRONMENT?: boolean };

const SEED = seedWith({});

/** As the app renders it: inside the catalogue the page was rendered from (its settings). */
function Page({ catalogue = SEED }: { readonly catalogue?: CatalogueSnapshot }) {
  return (
    <CatalogueProvider catalogue={catalogue}>
      <HashRouter>
        <Footer />
      </HashRouter>
    </CatalogueProvider>
  );
}

describe('Footer', () => {
  afterEach(() => {
    delete global.__BUILD_YEAR__;
    delete global.IS_REACT_ACT_ENVIRONMENT;
    vi.useRealTimers();
  });

  it('hydrates a page prerendered last year without a mismatch, then shows this year', async () => {
    global.IS_REACT_ACT_ENVIRONMENT = true;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T12:00:00Z'));
    global.__BUILD_YEAR__ = 2026;
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    document.body.append(container);
    expect(container.textContent).toContain('© 2026 Solas');

    // A month later the same prerendered page is opened.
    vi.setSystemTime(new Date('2027-01-31T12:00:00Z'));
    const errors: unknown[] = [];
    await act(async () => {
      hydrateForTest(container, <Page />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toContain('© 2027 Solas');
    container.remove();
  });
});

describe('Footer links', () => {
  it('links Find your order from the Customer Service group', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    const group = container.querySelector('nav[aria-label="Customer Service"]');
    const link = Array.from(group?.querySelectorAll('a') ?? []).find(
      (a) => a.textContent === 'Find your order',
    );
    expect(link?.getAttribute('href')).toBe('#/order');
  });
});

describe('Footer social links', () => {
  const catalogueWith = (social: StorefrontSettings['social']) => ({
    ...seedWith({}),
    shop: storefrontSettings({ ...DEFAULT_STOREFRONT_SETTINGS, social }),
  });

  it('shows only the links the owner gave in Settings, none before she gives one', () => {
    const view = render(<Page catalogue={catalogueWith(NO_SOCIAL_LINKS)} />);
    expect(screen.queryByRole('list', { name: 'Social media' })).toBeNull();
    expect(view.container.innerHTML).not.toMatch(/instagram|facebook|pinterest/i);
    view.unmount();

    render(
      <Page
        catalogue={catalogueWith({ ...NO_SOCIAL_LINKS, instagram: 'https://www.instagram.com/aoifebeads' })}
      />,
    );
    const list = screen.getByRole('list', { name: 'Social media' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([['Instagram', 'https://www.instagram.com/aoifebeads']]);
  });
});
