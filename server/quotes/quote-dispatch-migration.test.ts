/**
 * 0021-quote-dispatch-by on both databases: quotes made before the owner set dispatch dates get one. A paid
 * quote keeps the date its order was given at payment (what its client was told since); any other gets
 * the shop's own date for an order paid now.
 */
import { describe, expect, it } from 'vitest';
import { dispatchDate } from '../../domain/making/dispatch';
import { olderSchemaSuite } from '../../tests/support/store-suite';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { migrate } from '../db/database';
import { MIGRATIONS } from '../db/migrations';

const AT = '2026-11-20T10:00:00.000Z';

describe.each(TEST_DIALECTS)('quotes made before dispatch dates (%s)', (dialect) => {
  const olderSchema = olderSchemaSuite(dialect, '0018');

  it('get the date their paid order has, or the shop’s date for an order paid now', () =>
    olderSchema(async ({ db }) => {
      await db
        .insertInto('orders')
        .values({
          id: 'ord_quote',
          provider: 'test',
          session_id: `cs_test_${'q'.repeat(58)}`,
          reference: 'SOL-QQQQQQQQ',
          status: 'paid',
          email: 'buyer@acme.example',
          zone: 'IE',
          currency: 'eur',
          subtotal: 89250,
          shipping: 0,
          gift_wrap: 0,
          total: 89250,
          item_count: 30,
          shipping_name: null,
          shipping_address: null,
          failure_reason: null,
          created_at: AT,
          updated_at: AT,
          paid_at: AT,
          checked_at: null,
          desk_status: 'paid',
          gift_message: null,
          dispatch_date: '2027-01-15',
          discount: 15750,
          discount_code: null,
          quote_reference: 'Q-PAID2345',
          enquiry_id: null,
        })
        .execute();
      const quote = (reference: string, orderId: string | null) => ({
        reference,
        quote_key: reference.padEnd(32, 'k'),
        enquiry_id: null,
        email: 'buyer@acme.example',
        name: 'Niamh Kelly',
        lines: '[]',
        discount_percent: 15,
        zone: 'IE',
        subtotal: 105000,
        discount: 15750,
        shipping: 0,
        total: 89250,
        valid_until: '2026-12-24',
        note: null,
        order_id: orderId,
        checkout_url: null,
        sent_at: AT,
        withdrawn_at: null,
        request_key: null,
        created_at: AT,
        updated_at: AT,
      });
      // The columns as 0017 made them: today's type has the new one.
      // biome-ignore lint/suspicious/noExplicitAny: a row of the older schema.
      const older = db as any;
      await older
        .insertInto('quotes')
        .values([quote('Q-PAID2345', 'ord_quote'), quote('Q-OPEN2345', null)])
        .execute();

      const before = dispatchDate(new Date());
      expect(await migrate(db, MIGRATIONS)).toContain('0021-quote-dispatch-by');
      const after = dispatchDate(new Date());
      const rows = await db
        .selectFrom('quotes')
        .select(['reference', 'dispatch_by'])
        .orderBy('reference')
        .execute();
      expect(rows[0]).toEqual({ reference: 'Q-OPEN2345', dispatch_by: expect.any(String) });
      expect([before, after]).toContain(rows[0]?.dispatch_by);
      expect(rows[1]).toEqual({ reference: 'Q-PAID2345', dispatch_by: '2027-01-15' });
    }));
});
