/**
 * The orders feature's public face: what other features may use of it (docs/architecture.md). The owner's
 * work on an order is `fulfilment`'s, its returns are `returns`'.
 */
import type {
  ExchangesOfPage,
  OrderPageService,
  PaymentsOfPage,
  ReturnsOfPage,
  VatOfPage,
} from './order-page-service';
import type { OrderStore } from './order-store';

export {
  type ExchangesOfPage,
  type OrderPageService,
  type PaymentsOfPage,
  parseWithdrawnItems,
  type ReturnsOfPage,
  type VatOfPage,
} from './order-page-service';
export {
  lastPaidAt,
  type OrderStore,
  queuedOrdersWithLines,
  referencesOfOrders,
  type StoredOrder,
} from './order-store';

export interface OrdersFace {
  /** Every query about orders. */
  readonly store: OrderStore;
  /** The shopper's order page and "Find your order". */
  readonly pages: OrderPageService;
  /**
   * The returns feature joins here at registration: the order page shows an order's returns and a
   * withdrawal notice opens one (docs/product/orders.md §10.18). Until it joins, an order has none.
   */
  readonly joinReturns: (returns: ReturnsOfPage) => void;
  /**
   * The exchanges feature joins here at registration: the order page shows an order's exchanges and the
   * sizes its pieces may be swapped for (docs/product/exchanges.md). Until it joins, an order has none.
   */
  readonly joinExchanges: (exchanges: ExchangesOfPage) => void;
  /**
   * The VAT feature joins here at registration: the order page states an order's VAT as its payment
   * settled it (docs/product/vat.md §20). Until it joins, every order is stated as before the VAT rules.
   */
  readonly joinVat: (vat: VatOfPage) => void;
  /**
   * The checkout joins here at registration: the order page shows what the gift cards paid (docs/product/
   * gift-cards.md §19.3). Until it joins, no order shows a split.
   */
  readonly joinPayments: (payments: PaymentsOfPage) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersFace;
  }
}

export { ORDERS_MAIL_KINDS } from './mail-kinds';
export { hashKey, IssuedOrderKeys, newOrderKey } from './order-key';
export {
  type BoughtLine,
  businessPurchaseText,
  customerConfirmation,
  deskOrderUrl,
  giftCardsAlone,
  invoiceLink,
  type OrderMailVat,
  orderPageHtml,
  orderPageText,
  ownerNotification,
  type SettledOrderVat,
} from './order-mail';
export {
  addOrderRefund,
  anonymiseOrders,
  changeOrderIf,
  checkoutsOpenedBetween,
  claimOrderRefund,
  customerOrderRows,
  insertIssuedKeys,
  linesOfOrder,
  linesOfOrders,
  lockIfUnpaid,
  lockOrderRow,
  type OrderChange,
  type OrderGuard,
  type OrderPageRecord,
  orderRowByPaymentId,
  orderRowByReference,
  ordersHoldingPersonalData,
  ordersInDeskStatus,
  ordersOfDispatchDay,
  ordersOfEmail,
  ordersPaidBetween,
  paidLinesForStats,
  paidOrdersForStats,
  paymentsOfEmail,
  piecesOf,
  readWithdrawal,
  releaseOrderRefund,
  revokeOrderKeys,
  type StoredAddress,
  type StoredWithdrawal,
  searchOrders,
  setLineSizes,
  settleOrderVatTotal,
  storedAddress,
  toOrder,
  withdrawalsOfOrders,
} from './order-store';
export {
  legalFacts,
  type OrderMailSetup,
  type OrderVat,
  orderVatOf,
  rowVatOf,
  type SellerNow,
  vatInOrder,
  type ZoneNameNow,
} from './order-vat';
export { type PaidMailParts, type PaidMailSetup, paidCustomerMessage, paidMessages } from './paid-mail';
export { type PaidMail, type PaidNote, type PaidParticipant, referenceOf } from './paid-participant';
export type { OrderLineRow, OrderRow } from './tables';
