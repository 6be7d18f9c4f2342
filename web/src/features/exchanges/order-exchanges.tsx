/**
 * The order page's exchanges (docs/product/exchanges.md): within the returns window, a piece may be
 * swapped for another size, one the shop can make now (the server says which, per piece); the exchanges
 * already asked for show with their state in plain words. Loaded with its own chunk: most visits to the
 * page are before delivery, when there is nothing to exchange.
 */
import { type FormEvent, useId, useState } from 'react';
import { sizeLabel } from '../../../../domain/catalogue/sizes';
import type { SizeCode } from '../../../../domain/config';
import { exchangeRequestPath } from '../../../../domain/exchanges/exchanges';
import type { OrderPage } from '../../../../domain/orders/order-page';
import { formatDayMonth, parseIsoDate } from '../../../../domain/shared/calendar-date';
import { PRIMARY_BUTTON } from '../checkout';
import { errorText, NETWORK_ERROR, post } from '../orders';

const FIELD =
  'mt-1 block min-h-11 w-full rounded-lg border border-line bg-white px-4 py-3 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine';

export function OrderExchangesSection({
  order,
  orderKey,
  onDone,
}: {
  readonly order: OrderPage;
  readonly orderKey: string;
  /** Asked: the page is read again, with the exchange on it. */
  readonly onDone: () => void;
}) {
  const exchanges = order.exchanges ?? [];
  const offer = order.exchangeOffer;
  if (exchanges.length === 0 && !offer) return null;
  return (
    <section aria-labelledby="exchanges-heading" className="mt-10">
      <h2 id="exchanges-heading" className="text-2xl">
        Exchange for another size
      </h2>
      {exchanges.length > 0 ? (
        <ul className="mt-4 space-y-3">
          {exchanges.map((x) => (
            <li key={x.id} className="rounded-xl border border-line p-4">
              <p className="font-semibold">{x.text}</p>
              <p className="mt-1 text-muted">{x.item}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {offer ? <ExchangeForm order={order} offer={offer} orderKey={orderKey} onDone={onDone} /> : null}
    </section>
  );
}

function ExchangeForm({
  order,
  offer,
  orderKey,
  onDone,
}: {
  readonly order: OrderPage;
  readonly offer: NonNullable<OrderPage['exchangeOffer']>;
  readonly orderKey: string;
  readonly onDone: () => void;
}) {
  const id = useId();
  const first = offer.lines[0];
  const [lineId, setLineId] = useState<number>(first?.lineId ?? 0);
  const sizes = offer.lines.find((l) => l.lineId === lineId)?.sizes ?? [];
  const [size, setSize] = useState<SizeCode | ''>(first?.sizes[0] ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const until = parseIsoDate(offer.until);
  const nameOf = (position: number) => {
    const line = order.lines.find((l) => l.position === position);
    return line ? `${line.name}${line.size ? ` (${sizeLabel(line.size)})` : ''}` : `Piece ${position + 1}`;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!size) return setError('Choose the new size.');
    setBusy(true);
    setError(null);
    const answer = await post(exchangeRequestPath(order.reference), { key: orderKey, lineId, size });
    setBusy(false);
    if (!answer) return setError(NETWORK_ERROR);
    if (answer.status !== 201)
      return setError(errorText(answer.json, 'Something went wrong. Please try again.'));
    setDone('Thank you: we have your exchange request and have sent you a receipt by e-mail.');
    onDone();
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="mt-4 rounded-xl border border-line p-4" noValidate>
      <p>
        The wrong size? Swap a piece for another size
        {until ? ` until ${formatDayMonth(until)}` : ''}: we make the new one first and post it to you.
      </p>
      <label htmlFor={`${id}-piece`} className="mt-4 block font-medium">
        Piece to exchange
      </label>
      <select
        id={`${id}-piece`}
        className={FIELD}
        value={lineId}
        onChange={(e) => {
          const next = Number(e.target.value);
          setLineId(next);
          setSize(offer.lines.find((l) => l.lineId === next)?.sizes[0] ?? '');
        }}
      >
        {offer.lines.map((l) => (
          <option key={l.lineId} value={l.lineId}>
            {nameOf(l.lineId)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-size`} className="mt-4 block font-medium">
        New size
      </label>
      <select
        id={`${id}-size`}
        className={FIELD}
        value={size}
        onChange={(e) => setSize(e.target.value as SizeCode)}
      >
        {sizes.map((s) => (
          <option key={s} value={s}>
            {sizeLabel(s)}
          </option>
        ))}
      </select>
      {error ? (
        <p role="alert" className="mt-3 text-danger">
          {error}
        </p>
      ) : null}
      <p role="status" className={done ? 'mt-3 font-medium' : 'sr-only'}>
        {done}
      </p>
      <button type="submit" className={`${PRIMARY_BUTTON} mt-4`} disabled={busy}>
        {busy ? 'Sending…' : 'Ask for this exchange'}
      </button>
    </form>
  );
}
