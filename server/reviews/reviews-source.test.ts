import { describe, expect, it } from 'vitest';
import { EMPTY_REVIEWS, type ReviewsSnapshot } from '../../domain/reviews/reviews';
import { createReviewsSource } from './reviews-source';

describe('createReviewsSource', () => {
  it("has the database's reviews once loaded() settles, so the first pages every instance renders agree", async () => {
    const stored: ReviewsSnapshot = { version: 3, byProduct: {}, testimonials: [] };
    // The database answers when the test lets it: until then the source has nothing loaded.
    let answer = () => {};
    const source = createReviewsSource({
      load: () =>
        new Promise((resolve) => {
          answer = () => resolve(stored);
        }),
      version: async () => 3,
      pollMs: 60_000,
      log: { error: () => {} },
    });
    try {
      expect(source.current()).toBe(EMPTY_REVIEWS);
      const loaded = source.loaded();
      answer();
      await loaded;
      expect(source.current()).toBe(stored);
    } finally {
      await source.close();
    }
  });
});
