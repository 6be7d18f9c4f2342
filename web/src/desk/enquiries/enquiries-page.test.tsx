// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminEnquiry } from '../../../../domain/enquiries/enquiries';
import { ENQUIRY_MAIL_SUBJECTS } from '../../../../domain/enquiries/enquiry-texts';
import { EnquiriesPage, EnquiryPage } from './enquiries-page';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const ENQUIRY: AdminEnquiry = {
  id: 'enq_AbCdEfGhIjKlMnOpQrSt',
  name: 'Niamh Kelly',
  email: 'niamh@example.ie',
  company: 'Kelly & Co',
  pieces: 30,
  neededBy: '2026-12-10',
  budgetPerPiece: 2550,
  kind: 'corporate',
  occasion: 'Christmas <b>gifts</b>',
  message: 'Line one\nLine two',
  status: 'new',
  notes: '',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe("the desk's Enquiries", () => {
  it('lists enquiries with their status, pieces and date, and the counts on the filters', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return json(200, {
          ok: true,
          enquiries: [ENQUIRY, { ...ENQUIRY, id: 'enq_2', name: 'Aoife', company: null, status: 'won' }],
          counts: { new: 1, quoted: 0, won: 1, lost: 0 },
        });
      }),
    );
    render(<EnquiriesPage status={null} />);
    const link = await screen.findByRole('link', { name: /Niamh Kelly/ });
    expect(link).toHaveAttribute('href', `#/enquiries/${ENQUIRY.id}`);
    expect(link).toHaveTextContent('30 pieces');
    expect(link).toHaveTextContent('needed by 10 Dec 2026');
    expect(link).toHaveTextContent('New');
    expect(screen.getByRole('link', { name: /Aoife/ })).toHaveTextContent('Won');
    const filters = screen.getByRole('navigation', { name: 'Filter by status' });
    expect(within(filters).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    expect(within(filters).getByRole('link', { name: 'New (1)' })).toHaveAttribute(
      'href',
      '#/enquiries?status=new',
    );
    expect(urls).toEqual(['/api/admin/enquiries']);
  });

  it('shows every field as text, replies by mail and saves status and notes with an Idempotency-Key', async () => {
    const patches: { body: unknown; key: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url !== `/api/admin/enquiries/${ENQUIRY.id}`) throw new Error(`unexpected ${url}`);
        if ((init?.method ?? 'GET') === 'GET') return json(200, { ok: true, enquiry: ENQUIRY });
        const body = JSON.parse(String(init?.body)) as { status: AdminEnquiry['status']; notes: string };
        patches.push({ body, key: new Headers(init?.headers).get('Idempotency-Key') });
        return json(200, { ok: true, changed: true, enquiry: { ...ENQUIRY, ...body } });
      }),
    );
    const user = userEvent.setup();
    render(<EnquiryPage enquiryId={ENQUIRY.id} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Niamh Kelly' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'The enquiry' });
    expect(details).toHaveTextContent('Christmas <b>gifts</b>');
    expect(details).toHaveTextContent('€25.50');
    expect(details).toHaveTextContent('Kelly & Co');
    expect(details).toHaveTextContent('10 Dec 2026');
    expect(details).toHaveTextContent('Corporate gift');

    const reply = screen.getByRole('link', { name: 'Reply' });
    const href = reply.getAttribute('href') ?? '';
    expect(href.startsWith('mailto:niamh@example.ie?')).toBe(true);
    expect(new URLSearchParams(href.split('?')[1]).get('subject')).toBe(ENQUIRY_MAIL_SUBJECTS.reply);

    await user.selectOptions(screen.getByLabelText('Status'), 'quoted');
    await user.type(screen.getByLabelText('Private notes'), 'Sent samples');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: Quoted.')).toBeInTheDocument();
    expect(patches).toEqual([{ body: { status: 'quoted', notes: 'Sent samples' }, key: expect.any(String) }]);
    expect(screen.getByLabelText('Status')).toHaveValue('quoted');
  });

  it("shows the server's refusal", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(404, { ok: false, error: 'No enquiry with that id' })),
    );
    render(<EnquiryPage enquiryId="enq_gone" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No enquiry with that id');
  });
});
