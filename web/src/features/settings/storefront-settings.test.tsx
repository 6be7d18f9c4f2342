// @vitest-environment jsdom
/**
 * The owner's settings on the storefront (docs/product/desk.md §10.14), read from the snapshot the page was
 * rendered from: the announcement bar's text, on or off, a dismissal that holds for its text only; and
 * with sales paused, her note and return date in place of Add to Cart, Buy Now and the checkout, with
 * "Tell me when you're back".
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueSnapshot } from '../../../../domain/catalogue/snapshot';
import { STORAGE_KEYS } from '../../../../domain/config';
import { DEFAULT_US_DUTY_PERCENT, usDutyNotice } from '../../../../domain/customs/duty-notice';
import {
  DEFAULT_STOREFRONT_SETTINGS,
  SEEDED_ZONES,
  type StorefrontSettings,
  storefrontSettings,
} from '../../../../domain/settings/storefront-settings';
import { AnnouncementBar } from '../../app/layout/announcement-bar';
import { AppProviders } from '../../app/providers';
import { HashRouter } from '../../lib/router';
import { CartPage } from '../../pages/cart-page';
import { HomePage } from '../../pages/home-page';
import { TermsConditionsPage } from '../../pages/legal/terms-conditions-page';
import { ProductPage } from '../../pages/product-page';
import { renderWithCatalogue, seedWith } from '../../test-support/render-with-catalogue';
import { stubResizeObserver } from '../../test-support/resize-observer';
import { useUsDutyPercent } from './storefront-settings';

beforeAll(stubResizeObserver);
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

function withShop(shop: Partial<StorefrontSettings>): CatalogueSnapshot {
  // As the server adds them to the snapshot it renders pages from (server/pages/plugin.ts).
  return { ...seedWith({}), shop: storefrontSettings({ ...DEFAULT_STOREFRONT_SETTINGS, ...shop }) };
}

const PAUSED = withShop({
  away: { mode: 'pause-sales', until: '2026-12-02', message: 'At the Galway craft fair.' },
});

function renderAt(hash: string, page: React.ReactElement, catalogue: CatalogueSnapshot) {
  window.location.hash = hash;
  return renderWithCatalogue(
    <HashRouter>
      <AppProviders>{page}</AppProviders>
    </HashRouter>,
    { catalogue },
  );
}

describe('the announcement bar', () => {
  it('shows the owner’s text; a dismissal hides that text only, and a new text shows again', async () => {
    const first = withShop({ announcement: { text: 'Orders for Christmas by 15 December', enabled: true } });
    const view = renderWithCatalogue(<AnnouncementBar />, { catalogue: first });
    const bar = screen.getByRole('complementary', { name: 'Announcement' });
    expect(bar).toHaveTextContent('Orders for Christmas by 15 December');
    await userEvent.setup().click(within(bar).getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByRole('complementary', { name: 'Announcement' })).toBeNull();
    view.unmount();

    renderWithCatalogue(<AnnouncementBar />, { catalogue: first });
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Announcement' })).toBeNull());
    const second = withShop({ announcement: { text: 'Back from the fair: new colours', enabled: true } });
    renderWithCatalogue(<AnnouncementBar />, { catalogue: second });
    expect(await screen.findByRole('complementary', { name: 'Announcement' })).toHaveTextContent(
      'Back from the fair: new colours',
    );
  });

  it('is not there while the owner has it off', () => {
    renderWithCatalogue(<AnnouncementBar />, {
      catalogue: withShop({ announcement: { text: 'Anything', enabled: false } }),
    });
    expect(screen.queryByRole('complementary', { name: 'Announcement' })).toBeNull();
  });

  it('keeps the first text dismissed for shoppers who dismissed it before the owner could change it', async () => {
    localStorage.setItem(STORAGE_KEYS.announcementDismissed, '1');
    renderWithCatalogue(<AnnouncementBar />, { catalogue: withShop({}) });
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Announcement' })).toBeNull());
  });
});

describe('the zones on the legal pages', () => {
  it('shows the owner’s prices and free-delivery thresholds', () => {
    const zones = SEEDED_ZONES.map((z) => (z.id === 'EU' ? { ...z, price: 1250, freeFrom: 6000 } : z));
    renderAt('#/terms-conditions', <TermsConditionsPage />, withShop({ shipping: { zones } }));
    const table = screen.getByRole('table', { name: 'Delivery fees and times' });
    const eu = within(table).getByRole('row', { name: /^EU/ });
    expect(eu).toHaveTextContent('€12.50');
    expect(eu).toHaveTextContent('Free on orders of €60 or more');
    expect(
      screen.getByText(
        /Delivery is free in Ireland on orders of €40 or more and EU on orders of €60 or more/,
      ),
    ).toBeInTheDocument();
  });
});

describe('free shipping on the product page and the home page', () => {
  const irish = (freeFrom: number | null) =>
    withShop({ shipping: { zones: SEEDED_ZONES.map((z) => (z.id === 'IE' ? { ...z, freeFrom } : z)) } });

  it('states the Irish zone’s threshold as the owner set it', () => {
    renderAt('#/product/1', <ProductPage />, irish(6000));
    expect(screen.getByText(/^Free shipping in Ireland on orders of €60 or more\./)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Why shop with us' })).toHaveTextContent('orders from €60');
    cleanup();
    renderAt('#/', <HomePage />, irish(6000));
    expect(screen.getByRole('heading', { name: 'Free shipping from €60' })).toBeInTheDocument();
    expect(screen.getByText('Free delivery in Ireland on orders of €60 or more.')).toBeInTheDocument();
  });

  it('says nothing about free shipping when the Irish zone has no threshold', () => {
    renderAt('#/product/1', <ProductPage />, irish(null));
    expect(screen.getByText(/^Made to order: ready to ship in/)).toBeInTheDocument();
    expect(screen.queryByText(/free shipping|free delivery/i)).toBeNull();
    cleanup();
    renderAt('#/', <HomePage />, irish(null));
    expect(screen.queryByText(/free shipping|free delivery/i)).toBeNull();
  });
});

describe('the zones in the cart', () => {
  it('prices shipping and the free-shipping progress with the owner’s zones', async () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ id: '3', quantity: 1, size: 'M' }]));
    const zones = SEEDED_ZONES.map((z) =>
      z.id === 'IE' ? { ...z, name: 'Ireland (An Post)', price: 650, freeFrom: 10000 } : z,
    );
    renderAt('#/cart', <CartPage />, withShop({ shipping: { zones } }));
    expect(screen.getByTestId('cart-shipping')).toHaveTextContent('€6.50');
    expect(screen.getByRole('option', { name: 'Ireland (An Post)' })).toBeInTheDocument();
    expect(screen.getByText(/away from free shipping/)).toHaveTextContent('€65.00 away from free shipping');
  });
});

describe('sales paused', () => {
  it('puts her note and return date where Add to Cart and Buy Now were, with "Tell me when you’re back"', async () => {
    const requests: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        requests.push({ url, body: JSON.parse(String(init?.body)) });
        return new Response(JSON.stringify({ ok: true }), { status: 202 });
      }),
    );
    renderAt('#/product/1', <ProductPage />, PAUSED);
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).toBeNull();
    expect(screen.getByTestId('away-notice')).toHaveTextContent(
      'The shop is taking a break and is not taking orders just now. We are back on Wednesday 2 December. At the Galway craft fair.',
    );
    const form = await screen.findByRole('form', { name: 'Tell me when you’re back' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Email address'), 'niamh@example.ie');
    await user.click(within(form).getByRole('button', { name: 'Tell me when you’re back' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Please check your inbox to confirm');
    expect(requests).toEqual([{ url: '/api/back-in-touch', body: { email: 'niamh@example.ie' } }]);
  });

  it('keeps the cart, with the note in place of the checkout', () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify([{ id: '3', quantity: 1, size: 'M' }]));
    renderAt('#/cart', <CartPage />, PAUSED);
    expect(screen.getAllByText('Tawny Strand').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Proceed to Checkout' })).toBeNull();
    expect(screen.getByTestId('away-notice')).toHaveTextContent('We are back on Wednesday 2 December.');
    // No dispatch date or Christmas promise for an order the shop does not take.
    expect(screen.queryByText('Estimated dispatch')).toBeNull();
    expect(screen.queryByTestId('cart-dispatch')).toBeNull();
  });

  it('promises no dispatch or Christmas date on the product page', () => {
    renderAt('#/product/1', <ProductPage />, PAUSED);
    expect(screen.getByTestId('away-notice')).toBeInTheDocument();
    expect(screen.queryByTestId('product-dispatch')).toBeNull();
    expect(screen.queryByText(/Order now, dispatched by/)).toBeNull();
    expect(screen.queryByText(/ready to ship in/)).toBeNull();
  });

  it('says so in the announcement bar on every page, the home page too, in place of her text', () => {
    renderAt(
      '#/',
      <>
        <AnnouncementBar />
        <HomePage />
      </>,
      PAUSED,
    );
    expect(screen.getByRole('complementary', { name: 'Announcement' })).toHaveTextContent(
      'The shop is taking a break: orders open again on Wednesday 2 December.',
    );
  });

  it('changes nothing while the shop is open or keeps selling', () => {
    renderAt(
      '#/product/1',
      <ProductPage />,
      withShop({ away: { mode: 'keep-selling', until: '2026-12-02', message: '' } }),
    );
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeInTheDocument();
    expect(screen.queryByTestId('away-notice')).toBeNull();
  });
});

describe('the US duty the owner set', () => {
  function Duty() {
    return <p>{usDutyNotice(useUsDutyPercent())}</p>;
  }

  it('reaches the storefront through the snapshot, and the first start says 15%', () => {
    const shop = storefrontSettings({ ...DEFAULT_STOREFRONT_SETTINGS, seller: { usDutyPercent: 12 } });
    expect(shop.usDutyPercent).toBe(12);
    const view = renderWithCatalogue(<Duty />, { catalogue: { ...seedWith({}), shop } });
    expect(screen.getByText(usDutyNotice(12))).toBeVisible();
    view.unmount();
    renderWithCatalogue(<Duty />, { catalogue: withShop({}) });
    expect(screen.getByText(usDutyNotice(DEFAULT_US_DUTY_PERCENT))).toBeVisible();
  });
});
