// @vitest-environment jsdom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, Suspense } from 'react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BROOCHES } from '../../../domain/catalogue/brooches';
import {
  BRAND,
  CORPORATE,
  deliveryDaysText,
  FREE_SHIPPING_THRESHOLD,
  GIFT_WRAP_PRICE,
  POLICY,
  productionDaysText,
  SHIPPING_ZONES,
  ZONE_IDS,
} from '../../../domain/config';
import { SITE_IMAGES } from '../../../domain/media/images';
import { NEWSLETTER_ENDPOINT } from '../../../domain/newsletter/newsletter';
import { formatEuro, formatEuroShort } from '../../../domain/shared/money';
import { LazyToaster } from '../components/ui/toast';
import { HashRouter } from '../lib/router';
import { renderWithCatalogue } from '../test-support/render-with-catalogue';
import { AboutPage } from './about-page';
import { BespokeCorporatePage, ENQUIRY_SUBJECTS } from './bespoke-corporate-page';
import { BROOCH_SIGNUP_SUCCESS, ComingSoonPage } from './coming-soon-page';

function renderPage(page: ReactNode) {
  return renderWithCatalogue(
    <HashRouter>
      {page}
      <LazyToaster />
    </HashRouter>,
  );
}

/**
 * The bespoke page, once shown: it suspends (inside App's page boundary, here a test's) until its enquiry
 * form's chunk has loaded, so that the page hydrates whole.
 */
async function renderBespoke() {
  const view = renderPage(
    <Suspense fallback={null}>
      <BespokeCorporatePage />
    </Suspense>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Bespoke & Corporate Services' });
  return view;
}

afterEach(() => {
  // Sonner keeps its toasts in module state; without this one test's toast shows up in the next.
  toast.dismiss();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('AboutPage', () => {
  it('tells the story with the four values and a way to the shop', () => {
    renderPage(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Our Story' })).toBeInTheDocument();
    for (const name of ['Our Mission', 'Sustainability', 'Handcrafted to Order', 'Gifts', 'Shipping']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const values = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(values).toEqual(['Craftsmanship', 'Simplicity', 'Accessibility', 'Meaning']);
    expect(screen.getByRole('img', { name: SITE_IMAGES.story.alt })).toHaveAttribute('width');
    expect(screen.getByRole('link', { name: 'Shop the Collection' })).toHaveAttribute('href', '#/shop');
  });

  it('quotes production time, gift wrap, returns and every delivery zone from the config', () => {
    renderPage(<AboutPage />);
    const made = screen.getByRole('region', { name: 'Handcrafted to Order' });
    expect(made).toHaveTextContent(productionDaysText());
    const gifts = screen.getByRole('region', { name: 'Gifts' });
    expect(gifts).toHaveTextContent(formatEuro(GIFT_WRAP_PRICE));
    expect(within(gifts).getByRole('link', { name: `${POLICY.returnsDays}-day returns` })).toHaveAttribute(
      'href',
      '#/returns-refunds',
    );
    const shipping = screen.getByRole('region', { name: 'Shipping' });
    expect(shipping).toHaveTextContent(`orders of ${formatEuroShort(FREE_SHIPPING_THRESHOLD)} or more`);
    const rows = within(shipping).getAllByRole('listitem');
    expect(rows).toHaveLength(ZONE_IDS.length);
    ZONE_IDS.forEach((id, i) => {
      expect(rows[i]).toHaveTextContent(SHIPPING_ZONES[id].label);
      expect(rows[i]).toHaveTextContent(formatEuro(SHIPPING_ZONES[id].fee));
      expect(rows[i]).toHaveTextContent(deliveryDaysText(id));
    });
  });
});

describe('BespokeCorporatePage', () => {
  it('shows the occasions, the corporate minimum and the owner’s early-bird terms', async () => {
    window.__SOLAS_EARLY_BIRD__ = { percent: 15, minPieces: 20, until: '2026-12-20', lastDay: '20 December' };
    await renderBespoke();
    delete window.__SOLAS_EARLY_BIRD__;
    expect(
      screen.getByRole('heading', { level: 1, name: 'Bespoke & Corporate Services' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Weddings & Special Occasions' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Corporate & Bulk Orders' })).toHaveTextContent(
      `minimum of ${CORPORATE.minimumPieces} pieces`,
    );
    expect(screen.getByRole('complementary', { name: 'Early bird offer' })).toHaveTextContent(
      '15% off orders of 20+ pieces placed until 20 December, applied in the cart automatically.',
    );
    expect(screen.getByRole('link', { name: 'Shop the Collection' })).toHaveAttribute('href', '#/shop');
  });

  it('shows no early-bird box when there is no early-bird price now', async () => {
    window.__SOLAS_EARLY_BIRD__ = null;
    await renderBespoke();
    delete window.__SOLAS_EARLY_BIRD__;
    expect(screen.getByRole('region', { name: 'Corporate & Bulk Orders' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Early bird offer' })).not.toBeInTheDocument();
    expect(screen.queryByText(/early-bird price/)).not.toBeInTheDocument();
  });

  it('offers e-mail links with a prefilled subject', async () => {
    await renderBespoke();
    const emailUs = screen.getByRole('link', { name: 'Email Us' });
    const href = emailUs.getAttribute('href') ?? '';
    expect(href.startsWith(`mailto:${BRAND.contactEmail}?subject=`)).toBe(true);
    expect(new URLSearchParams(href.split('?')[1]).get('subject')).toBe(ENQUIRY_SUBJECTS.general);
    const corporate =
      screen.getByRole('link', { name: 'Enquire about a corporate order' }).getAttribute('href') ?? '';
    expect(new URLSearchParams(corporate.split('?')[1]).get('subject')).toBe(ENQUIRY_SUBJECTS.corporate);
  });

  it('copies the address, confirms with a toast and explains itself in a tooltip', async () => {
    // jsdom lacks ResizeObserver, which the tooltip's positioning (floating-ui) measures with.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    const user = userEvent.setup();
    // user-event installs its own clipboard stub on setup; spy on the one the page will call.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await renderBespoke();
    const copy = screen.getByRole('button', { name: 'Copy email' });

    act(() => copy.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Click to copy email');

    await user.click(copy);
    expect(writeText).toHaveBeenCalledWith(BRAND.contactEmail);
    await expect(navigator.clipboard.readText()).resolves.toBe(BRAND.contactEmail);
    expect(await screen.findByText('Email copied to clipboard!')).toBeInTheDocument();
  });

  it('says so, with the address, when the clipboard is unavailable', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Denied', 'NotAllowedError'),
    );
    await renderBespoke();
    await user.click(screen.getByRole('button', { name: 'Copy email' }));
    expect(
      await screen.findByText(`Couldn't copy automatically. Our address is ${BRAND.contactEmail}`),
    ).toBeInTheDocument();
    expect(screen.queryByText('Email copied to clipboard!')).not.toBeInTheDocument();
  });
});

describe('ComingSoonPage', () => {
  it('shows the three brooches with their images and a Coming Soon badge each', () => {
    renderPage(<ComingSoonPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Brooches Coming Soon' })).toBeInTheDocument();
    const cards = screen
      .getAllByRole('article')
      .filter((a) => a.getAttribute('aria-labelledby')?.startsWith('brooch-'));
    expect(cards).toHaveLength(BROOCHES.length);
    BROOCHES.forEach((brooch, i) => {
      const card = cards[i];
      if (!card) throw new Error(`card ${i} missing`);
      expect(within(card).getByRole('heading', { name: brooch.name })).toBeInTheDocument();
      expect(within(card).getByText('Coming Soon')).toBeInTheDocument();
      const img = within(card).getByRole('img');
      expect(img.getAttribute('src')).toContain(brooch.imageId);
      expect(img).toHaveAccessibleName();
    });
  });

  it('signs the shopper up for the brooch launch from the Be the First to Know prompt', async () => {
    const fetchMock = vi.fn(
      async (_input: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ ok: true }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderPage(<ComingSoonPage />);
    const form = screen.getByRole('form', { name: 'Be the First to Know' });
    const input = within(form).getByLabelText('Email address');
    await user.type(input, 'brooch.fan@example.ie');
    await user.click(within(form).getByRole('button', { name: 'Notify Me' }));

    expect(await screen.findByText(BROOCH_SIGNUP_SUCCESS)).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(NEWSLETTER_ENDPOINT);
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'brooch.fan@example.ie', source: 'coming-soon' });
  });

  it('shows the failure instead of a false success when the server refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 500 })),
    );
    const user = userEvent.setup();
    renderPage(<ComingSoonPage />);
    const input = screen.getByLabelText('Email address');
    await user.type(input, 'brooch.fan@example.ie{Enter}');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText(BROOCH_SIGNUP_SUCCESS)).not.toBeInTheDocument();
    expect(input).toHaveValue('brooch.fan@example.ie');
  });
});
