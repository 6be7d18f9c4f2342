import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PricedLineInput } from '../cart/pricing';
import { GIFT_WRAP_PRICE, ZONE_IDS, type ZoneId } from '../config';
import type { AppliedDiscount } from '../offers/discounts';
import { allocate } from '../shared/allocation';
import { cents } from '../shared/money';
import { VAT_COUNTRIES } from '../vat/countries';
import { type CreditLine, creditNoteLines } from '../vat/credit-note';
import { GB_CHOICES, NoSaleToGbError, VAT_MODES } from '../vat/vat-breakdown';
import { ossReport, type ReportEntry } from '../vat/vat-reports';
import { type PricedOrder, type PricingContext, pricedOrder, storedTotals } from './priced-order';

/**
 * The seed every run uses. On a failure fast-check prints its seed and path (and `must` the values); the
 * failing input is then kept below as a case of its own, like the business buyer's.
 */
const SEED = 20261129;
const RUNS = 1500;

const line = (i: number, unitPrice: number, quantity: number): PricedLineInput => ({
  id: String(i + 1),
  name: `Piece ${i + 1}`,
  size: 'M',
  unitPrice: cents(unitPrice),
  quantity,
});

const cartArb = fc
  .array(
    fc.record({ unit: fc.integer({ min: 1, max: 30_000 }), quantity: fc.integer({ min: 1, max: 25 }) }),
    {
      minLength: 0,
      maxLength: 6,
    },
  )
  .map((ls) => ls.map((l, i) => line(i, l.unit, l.quantity)));

const discountArb: fc.Arbitrary<AppliedDiscount | null> = fc.oneof(
  fc.constant(null),
  fc
    .integer({ min: 0, max: 200_000 })
    .map((amount): AppliedDiscount => ({ source: 'code', code: 'XMAS15', amount: cents(amount) })),
  fc
    .integer({ min: 1, max: 60 })
    .map((percent): AppliedDiscount => ({ source: 'tier', percent, amount: cents(percent * 97) })),
);

const countries = [...VAT_COUNTRIES, 'GB', 'US', 'CH'];
const taxArb = fc.option(
  fc.record({
    mode: fc.constantFrom(...VAT_MODES),
    gb: fc.constantFrom(...GB_CHOICES),
    country: fc.constantFrom(...countries),
    business: fc.option(fc.record({ country: fc.constantFrom(...VAT_COUNTRIES) }), { nil: null }),
    day: fc.constantFrom('2024-12-31', '2025-01-01', '2026-11-29'),
    thresholdCrossed: fc.boolean(),
  }),
  { nil: null },
);

const contextArb: fc.Arbitrary<PricingContext> = fc.record({
  zone: fc.constantFrom(...(ZONE_IDS as readonly ZoneId[])),
  giftWrap: fc.boolean(),
  discounts: fc.array(discountArb, { maxLength: 3 }),
  tax: taxArb,
  payments: fc.array(
    fc.record({
      method: fc.constant('gift-cards'),
      offered: fc.integer({ min: 0, max: 100_000 }).map(cents),
    }),
    { maxLength: 2 },
  ),
  cardsBought: fc.array(fc.record({ amount: fc.integer({ min: 500, max: 50_000 }).map(cents) }), {
    maxLength: 3,
  }),
});

/** A refund: a share of what is left (1..1000 per mille), or everything left. */
const refundsArb = fc.array(fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.constant('all' as const)), {
  maxLength: 4,
});

function priceOrSkip(cart: readonly PricedLineInput[], context: PricingContext): PricedOrder | null {
  try {
    return pricedOrder(cart, context);
  } catch (err) {
    // Great Britain while the owner does not sell there: the checkout refuses it before pricing.
    if (err instanceof NoSaleToGbError) return null;
    throw err;
  }
}

const sumOf = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/**
 * A plain check for the hot loops (thousands of orders): vitest's expect costs far more than the pricing
 * itself; a failure throws, and fast-check prints the seed and path that reproduce it.
 */
function must(ok: boolean, what: string, got?: unknown): void {
  if (!ok) throw new Error(`${what}${got === undefined ? '' : `: ${JSON.stringify(got)}`}`);
}

/** The invariants of one priced order (docs/product/vat.md §20.10). */
function checkOrder(cart: readonly PricedLineInput[], context: PricingContext, priced: PricedOrder): void {
  const { lines, totals, payments } = priced;
  // What is charged equals the lines.
  must(totals.total === sumOf(lines.map((l) => l.amount)), 'total is the lines', priced);
  must(totals.net + totals.vat === totals.total, 'net + VAT is the total', priced);
  for (const l of lines) {
    // Each line's net + VAT equals what is charged for it; its price after the discount bounds it.
    must(l.net + l.vat === l.amount, 'line net + VAT is its amount', l);
    must(l.gross === l.price - l.discount, 'line gross is price less discount', l);
    for (const v of [l.price, l.discount, l.gross, l.amount, l.net, l.vat, l.vatRate])
      must(v >= 0, 'nothing negative', l);
    must(l.amount <= l.gross, 'charged at most the price', l);
    if (l.kind !== 'piece') must(l.discount === 0, 'discount on pieces only', l);
    if (l.kind === 'gift_card') must(l.vat === 0, 'no VAT on a card bought', l);
  }
  // The discount is shared out exactly, never more than the items.
  must(sumOf(lines.map((l) => l.discount)) === totals.discount, 'discount shared exactly', priced);
  must(totals.discount <= totals.items, 'discount at most the items', priced);
  must(totals.items === sumOf(cart.map((l) => l.unitPrice * l.quantity)), 'items priced', priced);
  // Payments sum to the total: gift cards first (never the cards bought), then the card.
  must(sumOf(payments.map((p) => p.amount)) === totals.total, 'payments sum to the total', priced);
  for (const p of payments) must(p.amount > 0, 'no empty payment', p);
  const byCards = sumOf(payments.filter((p) => p.method !== 'card').map((p) => p.amount));
  must(byCards <= totals.total - totals.cardsBought, 'cards never buy cards', priced);
  must(byCards <= sumOf(context.payments.map((p) => p.offered)), 'cards pay at most their balance', priced);
  must(priced.due === totals.total - byCards, 'due is the rest', priced);
  if (payments.some((p) => p.method === 'card'))
    must(payments.at(-1)?.method === 'card', 'card last', payments);
  // The row the orders table keeps states the same total.
  const stored = storedTotals(priced);
  must(stored.total === totals.total, 'stored total', stored);
  must(
    stored.subtotal - stored.discount + stored.shipping + stored.giftWrap === stored.total,
    'stored row adds up',
    stored,
  );
}

/** The invoice's lines (goods only: a gift card bought is no supply) and its report entry. */
function invoiceOf(priced: PricedOrder) {
  return priced.lines
    .filter((l) => l.kind !== 'gift_card')
    .map((l) => ({
      description: l.description,
      quantity: l.quantity,
      rate: l.vatRate,
      net: l.net,
      vat: l.vat,
    }));
}

function perRate(lines: readonly { rate: number; net: number; vat: number }[], sign = 1) {
  const rates = new Map<number, { net: number; vat: number }>();
  for (const l of lines) {
    const r = rates.get(l.rate) ?? { net: 0, vat: 0 };
    r.net += sign * l.net;
    r.vat += sign * l.vat;
    rates.set(l.rate, r);
  }
  return rates;
}

/** Refunds in sequence against one invoice: the invoice minus its credit notes, per rate, at each step. */
function checkRefunds(priced: PricedOrder, refunds: readonly (number | 'all')[]): CreditLine[][] {
  const invoice = invoiceOf(priced);
  const charged = sumOf(invoice.map((l) => l.net + l.vat));
  const notes: CreditLine[][] = [];
  let refunded = 0;
  for (const r of refunds) {
    const left = charged - refunded;
    if (left <= 0) break;
    const amount = r === 'all' ? left : Math.max(1, Math.floor((left * r) / 1000));
    const note = creditNoteLines(invoice, notes.flat(), amount);
    // The note states exactly the refund, line by line, each line's net and VAT never negative.
    must(sumOf(note.map((l) => l.net + l.vat)) === amount, 'note states the refund', note);
    for (const l of note) {
      must(l.net >= 0 && l.vat >= 0, 'credit never negative', l);
    }
    notes.push(note);
    refunded += amount;
    // No line is ever credited more than the invoice charged for it.
    invoice.forEach((l, i) => {
      const on = notes.flat().filter((c) => c.invoiceLine === i);
      must(sumOf(on.map((c) => c.net + c.vat)) <= l.net + l.vat, 'line credited at most once', on);
    });
  }
  const rest = perRate(invoice);
  for (const [rate, c] of perRate(notes.flat(), -1)) {
    const r = rest.get(rate) ?? { net: 0, vat: 0 };
    rest.set(rate, { net: r.net + c.net, vat: r.vat + c.vat });
  }
  // Invoice minus credit notes equals what was charged minus refunded.
  must(
    sumOf([...rest.values()].map((r) => r.net + r.vat)) === charged - refunded,
    'invoice less notes',
    rest,
  );
  if (refunded === charged) {
    // A full refund leaves every rate at zero, and the last note is what was left of each line, exactly.
    for (const r of rest.values())
      must(r.net === 0 && r.vat === 0, 'full refund leaves each rate at zero', [...rest]);
  }
  return notes;
}

describe('one priced order', () => {
  it('ties out to the cent over thousands of random orders, refunds and OSS returns', () => {
    let orderCount = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(cartArb, contextArb, refundsArb), { minLength: 1, maxLength: 3 }),
        (orders) => {
          const entries: ReportEntry[] = [];
          const expected = new Map<string, { taxable: number; vat: number }>();
          for (const [cart, context, refunds] of orders) {
            const priced = priceOrSkip(cart, context);
            if (!priced) continue;
            orderCount += 1;
            checkOrder(cart, context, priced);
            const notes = checkRefunds(priced, refunds);
            if (priced.scheme === null || priced.country === null) continue;
            const base = {
              country: priced.country,
              scheme: priced.scheme,
              buyerVatNumber: null,
              issuedAt: '',
            };
            entries.push({ ...base, lines: invoiceOf(priced), sign: 1 });
            for (const note of notes) entries.push({ ...base, lines: note, sign: -1 });
            if (priced.scheme !== 'oss') continue;
            // What each line left standing, summed by member state and rate.
            const add = (rate: number, net: number, vat: number) => {
              const key = `${priced.country}:${rate}`;
              const row = expected.get(key) ?? { taxable: 0, vat: 0 };
              expected.set(key, { taxable: row.taxable + net, vat: row.vat + vat });
            };
            for (const l of invoiceOf(priced)) add(l.rate, l.net, l.vat);
            for (const l of notes.flat()) add(l.rate, -l.net, -l.vat);
          }
          // The OSS return per member state and rate equals the sum of its orders' lines.
          const report = ossReport(entries);
          for (const row of report.rows)
            must(
              row.taxable === expected.get(`${row.country}:${row.rate}`)?.taxable &&
                row.vat === expected.get(`${row.country}:${row.rate}`)?.vat,
              'OSS row is its orders',
              row,
            );
          must(report.rows.length === expected.size, 'one OSS row per state and rate', report.rows);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    // A few thousand orders were priced (those to Great Britain unsold are refused before pricing).
    expect(orderCount).toBeGreaterThan(2000);
  });

  it('gift cards: balances equal their ledgers and are never negative, over random sequences of orders', () => {
    let paidByCards = 0;
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(cartArb, contextArb), { minLength: 1, maxLength: 5 }),
        (balances, orders) => {
          const cards = [...balances];
          const ledger: { card: number; amount: number }[] = balances.map((b, card) => ({ card, amount: b }));
          for (const [cart, context] of orders) {
            const offered = cards.map((b, i) => ({ method: `card-${i}`, offered: cents(b) }));
            const priced = priceOrSkip(cart, { ...context, payments: offered });
            if (!priced) continue;
            for (const p of priced.payments) {
              if (p.method === 'card') continue;
              const i = Number(p.method.slice(5));
              cards[i] = (cards[i] ?? 0) - p.amount;
              paidByCards += 1;
              ledger.push({ card: i, amount: -p.amount });
            }
          }
          cards.forEach((b, i) => {
            must(b >= 0, 'balance never negative', cards);
            must(
              sumOf(ledger.filter((e) => e.card === i).map((e) => e.amount)) === b,
              'balance is its ledger',
              cards,
            );
          });
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
    // The runs did exercise cards paying (none, part and all of orders).
    expect(paidByCards).toBeGreaterThan(100);
  });

  it('an EU business buyer in another member state pays the price less its Irish VAT, 0%, partly by gift card', () => {
    const cart = [line(0, 3499, 2), line(1, 2250, 1)];
    const priced = pricedOrder(cart, {
      zone: 'EU',
      giftWrap: true,
      discounts: [{ source: 'code', code: 'XMAS15', amount: cents(1387) }],
      tax: { mode: 'oss', gb: 'no_sale', country: 'FR', business: { country: 'FR' }, day: '2026-11-29' },
      payments: [{ method: 'gift-cards', offered: cents(2000) }],
      cardsBought: [],
    });
    expect(priced.scheme).toBe('intra_community');
    expect(priced.lines.every((l) => l.vat === 0 && l.vatRate === 0)).toBe(true);
    expect(priced.totals.total).toBe(priced.totals.net);
    const shipping = priced.lines.find((l) => l.kind === 'shipping')?.gross ?? 0;
    // Everything a consumer would pay, less the Irish VAT inside it: what the business is charged.
    expect(priced.totals.total + priced.totals.notCharged).toBe(9248 - 1387 + shipping + GIFT_WRAP_PRICE);
    expect(priced.payments).toEqual([
      { method: 'gift-cards', amount: 2000 },
      { method: 'card', amount: priced.totals.total - 2000 },
    ]);
  });
});

describe('the allocation rule (largest remainder by line value)', () => {
  it('shares exactly, never over a line, the cents to the largest remainders', () => {
    expect(allocate(10, [10, 10, 10])).toEqual([4, 3, 3]);
    expect(allocate(100, [3333, 3333, 3334])).toEqual([33, 33, 34]);
    expect(allocate(5, [0, 10])).toEqual([0, 5]);
    expect(allocate(50, [10, 20])).toEqual([10, 20]);
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.array(fc.nat(100_000), { maxLength: 12 }), (amount, weights) => {
        const shares = allocate(amount, weights);
        must(sumOf(shares) === Math.min(amount, sumOf(weights)), 'shares sum', shares);
        const total = sumOf(weights);
        shares.forEach((s, i) => {
          must(s >= 0 && s <= (weights[i] ?? 0), 'share within its line', shares);
          // Within a cent of the exact proportional share.
          if (total > amount)
            must(Math.abs(s - (amount * (weights[i] ?? 0)) / total) < 1, 'share within a cent', shares);
        });
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });
});
