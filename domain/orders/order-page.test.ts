import { describe, expect, it } from 'vitest';
import {
  buildTimeline,
  normalizeReference,
  type OrderFacts,
  orderPagePath,
  withdrawalWindow,
} from './order-page';

const PAID: OrderFacts = {
  paidAt: '2026-11-02T10:00:00Z',
  productionAt: null,
  dispatchedAt: null,
  deliveredAt: null,
  refundedAt: null,
  cancelledAt: null,
};

describe('the order timeline', () => {
  it('shows the steps reached as done, the last as current and the rest to come', () => {
    expect(
      buildTimeline({ ...PAID, dispatchedAt: '2026-11-05T10:00:00Z' }).map((t) => [t.step, t.state]),
    ).toEqual([
      ['paid', 'done'],
      ['in-production', 'done'],
      ['dispatched', 'current'],
      ['delivered', 'upcoming'],
    ]);
  });

  it('ends a refunded or cancelled order there, without the steps it will never reach', () => {
    const refunded = buildTimeline({ ...PAID, refundedAt: '2026-11-03T10:00:00Z' });
    expect(refunded.map((t) => [t.step, t.state, t.at])).toEqual([
      ['paid', 'done', PAID.paidAt],
      ['refunded', 'current', '2026-11-03T10:00:00Z'],
    ]);
    expect(buildTimeline({ ...PAID, cancelledAt: '2026-11-03T10:00:00Z' }).at(-1)?.label).toBe('Cancelled');
  });
});

describe('the withdrawal window (14 days)', () => {
  it('is open before dispatch, with no end date yet', () => {
    expect(withdrawalWindow(PAID, 'IE', new Date('2027-06-01T10:00:00Z'))).toEqual({
      open: true,
      until: null,
    });
  });

  it('runs 14 days after the zone’s latest delivery date once dispatched', () => {
    // Ireland: 3-5 delivery days after Thursday 5 November: latest Thursday 12 November.
    const facts = { ...PAID, dispatchedAt: '2026-11-05T10:00:00Z' };
    expect(withdrawalWindow(facts, 'IE', new Date('2026-11-26T23:30:00Z'))).toEqual({
      open: true,
      until: '2026-11-26',
    });
    expect(withdrawalWindow(facts, 'IE', new Date('2026-11-27T00:10:00Z')).open).toBe(false);
  });

  it('runs 14 days after delivery once delivered, in Irish days (summer time included)', () => {
    const facts = { ...PAID, dispatchedAt: '2026-06-01T10:00:00Z', deliveredAt: '2026-06-03T23:30:00Z' };
    // 00:30 in Dublin (summer time) on 4 June: delivered on the 4th, so the 18th is the last day.
    expect(withdrawalWindow(facts, 'IE', new Date('2026-06-18T22:00:00Z'))).toEqual({
      open: true,
      until: '2026-06-18',
    });
    expect(withdrawalWindow(facts, 'IE', new Date('2026-06-18T23:30:00Z')).open).toBe(false);
  });

  it('is closed for a refunded or cancelled order', () => {
    expect(withdrawalWindow({ ...PAID, refundedAt: PAID.paidAt }, 'EU', new Date(PAID.paidAt)).open).toBe(
      false,
    );
    expect(withdrawalWindow({ ...PAID, cancelledAt: PAID.paidAt }, 'EU', new Date(PAID.paidAt)).open).toBe(
      false,
    );
  });
});

describe('order page links', () => {
  it('carry the reference and the key after the hash, so neither reaches a server log', () => {
    expect(orderPagePath('SOL-AB12CD34', 'k_y-1')).toBe('/#/order/SOL-AB12CD34?key=k_y-1');
    expect(normalizeReference(' sol-ab12cd34\n')).toBe('SOL-AB12CD34');
  });
});
