/**
 * Fulfilment: what the owner does to a paid order at the desk: its making, dispatch and delivery, refunds,
 * cancelling, private notes, and its changes before dispatch with e-mails sent again (order-edit-*,
 * docs/product/orders.md §10.16). The changes live here, not in orders, because they are the owner's desk work on
 * a paid order like the rest: they go through the same status flow, refund through the same refund and
 * write the same history (order_events) as dispatch and cancel do. Publishes `orderDelivered` and
 * `orderStatusChanged`.
 */
import type { FastifyInstance } from 'fastify';
import { settledVat } from '../../domain/vat/vat-statement';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import { mailKindLabels } from '../platform';
import { orderVatAnswer } from '../vat';
import { fulfilmentRoutes } from './fulfilment-routes';
import { FulfilmentService } from './fulfilment-service';
import { FulfilmentStore } from './fulfilment-store';
import { orderEditRoutes } from './order-edit-routes';
import { OrderEditService } from './order-edit-service';

type Uses = Needs<'settings' | 'payments' | 'orders' | 'vat'>;

async function fulfilment(app: FastifyInstance, uses: Uses): Promise<void> {
  const { db, config, events, wakeOutbox } = app.platform;
  const { store, pages } = uses.orders;
  // The seller is read from the owner's settings whenever an e-mail, a slip or an order is made; an
  // order's VAT is its own (orders' order-vat.ts), the first start's (VAT_RATE, SELLER_VAT_NUMBER) before
  // it was kept.
  const seller = uses.settings.seller;
  const vatBefore = { vatRate: config.seller.vatRate, vatNumber: config.seller.vatNumber };
  const zoneName = uses.settings.zoneName;
  // What the desk's services share: who pays back, who writes, who is written to.
  const shared = {
    provider: uses.payments.provider,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    seller,
    vatBefore,
    pageUrl: (reference: string, key: string) => pages.pageUrl(reference, key),
    log: app.log,
    onMailQueued: wakeOutbox,
  };
  const deskStore = new FulfilmentStore(db);
  const service = new FulfilmentService({
    store: deskStore,
    mailLabels: mailKindLabels(app.platform.features),
    requests: app.platform.audit,
    ...shared,
    // "Delivered" queues the review request in the same step (the reviews feature listens).
    onDelivered: (reference) => events.emit('orderDelivered', { reference }),
    // What the order's pieces hold follows its status (the materials listen).
    onStatus: (reference, status) => events.emit('orderStatusChanged', { reference, status }),
    // Every refund of an invoiced order gets its credit note (docs/product/vat.md §20).
    creditNote: (trx, refund) => uses.vat.recordRefund(trx, refund),
    orderVat: async (orderId, reference) => {
      const stored = await uses.vat.orderVat(orderId);
      if (!stored) return null;
      const invoice = await uses.vat.store.invoiceOf(reference);
      const notes = invoice ? await uses.vat.store.creditNotesOf(reference) : [];
      const answer = {
        ...orderVatAnswer(stored, invoice?.number ?? null),
        // The desk lists the order's credit notes, each with why and what it credits (§20.6).
        ...(notes.length > 0
          ? {
              creditNotes: notes.map((n) => ({
                number: n.number,
                issuedAt: n.issuedAt,
                reason: n.reason,
                total: n.totalNet + n.totalVat,
              })),
            }
          : {}),
      };
      const due = await uses.vat.destinationVatDue([{ orderId, reference }]);
      return due.has(reference) ? { ...answer, destinationVatDue: true } : answer;
    },
    destinationVatDue: (orders) => uses.vat.destinationVatDue(orders),
  });
  app.decorate('fulfilment', {
    service,
    joinReturns: (returns) => deskStore.joinReturns(returns),
    joinExchanges: (exchanges) => deskStore.joinExchanges(exchanges),
    joinCustoms: (check) => service.checkCustomsWith(check),
  });

  await app.register(fulfilmentRoutes, {
    config,
    desk: service,
    seller,
    audit: app.platform.audit,
  });
  // Changes before dispatch and e-mails sent again (docs/product/orders.md §10.16).
  const edits = new OrderEditService({
    desk: service,
    deskStore,
    orders: store,
    requests: app.platform.audit,
    mailFrom: config.mailFrom,
    publicUrl: config.publicUrl,
    seller,
    zoneName,
    vatBefore,
    pageUrl: shared.pageUrl,
    onMailQueued: wakeOutbox,
    settledVat: async (orderId, reference) => {
      const stored = await uses.vat.orderVat(orderId);
      const invoice = await uses.vat.store.invoiceOf(reference);
      return {
        vat: stored ? settledVat(stored.breakdown) : null,
        invoiceNumber: invoice?.number ?? null,
        businessName: stored?.business?.name ?? null,
      };
    },
  });
  await app.register(orderEditRoutes, { edits });
}

export const fulfilmentPlugin = featurePlugin(
  'fulfilment',
  ['settings', 'payments', 'orders', 'vat'],
  fulfilment,
);
