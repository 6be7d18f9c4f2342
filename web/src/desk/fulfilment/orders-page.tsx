/**
 * The orders list (docs/product/desk.md §10.10). With no filter it shows the work to do: paid and in production,
 * oldest dispatch date first (the server's default). Filters live in the URL hash, so the back button and
 * a bookmarked view work; pending and abandoned checkouts appear only when their status is chosen.
 */

import { type FormEvent, useId, useState } from 'react';
import {
  COUNTED_FILTERS,
  ORDER_FILTERS,
  type OrderFilter,
  type OrderListItem,
} from '../../../../domain/orders/admin-api';
import { DESTINATION_VAT_DUE_LABEL } from '../../../../domain/vat/threshold';
import { deskApi, type OrderQuery, orderQueryParams } from '../desk-api';
import { navigate } from '../desk-router';
import { useIsOwner } from '../people/desk-person';
import { customersHref } from '../routes/customers';
import { fulfilmentHref } from '../routes/fulfilment';
import { manualOrdersHref } from '../routes/manual-orders';
import { formatDay, money, statusLabel } from '../ui/desk-format';
import { useDeskData } from '../ui/desk-hooks';
import {
  buttonClass,
  ChannelBadge,
  DateField,
  ErrorMessage,
  inputClass,
  Loading,
  PageHeading,
  RefundBadge,
  StatusBadge,
} from '../ui/desk-ui';

function queryOf(params: URLSearchParams): OrderQuery {
  const page = Number(params.get('page') ?? '1');
  const status = params.get('status');
  return {
    status: ORDER_FILTERS.find((f) => f === status),
    q: params.get('q') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

const paramsOf = orderQueryParams;

export function OrdersPage({ params }: { readonly params: URLSearchParams }) {
  const id = useId();
  const owner = useIsOwner();
  const query = queryOf(params);
  const key = paramsOf(query).toString();
  const [result] = useDeskData(key, () => deskApi.listOrders(query));
  const [form, setForm] = useState<{ status: string; q: string; from: string; to: string }>({
    status: query.status ?? 'work',
    q: query.q ?? '',
    from: query.from ?? '',
    to: query.to ?? '',
  });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    navigate(
      fulfilmentHref.orders(
        paramsOf({ ...form, status: ORDER_FILTERS.find((f) => f === form.status), page: 1 }),
      ),
    );
  };
  const filtered = Boolean((query.status && query.status !== 'work') || query.q || query.from || query.to);
  const heading =
    query.status === 'all'
      ? 'All orders'
      : query.status && query.status !== 'work'
        ? statusLabel(query.status)
        : filtered
          ? 'Work to do, filtered'
          : 'Work to do';

  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <PageHeading>{heading}</PageHeading>
        {owner ? (
          <div className="flex flex-wrap items-center gap-3">
            {/* An order taken by phone or at a fair (docs/product/orders.md §10.17): the owner's alone. */}
            <a href={manualOrdersHref.newOrder()} className={buttonClass.primary}>
              New order
            </a>
            <a
              href={customersHref.customers()}
              className="inline-flex min-h-11 items-center text-sm underline hover:text-wine"
            >
              Customers →
            </a>
          </div>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-muted">
        {filtered
          ? 'Orders matching the filters below.'
          : 'Paid and in production, the oldest dispatch date first.'}
      </p>

      <form
        onSubmit={apply}
        className="mt-5 grid gap-3 rounded-2xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-[minmax(11rem,1fr)_2fr_1fr_1fr_auto] lg:items-end"
      >
        <div>
          <label htmlFor={`${id}-status`} className="text-sm font-medium">
            Status
          </label>
          <select
            id={`${id}-status`}
            className={inputClass}
            value={form.status}
            onChange={(e) => setForm({ ...form, status: e.target.value })}
          >
            <option value="work">Work to do</option>
            <option value="all">All orders</option>
            {COUNTED_FILTERS.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-q`} className="text-sm font-medium">
            Search
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className={inputClass}
            placeholder="Reference, e-mail or name"
            value={form.q}
            onChange={(e) => setForm({ ...form, q: e.target.value })}
          />
        </div>
        <DateField
          id={`${id}-from`}
          label="From"
          value={form.from}
          onChange={(from) => setForm({ ...form, from })}
        />
        <DateField id={`${id}-to`} label="To" value={form.to} onChange={(to) => setForm({ ...form, to })} />
        <div className="flex gap-2 sm:col-span-2 lg:col-span-1">
          <button type="submit" className={buttonClass.primary}>
            Show orders
          </button>
          {filtered ? (
            <a href={fulfilmentHref.orders()} className={buttonClass.secondary}>
              Clear
            </a>
          ) : null}
        </div>
      </form>

      <div className="mt-6" aria-live="polite">
        {result.state === 'loading' ? <Loading label="Loading orders…" /> : null}
        {result.state === 'error' ? <ErrorMessage>{result.message}</ErrorMessage> : null}
        {result.state === 'ready' ? (
          <>
            {result.data.counts ? <StatusCounts counts={result.data.counts} current={query.status} /> : null}
            <OrderList orders={result.data.orders} filtered={filtered} />
            <Pager
              query={query}
              total={result.data.total}
              pageSize={result.data.pageSize}
              shown={result.data.orders.length}
            />
          </>
        ) : null}
      </div>
    </div>
  );
}

function StatusCounts({
  counts,
  current,
}: {
  readonly counts: Partial<Record<string, number>>;
  readonly current?: OrderFilter;
}) {
  const entries = COUNTED_FILTERS.map((status) => [status, counts[status] ?? 0] as const).filter(
    ([, n]) => n > 0,
  );
  if (entries.length === 0) return null;
  return (
    <nav aria-label="Orders by status" className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {entries.map(([status, n]) => (
          <li key={status}>
            <a
              href={fulfilmentHref.orders(new URLSearchParams({ status }))}
              aria-current={current === status ? 'page' : undefined}
              className="inline-flex min-h-9 items-center gap-1.5 rounded-full border border-line bg-white px-3 text-sm hover:bg-sand aria-[current=page]:border-wine aria-[current=page]:font-semibold"
            >
              {statusLabel(status)} <span className="font-semibold tabular-nums">{n}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function OrderList({
  orders,
  filtered,
}: {
  readonly orders: readonly OrderListItem[];
  readonly filtered: boolean;
}) {
  if (orders.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line px-4 py-10 text-center text-muted">
        {filtered
          ? 'No orders match these filters.'
          : 'Nothing to make or post. Every paid order is on its way.'}
      </p>
    );
  }
  return (
    <ul
      aria-label="Orders"
      className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white"
    >
      {orders.map((order) => (
        <li key={order.reference}>
          <a
            href={fulfilmentHref.order(order.reference)}
            className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 px-4 py-3 hover:bg-sand focus-visible:bg-sand md:grid-cols-[10rem_minmax(0,1fr)_9rem_7rem_11rem] md:items-center"
          >
            <span className="font-mono font-semibold text-wine">{order.reference}</span>
            {/* Wide enough for "Partially refunded" beside the status; more badges wrap, never over the total. */}
            <span className="flex min-w-0 flex-wrap items-center justify-end gap-1 md:order-last">
              <StatusBadge status={order.status} />
              <RefundBadge order={order} />
              <ChannelBadge channel={order.channel} />
              {order.destinationVatDue ? <DestinationVatBadge /> : null}
            </span>
            <span className="min-w-0 truncate text-sm">
              {order.name ? <span className="font-medium">{order.name}</span> : null}
              {order.email ? (
                <span
                  className={`block truncate text-muted md:inline ${order.name ? "md:before:content-['_·_']" : ''}`}
                >
                  {order.email}
                </span>
              ) : order.name ? null : (
                // Erased (docs/product/privacy.md §12.2), or a sale handed over with no customer: said, not a lone dot.
                <span className="text-muted italic">
                  {order.channel === 'handed_over' ? 'No customer details' : 'Customer details erased'}
                </span>
              )}
            </span>
            <span className="text-right text-sm text-muted md:text-left">
              {order.dispatchBy
                ? `Dispatch by ${formatDay(order.dispatchBy)}`
                : order.paidAt
                  ? `Paid ${formatDay(order.paidAt)}`
                  : ''}
            </span>
            <span className="col-span-2 text-sm font-semibold tabular-nums md:col-span-1 md:text-right">
              {money(order.total)}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Sold at the Irish rate where the destination's VAT was due (docs/product/vat.md §20.4): said in words, the
 * colour only repeats it.
 */
function DestinationVatBadge() {
  return (
    <span className="inline-flex items-center rounded-full border border-danger/40 bg-white px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-danger">
      {DESTINATION_VAT_DUE_LABEL}
    </span>
  );
}

function Pager({
  query,
  total,
  pageSize,
  shown,
}: {
  readonly query: OrderQuery;
  readonly total: number;
  readonly pageSize: number;
  readonly shown: number;
}) {
  const page = query.page ?? 1;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted">
        {total === 0 ? 'No orders' : `Orders ${first}–${first + shown - 1} of ${total}`}
      </p>
      {pages > 1 ? (
        <div className="flex items-center gap-2">
          {page > 1 ? (
            <a
              href={fulfilmentHref.orders(paramsOf({ ...query, page: page - 1 }))}
              className={buttonClass.secondary}
            >
              Previous page
            </a>
          ) : null}
          <span aria-current="page">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <a
              href={fulfilmentHref.orders(paramsOf({ ...query, page: page + 1 }))}
              className={buttonClass.secondary}
            >
              Next page
            </a>
          ) : null}
        </div>
      ) : null}
    </nav>
  );
}
