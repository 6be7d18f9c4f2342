// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAMPAIGN_REFRESH_MS, CampaignPage } from './campaign-page';
import { SubscribersPage } from './subscribers-page';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const PRODUCTS = [
  { id: '1', name: 'First Light', price: 4000, status: 'active' },
  { id: '5', name: 'Sea Glass', price: 3500, status: 'paused' },
];

const DRAFT = {
  id: 'cmp_abc',
  status: 'draft',
  subject: 'Autumn',
  preview: '',
  body: 'Hello',
  productIds: ['1'],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  sendAt: null,
  sentAt: null,
  recipients: 0,
  sent: 0,
  failed: 0,
  failures: [],
  unsubscribed: 0,
};

describe("the desk's campaign", () => {
  it('saves a new draft with its product blocks and opens it', async () => {
    const user = userEvent.setup();
    const posts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/admin/products') return json(200, { ok: true, products: PRODUCTS });
        if (url === '/api/admin/campaigns' && init?.method === 'POST') {
          posts.push(JSON.parse(String(init.body)));
          return json(201, { ok: true, campaign: { ...DRAFT, productIds: ['5', '1'] } });
        }
        return json(404, { ok: false, error: 'unexpected' });
      }),
    );
    render(<CampaignPage campaignId={null} />);
    await user.type(await screen.findByLabelText('Subject'), 'Autumn');
    const message = screen.getByLabelText(/Message/);
    // How to write bold or a link, in words the owner uses: no format's name.
    expect(message).toHaveAccessibleDescription(expect.stringContaining('For bold write **words**'));
    expect(message).toHaveAccessibleDescription(expect.not.stringMatching(/Markdown|HTML/));
    await user.type(message, 'Hello');
    await user.click(await screen.findByRole('checkbox', { name: /Sea Glass/ }));
    await user.click(screen.getByRole('checkbox', { name: /First Light/ }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(posts).toEqual([{ subject: 'Autumn', preview: '', body: 'Hello', productIds: ['5', '1'] }]);
    expect(window.location.hash).toBe('#/newsletter/cmp_abc');
  });

  it('previews a draft at phone and laptop widths, sends a test, and sends it after a confirmation', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    let sent = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url === '/api/admin/products') return json(200, { ok: true, products: PRODUCTS });
        if (url === '/api/admin/subscribers')
          return json(200, { ok: true, subscribers: [], total: sent ? 1 : 2 });
        if (url === '/api/admin/campaigns/cmp_abc')
          return json(200, {
            ok: true,
            campaign: sent ? { ...DRAFT, status: 'sending', recipients: 2, sent: 1 } : DRAFT,
          });
        if (url === '/api/admin/campaigns/cmp_abc/preview')
          return json(200, { ok: true, preview: { subject: 'Autumn', html: '<p>Hello</p>', text: 'Hello' } });
        if (url === '/api/admin/campaigns/cmp_abc/test') return json(202, { ok: true, campaign: DRAFT });
        if (url === '/api/admin/campaigns/cmp_abc/send') {
          sent = true;
          return json(202, {
            ok: true,
            campaign: { ...DRAFT, status: 'scheduled', sendAt: '2026-11-20T11:00:00.000Z' },
          });
        }
        return json(404, { ok: false, error: 'unexpected' });
      }),
    );
    render(<CampaignPage campaignId="cmp_abc" />);
    const frame = await screen.findByTitle("The e-mail at a phone's width");
    expect(frame.getAttribute('srcdoc')).toBe('<p>Hello</p>');
    expect(frame.style.width).toBe('390px');
    await user.click(screen.getByRole('button', { name: 'Laptop' }));
    expect(screen.getByTitle("The e-mail at a laptop's width").style.width).toBe('800px');

    await user.click(screen.getByRole('button', { name: 'Send a test to me' }));
    expect(await screen.findByText('Test sent to your address.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send now' }));
    expect(calls).not.toContain('POST /api/admin/campaigns/cmp_abc/send');
    // The confirmation says to how many it goes.
    expect(screen.getByText('Send it to 2 confirmed subscribers now?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, send now' }));
    expect(await screen.findByText(/Scheduled ·/)).toBeTruthy();
    expect(calls).toContain('POST /api/admin/campaigns/cmp_abc/send');
    // Not a count of 0 while it starts: the counts come once the server has them, without a reload.
    expect(screen.getByText('Starting: its recipients are being counted.')).toBeTruthy();
    expect(screen.queryByText('Recipients')).toBeNull();
    const counts = await screen.findByText(/Sending ·/, {}, { timeout: 3 * CAMPAIGN_REFRESH_MS });
    expect(counts).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Campaign' });
    expect(within(region).getByText('Recipients').nextSibling?.textContent).toBe('2');
    // Read-only now: no form to change it.
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it('shows a sent campaign read-only with its counts and failures', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/admin/products') return json(200, { ok: true, products: PRODUCTS });
        if (url === '/api/admin/campaigns/cmp_abc')
          return json(200, {
            ok: true,
            campaign: {
              ...DRAFT,
              status: 'sent',
              sentAt: '2026-11-20T12:00:00.000Z',
              recipients: 3,
              sent: 2,
              failed: 1,
              failures: [{ reason: 'mailbox unavailable', count: 1 }],
              unsubscribed: 1,
            },
          });
        if (url === '/api/admin/campaigns/cmp_abc/preview')
          return json(200, { ok: true, preview: { subject: 'Autumn', html: '<p>Hello</p>', text: 'Hello' } });
        return json(404, { ok: false, error: 'unexpected' });
      }),
    );
    render(<CampaignPage campaignId="cmp_abc" />);
    const counts = await screen.findByRole('region', { name: 'Campaign' });
    expect(within(counts).getByText('Recipients').nextSibling?.textContent).toBe('3');
    expect(within(counts).getByText('Unsubscribed since').nextSibling?.textContent).toBe('1');
    expect(within(counts).getByText('1 failed: mailbox unavailable')).toBeTruthy();
    expect(screen.queryByLabelText('Subject')).toBeNull();
  });
});

describe("the desk's subscribers", () => {
  it('lists, searches and removes a subscriber after a confirmation', async () => {
    const user = userEvent.setup();
    let list = [
      {
        email: 'aoife@example.ie',
        source: 'home',
        signedUpAt: '2026-11-01T10:00:00.000Z',
        confirmedAt: '2026-11-01T10:05:00.000Z',
      },
    ];
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        urls.push(`${init?.method ?? 'GET'} ${url}`);
        if (url.startsWith('/api/admin/subscribers?q='))
          return json(200, { ok: true, subscribers: list, total: list.length });
        if (url === '/api/admin/subscribers')
          return json(200, { ok: true, subscribers: list, total: list.length });
        if (init?.method === 'DELETE') {
          list = [];
          return json(200, { ok: true });
        }
        return json(404, { ok: false, error: 'unexpected' });
      }),
    );
    render(<SubscribersPage />);
    expect(await screen.findByText('1 confirmed subscriber')).toBeTruthy();
    expect(screen.getByText(/Signed up .* on the home page form; confirmed/)).toBeTruthy();
    await user.type(screen.getByLabelText('Search by address'), 'aoife');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 matching')).toBeTruthy();
    expect(urls).toContain('GET /api/admin/subscribers?q=aoife');
    await user.click(screen.getByRole('button', { name: 'Remove aoife@example.ie' }));
    await user.click(screen.getByRole('button', { name: 'Yes, remove aoife@example.ie' }));
    expect(await screen.findByText('aoife@example.ie was removed from the list.')).toBeTruthy();
    expect(urls).toContain('DELETE /api/admin/subscribers/aoife%40example.ie');
    expect(await screen.findByText('No subscriber matches this search.')).toBeTruthy();
  });
});
