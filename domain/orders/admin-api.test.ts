import { describe, expect, it } from 'vitest';
import {
  adminOrderPath,
  dispatchRequestSchema,
  ordersListResponseSchema,
  refundRequestSchema,
  refusedTransitionMessage,
  trackingUrlFor,
} from './admin-api';

describe('admin API contract', () => {
  it('fills in a tracking URL from the carrier pattern, encoding the number', () => {
    expect(trackingUrlFor('an_post', ' CE123 456IE ')).toBe(
      'https://www.anpost.com/Post-Parcels/Track/History?item=CE123%20456IE',
    );
    expect(trackingUrlFor('other', 'X1')).toBeNull();
    expect(trackingUrlFor('ups', '  ')).toBeNull();
  });

  it('names the refused transition', () => {
    expect(refusedTransitionMessage('dispatched', 'cancel')).toBe('A dispatched order cannot be cancelled');
    expect(refusedTransitionMessage('in_production', 'deliver')).toBe(
      'An in production order cannot be marked delivered',
    );
  });

  it('builds order paths with the reference encoded', () => {
    expect(adminOrderPath('SOL-AB12CD34')).toBe('/api/admin/orders/SOL-AB12CD34');
    expect(adminOrderPath('SOL-AB12CD34', 'refund')).toBe('/api/admin/orders/SOL-AB12CD34/refund');
  });

  it('refuses unknown keys, non-https tracking URLs and fractional amounts', () => {
    expect(dispatchRequestSchema.safeParse({ carrier: 'dpd', trackingNumber: '1', price: 1 }).success).toBe(
      false,
    );
    expect(
      dispatchRequestSchema.safeParse({ carrier: 'dpd', trackingNumber: '1', trackingUrl: 'javascript:x' })
        .success,
    ).toBe(false);
    expect(refundRequestSchema.safeParse({ amount: 10.5 }).success).toBe(false);
    expect(refundRequestSchema.safeParse({}).success).toBe(true);
  });

  it('needs every status in the counts', () => {
    const partial = { orders: [], total: 0, page: 1, pageSize: 25, counts: { paid: 1 } };
    expect(ordersListResponseSchema.safeParse(partial).success).toBe(false);
  });
});
