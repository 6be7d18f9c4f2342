/**
 * 0032-order-channel on both databases: every order made before it gets its channel from what it already
 * says (a paid quote's order is 'quote', any other 'web'), and none has a payment method or a submission
 * key; a line has no owner's reason.
 */
import { describe, expect, it } from 'vitest';
import { olderSchemaSuite } from '../../tests/support/store-suite';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { migrate } from '../db/database';
import { MIGRATIONS } from '../db/migrations';

const AT = '2026-11-20T10:00:00.000Z';

function order(id: string, quoteReference: string | null) {
  return {
    id,
    provider: 'test-checkout',
    session_id: `cs_test_${id.padEnd(58, 'x')}`,
    reference: `SOL-${id.slice(-8).toUpperCase()}`,
    status: 'paid' as const,
    email: 'aoife@example.ie',
    zone: 'IE',
    currency: 'eur',
    subtotal: 3500,
    shipping: 495,
    gift_wrap: 0,
    total: 3995,
    item_count: 1,
    shipping_name: null,
    shipping_address: null,
    failure_reason: null,
    created_at: AT,
    updated_at: AT,
    paid_at: AT,
    checked_at: null,
    desk_status: 'paid' as const,
    gift_message: null,
    dispatch_date: '2026-11-24',
    discount: 0,
    discount_code: null,
    quote_reference: quoteReference,
    enquiry_id: null,
  };
}

describe.each(TEST_DIALECTS)('orders made before channels (%s)', (dialect) => {
  const olderSchema = olderSchemaSuite(dialect, '0032');

  it("are the web's, or a quote's when they paid one", () =>
    olderSchema(async ({ db }) => {
      // The columns as 0031 left them: today's type has the new ones.
      // biome-ignore lint/suspicious/noExplicitAny: a row of the older schema.
      const older = db as any;
      await older
        .insertInto('orders')
        .values([order('ord_webwebweb1', null), order('ord_quotequote1', 'Q-PAID2345')])
        .execute();
      await older
        .insertInto('order_lines')
        .values({
          order_id: 'ord_webwebweb1',
          position: 0,
          product_id: '3',
          name: 'Tawny Strand',
          size: 'M',
          unit_price: 3500,
          quantity: 1,
          line_total: 3500,
          image: null,
        })
        .execute();
      expect(await migrate(db, MIGRATIONS)).toContain('0032-order-channel');
      const rows = await db
        .selectFrom('orders')
        .select(['id', 'channel', 'payment_method', 'request_key'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: 'ord_quotequote1', channel: 'quote', payment_method: null, request_key: null },
        { id: 'ord_webwebweb1', channel: 'web', payment_method: null, request_key: null },
      ]);
      const line = await db.selectFrom('order_lines').select('price_reason').executeTakeFirst();
      expect(line).toEqual({ price_reason: null });
    }));
});
