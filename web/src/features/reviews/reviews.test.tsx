// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderReviews } from '../../../../domain/reviews/review-schemas';
import { REVIEW_MESSAGES } from '../../../../domain/reviews/review-texts';
import { EMPTY_REVIEWS, type PublicReview, type ReviewsSnapshot } from '../../../../domain/reviews/reviews';
import { HashRouter } from '../../lib/router';
import { OrderReviewsSection } from './order-reviews';
import { ProductReviewsList } from './product-reviews';
import { RatingBadge } from './rating';
import { ReviewsProvider } from './reviews-data';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function publicReview(n: number, extra: Partial<PublicReview> = {}): PublicReview {
  return {
    id: `rev_${n}`,
    productId: '2',
    rating: (n % 5) + 1,
    title: null,
    text: `Review number ${n}, lovely bracelet.`,
    displayName: `Buyer ${n}`,
    purchasedMonth: '2026-03',
    publishedAt: `2026-04-${String(20 - n).padStart(2, '0')}T10:00:00.000Z`,
    reply: null,
    ...extra,
  };
}

describe('the product page reviews', () => {
  it('says there are none yet, without stars, and links to how reviews work', () => {
    render(
      <HashRouter>
        <ProductReviewsList data={{ summary: null, reviews: [] }} />
      </HashRouter>,
    );
    expect(screen.getByText(REVIEW_MESSAGES.noReviewsYet)).toBeInTheDocument();
    expect(screen.queryByText(/Rated/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How reviews work' })).toHaveAttribute(
      'href',
      '#/terms-conditions?section=how-reviews-work',
    );
  });

  it('shows five at a time with More reviews, the average, Verified buyer with the month, and the reply', async () => {
    const user = userEvent.setup();
    const reviews = Array.from({ length: 7 }, (_, i) => publicReview(i + 1));
    reviews[0] = { ...reviews[0], reply: 'Thank you, Buyer 1!' } as PublicReview;
    render(
      <HashRouter>
        <ProductReviewsList data={{ summary: { average: 3.4, count: 7 }, reviews }} />
      </HashRouter>,
    );
    expect(screen.getByText('3.4 out of 5 from 7 reviews')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(screen.getByText('Thank you, Buyer 1!')).toBeInTheDocument();
    expect(screen.getAllByText(/Verified buyer, bought in March 2026/)).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'More reviews' }));
    expect(screen.getAllByRole('article')).toHaveLength(7);
    expect(screen.queryByRole('button', { name: 'More reviews' })).not.toBeInTheDocument();
  });

  it('keeps markup and addresses as text: no element, no link made of them', () => {
    const text = '<b>bold</b> <a href="https://evil.example">x</a> https://evil.example';
    const { container } = render(
      <HashRouter>
        <ProductReviewsList
          data={{
            summary: { average: 5, count: 1 },
            reviews: [publicReview(1, { text, displayName: '<i>Me</i>' })],
          }}
        />
      </HashRouter>,
    );
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(container.querySelector('b, i')).toBeNull();
    expect(container.querySelector('a[href^="https://evil"]')).toBeNull();
    expect(screen.getByText(/<i>Me<\/i>/)).toBeInTheDocument();
  });
});

describe('the card rating', () => {
  const snapshot: ReviewsSnapshot = {
    version: 3,
    byProduct: {
      '2': {
        summary: { average: 3, count: 2 },
        reviews: [publicReview(1, { rating: 4 }), publicReview(2, { rating: 2 })],
      },
    },
    testimonials: [],
  };

  it('shows the real average and count when there is a review, nothing otherwise', () => {
    const { container } = render(
      <ReviewsProvider reviews={snapshot}>
        <RatingBadge productId="2" />
        <span data-testid="none">
          <RatingBadge productId="5" />
        </span>
      </ReviewsProvider>,
    );
    expect(container.textContent).toContain('Rated 3.0 out of 5 from(2) reviews');
    expect(screen.getByTestId('none')).toBeEmptyDOMElement();
  });

  it('shows nothing without any review at all', () => {
    const { container } = render(
      <ReviewsProvider reviews={EMPTY_REVIEWS}>
        <RatingBadge productId="2" />
      </ReviewsProvider>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('the order page review form', () => {
  const BLOCK: OrderReviews = {
    open: true,
    defaultDisplayName: 'Gráinne W.',
    products: [{ productId: '2', name: 'First Light' }],
    reviews: [],
  };

  it('offers exactly five radios 1 to 5 in a fieldset, checks the fields, and sends the review', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/order-page/reviews'
        ? json(200, { ok: true, reviews: BLOCK })
        : json(201, { ok: true, reviews: [{ id: 'rev_1', productId: '2', status: 'pending' }] }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <HashRouter>
        <OrderReviewsSection reference="SOL-ABCDEFGH" orderKey={'K'.repeat(32)} />
      </HashRouter>,
    );
    const group = await screen.findByRole('group', { name: 'Your rating of First Light' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByLabelText('Name shown with your review')).toHaveValue('Gráinne W.');
    expect(screen.getByRole('link', { name: 'How reviews work' })).toBeInTheDocument();

    // Both problems at once, each beside its field, and focus on the first to fix.
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(group).toHaveAccessibleDescription('Please choose a rating from 1 to 5 stars.');
    expect(screen.getByLabelText(/Your review/)).toHaveAccessibleDescription(
      'Please write 10 to 2000 characters.',
    );
    expect(radios[0]).toHaveFocus();
    await user.click(within(group).getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByLabelText(/Your review/), 'Short');
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(group).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText(/Your review/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Your review/)).toHaveFocus();
    await user.type(screen.getByLabelText(/Your review/), ' but sweet, I love it.');
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByText(/Received: it appears once we have checked it/)).toBeInTheDocument();
    const sent = fetchMock.mock.calls.find(
      ([url]) => url === '/api/orders/SOL-ABCDEFGH/reviews',
    ) as unknown as [string, RequestInit];
    expect(JSON.parse(String(sent[1].body))).toEqual({
      key: 'K'.repeat(32),
      reviews: [
        { productId: '2', rating: 4, text: 'Short but sweet, I love it.', displayName: 'Gráinne W.' },
      ],
    });
    expect(screen.getByRole('button', { name: /Change my review/ })).toBeInTheDocument();
  });

  it('shows the server refusal as an alert', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/order-page/reviews'
          ? json(200, { ok: true, reviews: BLOCK })
          : json(409, { ok: false, error: REVIEW_MESSAGES.editClosed }),
      ),
    );
    render(
      <HashRouter>
        <OrderReviewsSection reference="SOL-ABCDEFGH" orderKey={'K'.repeat(32)} />
      </HashRouter>,
    );
    await user.click(await screen.findByRole('radio', { name: '2 stars' }));
    await user.type(screen.getByLabelText(/Your review/), 'Not what I expected at all.');
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REVIEW_MESSAGES.editClosed);
  });

  it('says reviews open on delivery before then', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { ok: true, reviews: { ...BLOCK, open: false } })),
    );
    render(
      <HashRouter>
        <OrderReviewsSection reference="SOL-ABCDEFGH" orderKey={'K'.repeat(32)} />
      </HashRouter>,
    );
    expect(await screen.findByText(REVIEW_MESSAGES.notDelivered)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});
