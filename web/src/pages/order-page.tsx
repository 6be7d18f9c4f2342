/**
 * /order/{reference}?key=... (docs/product/order-flow.md §6.8 and §6.10): one order's page, opened from the link in the
 * shopper's e-mails. The status as a timeline, dispatch and delivery dates when known, the lines, gift
 * message, totals and delivery address, its invoice and credit notes (docs/product/vat.md §20.6), its
 * returns' state (§10.18), and the right to cancel (the EU model
 * withdrawal form, online).
 * No referrer leaves this page (the key is in its address) and it is never indexed.
 */

import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { sizeLabel } from '../../../domain/catalogue/sizes';
import { BRAND } from '../../../domain/config';
import { type OrderPage as Order, WITHDRAWAL_LIMITS } from '../../../domain/orders/order-page';
import {
  formatDayMonth,
  formatDayOfMonth,
  formatIrishDate,
  irishDate,
  parseIsoDate,
} from '../../../domain/shared/calendar-date';
import { type Cents, formatEuro } from '../../../domain/shared/money';
import { vatIncludedText, vatStatementText } from '../../../domain/vat/vat-statement';
import {
  ContactLine,
  LoadFailed,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
} from '../features/checkout/confirmation-parts';
import { fetchOrder, type OrderResult, sendWithdrawal } from '../features/orders/order-page-api';
import { OrderInvoices } from '../features/vat/order-invoices';
import { Link } from '../lib/router';
import { useKeyedPage } from '../lib/use-keyed-page';

const FIELD =
  'mt-1 block w-full rounded-lg border border-line bg-white px-4 py-3 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine';

/** The exchanges block loads with its own chunk: it shows only once an order is delivered. */
const OrderExchangesSection = lazy(() =>
  import('../features/exchanges/order-exchanges').then((m) => ({ default: m.OrderExchangesSection })),
);

/** The reviews block loads with its own chunk: most visits to the page are before delivery. */
const OrderReviewsSection = lazy(() =>
  import('../features/reviews/order-reviews').then((m) => ({ default: m.OrderReviewsSection })),
);

function day(iso: string | null): string | null {
  const date = iso ? parseIsoDate(iso) : null;
  return date ? formatDayMonth(date) : null;
}

function money(value: number): string {
  return formatEuro(value as Cents);
}

function Timeline({ order }: { order: Order }) {
  return (
    <ol className="mt-4 space-y-0" aria-label="Order status">
      {order.timeline.map((entry) => (
        <li
          key={entry.step}
          aria-current={entry.state === 'current' ? 'step' : undefined}
          className="relative flex gap-4 pb-6 last:pb-0"
        >
          <span
            aria-hidden="true"
            className={`mt-1 h-4 w-4 shrink-0 rounded-full border-2 ${
              entry.state === 'upcoming' ? 'border-line bg-white' : 'border-wine bg-wine'
            }`}
          />
          <div>
            <p className={entry.state === 'upcoming' ? 'text-muted' : 'font-semibold'}>
              {entry.label}
              {entry.state === 'current' ? <span className="sr-only"> (current status)</span> : null}
              {entry.state === 'upcoming' ? <span className="sr-only"> (to come)</span> : null}
            </p>
            {entry.at ? <p className="text-sm text-muted">{formatIrishDate(new Date(entry.at))}</p> : null}
            {entry.step === 'dispatched' && order.tracking ? (
              <p className="text-sm">
                {order.tracking.carrier ? `${order.tracking.carrier}: ` : ''}
                {order.tracking.url ? (
                  <a
                    href={order.tracking.url}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="text-wine underline"
                  >
                    Track your parcel
                  </a>
                ) : null}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A card bought: "to be e-mailed on 24 December" while its day is ahead, "e-mailed on 28 November" after. */
function cardSendText(sendOn: string): string {
  const day = parseIsoDate(sendOn);
  if (!day) return '';
  return `${day > irishDate(new Date()) ? 'To be e-mailed' : 'E-mailed'} to its recipient on ${formatDayOfMonth(day)}`;
}

function Lines({ order }: { order: Order }) {
  const rows: [string, string][] = [['Subtotal', money(order.subtotal)]];
  // The server names the line (a code, the early-bird tier or a quote's discount).
  if (order.discount) rows.push([order.discountLabel ?? '', `−${money(order.discount)}`]);
  // Gift cards alone are e-mailed, not posted: no delivery line.
  if (order.lines.length > 0 || !order.giftCardsBought?.length)
    rows.push([`Delivery (${order.zoneLabel})`, order.shipping === 0 ? 'Free' : money(order.shipping)]);
  if (order.giftWrap > 0) rows.push(['Gift wrap', money(order.giftWrap)]);
  return (
    <table className="mt-4 w-full text-left">
      <caption className="sr-only">Items and totals</caption>
      <thead>
        <tr className="border-b border-line text-sm text-muted">
          <th scope="col" className="py-2 font-normal">
            Item
          </th>
          <th scope="col" className="py-2 text-right font-normal">
            Price
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line) => (
          <tr key={line.position} className="border-b border-line">
            <td className="py-3">
              {line.name}
              <span className="block text-sm text-muted">
                {line.quantity} × {money(line.unitPrice)}
                {line.size ? `, ${sizeLabel(line.size)}` : ''}
              </span>
            </td>
            <td className="py-3 text-right">{money(line.lineTotal)}</td>
          </tr>
        ))}
        {/* The cards it bought are lines like the bracelets, above the totals that count them. */}
        {(order.giftCardsBought ?? []).map((card) => (
          <tr key={`card:${card.last4}`} className="border-b border-line">
            <td className="py-3">
              {`Gift card ••••${card.last4}`}
              <span className="block text-sm text-muted">{cardSendText(card.sendOn)}</span>
            </td>
            <td className="py-3 text-right">{money(card.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" className="pt-2 font-normal">
              {label}
            </th>
            <td className="pt-2 text-right">{value}</td>
          </tr>
        ))}
        <tr>
          <th scope="row" className="pt-2 text-lg font-semibold">
            Total paid
          </th>
          <td className="pt-2 text-right text-lg font-semibold">{money(order.total)}</td>
        </tr>
        {/* Gift cards paid some or all of it: each card's part, then the card's (the split). */}
        {(order.payments ?? []).map((p, i) => (
          <tr key={`${p.method}:${p.last4 ?? i}`}>
            <th scope="row" className="pt-1 font-normal">
              {p.method === 'gift_card' ? `Gift card ••••${p.last4 ?? ''}` : 'Card'}
            </th>
            <td className="pt-1 text-right">{money(p.amount)}</td>
          </tr>
        ))}
        {order.vatStatement ? (
          <tr>
            <td colSpan={2} className="pt-1 text-right text-sm text-muted">
              {vatStatementText(order.vatStatement)}
            </td>
          </tr>
        ) : order.vatIncluded !== null ? (
          <tr>
            <td colSpan={2} className="pt-1 text-right text-sm text-muted">
              {vatIncludedText(order.vatIncluded)}
            </td>
          </tr>
        ) : null}
        {order.refunded > 0 ? (
          <tr>
            <th scope="row" className="pt-2 font-normal">
              Refunded
            </th>
            <td className="pt-2 text-right">{money(order.refunded)}</td>
          </tr>
        ) : null}
      </tfoot>
    </table>
  );
}

function WithdrawalSection({
  order,
  keyValue,
  onDone,
}: {
  order: Order;
  keyValue: string;
  onDone: (order: Order) => void;
}) {
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { name: useId(), reason: useId(), error: useId(), legend: useId() };
  const { withdrawal } = order;

  useEffect(() => {
    if (open) formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [open]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const lines = data.getAll('line').map(Number);
    const name = String(data.get('name') ?? '').trim();
    const reason = String(data.get('reason') ?? '').trim();
    if (lines.length === 0) return setError('Please choose at least one item.');
    if (name === '') return setError('Please enter your name.');
    setError(null);
    setSending(true);
    const result = await sendWithdrawal({
      reference: order.reference,
      key: keyValue,
      lines,
      name,
      ...(reason ? { reason } : {}),
    });
    setSending(false);
    if (result.kind === 'ok') {
      onDone(result.order);
      requestAnimationFrame(() => headingRef.current?.focus());
    } else setError(result.kind === 'not-found' ? 'We could not find this order any more.' : result.message);
  }

  return (
    <section aria-labelledby="withdrawal-heading" className="mt-10 rounded-xl border border-line p-6">
      <h2 id="withdrawal-heading" ref={headingRef} tabIndex={-1} className="text-2xl focus:outline-none">
        Cancel your order
      </h2>
      {withdrawal.sent ? (
        <div role="status">
          <p className="mt-3 font-semibold">
            Withdrawal notice received on {formatIrishDate(new Date(withdrawal.sent.at))}.
          </p>
          <p className="mt-2">
            We have e-mailed you an acknowledgement. Withdrawn from: {withdrawal.sent.lines.join(', ')}.
          </p>
          <p className="mt-2 text-sm text-muted">
            We will tell you where to send the items back, and refund you within 14 days of your notice.
          </p>
        </div>
      ) : withdrawal.ended ? (
        <p className="mt-3">
          {withdrawal.ended.kind === 'refunded'
            ? `This order was refunded in full (${money(order.refunded)}) on ${formatIrishDate(new Date(withdrawal.ended.at))}: there is nothing left to cancel.`
            : `This order was cancelled on ${formatIrishDate(new Date(withdrawal.ended.at))}${order.refunded > 0 ? ` and ${money(order.refunded)} refunded` : ''}: there is nothing left to cancel.`}{' '}
          Something wrong with it? Write to <ContactLine />.
        </p>
      ) : withdrawal.open ? (
        <>
          {order.refunded > 0 ? (
            <p className="mt-3">{money(order.refunded)} of this order has been refunded.</p>
          ) : null}
          <p className="mt-3">
            You may cancel this order within 14 days without giving a reason
            {withdrawal.until ? `, until ${day(withdrawal.until)}` : ' (14 days from delivery)'}.
          </p>
          {open ? (
            <form ref={formRef} className="mt-5 space-y-5" noValidate onSubmit={submit}>
              <fieldset>
                <legend id={ids.legend} className="font-medium">
                  I hereby give notice that I withdraw from my contract of sale of the following goods:
                </legend>
                <ul className="mt-2 space-y-2">
                  {order.lines.map((line) => (
                    <li key={line.position}>
                      <label className="flex min-h-11 items-center gap-3">
                        <input
                          type="checkbox"
                          name="line"
                          value={line.position}
                          defaultChecked
                          className="h-6 w-6 accent-wine"
                        />
                        {line.quantity} × {line.name}
                        {line.size ? ` (${sizeLabel(line.size)})` : ''}
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
              <div>
                <label htmlFor={ids.reason} className="font-medium">
                  Reason (optional)
                </label>
                <textarea
                  id={ids.reason}
                  name="reason"
                  rows={3}
                  maxLength={WITHDRAWAL_LIMITS.reasonMaxLength}
                  className={FIELD}
                />
              </div>
              <div>
                <label htmlFor={ids.name} className="font-medium">
                  Your name
                </label>
                <input
                  id={ids.name}
                  name="name"
                  autoComplete="name"
                  required
                  maxLength={WITHDRAWAL_LIMITS.nameMaxLength}
                  aria-describedby={error ? ids.error : undefined}
                  className={FIELD}
                />
              </div>
              <p className="text-sm text-muted">
                Ordered on {formatIrishDate(new Date(order.timeline[0]?.at ?? Date.now()))}.
              </p>
              {error ? (
                <p id={ids.error} role="alert" className="font-medium text-wine">
                  {error}
                </p>
              ) : null}
              <div className="flex flex-col gap-3 sm:flex-row">
                <button type="submit" className={PRIMARY_BUTTON} disabled={sending}>
                  {sending ? 'Sending…' : 'Send withdrawal notice'}
                </button>
                <button type="button" className={SECONDARY_BUTTON} onClick={() => setOpen(false)}>
                  Keep my order
                </button>
              </div>
            </form>
          ) : (
            <button type="button" className={`${SECONDARY_BUTTON} mt-5`} onClick={() => setOpen(true)}>
              Use the withdrawal form
            </button>
          )}
        </>
      ) : (
        <p className="mt-3">
          The 14-day period to cancel this order has ended. Something wrong with it? Write to <ContactLine />.
        </p>
      )}
    </section>
  );
}

function OrderView({
  order,
  keyValue,
  onChange,
}: {
  order: Order;
  keyValue: string;
  onChange: (o: Order) => void;
}) {
  // Refunded in full or cancelled: the page says so and promises nothing (no dates, no review to come).
  const ended = order.withdrawal.ended;
  const dispatch = ended ? null : day(order.dispatchDate);
  const estimate =
    !ended && order.deliveryEstimate
      ? `${day(order.deliveryEstimate.earliest)} – ${day(order.deliveryEstimate.latest)}`
      : null;
  return (
    <>
      <h1 className="text-4xl sm:text-5xl">Your order</h1>
      <p className="mt-3 text-lg">
        Order reference <strong>{order.reference}</strong>
      </p>
      {order.testOrder ? (
        <p className="mt-3 rounded-lg border border-wine p-3 font-semibold text-wine">
          TEST ORDER: paid on the built-in test checkout with a test card. No money was taken.
        </p>
      ) : null}
      <div className="mt-10 grid gap-10 md:grid-cols-2">
        <section aria-labelledby="status-heading">
          <h2 id="status-heading" className="text-2xl">
            Status
          </h2>
          <Timeline order={order} />
          {ended ? (
            <p className="mt-6 rounded-lg bg-sand p-3">
              {ended.kind === 'refunded'
                ? `This order was refunded in full (${money(order.refunded)}): nothing more will be made or sent for it.`
                : `This order was cancelled${order.refunded > 0 ? ` and ${money(order.refunded)} refunded` : ''}: nothing more will be made or sent for it.`}
            </p>
          ) : null}
          {dispatch || estimate ? (
            <dl className="mt-6 space-y-2">
              {dispatch ? (
                <div>
                  <dt className="text-sm text-muted">Dispatch</dt>
                  <dd>{dispatch}</dd>
                </div>
              ) : null}
              {estimate ? (
                <div>
                  <dt className="text-sm text-muted">Expected delivery</dt>
                  <dd>{estimate}</dd>
                </div>
              ) : null}
            </dl>
          ) : null}
        </section>
        <section aria-labelledby="address-heading">
          <h2 id="address-heading" className="text-2xl">
            Delivery address
          </h2>
          {order.address.length > 0 ? (
            <address className="mt-4 not-italic">
              {order.address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          ) : (
            <p className="mt-4 text-muted">No delivery address was collected.</p>
          )}
          {order.giftMessage ? (
            <>
              <h3 className="mt-6 text-lg">Gift message</h3>
              <p className="mt-2 whitespace-pre-line">{order.giftMessage}</p>
            </>
          ) : null}
        </section>
      </div>
      <section aria-labelledby="items-heading" className="mt-10">
        <h2 id="items-heading" className="text-2xl">
          Items
        </h2>
        <Lines order={order} />
        <OrderInvoices reference={order.reference} orderKey={keyValue} />
      </section>
      {order.returns && order.returns.length > 0 ? (
        <section aria-labelledby="returns-heading" className="mt-10">
          <h2 id="returns-heading" className="text-2xl">
            Returns
          </h2>
          <ul className="mt-4 space-y-3">
            {order.returns.map((r) => (
              <li key={`${r.at}-${r.items.join()}`} className="rounded-xl border border-line p-4">
                <p className="font-semibold">{r.text}</p>
                <p className="mt-1 text-muted">{r.items.join(', ')}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {order.exchangeOffer || (order.exchanges ?? []).length > 0 ? (
        <Suspense fallback={null}>
          <OrderExchangesSection
            order={order}
            orderKey={keyValue}
            onDone={() => {
              void fetchOrder(order.reference, keyValue).then((r) => {
                if (r.kind === 'ok') onChange(r.order);
              });
            }}
          />
        </Suspense>
      ) : null}
      {ended ? null : (
        <Suspense fallback={null}>
          <OrderReviewsSection reference={order.reference} orderKey={keyValue} />
        </Suspense>
      )}
      <WithdrawalSection order={order} keyValue={keyValue} onDone={onChange} />
      <p className="mt-8 text-sm text-muted">
        Questions? Write to <ContactLine /> and quote your order reference. {BRAND.name}'s{' '}
        <Link to="/terms-conditions" className="underline">
          Terms &amp; Conditions
        </Link>{' '}
        apply to this order.
      </p>
    </>
  );
}

export function OrderPage() {
  const { key, result, setResult, reload: load, headingRef } = useKeyedPage<OrderResult>(fetchOrder);

  return (
    <section className="mx-auto min-h-[70vh] max-w-4xl px-4 py-14 sm:py-20">
      {result === null ? (
        <div role="status" className="py-16 text-center">
          <p className="font-serif text-2xl">Loading your order…</p>
        </div>
      ) : null}
      {result?.kind === 'ok' ? (
        <OrderView
          order={result.order}
          keyValue={key}
          onChange={(order) => setResult({ kind: 'ok', order })}
        />
      ) : null}
      {result?.kind === 'not-found' ? (
        <div className="text-center">
          <h1 ref={headingRef} tabIndex={-1} className="text-4xl focus:outline-none sm:text-5xl">
            Order not found
          </h1>
          <p className="mt-4 text-lg text-muted">
            We could not open this order. Please use the link from your order e-mail, or have the link sent to
            you again.
          </p>
          <div className="mt-8">
            <Link to="/order" className={PRIMARY_BUTTON}>
              Find your order
            </Link>
          </div>
        </div>
      ) : null}
      {result?.kind === 'error' ? (
        <LoadFailed
          headingRef={headingRef}
          title="We couldn't load your order"
          message={result.message}
          onRetry={load}
        />
      ) : null}
    </section>
  );
}
