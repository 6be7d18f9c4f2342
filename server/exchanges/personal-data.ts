/**
 * The exchanges' personal data (docs/product/privacy.md §12, docs/product/exchanges.md): a row names
 * the order, the line, the product and two sizes, none of which is personal. The one free text, the
 * owner's reason for declining, may name the shopper: it goes with the order's personal data (erasure
 * and the retention pass alike); the exchange itself stays with the anonymised order.
 */
import type { PersonalDataPart } from '../platform';
import { eraseDeclineReasonsOfOrders, exchangesOfOrders } from './exchange-store';

export const exchangesPersonalData: PersonalDataPart = {
  async exportOf(db, { orderIds }) {
    const rows = await exchangesOfOrders(db, orderIds);
    return {
      exchanges: rows.map((r) => ({
        orderId: r.order_id,
        product: r.name,
        fromSize: r.from_size,
        toSize: r.to_size,
        status: r.status,
        declineReason: r.decline_reason,
        createdAt: r.created_at,
      })),
    };
  },

  async eraseWithOrders(db, orderIds) {
    await eraseDeclineReasonsOfOrders(db, orderIds);
  },
};
