// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUOTE_MESSAGES, type QuotePageView } from '../../../domain/quotes/quotes';
import { HashRouter } from '../lib/router';
import { QuotePage } from './quote-page';

const KEY = 'B'.repeat(32);
const QUOTE: QuotePageView = {
  reference: 'Q-ABCD2345',
  status: 'sent',
  name: 'Acme Events',
  lines: [
    { productId: '3', name: 'Tawny Strand', size: 'M', unitPrice: 3500, quantity: 30, lineTotal: 105000 },
    {
      productId: null,
      name: 'Bespoke bridal set',
      size: null,
      unitPrice: 12000,
      quantity: 1,
      lineTotal: 12000,
    },
  ],
  subtotal: 117000,
  discountPercent: 15,
  discount: 17550,
  shipping: 0,
  total: 99450,
  zone: 'IE',
  validUntil: '2026-12-24' as QuotePageView['validUntil'],
  dispatchBy: '2026-11-30' as QuotePageView['dispatchBy'],
  note: 'The early-bird price for your team.',
  dispatchDate: '2026-11-30' as QuotePageView['dispatchDate'],
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.head.querySelectorAll('meta[name="referrer"]').forEach((m) => {
    m.remove();
  });
});

function openQuotePage(query = '') {
  window.location.hash = `#/quote/Q-ABCD2345?key=${KEY}${query}`;
  return render(
    <HashRouter>
      <QuotePage />
    </HashRouter>,
  );
}

describe('the quote page', () => {
  it('shows the lines, discount, shipping, total and dispatch date, with the key in the request body', async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: true, quote: QUOTE }));
    vi.stubGlobal('fetch', fetchMock);
    openQuotePage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Your quote' })).toBeInTheDocument();
    expect(screen.getByText('Tawny Strand (Medium)')).toBeInTheDocument();
    // A custom line has no size.
    expect(screen.getByText('Bespoke bridal set')).toBeInTheDocument();
    expect(screen.getByText('Discount (15%)')).toBeInTheDocument();
    expect(screen.getByText('−€175.50')).toBeInTheDocument();
    expect(screen.getByText('Shipping (Ireland)')).toBeInTheDocument();
    expect(screen.getByText('Valid until the end of Thursday 24 December 2026.')).toBeInTheDocument();
    expect(screen.getByText('Monday 30 November')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms & Conditions' })).toBeInTheDocument();
    expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe('no-referrer');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/quotes/Q-ABCD2345',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ key: KEY }) }),
    );
  });

  it('shows the owner’s preview as the client sees it, with Pay switched off', async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: true, quote: QUOTE }));
    vi.stubGlobal('fetch', fetchMock);
    openQuotePage('&preview=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your quote' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Preview: this is the page your client sees. Paying is switched off here.',
    );
    expect(screen.getByText('Monday 30 November')).toBeInTheDocument();
    const pay = screen.getByRole('button', { name: 'Pay €994.50 by card' });
    expect(pay).toBeDisabled();
    await userEvent.click(pay);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('pays: the button waits, then the browser goes to the hosted checkout', async () => {
    let release: (r: Response) => void = () => {};
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/checkout')
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : json(200, { ok: true, quote: QUOTE }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      assign,
      href: 'http://shop.test/',
    });
    openQuotePage();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay €994.50 by card' }));
    expect(screen.getByRole('button', { name: 'Opening secure checkout…' })).toBeDisabled();
    release(
      json(200, { ok: true, url: 'http://shop.test/test-checkout/cs_test_abc', sessionId: 'cs_test_abc' }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://shop.test/test-checkout/cs_test_abc'));
    expect(screen.getByRole('button', { name: 'Redirecting to secure checkout...' })).toBeDisabled();
  });

  it('says why a quote cannot be paid, with no Pay button: expired, withdrawn, paid', async () => {
    for (const [status, message] of [
      ['expired', QUOTE_MESSAGES.expired],
      ['withdrawn', QUOTE_MESSAGES.withdrawn],
      ['paid', QUOTE_MESSAGES.paid],
    ] as const) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => json(200, { ok: true, quote: { ...QUOTE, status, dispatchDate: null } })),
      );
      const { unmount } = openQuotePage();
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
      unmount();
    }
  });

  it('shows the refusal when the quote closed meanwhile, and a wrong link as not found', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/checkout')
          ? json(409, { ok: false, error: QUOTE_MESSAGES.expired })
          : json(200, { ok: true, quote: QUOTE }),
      ),
    );
    const { unmount } = openQuotePage();
    await userEvent.click(await screen.findByRole('button', { name: 'Pay €994.50 by card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(QUOTE_MESSAGES.expired);
    unmount();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { ok: false, error: QUOTE_MESSAGES.notFound })),
    );
    openQuotePage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote not found' })).toBeInTheDocument();
  });
});
