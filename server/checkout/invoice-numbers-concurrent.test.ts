/**
 * Invoice numbers when many checkouts are paid at once (docs/product/vat.md §20.6: one sequence a year, no
 * gap, never reused), through the real checkout path: two instances of the shop on one database, each
 * order paid on the test checkout of one instance (which confirms it, as Stripe's webhook would) while
 * its confirmation page asks the other at the same moment. Every order gets exactly one invoice, and the
 * numbers run 1..n with none missing and none twice; each order's confirmation names its own number.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { orderReference } from '../../domain/checkout/checkout';
import { irishDate } from '../../domain/shared/calendar-date';
import { buildTestApp, payAndConfirm, tempDataDir } from '../../tests/support/test-app';
import { createTestDatabase, TEST_DIALECTS } from '../../tests/support/test-database';

const ADMIN_TOKEN = 'invoice-numbers-admin-token';
const ORDERS = 16;

const apps: FastifyInstance[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

describe.each(TEST_DIALECTS)(
  'invoice numbers of checkouts paid at once on two instances on %s',
  (dialect) => {
    it('are one per order, gapless and unique', async () => {
      const data = tempDataDir();
      cleanups.push(data.remove);
      const database = await createTestDatabase(dialect, data.dir, { migrated: true });
      cleanups.push(() => database.remove());
      // One DATA_DIR for both: on SQLite it holds their one database file (PostgreSQL: DATABASE_URL).
      const start = async () => {
        // Many payments from one test client would meet the per-client limits first.
        const app = await buildTestApp({
          DATA_DIR: data.dir,
          ADMIN_TOKEN,
          RATE_LIMITS: 'off',
          ...database.env,
        });
        apps.push(app);
        return app;
      };
      const one = await start();
      // Registered before the second instance starts, so both read the mode from the start.
      const registered = await one.inject({
        method: 'PATCH',
        url: '/api/admin/settings',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: { vat: { mode: 'ireland', vatNumber: 'IE1234567T', gb: 'no_sale' } },
      });
      expect(registered.statusCode).toBe(200);
      const two = await start();
      const instance = (i: number) => (i % 2 === 0 ? one : two);

      const sessions: string[] = [];
      for (let i = 0; i < ORDERS; i++) {
        const res = await instance(i).inject({
          method: 'POST',
          url: '/api/checkout',
          payload: { email: `shopper${i}@example.ie`, items: [{ id: '1', quantity: 1 }], zone: 'IE' },
        });
        expect(res.statusCode, res.body).toBe(200);
        sessions.push((res.json() as { sessionId: string }).sessionId);
      }

      await Promise.all(
        sessions.flatMap((sessionId, i) => [
          payAndConfirm(instance(i), sessionId, `shopper${i}@example.ie`),
          instance(i + 1).inject({
            method: 'POST',
            url: `/api/orders/${sessionId}/confirm`,
            payload: {},
          }),
        ]),
      );

      const invoices = await one.platform.db
        .selectFrom('vat_invoices')
        .select(['number', 'order_reference'])
        .orderBy('number')
        .execute();
      const year = irishDate(new Date()).slice(0, 4);
      expect(invoices.map((r) => r.number)).toEqual(
        Array.from({ length: ORDERS }, (_, i) => `${year}-${String(i + 1).padStart(6, '0')}`),
      );
      const references = sessions.map(orderReference);
      expect(invoices.map((r) => r.order_reference).sort()).toEqual([...references].sort());

      // Each order's confirmation, asked again on either instance, names the invoice its order got.
      const numberOf = new Map(invoices.map((r) => [r.order_reference, r.number]));
      for (const [i, sessionId] of sessions.entries()) {
        const res = await instance(i).inject({
          method: 'POST',
          url: `/api/orders/${sessionId}/confirm`,
          payload: {},
        });
        const answer = res.json() as { reference: string; vat?: { invoiceNumber?: string } };
        expect(answer.vat?.invoiceNumber, answer.reference).toBe(numberOf.get(answer.reference));
      }
    });
  },
);
