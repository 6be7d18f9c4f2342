/** EU VAT (docs/product/vat.md §20): rates, invoices and credit notes, VIES, and the accountant's papers. */
import type { FastifyInstance } from 'fastify';
import { irishDate } from '../../domain/shared/calendar-date';
import { crossesThreshold, thresholdCrossing } from '../../domain/vat/threshold';
import { isEuDistanceSale, vatBreakdown } from '../../domain/vat/vat-breakdown';
import { settledVat } from '../../domain/vat/vat-statement';
import { featurePlugin, type Needs } from '../lib/feature-plugin';
import { type DistanceSaleEntry, destinationVatDueOf } from './destination-vat-due';
import type { VatFace } from './index';
import { orderVatInsert, orderVatOf, orderVatsOf, settleOrderVat, storeOrderVat } from './order-vat-store';
import { pieceNetsOf } from './piece-nets';
import { noticeThresholdOnce } from './threshold-notice';
import { vatRoutes } from './vat-routes';
import { NoInvoiceError, VatStore } from './vat-store';
import { viesClient } from './vies-client';

type Uses = Needs<'settings' | 'orders'>;

async function vat(app: FastifyInstance, uses: Uses): Promise<void> {
  const { db, config, audit } = app.platform;
  const store = new VatStore(db);
  const vies = viesClient(config.viesUrl, { log: app.log, testRegister: config.viesTestRegister });
  const settings = async () => (await uses.settings.cache.current()).vat;

  /** A calendar year's distance sales to consumers in other member states, each signed net when issued. */
  async function distanceSaleEntries(year: number): Promise<DistanceSaleEntry[]> {
    const entries = await store.reportEntries(`${year}-01-01`, `${year + 1}-01-01`);
    return entries
      .filter((e) => isEuDistanceSale({ country: e.country, business: e.buyerVatNumber !== null }))
      .map((e) => ({ issuedAt: e.issuedAt, net: e.sign * e.lines.reduce((s, l) => s + l.net, 0) }));
  }

  /** The distance sales invoiced up to `at` this year (through `from`: the payment's transaction), and last year's. */
  async function distanceSalesUpTo(from: VatStore, at: Date) {
    const year = Number(irishDate(at).slice(0, 4));
    const total = async (y: number, upTo: number) =>
      (await from.reportEntries(`${y}-01-01`, `${y + 1}-01-01`))
        .filter((e) => isEuDistanceSale({ country: e.country, business: e.buyerVatNumber !== null }))
        .filter((e) => new Date(e.issuedAt).getTime() <= upTo)
        .reduce((sum, e) => sum + e.sign * e.lines.reduce((s, l) => s + l.net, 0), 0);
    return {
      thisYear: await total(year, at.getTime()),
      lastYear: await total(year - 1, Number.POSITIVE_INFINITY),
    };
  }

  /** The moment of this year's sale that crossed the threshold (docs/product/vat.md §20.4), or null. */
  async function crossedAt(now = new Date()): Promise<string | null> {
    const year = Number(irishDate(now).slice(0, 4));
    const lastYear = (await distanceSaleEntries(year - 1)).reduce((sum, e) => sum + e.net, 0);
    return thresholdCrossing(await distanceSaleEntries(year), lastYear);
  }

  async function distanceSales(now = new Date()) {
    const year = Number(irishDate(now).slice(0, 4));
    const total = async (y: number) => (await distanceSaleEntries(y)).reduce((sum, e) => sum + e.net, 0);
    return { thisYear: await total(year), lastYear: await total(year - 1) };
  }

  const face: VatFace = {
    store,
    settings,
    async breakdown({ country, business, at, lines, trx }) {
      const s = await settings();
      const input = { mode: s.mode, gb: s.gb, country, business, day: irishDate(at), lines };
      const vat = vatBreakdown(input);
      // Settled at payment: past the €10,000 threshold the destination's VAT is due from the sale that
      // crosses it (art. 59c), inside the same prices.
      if (!trx || s.mode !== 'ireland' || vat.scheme !== 'domestic') return vat;
      if (!isEuDistanceSale({ country, business: business !== null })) return vat;
      const before = await distanceSalesUpTo(new VatStore(trx), at);
      return crossesThreshold(before, vat.totalNet)
        ? vatBreakdown({ ...input, thresholdCrossed: true })
        : vat;
    },
    async checkBusiness(vatNumber) {
      return vies.check(vatNumber, (await settings()).vatNumber);
    },
    async recordSale(trx, sale) {
      if (sale.vat.scheme === 'none') return null;
      // Read in the payment's own transaction: the seller as she is when the invoice is issued (and on
      // SQLite's one connection, no second query waiting behind the transaction).
      const { seller, vat: s } = await uses.settings.store.read(trx);
      return store.recordSale(trx, sale, {
        name: seller.name,
        address: seller.address,
        vatNumber: sale.vat.scheme === 'uk' ? s.ukVatNumber : seller.vatNumber,
      });
    },
    async recordRefund(trx, refund) {
      try {
        return await store.recordRefund(trx, refund);
      } catch (err) {
        if (err instanceof NoInvoiceError) return null;
        throw err;
      }
    },
    recordOrderVat: (trx, record) => storeOrderVat(trx, record),
    orderVatInsert,
    settleOrderVat: (trx, record) => settleOrderVat(trx, record),
    orderVat: (orderId, trx) => orderVatOf(trx ?? db, orderId),
    distanceSales,
    crossedAt,
    pieceNets: (orders) => pieceNetsOf(db, orders),
    destinationVatDue: (orders) =>
      destinationVatDueOf(
        {
          orderVats: (ids) => orderVatsOf(db, ids),
          invoiceDates: (references) => store.invoiceDatesOf(references),
          distanceSaleEntries,
          now: () => (app.platform.now ? app.platform.now() : new Date()),
        },
        orders,
      ),
  };
  app.decorate('vat', face);
  // The shopper's order page states the settled VAT in the confirmation's words.
  uses.orders.joinVat({
    settledOf: async (orderId) => {
      const stored = await orderVatOf(db, orderId);
      return stored ? settledVat(stored.breakdown) : null;
    },
  });
  // After each paid order (committed): the threshold's one e-mail a year, when due.
  app.platform.events.on('orderPaid', async () => {
    await noticeThresholdOnce({
      store,
      mailFrom: config.mailFrom,
      sales: distanceSales,
      crossedAt,
      mode: async () => (await settings()).mode,
      ownerEmail: async () => (await uses.settings.seller()).orderEmail,
      wakeOutbox: app.platform.wakeOutbox,
    });
  });
  await app.register(vatRoutes, {
    store,
    audit,
    orders: uses.orders.pages,
    distanceSales,
    crossedAt,
    mode: async () => (await settings()).mode,
  });
}

export const vatPlugin = featurePlugin('vat', ['settings', 'orders'], vat);
