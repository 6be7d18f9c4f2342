import { describe, expect, it } from 'vitest';
import { defaultDisplayName, monthLabel, type PublicReview, summarise } from './reviews';
import { reviewsJsonLd } from './reviews-json-ld';

const REVIEW: PublicReview = {
  id: 'rev_1',
  productId: '2',
  rating: 4,
  title: 'Lovely',
  text: 'Lovely colours, <b>fits</b> just right.',
  displayName: 'Gráinne W.',
  purchasedMonth: '2026-03',
  publishedAt: '2026-04-02T10:00:00.000Z',
  reply: null,
};

describe('reviews', () => {
  it('shows the first name and initial of the delivery name by default', () => {
    expect(defaultDisplayName('Gráinne Whitlock')).toBe('Gráinne W.');
    expect(defaultDisplayName('  Seán  Ó Briain ')).toBe('Seán B.');
    expect(defaultDisplayName('Cher')).toBe('Cher');
    expect(defaultDisplayName(null)).toBe('A verified buyer');
  });

  it('averages to one decimal and has no summary without reviews', () => {
    expect(summarise([4, 2])).toEqual({ average: 3, count: 2 });
    expect(summarise([5, 4, 4])).toEqual({ average: 4.3, count: 3 });
    expect(summarise([])).toBeNull();
    expect(monthLabel('2026-03')).toBe('March 2026');
  });

  it('gives structured data only from published reviews, and none without any', () => {
    expect(reviewsJsonLd(undefined)).toEqual({});
    expect(reviewsJsonLd({ summary: null, reviews: [] })).toEqual({});
    const ld = reviewsJsonLd({
      summary: { average: 3, count: 2 },
      reviews: [REVIEW, { ...REVIEW, id: 'rev_2', rating: 2, title: null, displayName: null }],
    });
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 3,
      reviewCount: 2,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld.review).toEqual([
      expect.objectContaining({
        author: { '@type': 'Person', name: 'Gráinne W.' },
        reviewBody: REVIEW.text,
        name: 'Lovely',
      }),
      expect.objectContaining({ author: { '@type': 'Person', name: 'A verified buyer' } }),
    ]);
  });
});
