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
import { SIZE_CODES, type SizeCode } from '../../domain/config';
import {
  marginOf,
  netOfOlderLine,
  ORDER_MARGINS_LIMIT,
  type PieceCosts,
  type SoldLineNet,
} from '../../domain/numbers/margins';
import {
  type BestSeller,
  type OrderMargin,
  type ProductMargin,
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
  /**
   * Each piece line's net after its discount share and the net refunded on it, as the VAT papers stored
   * them (server/vat), by order id; an order left out falls back to its lines' gross less the VAT at its
   * stored rate. Absent: every order falls back.
   */
  readonly netByLine?: (
    orders: readonly { id: string; reference: string | null }[],
  ) => Promise<ReadonlyMap<string, readonly SoldLineNet[]>>;
}

type StatsLine = Awaited<ReturnType<typeof paidLinesForStats>>[number];
type StatsOrder = Awaited<ReturnType<typeof paidOrdersForStats>>[number];
const NO_COST: PieceCosts = { materials: 0, labour: 0, packaging: 0 };

/**
 * Margins per product and per order (docs/product/materials.md §23.5): what the shop kept of each piece line
 * (its net of VAT after the discount, less the net its credit notes gave back) less what its pieces cost.
 * An order refunded in full sold nothing and is left out, as everywhere in Numbers. Costs are linear in
 * the pieces, so one unit cost per product and size prices every line.
 */
async function marginFigures(
  source: StatsSource,
  orders: readonly StatsOrder[],
  lines: readonly StatsLine[],
  voided: ReadonlySet<string>,
  bestSellers: readonly BestSeller[],
): Promise<{ margins: ProductMargin[]; orderMargins: OrderMargin[] }> {
  const sold = orders.filter((o) => !voided.has(o.id));
  const [nets, ...unitCosts] = await Promise.all([
    source.netByLine?.(sold.map((o) => ({ id: o.id, reference: o.reference }))),
    ...SIZE_CODES.map((size) => unitCostsOf(source, lines, size)),
  ]);
  const unitCost = new Map(SIZE_CODES.map((size, i) => [size, unitCosts[i] ?? new Map()]));
  const rateOf = new Map(sold.map((o) => [o.id, o.vat_rate_bp]));
  const byOrder = new Map<string, StatsLine[]>();
  for (const line of lines) {
    if (voided.has(line.order_id)) continue;
    const orderLines = byOrder.get(line.order_id) ?? [];
    orderLines.push(line);
    byOrder.set(line.order_id, orderLines);
  }
  const products = new Map<string, { lines: SoldLineNet[]; cost: PieceCosts }>();
  const perOrder = new Map<string, { lines: SoldLineNet[]; cost: PieceCosts }>();
  for (const [orderId, orderLines] of byOrder) {
    // Stored priced lines that do not match the order's lines one for one are not trusted: the fallback.
    const priced = nets?.get(orderId);
    const stored = priced?.length === orderLines.length ? priced : undefined;
    const order = { lines: [] as SoldLineNet[], cost: NO_COST };
    [...orderLines]
      .sort((a, b) => a.position - b.position)
      .forEach((line, k) => {
        // The k-th piece line of the stored priced lines is the k-th order line (both in cart order).
        const net = stored?.[k] ?? {
          net: netOfOlderLine(line.line_total, rateOf.get(orderId) ?? null),
          refundedNet: 0,
        };
        const size = lineSize(line.product_id, line.size);
        const unit = size ? unitCost.get(size)?.get(line.product_id) : undefined;
        const cost = unit ? times(unit, line.quantity) : NO_COST;
        const product = products.get(line.product_id) ?? { lines: [], cost: NO_COST };
        product.lines.push(net);
        product.cost = plus(product.cost, cost);
        products.set(line.product_id, product);
        order.lines.push(net);
        order.cost = plus(order.cost, cost);
      });
    perOrder.set(orderId, order);
  }
  // In Best sellers' order, as before.
  const margins = bestSellers.flatMap(({ productId }) => {
    const p = products.get(productId);
    return p ? [{ productId, ...marginOf(p.lines, p.cost) }] : [];
  });
  const orderMargins = [...sold]
    .filter((o) => perOrder.has(o.id))
    .sort((a, b) => (b.paid_at ?? '').localeCompare(a.paid_at ?? '') || b.id.localeCompare(a.id))
    .slice(0, ORDER_MARGINS_LIMIT)
    .map((o) => {
      const order = perOrder.get(o.id) ?? { lines: [], cost: NO_COST };
      return { reference: o.reference ?? o.id, ...marginOf(order.lines, order.cost) };
    });
  return { margins, orderMargins };
}

/** One piece's cost of each product in `size` (materials' own rule, server/materials). */
async function unitCostsOf(
  source: StatsSource,
  lines: readonly StatsLine[],
  size: SizeCode,
): Promise<ReadonlyMap<string, PieceCosts>> {
  const products = new Set(
    lines.filter((l) => lineSize(l.product_id, l.size) === size).map((l) => l.product_id),
  );
  if (products.size === 0 || !source.pieceCosts) return new Map();
  return source.pieceCosts([...products].map((productId) => ({ productId, size, quantity: 1 })));
}

function times(cost: PieceCosts, quantity: number): PieceCosts {
  return {
    materials: cost.materials * quantity,
    labour: cost.labour * quantity,
    packaging: cost.packaging * quantity,
  };
}

function plus(a: PieceCosts, b: PieceCosts): PieceCosts {
  return {
    materials: a.materials + b.materials,
    labour: a.labour + b.labour,
    packaging: a.packaging + b.packaging,
  };
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
  const figures = source.pieceCosts ? await marginFigures(source, orders, lines, voided, bestSellers) : null;
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
    ...(figures ? figures : {}),
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
