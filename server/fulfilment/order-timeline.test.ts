/**
 * An order's history on the desk (orderTimeline): oldest first, and at one instant the order's taking
 * before its payment, as the owner did them.
 */
import { describe, expect, it } from 'vitest';
import { orderTimeline } from './fulfilment-service';

const AT = '2026-11-27T10:00:00.000Z';
const NO_LABELS = new Map<string, string>();

describe('orderTimeline', () => {
  it("puts the owner's taking of an order before its payment in the same millisecond", () => {
    const timeline = orderTimeline(
      {
        row: {
          channel: 'handed_over',
          created_at: AT,
          paid_at: AT,
          payment_method: 'card_reader',
          total: 3000,
        },
        mails: [],
        withdrawal: null,
        events: [
          {
            id: 1,
            order_id: 'o-1',
            at: AT,
            kind: 'created',
            actor: 'owner',
            text: 'Order taken in the desk by phone or at a fair; handed over on the spot, paid (Card reader)',
            amount: null,
            dedupe_key: null,
            actor_name: 'Aoife',
          },
        ],
      },
      NO_LABELS,
    );
    expect(timeline.map((entry) => entry.kind)).toEqual(['created', 'paid']);
  });

  it('keeps the order of time whatever the kind', () => {
    const timeline = orderTimeline(
      {
        row: {
          channel: 'web',
          created_at: AT,
          paid_at: '2026-11-27T10:05:00.000Z',
          payment_method: null,
          total: 4000,
        },
        mails: [
          {
            kind: 'customer',
            status: 'sent',
            created_at: '2026-11-27T10:05:01.000Z',
            sent_at: null,
            recipient: 'a@b.ie',
          },
        ],
        withdrawal: null,
        events: [],
      },
      NO_LABELS,
    );
    expect(timeline.map((entry) => entry.kind)).toEqual(['created', 'paid', 'email']);
  });

  it("names an e-mail by its kind's declared label, a resend as sent again, an unlabelled one by its kind", () => {
    const mail = (kind: string, minute: number) => ({
      kind,
      status: 'sent' as const,
      created_at: `2026-11-27T10:0${minute}:00.000Z`,
      sent_at: null,
      recipient: 'a@b.ie',
    });
    const timeline = orderTimeline(
      {
        row: { channel: 'web', created_at: AT, paid_at: null, payment_method: null, total: 4000 },
        mails: [
          mail('order-confirmation', 1),
          mail('order-confirmation:resend:1', 2),
          mail('order-link-x', 3),
        ],
        withdrawal: null,
        events: [],
      },
      new Map([['order-confirmation', 'Order confirmation e-mail to the shopper']]),
    );
    expect(timeline.filter((entry) => entry.kind === 'email').map((entry) => entry.text)).toEqual([
      'Order confirmation e-mail to the shopper',
      'Order confirmation e-mail to the shopper, sent again',
      'E-mail (order-link-x)',
    ]);
  });
});
