/**
 * The labels' personal data (docs/product/privacy.md §12, docs/product/shipping.md §22): a label's PDF prints
 * the shopper's name and address. The export lists an address's labels (carrier, tracking number, when);
 * erasure and the orders' own anonymising take the PDFs away; and every PDF goes
 * LABEL_PDF_RETENTION_DAYS after it was bought, its use being the printing. Tracking numbers stay with
 * the order's dispatch, as the order keeps them.
 */
import { LABEL_PDF_RETENTION_DAYS } from '../../domain/shipping/shipping';
import type { PersonalDataPart } from '../platform';
import { erasePdfsCreatedBefore, erasePdfsOfOrders, labelsOfOrders } from './label-store';

const DAY_MS = 24 * 60 * 60 * 1000;

export const shippingPersonalData: PersonalDataPart = {
  async exportOf(db, { orderIds }) {
    const rows = await labelsOfOrders(db, orderIds);
    return {
      shippingLabels: rows.map((r) => ({
        reference: r.reference,
        status: r.status,
        carrier: r.carrier,
        trackingNumber: r.tracking_number,
        createdAt: r.created_at,
        voidedAt: r.voided_at,
      })),
    };
  },

  async erase(trx, { orderIds }, nowIso) {
    return { shippingLabelPdfsErased: await erasePdfsOfOrders(trx, orderIds, nowIso) };
  },

  async eraseWithOrders(db, orderIds, nowIso) {
    await erasePdfsOfOrders(db, orderIds, nowIso);
  },

  async applyRetention(db, now) {
    const before = new Date(now.getTime() - LABEL_PDF_RETENTION_DAYS * DAY_MS).toISOString();
    return { shippingLabelPdfsErased: await erasePdfsCreatedBefore(db, before, now.toISOString()) };
  },
};
