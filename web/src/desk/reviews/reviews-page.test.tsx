// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReview } from '../../../../domain/reviews/review-schemas';
import { HIDE_RULE } from '../../../../domain/reviews/review-texts';
import { ReviewsPage } from './reviews-page';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the desk's Reviews section", () => {
  const REVIEW: AdminReview = {
    id: 'rev_1',
    reference: 'SOL-ABCDEFGH',
    productId: '2',
    productName: 'Claret Harbour',
    rating: 2,
    title: null,
    text: '<script>x</script> The clasp broke.',
    displayName: 'Gráinne W.',
    status: 'pending',
    reason: null,
    reply: null,
    featured: false,
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    publishedAt: null,
  };

  it('lists the reviews, publishes with a reply and hides with a private reason, the rule next to the button', async () => {
    const user = userEvent.setup();
    const calls: { url: string; body: unknown; key: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as {
            status: 'published' | 'hidden';
            reason?: string;
            reply?: string;
          };
          calls.push({ url, body, key: new Headers(init.headers).get('Idempotency-Key') });
          return json(200, {
            ok: true,
            review: {
              ...REVIEW,
              status: body.status,
              reason: body.reason ?? null,
              reply: body.reply || null,
            },
          });
        }
        return json(200, { ok: true, reviews: [REVIEW], pending: 1 });
      }),
    );
    render(<ReviewsPage status={null} />);
    expect(await screen.findByText('<script>x</script> The clasp broke.')).toBeInTheDocument();
    expect(screen.getByText('2 of 5 stars · Claret Harbour')).toBeInTheDocument();
    expect(screen.getByText(HIDE_RULE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAccessibleDescription(HIDE_RULE);
    expect(screen.getByRole('link', { name: 'How reviews work' })).toBeInTheDocument();

    await user.type(
      screen.getByLabelText('Public reply from the shop (optional)'),
      'Sorry! We will mend it.',
    );
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      url: '/api/admin/reviews/rev_1',
      body: { status: 'published', reply: 'Sorry! We will mend it.' },
    });
    expect(calls[0]?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByRole('button', { name: 'Quote on the home page' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Private reason for hiding (never shown)'), 'abusive');
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body).toMatchObject({ status: 'hidden', reason: 'abusive' });
  });
});
