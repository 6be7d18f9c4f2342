/**
 * VAT records and personal data (docs/product/vat.md §20, docs/product/privacy.md §12): an invoice is kept six years after its year
 * whatever the erasure (a legal obligation); a consumer's erased invoice then names "Customer (erased)".
 * The retention pass deletes invoices and credit notes with the sales they record.
 */
import { RETENTION } from '../../domain/config';
import { referencesOfOrders } from '../orders';
import type { PersonalDataPart } from '../platform';
import { eraseOrderVatBuyers } from './order-vat-store';
import { anonymiseInvoicesOf, deleteVatRecordsIssuedBefore } from './vat-store';

export const vatPersonalData: PersonalDataPart = {
  async eraseWithOrders(db, orderIds, nowIso) {
    await anonymiseInvoicesOf(db, [...(await referencesOfOrders(db, [...orderIds])).values()], nowIso);
    await eraseOrderVatBuyers(db, orderIds);
  },

  async applyRetention(db, now) {
    // As paid orders: kept to the end of the sixth year after the sale's year.
    const firstKeptYear = now.getUTCFullYear() - RETENTION.paidOrderYearsAfterSale;
    const before = new Date(Date.UTC(firstKeptYear, 0, 1)).toISOString();
    return { vatRecordsDeleted: await deleteVatRecordsIssuedBefore(db, before) };
  },
};
