import { describe, expect, it } from 'vitest';
import { EMPTY_REVIEWS, type ReviewsSnapshot } from '../../domain/reviews';
import { createReviewsSource } from './reviews-source';

describe('createReviewsSource', () => {
  it("has the database's reviews once loaded() settles, so the first pages every instance renders agree", async () => {
    const stored: ReviewsSnapshot = { version: 3, byProduct: {}, testimonials: [] };
    const source = createReviewsSource({
      load: () => new Promise((resolve) => setTimeout(() => resolve(stored), 20)),
      version: async () => 3,
      pollMs: 60_000,
      log: { error: () => {} },
    });
    try {
      expect(source.current()).toBe(EMPTY_REVIEWS);
      await source.loaded();
      expect(source.current()).toBe(stored);
    } finally {
      await source.close();
    }
  });
});
