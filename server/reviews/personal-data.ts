/**
 * The reviews' personal data (docs/product/privacy.md §12): a buyer's reviews, in the privacy export; erased with
 * the person (their own words may name them), and anonymised with an order that loses its personal data.
 */
import type { PersonalDataPart } from '../platform';
import { anonymiseReviewsOfOrders, eraseReviewsOfOrders, reviewsOfOrders } from './review-store';

export const reviewsPersonalData: PersonalDataPart = {
  async exportOf(db, { orderIds }) {
    const reviews = await reviewsOfOrders(db, orderIds);
    return {
      reviews: reviews.map((r) => ({
        reference: r.reference,
        productId: r.product_id,
        size: r.size,
        rating: r.rating,
        title: r.title,
        text: r.text,
        displayName: r.display_name,
        status: r.status,
        reply: r.reply,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
        publishedAt: r.published_at,
      })),
    };
  },

  // The person's reviews go entirely, text included: their own words may name them (§12).
  async erase(trx, { orderIds }) {
    return { reviewsErased: await eraseReviewsOfOrders(trx, orderIds) };
  },

  // Their reviews lose the link to the order and the reviewer's name (docs/product/privacy.md §12).
  async eraseWithOrders(db, orderIds) {
    await anonymiseReviewsOfOrders(db, orderIds);
  },
};
