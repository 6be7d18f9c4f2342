/**
 * The desk's Numbers (docs/product/desk.md §10.12): revenue net of refunds, orders, pieces, average order and
 * refunds over a range, by day, week or month; best sellers by pieces and by revenue; sizes sold;
 * checkouts started against paid; the gift wrap share; the series as CSV.
 *
 * Charts are small hand-drawn SVG bars (docs/decisions/0014-desk-charts.md): no charting library, and
 * each chart's text alternative is its table, one tap away under it, plus a one-line summary as the
 * image's accessible name. The range lives in the hash (#/numbers?from=...&to=...&by=...), so a reload
 * or a shared link shows the same numbers.
 */
import { type FormEvent, useId, useState } from 'react';
import { SIZES, type SizeCode } from '../../../../domain/config';
import { ORDER_MARGINS_LIMIT } from '../../../../domain/numbers/margins';
import {
  percentOf,
  STATS_CHANNELS,
  STATS_GROUPINGS,
  type StatsAnswer,
  type StatsGrouping,
  type StatsRange,
  statsRange,
} from '../../../../domain/numbers/stats';
import { ORDER_CHANNEL_LABELS } from '../../../../domain/orders/manual-order';
import { addDays, irishDate } from '../../../../domain/shared/calendar-date';
import { deskApi } from '../desk-api';
import { navigate } from '../desk-router';
import { numbersHref } from '../routes/numbers';
import { DataTable } from '../ui/data-table';
import { formatDay, money } from '../ui/desk-format';
import { useDeskData } from '../ui/desk-hooks';
import { buttonClass, DateField, ErrorMessage, inputClass, Loading, PageHeading } from '../ui/desk-ui';
import { VatNumbersSection } from '../vat/vat-numbers-section';

const GROUPING_LABELS: Readonly<Record<StatsGrouping, string>> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

/** The screen's tables: small, a row header then numbers, under a chart or a section's heading. */
const STATS_TABLE = { density: 'tight', className: 'mt-2' } as const;

/** The last 30 Irish days, by day: what the screen opens with. */
function defaultRange(): StatsRange {
  const to = irishDate(new Date());
  return { from: addDays(to, -29), to, by: 'day' };
}

/** The hash's range, or the default when it has none or a wrong one. */
function rangeOf(params: URLSearchParams): StatsRange {
  const fallback = defaultRange();
  const by = params.get('by');
  const parsed = statsRange({
    from: params.get('from') ?? fallback.from,
    to: params.get('to') ?? fallback.to,
    by: (STATS_GROUPINGS as readonly string[]).includes(by ?? '') ? (by as StatsGrouping) : undefined,
  });
  return 'error' in parsed ? fallback : parsed;
}

/** "1 Jul 2026", "Week of 29 Jun 2026", "Jul 2026". */
function periodLabel(start: string, by: StatsGrouping): string {
  const day = formatDay(start);
  if (by === 'week') return `Week of ${day}`;
  if (by === 'month') return day.replace(/^\d+ /, '');
  return day;
}

export function NumbersPage({ params }: { readonly params: URLSearchParams }) {
  const range = rangeOf(params);
  const key = `${range.from}/${range.to}/${range.by}`;
  const [stats] = useDeskData(key, () => deskApi.stats(range));
  return (
    <div>
      <PageHeading>Numbers</PageHeading>
      <p className="mt-1 text-sm text-muted">
        Paid orders by the Irish day they were paid. Revenue is what customers paid, shipping and gift wrap
        included, less refunds.
      </p>
      <RangeForm range={range} />
      <div aria-live="polite" aria-busy={stats.state === 'loading'}>
        {stats.state === 'loading' ? <Loading label="Adding up the numbers…" /> : null}
        {stats.state === 'error' ? (
          <div className="mt-6">
            <ErrorMessage>{stats.message}</ErrorMessage>
          </div>
        ) : null}
      </div>
      {stats.state === 'ready' ? <Numbers stats={stats.data} range={range} /> : null}
      <VatNumbersSection />
    </div>
  );
}

function RangeForm({ range }: { readonly range: StatsRange }) {
  const id = useId();
  const [from, setFrom] = useState<string>(range.from);
  const [to, setTo] = useState<string>(range.to);
  const [by, setBy] = useState<StatsGrouping>(range.by);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = statsRange({ from, to, by });
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    navigate(numbersHref.numbers(new URLSearchParams({ from: parsed.from, to: parsed.to, by: parsed.by })));
  };

  return (
    <form
      className="mt-4 grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end"
      onSubmit={submit}
      noValidate
      aria-label="Range"
    >
      <DateField id={`${id}-from`} label="From" value={from} onChange={setFrom} />
      <DateField id={`${id}-to`} label="To" value={to} onChange={setTo} />
      <div>
        <label htmlFor={`${id}-by`} className="text-sm font-medium">
          Group by
        </label>
        <select
          id={`${id}-by`}
          className={inputClass}
          value={by}
          onChange={(e) => setBy(e.target.value as StatsGrouping)}
        >
          {STATS_GROUPINGS.map((g) => (
            <option key={g} value={g}>
              {GROUPING_LABELS[g]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass.primary}>
        Show
      </button>
      {error ? (
        <p role="alert" className="text-sm text-danger sm:col-span-4">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function Numbers({ stats, range }: { readonly stats: StatsAnswer; readonly range: StatsRange }) {
  const { totals } = stats;
  const abandoned = totals.checkoutsStarted - totals.checkoutsPaid;
  const label = (start: string) => periodLabel(start, range.by);
  return (
    <div className="mt-6 space-y-6">
      {stats.testMode ? (
        <p className="rounded-lg border border-gold/50 bg-white px-4 py-3 text-sm">
          TEST MODE: these are the built-in test checkout’s orders, not real payments.
        </p>
      ) : null}
      <section aria-label="Totals">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure term="Revenue" value={money(totals.revenue)} />
          <Figure term="Orders" value={String(totals.orders)} />
          <Figure term="Pieces" value={String(totals.pieces)} />
          <Figure term="Average order" value={money(totals.averageOrder)} />
          <Figure term="Refunds" value={money(totals.refunds)} />
          <Figure
            term="Checkouts started"
            value={String(totals.checkoutsStarted)}
            note={`${totals.checkoutsPaid} paid`}
          />
          <Figure
            term="Abandoned"
            value={percentOf(abandoned, totals.checkoutsStarted)}
            note={`${abandoned} of ${totals.checkoutsStarted} checkouts`}
          />
          <Figure
            term="Gift wrapped"
            value={percentOf(totals.giftWrapped, totals.orders)}
            note={`${totals.giftWrapped} of ${totals.orders} orders`}
          />
        </dl>
      </section>
      <a href={deskApi.statsCsvUrl(range)} download className={buttonClass.secondary}>
        Download these numbers as CSV
      </a>
      <div className="grid gap-4 lg:grid-cols-3">
        <BarChart
          title="Revenue"
          points={stats.series.map((p) => ({ key: p.start, label: label(p.start), value: p.revenue }))}
          format={money}
        />
        <BarChart
          title="Orders"
          points={stats.series.map((p) => ({ key: p.start, label: label(p.start), value: p.orders }))}
          format={String}
        />
        <BarChart
          title="Pieces"
          points={stats.series.map((p) => ({ key: p.start, label: label(p.start), value: p.pieces }))}
          format={String}
        />
      </div>
      {stats.channels ? <Channels channels={stats.channels} /> : null}
      <div className="grid gap-4 lg:grid-cols-3">
        <BestSellers title="Best sellers by pieces" rows={stats.bestSellers} by="pieces" />
        <BestSellers title="Best sellers by revenue" rows={stats.bestSellers} by="revenue" />
        <Sizes sizes={stats.sizes} />
      </div>
      {stats.giftCards ? <GiftCards giftCards={stats.giftCards} /> : null}
      {stats.margins ? (
        <Margins products={stats.margins} orders={stats.orderMargins ?? []} names={stats.bestSellers} />
      ) : null}
      <Returns rows={stats.returns ?? []} />
    </div>
  );
}

/**
 * The gift cards, apart from revenue (docs/product/gift-cards.md §19.2: a card is a payment, its sale no
 * supply): sold and issued free in the range, and what live cards still owe their holders today.
 */
function GiftCards({ giftCards }: { readonly giftCards: NonNullable<StatsAnswer['giftCards']> }) {
  const id = useId();
  return (
    <section className="rounded-2xl border border-line bg-white p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-serif text-lg">
        Gift cards
      </h2>
      <p className="mt-1 text-sm text-muted">Not revenue: a gift card is a payment, counted when it pays.</p>
      <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Figure term="Sold" value={money(giftCards.sold)} note="In this range" />
        <Figure term="Issued free" value={money(giftCards.issuedFree)} note="In this range" />
        <Figure term="Outstanding" value={money(giftCards.outstanding)} note="Owed to holders today" />
      </dl>
    </section>
  );
}

/**
 * Margins (docs/product/materials.md §23.5): what the shop kept of each bracelet and each order, net of VAT
 * after the discount and refunds, less materials, labour and packaging. Per order: the newest
 * ORDER_MARGINS_LIMIT of the range, as the answer carries them.
 */
export function Margins({
  products,
  orders,
  names,
}: {
  readonly products: NonNullable<StatsAnswer['margins']>;
  readonly orders: NonNullable<StatsAnswer['orderMargins']>;
  readonly names: StatsAnswer['bestSellers'];
}) {
  const id = useId();
  const nameOf = new Map(names.map((p) => [p.productId, p.name]));
  const figures = [
    { header: 'Kept (net of VAT)', numeric: true, cell: (m: MarginRow) => money(m.revenue) },
    { header: 'Materials', numeric: true, cell: (m: MarginRow) => money(m.materialsCost) },
    { header: 'Labour', numeric: true, cell: (m: MarginRow) => money(m.labourCost) },
    { header: 'Margin', numeric: true, cell: (m: MarginRow) => money(m.margin) },
  ];
  return (
    <section className="rounded-2xl border border-line bg-white p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-serif text-lg">
        Margins
      </h2>
      <p className="mt-1 text-sm text-muted">
        What you kept, without the VAT and after discounts and refunds, less materials, labour and packaging.
      </p>
      <DataTable
        {...STATS_TABLE}
        caption="Margin per bracelet"
        captionVisible
        empty="Nothing sold in this range."
        rows={products}
        rowKey={(m) => m.productId}
        phone="scroll"
        columns={[
          { header: 'Bracelet', rowHeader: true, cell: (m) => nameOf.get(m.productId) ?? m.productId },
          ...figures,
        ]}
      />
      <DataTable
        {...STATS_TABLE}
        caption={`Margin per order (the newest ${ORDER_MARGINS_LIMIT})`}
        captionVisible
        empty="No paid orders in this range."
        rows={orders}
        rowKey={(m) => m.reference}
        phone="scroll"
        className="mt-4"
        columns={[{ header: 'Order', rowHeader: true, cell: (m) => m.reference }, ...figures]}
      />
    </section>
  );
}

type MarginRow = Pick<
  NonNullable<StatsAnswer['margins']>[number],
  'revenue' | 'materialsCost' | 'labourCost' | 'margin'
>;

/** Returns opened in the range by product, with the reasons given (docs/product/orders.md §10.18). */
function Returns({ rows }: { readonly rows: NonNullable<StatsAnswer['returns']> }) {
  const id = useId();
  return (
    <section className="rounded-2xl border border-line bg-white p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-serif text-lg">
        Returns
      </h2>
      <DataTable
        {...STATS_TABLE}
        labelledBy={`${id}-title`}
        empty="No returns opened in this range."
        rows={rows}
        rowKey={(p) => p.productId}
        columns={[
          { header: 'Bracelet', rowHeader: true, cell: (p) => p.name },
          { header: 'Returns', numeric: true, cell: (p) => p.returns },
          { header: 'Pieces', numeric: true, cell: (p) => p.pieces },
          {
            header: 'Reasons',
            cell: (p) =>
              p.reasons.map((r) => (r.count > 1 ? `${r.reason} (${r.count})` : r.reason)).join('; '),
          },
        ]}
      />
    </section>
  );
}

function Figure({
  term,
  value,
  note,
}: {
  readonly term: string;
  readonly value: string;
  readonly note?: string;
}) {
  return (
    <div className="rounded-2xl border border-line bg-white p-3 sm:p-4">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="mt-1 font-serif text-xl sm:text-2xl">{value}</dd>
      {note ? <dd className="text-xs text-muted">{note}</dd> : null}
    </div>
  );
}

interface Point {
  /** The period's start: unique, where labels need not be. */
  readonly key: string;
  readonly label: string;
  readonly value: number;
}

const CHART = { width: 300, height: 120 } as const;

/**
 * Bars in an SVG that scales to its box; the summary is its accessible name, the table under it its full
 * text alternative (a native disclosure: keyboard and screen readers work without script of ours).
 */
export function BarChart({
  title,
  points,
  format,
}: {
  readonly title: string;
  readonly points: readonly Point[];
  readonly format: (value: number) => string;
}) {
  const id = useId();
  const max = Math.max(0, ...points.map((p) => p.value));
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const peak = points.find((p) => p.value === max && max > 0);
  const summary = peak
    ? `${title}: ${format(total)} in all; highest ${format(max)}, ${peak.label}`
    : `${title}: none in this range`;
  const slot = CHART.width / Math.max(1, points.length);
  const gap = Math.min(2, slot * 0.2);
  // A few months' bars stay bars, not blocks.
  const barWidth = Math.min(40, Math.max(0.5, slot - gap));
  return (
    <figure className="rounded-2xl border border-line bg-white p-4" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="font-serif text-lg">
        {title}
      </figcaption>
      <p className="mt-1 text-xs text-muted">Highest: {format(max)}</p>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        preserveAspectRatio="none"
        className="mt-2 block h-32 w-full"
      >
        <line
          x1="0"
          y1={CHART.height - 0.5}
          x2={CHART.width}
          y2={CHART.height - 0.5}
          stroke="var(--color-line)"
        />
        {points.map((p, i) => {
          const h = max > 0 ? (p.value / max) * (CHART.height - 4) : 0;
          return (
            <rect
              key={p.key}
              x={i * slot + (slot - barWidth) / 2}
              y={CHART.height - h}
              width={barWidth}
              height={h}
              fill="var(--color-wine)"
            >
              <title>{`${p.label}: ${format(p.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{points[0]?.label}</span>
        <span>{points.length > 1 ? points[points.length - 1]?.label : null}</span>
      </div>
      <details className="mt-2">
        <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-medium text-wine">
          Table of {title.toLowerCase()}
        </summary>
        {/* No scroll box of its own: the page scrolls, and nothing needs focus to be read. */}
        <DataTable
          {...STATS_TABLE}
          caption={`${title} by period`}
          rows={points}
          rowKey={(p) => p.key}
          columns={[
            { header: 'Period', rowHeader: true, cell: (p) => p.label },
            { header: title, numeric: true, cell: (p) => format(p.value) },
          ]}
        />
      </details>
    </figure>
  );
}

const BEST_SELLERS_SHOWN = 10;

function BestSellers({
  title,
  rows,
  by,
}: {
  readonly title: string;
  readonly rows: StatsAnswer['bestSellers'];
  readonly by: 'pieces' | 'revenue';
}) {
  const id = useId();
  const sorted = [...rows].sort((a, b) => b[by] - a[by]).slice(0, BEST_SELLERS_SHOWN);
  return (
    <section className="rounded-2xl border border-line bg-white p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-serif text-lg">
        {title}
      </h2>
      <DataTable
        {...STATS_TABLE}
        labelledBy={`${id}-title`}
        empty="Nothing sold in this range."
        rows={sorted}
        rowKey={(p) => p.productId}
        columns={[
          { header: 'Bracelet', rowHeader: true, cell: (p) => p.name },
          { header: 'Pieces', numeric: true, cell: (p) => p.pieces },
          { header: 'Revenue', numeric: true, cell: (p) => money(p.revenue) },
        ]}
      />
    </section>
  );
}

/** Where the orders came from (docs/product/orders.md §10.17): the web, a paid quote, or the owner's own. */
function Channels({ channels }: { readonly channels: NonNullable<StatsAnswer['channels']> }) {
  const id = useId();
  return (
    <section className="rounded-2xl border border-line bg-white p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-serif text-lg">
        By channel
      </h2>
      <DataTable
        {...STATS_TABLE}
        labelledBy={`${id}-title`}
        rows={STATS_CHANNELS}
        rowKey={(channel) => channel}
        columns={[
          { header: 'Channel', rowHeader: true, cell: (channel) => ORDER_CHANNEL_LABELS[channel] },
          { header: 'Orders', numeric: true, cell: (channel) => channels[channel].orders },
          { header: 'Pieces', numeric: true, cell: (channel) => channels[channel].pieces },
          { header: 'Revenue', numeric: true, cell: (channel) => money(channels[channel].revenue) },
        ]}
      />
    </section>
  );
}

function Sizes({ sizes }: { readonly sizes: StatsAnswer['sizes'] }) {
  const id = useId();
  const total = sizes.S + sizes.M + sizes.L;
  const tones: Readonly<Record<SizeCode, string>> = { S: 'bg-gold', M: 'bg-wine', L: 'bg-ink' };
  return (
    <section className="rounded-2xl border border-line bg-white p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-serif text-lg">
        Sizes sold
      </h2>
      <div className="mt-3 flex h-3 overflow-hidden rounded-full bg-sand" aria-hidden="true">
        {SIZES.map(({ code }) =>
          total > 0 && sizes[code] > 0 ? (
            <div key={code} className={tones[code]} style={{ width: `${(sizes[code] / total) * 100}%` }} />
          ) : null,
        )}
      </div>
      <DataTable
        {...STATS_TABLE}
        labelledBy={`${id}-title`}
        rows={SIZES}
        rowKey={(size) => size.code}
        columns={[
          {
            header: 'Size',
            rowHeader: true,
            cell: ({ code, name }) => (
              <>
                <span
                  className={`mr-2 inline-block size-2.5 rounded-full ${tones[code]}`}
                  aria-hidden="true"
                />
                {name} ({code})
              </>
            ),
          },
          { header: 'Pieces', numeric: true, cell: ({ code }) => sizes[code] },
          { header: 'Share', numeric: true, cell: ({ code }) => percentOf(sizes[code], total) },
        ]}
      />
    </section>
  );
}
