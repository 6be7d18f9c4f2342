/**
 * Today, the desk's first screen (docs/product/desk.md §10.11): late orders at the top in the shop's warning
 * colour, what to make today (pieces by product and size over the orders due first, up to the day's
 * capacity), what to dispatch today, the shop's health with "Send again" for a failed e-mail, and the
 * making capacity, which sets the dispatch dates the shop promises.
 */

import { type FormEvent, useCallback, useId, useState } from 'react';
import { CUSTOMS_API, customsPdfPath } from '../../../../domain/customs/customs-api';
import { MAKING_CAPACITY } from '../../../../domain/making/making-queue';
import {
  type DeskStep,
  DISPATCH_AHEAD_WORKING_DAYS,
  type DueOrder,
  type TodayResponse,
} from '../../../../domain/making/today';
import { formatDayMonth, type IsoDate } from '../../../../domain/shared/calendar-date';
import { deskApi } from '../desk-api';
import { useIsOwner } from '../people/desk-person';
import { fulfilmentHref } from '../routes/fulfilment';
import { materialsHref } from '../routes/materials';
import { SellerPlaceholderWarning, useSellerPlaceholder } from '../settings/seller-placeholder-warning';
import { BuyLabelButton } from '../shipping/buy-label';
import { TodaysLabels } from '../shipping/todays-labels';
import { DataTable } from '../ui/data-table';
import { formatDay, formatInstant } from '../ui/desk-format';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ChannelBadge, ErrorMessage, inputClass, Loading, PageHeading } from '../ui/desk-ui';
import { useVatThresholdNotice, VatThresholdNotice } from '../vat/vat-threshold-notice';

const sectionClass = 'rounded-2xl border border-line bg-white p-4 sm:p-5';

export function TodayPage() {
  const [result, reload] = useDeskData('today', () => deskApi.today());
  const owner = useIsOwner();
  const placeholder = useSellerPlaceholder(owner);
  // The EU threshold's notice (80%, then crossed: register for OSS in ROS by the 10th of the next month).
  const vatNotice = useVatThresholdNotice(owner);
  const loading = result.state === 'loading' || placeholder === 'loading' || vatNotice === 'loading';
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <PageHeading>Today</PageHeading>
        <a
          href={fulfilmentHref.orders()}
          className="inline-flex min-h-11 items-center text-sm underline hover:text-wine"
        >
          All orders →
        </a>
      </div>
      {placeholder === true ? <SellerPlaceholderWarning /> : null}
      {typeof vatNotice === 'string' && vatNotice !== 'loading' ? (
        <VatThresholdNotice notice={vatNotice} />
      ) : null}
      {loading ? <Loading label="Loading today’s work…" /> : null}
      {result.state === 'error' && !loading ? (
        <div className="mt-4">
          <ErrorMessage>{result.message}</ErrorMessage>
        </div>
      ) : null}
      {result.state === 'ready' && !loading ? <TodayBody today={result.data} onChanged={reload} /> : null}
    </div>
  );
}

function TodayBody({ today, onChanged }: { readonly today: TodayResponse; readonly onChanged: () => void }) {
  const owner = useIsOwner();
  const madePieces = today.make.reduce((n, line) => n + line.pieces, 0);
  return (
    <div className="mt-4 space-y-5">
      <p className="text-sm text-muted">{formatDay(today.date)}</p>
      {today.late.length > 0 ? <LateOrders late={today.late} /> : null}
      <section aria-labelledby="today-make" className={sectionClass}>
        <h2 id="today-make" className="text-xl">
          Make today
        </h2>
        <p className="mt-1 text-sm text-muted">
          {madePieces} of {today.capacity} pieces, the day’s capacity, over the orders due first.
        </p>
        <DataTable
          caption="Pieces to make today by product and size"
          className="mt-3"
          empty="Nothing is waiting to be made."
          rows={today.make}
          rowKey={(line) => `${line.remake ? 'remake-' : ''}${line.productId}-${line.size}`}
          columns={[
            {
              header: 'Product',
              cell: (line) => (
                <>
                  {line.name}
                  {/* An exchange's new size: made first, ahead of new orders (docs/product/exchanges.md). */}
                  {line.remake ? (
                    <span className="ml-2 rounded-full bg-sand px-2 py-0.5 text-xs font-medium">
                      Remake for an exchange
                    </span>
                  ) : null}
                  {/* The orders these pieces are for: one tap from the bench to the order. */}
                  <span className="flex flex-wrap gap-x-3 text-sm text-muted">
                    {line.orders.map((reference) => (
                      <a
                        key={reference}
                        href={fulfilmentHref.order(reference)}
                        className="inline-flex min-h-11 items-center underline hover:text-wine"
                      >
                        {reference}
                      </a>
                    ))}
                  </span>
                </>
              ),
            },
            // A quote's bespoke design has no bracelet size: the cell stays empty.
            { header: 'Size', cell: (line) => line.size },
            { header: 'Pieces', numeric: true, cellClassName: 'font-semibold', cell: (line) => line.pieces },
          ]}
        />
      </section>
      {today.shortages && today.canMake ? (
        <CanIMake shortages={today.shortages} canMake={today.canMake} />
      ) : null}
      <section aria-labelledby="today-dispatch" className={sectionClass}>
        <h2 id="today-dispatch" className="text-xl">
          Dispatch today
        </h2>
        {today.dispatch.length === 0 ? (
          <p className="mt-2">No order is due for dispatch today.</p>
        ) : (
          <OrderLinks orders={today.dispatch} buyLabels={owner} />
        )}
        {owner ? <TodaysLabels /> : null}
        <CustomsToday date={today.date} orders={[...today.late, ...today.dispatch]} />
        <UpcomingDispatch upcoming={today.upcoming} buyLabels={owner} />
      </section>
      <DoneToday steps={today.doneToday} />
      <ShopHealth today={today} onChanged={onChanged} />
      {owner ? <CapacitySetting capacity={today.capacity} onChanged={onChanged} /> : null}
    </div>
  );
}

/**
 * The day's customs declarations (docs/product/customs.md §21.3): each order to post today (or late) that
 * leaves the EU with its CN23, and the day's customs data as one CSV.
 */
function CustomsToday({ date, orders }: { readonly date: string; readonly orders: readonly DueOrder[] }) {
  const leaving = orders.filter((o) => o.customs);
  if (leaving.length === 0) return null;
  const link = 'inline-flex min-h-11 items-center underline';
  return (
    <div className="mt-4">
      <h3 className="font-medium">Customs declarations</h3>
      <ul className="mt-1 space-y-1 text-sm">
        {leaving.map((o) => (
          <li key={o.reference} className="flex flex-wrap items-center gap-x-4">
            <span className="font-medium">{o.reference}</span>
            <a className={link} href={customsPdfPath(o.reference)} target="_blank" rel="noopener">
              CN23 (A4)
            </a>
            <a className={link} href={customsPdfPath(o.reference, 'a6')} target="_blank" rel="noopener">
              CN23 (A6)
            </a>
          </li>
        ))}
      </ul>
      <a className={link} href={`${CUSTOMS_API.csv}?date=${date}`}>
        Today’s customs data (CSV)
      </a>
    </div>
  );
}

function OrderLinks({
  orders,
  late = false,
  buyLabels = false,
}: {
  readonly orders: readonly DueOrder[];
  readonly late?: boolean;
  /** Each order with its "Buy label" (the owner's, on the dispatch list: docs/product/shipping.md §22). */
  readonly buyLabels?: boolean;
}) {
  return (
    <ul className="mt-2 flex flex-wrap gap-2">
      {orders.map((order) => (
        <li key={order.reference} className="flex flex-wrap items-center gap-1">
          <a
            href={fulfilmentHref.order(order.reference)}
            className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium hover:bg-sand ${late ? 'border-danger text-danger' : 'border-line'}`}
          >
            {order.reference}
            {late ? <span className="ml-1 font-normal">, due {formatDay(order.dispatchBy)}</span> : null}
          </a>
          {/* A quote's or the owner's own order (docs/product/orders.md §10.17): "Quote", "Phone or fair". */}
          <ChannelBadge channel={order.channel} />
          {buyLabels ? <BuyLabelButton reference={order.reference} compact /> : null}
        </li>
      ))}
    </ul>
  );
}

/** What is due on the next working days, by day, so tomorrow's posting is seen today. */
function UpcomingDispatch({
  upcoming,
  buyLabels,
}: {
  readonly upcoming: readonly DueOrder[];
  /** A parcel ready early is posted early: its "Buy label" too (the owner's). */
  readonly buyLabels: boolean;
}) {
  const days = [...new Set(upcoming.map((o) => o.dispatchBy))];
  return (
    <div className="mt-4">
      <h3 className="text-base">Next working days</h3>
      {days.length === 0 ? (
        <p className="mt-1 text-sm text-muted">
          Nothing is due on the next {DISPATCH_AHEAD_WORKING_DAYS} working days.
        </p>
      ) : (
        <ul className="mt-1 space-y-2">
          {days.map((day) => (
            <li key={day}>
              <p className="text-sm font-medium">{formatDayMonth(day as IsoDate)}</p>
              <OrderLinks orders={upcoming.filter((o) => o.dispatchBy === day)} buyLabels={buyLabels} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The desk's steps on orders since midnight, newest first, each with who took it. */
function DoneToday({ steps }: { readonly steps: readonly DeskStep[] }) {
  return (
    <section aria-labelledby="today-done" className={sectionClass}>
      <h2 id="today-done" className="text-xl">
        Done today
      </h2>
      {steps.length === 0 ? (
        <p className="mt-2">Nothing done on an order yet today.</p>
      ) : (
        <ol className="mt-2 space-y-2 text-sm">
          {steps.map((step) => (
            <li key={`${step.at}-${step.reference}-${step.what}`} className="flex flex-wrap gap-x-2">
              <time dateTime={step.at} className="text-muted tabular-nums">
                {formatClock(step.at)}
              </time>
              <a
                href={fulfilmentHref.order(step.reference)}
                className="inline-flex min-h-11 items-center underline hover:text-wine"
              >
                {step.reference}
              </a>
              <span>
                {step.what}
                {step.by ? <span className="text-muted"> by {step.by}</span> : null}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** "14:05", Irish time: Today's steps are all of one day. */
function formatClock(iso: string): string {
  return new Intl.DateTimeFormat('en-IE', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Dublin',
  }).format(new Date(iso));
}

/**
 * "Can I make these?" (docs/product/materials.md §23): what the queue's orders need beyond what is on hand,
 * the first order that would be blocked, and the materials at their low-stock level with what to buy.
 */
function CanIMake({
  shortages,
  canMake,
}: {
  readonly shortages: NonNullable<TodayResponse['shortages']>;
  readonly canMake: NonNullable<TodayResponse['canMake']>;
}) {
  return (
    <section aria-labelledby="today-can-make" className={sectionClass}>
      <h2 id="today-can-make" className="text-xl">
        Can I make these?
      </h2>
      {shortages.length === 0 ? (
        <p className="mt-2">Yes: the materials on hand cover every order in the queue.</p>
      ) : (
        <>
          {canMake.firstBlocked ? (
            <p className="mt-2">
              The first order the materials would block:{' '}
              <a className="font-medium underline" href={fulfilmentHref.order(canMake.firstBlocked)}>
                {canMake.firstBlocked}
              </a>
            </p>
          ) : null}
          <DataTable
            caption="Materials the queue is short of"
            className="mt-3"
            rows={shortages}
            rowKey={(s) => s.materialId}
            columns={[
              { header: 'Material', rowHeader: true, cell: (s) => s.name },
              { header: 'Needed', numeric: true, cell: (s) => String(s.needed) },
              { header: 'On hand', numeric: true, cell: (s) => String(s.onHand) },
              {
                header: 'Short by',
                numeric: true,
                cellClassName: 'font-semibold',
                cell: (s) => String(s.shortBy),
              },
            ]}
          />
        </>
      )}
      {canMake.lowStock.length > 0 ? (
        <DataTable
          caption="Low on stock: what to buy"
          className="mt-3"
          rows={canMake.lowStock}
          rowKey={(m) => m.id}
          columns={[
            { header: 'Material', rowHeader: true, cell: (m) => m.name },
            { header: 'On hand', numeric: true, cell: (m) => `${m.onHand} ${m.unit}` },
            { header: 'Buy at least', numeric: true, cell: (m) => `${m.toBuy} ${m.unit}` },
          ]}
        />
      ) : null}
      <p className="mt-3 text-sm">
        <a className="underline" href={materialsHref.materials()}>
          Materials
        </a>
      </p>
    </section>
  );
}

function LateOrders({ late }: { readonly late: readonly DueOrder[] }) {
  return (
    <section aria-labelledby="today-late" className="rounded-2xl border-2 border-danger bg-white p-4 sm:p-5">
      <h2 id="today-late" className="text-xl text-danger">
        Late: {late.length} {late.length === 1 ? 'order' : 'orders'} past the dispatch-by date
      </h2>
      <OrderLinks orders={late} late />
    </section>
  );
}

/** "3 min", "2 h 5 min", "1 day 4 h": how long the oldest e-mail has waited. */
export function formatAge(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ${hours % 24} h`;
}

function ShopHealth({ today, onChanged }: { readonly today: TodayResponse; readonly onChanged: () => void }) {
  const { outbox, health } = today;
  const owner = useIsOwner();
  const retry = useDeskAction(
    useCallback(
      async (submission: string, id: number) => {
        await deskApi.retryMail(id, submission);
        onChanged();
      },
      [onChanged],
    ),
  );
  const never = 'Not yet';
  const rows: [string, string, boolean][] = [
    [
      'E-mails waiting',
      `${outbox.waiting}${outbox.oldestAgeSeconds !== null ? `, oldest ${formatAge(outbox.oldestAgeSeconds)}` : ''}`,
      false,
    ],
    ['E-mails failed', String(outbox.failed), outbox.failed > 0],
    // In the owner's words: whether e-mails go out and the database answers, not how (the transport's
    // folder or server and the database's engine are in the API and the logs for whoever runs the shop).
    ['E-mails', health.mail.ok ? 'sending' : 'failing', !health.mail.ok],
    ['Database', health.database.reachable ? 'answering' : 'not answering', !health.database.reachable],
    ['Last payment', health.lastPaymentEventAt ? formatInstant(health.lastPaymentEventAt) : never, false],
    // The reconcile pass, in her words: the shop asking the payment provider about checkouts it has
    // heard nothing of.
    [
      'Last check with the payment provider',
      health.lastReconcileAt ? formatInstant(health.lastReconcileAt) : never,
      false,
    ],
    ['Pieces in the queue', String(health.queuedPieces), false],
  ];
  return (
    <section aria-labelledby="today-health" className={sectionClass}>
      <h2 id="today-health" className="text-xl">
        Shop health
      </h2>
      <dl className="mt-2 grid grid-cols-1 gap-x-6 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value, warn]) => (
          <div key={label} className="contents">
            <dt className="pt-2 text-muted sm:pt-1">{label}</dt>
            <dd className={`sm:pt-1 ${warn ? 'font-semibold text-danger' : ''}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {outbox.failedMail.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-base">Failed e-mails</h3>
          <ul className="mt-2 space-y-2">
            {outbox.failedMail.map((mail) => (
              <li key={mail.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span>
                  {mail.reference ? `${mail.reference}: ` : ''}
                  {mail.kind}
                  {mail.error ? <span className="text-muted"> ({mail.error})</span> : null}
                </span>
                {owner ? (
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    disabled={retry.busy}
                    onClick={() => void retry.run(mail.id)}
                    aria-label={`Send again: e-mail ${mail.id}${mail.reference ? ` for ${mail.reference}` : ''}`}
                  >
                    Send again
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {retry.error ? (
            <div className="mt-2">
              <ErrorMessage>{retry.error}</ErrorMessage>
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function CapacitySetting({
  capacity,
  onChanged,
}: {
  readonly capacity: number;
  readonly onChanged: () => void;
}) {
  const id = useId();
  const [value, setValue] = useState(String(capacity));
  const [invalid, setInvalid] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useDeskAction(
    useCallback(
      async (submission: string, pieces: number) => {
        const settings = await deskApi.updateSettings({ makingCapacityPerDay: pieces }, submission);
        const n = settings.makingCapacityPerDay;
        setSaved(`Saved: ${n} ${n === 1 ? 'piece' : 'pieces'} a working day.`);
        onChanged();
      },
      [onChanged],
    ),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const pieces = Number(value.trim());
    if (!/^\d+$/.test(value.trim()) || pieces < MAKING_CAPACITY.min || pieces > MAKING_CAPACITY.max) {
      setInvalid(`Enter a whole number of pieces from ${MAKING_CAPACITY.min} to ${MAKING_CAPACITY.max}.`);
      return;
    }
    setInvalid(null);
    void save.run(pieces);
  };
  const error = invalid ?? save.error;
  return (
    <section aria-labelledby="today-settings" className={sectionClass}>
      <h2 id="today-settings" className="text-xl">
        Settings
      </h2>
      <form className="mt-2 flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
        <div className="min-w-48 flex-1 sm:max-w-xs">
          <label htmlFor={`${id}-capacity`} className="text-sm font-medium">
            Making capacity (pieces per working day)
          </label>
          <input
            id={`${id}-capacity`}
            type="number"
            inputMode="numeric"
            min={MAKING_CAPACITY.min}
            max={MAKING_CAPACITY.max}
            step={1}
            className={inputClass}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
          />
        </div>
        <button type="submit" className={buttonClass.primary} disabled={save.busy}>
          {save.busy ? 'Saving…' : 'Save capacity'}
        </button>
      </form>
      <p id={`${id}-help`} className="mt-2 text-sm text-muted">
        New orders are dated from the pieces already waiting at this many a day.
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="mt-2 text-sm text-success">
          {saved}
        </p>
      ) : null}
    </section>
  );
}
