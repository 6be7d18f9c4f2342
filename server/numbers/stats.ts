/**
 * The desk's Numbers (docs/product/desk.md §10.12): revenue, refunds, orders, pieces, the series by day, week
 * or month, best sellers, sizes, checkouts started against paid and the gift wrap share, over a range of
 * Irish calendar days. The orders store reads the rows (paid orders only, one provider's); the sums are
 * made here, so both dialects give the same numbers and each order falls on its Irish payment day
 * (an order paid at 00:30 Irish summer time on 1 July is a July order, though it is 30 June in UTC).
 *
 * TEST orders: only the orders of the payment provider the shop runs with count. With Stripe, the
 * built-in test checkout's orders (made before Stripe was set up, or by journeys) are left out; with the
 * test checkout, its orders are all there is, and the answer says `testMode: true` so the desk says so.
 *
 * Refunds are counted on the order's payment day (what the order finally brought in), not on the day of
 * the refund: a month's revenue then never goes negative and does not change meaning with later months.
 * An order refunded in full sold nothing: its refund counts, but not it, its pieces, its bracelets among
 * the best sellers nor their sizes.
 */

import type { Kysely } from 'kysely';
import { lineSize } from '../../domain/catalogue/sizes';
import type { SizeCode } from '../../domain/config';
import {
  type BestSeller,
  type ProductReturns,
  periodStart,
  periodStarts,
  STATS_CHANNELS,
  type StatsChannel,
  type StatsPoint,
  type StatsRange,
  type StatsResponse,
} from '../../domain/numbers/stats';
import { irishDate } from '../../domain/shared/calendar-date';
import type { Database } from '../db/schema';
import { irishDayRange } from '../fulfilment';
import { amount, csvDocument } from '../lib/csv';
import { checkoutsOpenedBetween, paidLinesForStats, paidOrdersForStats, piecesOf } from '../orders';
import { returnLinesOf, returnsOpenedBetween } from '../returns';

export interface StatsSource {
  readonly db: Kysely<Database>;
  /** The payment provider the shop runs with: only its orders count. */
  readonly provider: string;
  readonly testMode: boolean;
  /** Gift cards sold and issued free between two instants, and the balance owed now (server/gift-cards). */
  readonly giftCards?: (range: {
    from: string;
    to: string;
  }) => Promise<{ sold: number; issuedFree: number; outstanding: number }>;
  /**
   * What the pieces sold cost to make, per product (server/materials): materials, labour and packaging in
   * cents. Absent: Numbers shows no margins.
   */
  readonly pieceCosts?: (
    pieces: readonly { productId: string; size: SizeCode; quantity: number }[],
  ) => Promise<ReadonlyMap<string, { materials: number; labour: number; packaging: number }>>;
}

export async function deskStats(source: StatsSource, range: StatsRange): Promise<StatsResponse> {
  const { db, provider } = source;
  const { start, end } = irishDayRange(range.from, range.to);
  const from = start ?? '';
  const to = end ?? '';
  const [orders, lines, checkouts, returned, giftCards] = await Promise.all([
    paidOrdersForStats(db, from, to, provider),
    paidLinesForStats(db, from, to, provider),
    checkoutsOpenedBetween(db, from, to, provider),
    returnsOpenedBetween(db, from, to),
    source.giftCards?.({ from, to }),
  ]);

  const buckets = new Map<string, { revenue: number; orders: number; pieces: number }>(
    periodStarts(range).map((s) => [s, { revenue: 0, orders: 0, pieces: 0 }]),
  );
  let revenue = 0;
  let refunds = 0;
  let pieces = 0;
  let giftWrapped = 0;
  const channels = Object.fromEntries(
    STATS_CHANNELS.map((c) => [c, { orders: 0, pieces: 0, revenue: 0 }]),
  ) as Record<StatsChannel, { orders: number; pieces: number; revenue: number }>;
  const voided = new Set(orders.filter((o) => o.total > 0 && o.refunded >= o.total).map((o) => o.id));
  const sold = orders.filter((o) => !voided.has(o.id));
  for (const order of orders) refunds += order.refunded;
  for (const order of sold) {
    // A gift card's sale is no revenue (docs/product/gift-cards.md §19.2): its cents leave the order's net, and an
    // order of cards alone has no pieces.
    const net = Math.max(0, order.total - order.refunded - (order.gift_cards_sold ?? 0));
    const orderPieces = piecesOf(order);
    revenue += net;
    pieces += orderPieces;
    if (order.gift_wrap > 0) giftWrapped += 1;
    const channel = channels[order.channel] ?? channels.web;
    channel.orders += 1;
    channel.pieces += orderPieces;
    channel.revenue += net;
    const bucket = buckets.get(periodStart(irishDate(new Date(order.paid_at ?? 0)), range.by));
    if (bucket) {
      bucket.revenue += net;
      bucket.orders += 1;
      bucket.pieces += orderPieces;
    }
  }

  const sizes: Record<SizeCode, number> = { S: 0, M: 0, L: 0 };
  const products = new Map<string, { productId: string; name: string; pieces: number; revenue: number }>();
  for (const line of lines) {
    if (voided.has(line.order_id)) continue;
    // A quote's custom line has no bracelet size: it counts as a piece, not as a Medium.
    const size = lineSize(line.product_id, line.size);
    if (size) sizes[size] += line.quantity;
    const product = products.get(line.product_id) ?? {
      productId: line.product_id,
      name: line.name,
      pieces: 0,
      revenue: 0,
    };
    product.pieces += line.quantity;
    product.revenue += line.line_total;
    products.set(line.product_id, product);
  }
  const bestSellers: BestSeller[] = [...products.values()].sort(
    (a, b) => b.pieces - a.pieces || b.revenue - a.revenue || a.productId.localeCompare(b.productId),
  );
  const soldPieces = lines
    .filter((l) => !voided.has(l.order_id))
    .flatMap((l) => {
      const size = lineSize(l.product_id, l.size);
      return size ? [{ productId: l.product_id, size, quantity: l.quantity }] : [];
    });
  const costs = source.pieceCosts ? await source.pieceCosts(soldPieces) : null;
  const margins = costs
    ? bestSellers.map((p) => {
        const cost = costs.get(p.productId) ?? { materials: 0, labour: 0, packaging: 0 };
        return {
          productId: p.productId,
          revenue: p.revenue,
          materialsCost: cost.materials,
          labourCost: cost.labour,
          margin: p.revenue - cost.materials - cost.labour - cost.packaging,
        };
      })
    : null;
  const series: StatsPoint[] = [...buckets].map(([s, b]) => ({ start: s as StatsPoint['start'], ...b }));

  return {
    ok: true,
    totals: {
      revenue,
      refunds,
      orders: sold.length,
      pieces,
      averageOrder: sold.length > 0 ? Math.round(revenue / sold.length) : 0,
      checkoutsStarted: checkouts.started,
      checkoutsPaid: checkouts.paid,
      giftWrapped,
    },
    channels,
    series,
    bestSellers,
    sizes,
    testMode: source.testMode,
    ...(giftCards ? { giftCards } : {}),
    ...(margins ? { margins } : {}),
    returns: returnsByProduct(returned),
  };
}

/** Returns by product: each return counts once per product it names, with its reason. */
function returnsByProduct(rows: readonly { lines: string; reason: string }[]): ProductReturns[] {
  const byProduct = new Map<
    string,
    { productId: string; name: string; returns: number; pieces: number; reasons: Map<string, number> }
  >();
  for (const row of rows) {
    const seen = new Set<string>();
    for (const line of returnLinesOf(row)) {
      const product = byProduct.get(line.productId) ?? {
        productId: line.productId,
        name: line.name,
        returns: 0,
        pieces: 0,
        reasons: new Map<string, number>(),
      };
      product.pieces += line.quantity;
      if (!seen.has(line.productId)) {
        seen.add(line.productId);
        product.returns += 1;
        product.reasons.set(row.reason, (product.reasons.get(row.reason) ?? 0) + 1);
      }
      byProduct.set(line.productId, product);
    }
  }
  return [...byProduct.values()]
    .map((p) => ({
      productId: p.productId,
      name: p.name,
      returns: p.returns,
      pieces: p.pieces,
      reasons: [...p.reasons]
        .map(([reason, count]) => ({ reason, count }))
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    }))
    .sort((a, b) => b.returns - a.returns || b.pieces - a.pieces || a.productId.localeCompare(b.productId));
}

/** The series as CSV (csv.ts's rules), one row per day, week or month, amounts in euro. */
export function statsCsv(stats: StatsResponse): string {
  return csvDocument(
    ['Period start', 'Revenue (EUR)', 'Orders', 'Pieces'],
    stats.series.map((p) => [p.start, amount(p.revenue), p.orders, p.pieces]),
  );
}
