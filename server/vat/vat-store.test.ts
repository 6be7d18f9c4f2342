/**
 * The invoice and credit-note store on both dialects: numbers per year with no gap, a number rolled back
 * with its payment given to the next, 20 concurrent payments and 20 concurrent refunds on two instances
 * numbered 1..20 in their own sequences, a payment
 * or refund told twice issuing one record, refunds bounded by the invoice, erasure keeping the invoice
 * without the consumer, and the upgrade of a VAT-registered shop to mode 'ireland'.
 */
import { describe, expect, it } from 'vitest';
import { NO_REASON_GIVEN, PART_OF_PRICE } from '../../domain/vat/credit-note';
import { vatBreakdown } from '../../domain/vat/vat-breakdown';
import { storeSuite } from '../../tests/support/store-suite';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { type OpenDatabase, openDatabase } from '../db/database';
import {
  anonymiseInvoicesOf,
  deleteVatRecordsIssuedBefore,
  ERASED_CUSTOMER,
  formatNumber,
  RefundTooLargeError,
  type SaleRecord,
  VatStore,
} from './vat-store';

const NOW = new Date('2026-11-27T10:00:00Z');
const SELLER = { name: 'Aoife Byrne', address: '1 Quay St, Galway, H91 X2Y3', vatNumber: 'IE1234567T' };

function sale(reference: string, over: Partial<SaleRecord> = {}): SaleRecord {
  const vat = vatBreakdown({
    mode: 'oss',
    gb: 'no_sale',
    country: 'DE',
    business: null,
    day: '2026-11-27',
    lines: [{ gross: 8900 }, { gross: 1200 }],
  });
  return {
    orderReference: reference,
    issuedAt: NOW,
    vat,
    lines: [
      { description: 'First Light ring, size M', quantity: 1 },
      { description: 'Shipping', quantity: 1 },
    ],
    buyer: { name: 'Greta Vogel', address: 'Hauptstr. 1, 10115 Berlin, DE', vatNumber: null },
    ...over,
  };
}

describe.each(TEST_DIALECTS)('the VAT records on %s', (dialect) => {
  const suite = storeSuite(dialect, (database) => new VatStore(database.db));

  const pay = (s: VatStore, db: OpenDatabase, record: SaleRecord) =>
    db.db.transaction().execute((trx) => s.recordSale(trx, record, SELLER));

  it('numbers invoices per year, and credit notes in their own sequence', async () => {
    expect(formatNumber('invoice', 2026, 1)).toBe('2026-000001');
    expect(await pay(suite.store, suite.database, sale('SOL-AAAA0001'))).toBe('2026-000001');
    expect(await pay(suite.store, suite.database, sale('SOL-AAAA0002'))).toBe('2026-000002');
    const nextYear = new Date('2027-01-01T00:30:00Z');
    expect(await pay(suite.store, suite.database, sale('SOL-AAAA0003', { issuedAt: nextYear }))).toBe(
      '2027-000001',
    );
    const refund = (refundId: string, amount: number, reason?: string) =>
      suite.database.db.transaction().execute((trx) =>
        suite.store.recordRefund(trx, {
          orderReference: 'SOL-AAAA0001',
          refundId,
          amount,
          issuedAt: NOW,
          ...(reason ? { reason } : {}),
        }),
      );
    expect(await refund('re_1', 1200, 'Clasp colour changed')).toBe('CN-2026-000001');
    // The same refund told again: the same note.
    expect(await refund('re_1', 1200)).toBe('CN-2026-000001');
    expect(await refund('re_2', 8900)).toBe('CN-2026-000002');
    await expect(refund('re_3', 1)).rejects.toThrow(RefundTooLargeError);
    const notes = await suite.store.creditNotesOf('SOL-AAAA0001');
    expect(notes.map((n) => [n.invoiceNumber, n.totalNet, n.totalVat])).toEqual([
      ['2026-000001', 1008, 192],
      ['2026-000001', 7479, 1421],
    ]);
    // Each says why, and credits the invoice's lines: the goods and quantities, net and VAT at their rate,
    // €12.00 shared by largest remainder (exactly €10.5743 and €1.4257: the cent left goes to the shipping).
    expect(notes.map((n) => n.reason)).toEqual(['Clasp colour changed', NO_REASON_GIVEN]);
    expect(notes[0]?.lines).toEqual([
      {
        invoiceLine: 0,
        description: `First Light ring, size M ${PART_OF_PRICE}`,
        quantity: 1,
        rate: 1900,
        net: 888,
        vat: 169,
      },
      {
        invoiceLine: 1,
        description: `Shipping ${PART_OF_PRICE}`,
        quantity: 1,
        rate: 1900,
        net: 120,
        vat: 23,
      },
    ]);
    const invoice = await suite.store.invoiceOf('SOL-AAAA0001');
    const all = notes.flatMap((n) => n.lines);
    for (const [i, line] of (invoice?.lines ?? []).entries()) {
      const credited = all.filter((l) => l.invoiceLine === i);
      expect([credited.reduce((s, l) => s + l.net, 0), credited.reduce((s, l) => s + l.vat, 0)]).toEqual([
        line.net,
        line.vat,
      ]);
    }
  });

  it('stores the breakdown and snapshots, and issues one invoice per order', async () => {
    const record = sale('SOL-AAAA0001', { viesConsultation: 'WAPIAAAAXYZ' });
    expect(await pay(suite.store, suite.database, record)).toBe('2026-000001');
    expect(await pay(suite.store, suite.database, record)).toBe('2026-000001');
    const invoice = await suite.store.invoiceOf('SOL-AAAA0001');
    expect(invoice).toMatchObject({
      number: '2026-000001',
      country: 'DE',
      scheme: 'oss',
      totalNet: record.vat.totalNet,
      totalVat: record.vat.totalVat,
      seller: SELLER,
      buyer: record.buyer,
      viesConsultation: 'WAPIAAAAXYZ',
      issuedAt: NOW.toISOString(),
    });
    expect(invoice?.lines).toEqual([
      { description: 'First Light ring, size M', quantity: 1, rate: 1900, net: 7479, vat: 1421 },
      { description: 'Shipping', quantity: 1, rate: 1900, net: 1008, vat: 192 },
    ]);
  });

  it('gives a rolled-back payment its number back: no gap', async () => {
    await expect(
      suite.database.db.transaction().execute(async (trx) => {
        await suite.store.recordSale(trx, sale('SOL-AAAA0001'), SELLER);
        throw new Error('the payment failed');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await suite.store.invoiceOf('SOL-AAAA0001')).toBeNull();
    expect(await pay(suite.store, suite.database, sale('SOL-AAAA0002'))).toBe('2026-000001');
  });

  it('20 concurrent payments (two instances on PostgreSQL) are numbered 1 to 20', async () => {
    // SQLite serves one instance; PostgreSQL two pools, as two servers would.
    const second = dialect === 'postgres' ? await openDatabase(suite.target.location) : suite.database;
    try {
      const other = new VatStore(second.db);
      const numbers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0
            ? pay(suite.store, suite.database, sale(`SOL-C${String(i).padStart(7, '0')}`))
            : pay(other, second, sale(`SOL-C${String(i).padStart(7, '0')}`)),
        ),
      );
      expect([...numbers].sort()).toEqual(
        Array.from({ length: 20 }, (_, i) => formatNumber('invoice', 2026, i + 1)),
      );
    } finally {
      if (second !== suite.database) await second.close();
    }
  });

  it('20 concurrent refunds (two instances on PostgreSQL) get credit notes 1 to 20, each naming its invoice', async () => {
    const references = Array.from({ length: 20 }, (_, i) => `SOL-R${String(i).padStart(7, '0')}`);
    for (const reference of references) await pay(suite.store, suite.database, sale(reference));
    const second = dialect === 'postgres' ? await openDatabase(suite.target.location) : suite.database;
    try {
      const other = new VatStore(second.db);
      const numbers = await Promise.all(
        references.map((orderReference, i) => {
          const [s, db] = i % 2 === 0 ? [suite.store, suite.database] : [other, second];
          return db.db
            .transaction()
            .execute((trx) =>
              s.recordRefund(trx, { orderReference, refundId: `re_${i}`, amount: 1000, issuedAt: NOW }),
            );
        }),
      );
      expect([...numbers].sort()).toEqual(
        Array.from({ length: 20 }, (_, i) => formatNumber('credit_note', 2026, i + 1)),
      );
      for (const reference of references) {
        const [note] = await suite.store.creditNotesOf(reference);
        expect(note?.invoiceNumber).toBe((await suite.store.invoiceOf(reference))?.number);
      }
    } finally {
      if (second !== suite.database) await second.close();
    }
  });

  it('keeps a consumer invoice on erasure as "Customer (erased)", and a business one as issued', async () => {
    await pay(suite.store, suite.database, sale('SOL-AAAA0001'));
    const business = { name: 'Vogel GmbH', address: 'Hauptstr. 1, Berlin', vatNumber: 'DE123456789' };
    await pay(suite.store, suite.database, sale('SOL-AAAA0002', { buyer: business }));
    expect(
      await anonymiseInvoicesOf(suite.database.db, ['SOL-AAAA0001', 'SOL-AAAA0002'], NOW.toISOString()),
    ).toBe(1);
    expect((await suite.store.invoiceOf('SOL-AAAA0001'))?.buyer).toEqual({
      name: ERASED_CUSTOMER,
      address: '',
      vatNumber: null,
    });
    expect((await suite.store.invoiceOf('SOL-AAAA0002'))?.buyer).toEqual(business);
    expect(await suite.store.invoiceOf('SOL-AAAA0001')).toMatchObject({
      number: '2026-000001',
      totalVat: 1613,
    });
  });

  it('deletes records only past their six years', async () => {
    await pay(
      suite.store,
      suite.database,
      sale('SOL-AAAA0001', { issuedAt: new Date('2020-06-01T10:00:00Z') }),
    );
    await pay(suite.store, suite.database, sale('SOL-AAAA0002'));
    expect(await deleteVatRecordsIssuedBefore(suite.database.db, '2021-01-01T00:00:00.000Z')).toBe(1);
    expect(await suite.store.invoiceOf('SOL-AAAA0001')).toBeNull();
    expect(await suite.store.invoiceOf('SOL-AAAA0002')).not.toBeNull();
  });

  it("migration 0038-vat-mode: a shop saved with a VAT number becomes 'ireland'; one without stays unset", async () => {
    for (const vatNumber of ['IE1234567T', null]) {
      await suite.migrateFrom('0038-vat-mode', async (old) => {
        const seller = {
          name: 'A',
          address: 'B',
          email: 'a@example.ie',
          orderEmail: 'a@example.ie',
          vatNumber,
          vatRate: 23,
        };
        await old.db
          .insertInto('settings')
          .values({ name: 'seller', value: JSON.stringify(seller), updated_at: NOW.toISOString() })
          .execute();
      });
      const row = await suite.database.db
        .selectFrom('settings')
        .select('value')
        .where('name', '=', 'vat')
        .executeTakeFirst();
      if (vatNumber === null) expect(row).toBeUndefined();
      else
        expect(JSON.parse(row?.value ?? 'null')).toEqual({
          mode: 'ireland',
          vatNumber,
          gb: 'no_sale',
          ukVatNumber: null,
        });
    }
  });
});
