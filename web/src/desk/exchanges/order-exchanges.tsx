/**
 * An order's exchanges for another size (docs/product/exchanges.md), on the desk's order: each with its
 * sizes and state, and the owner's actions: Accept (the new size is made first, its materials reserved),
 * Decline with a reason the shopper is told, and, once the old piece is back, Received: keep it as a
 * finished piece or put its materials back. The server is the judge of every move.
 */
import { type FormEvent, useId, useState } from 'react';
import { sizeLabel } from '../../../../domain/catalogue/sizes';
import {
  type ExchangeInfo,
  type ExchangeStatus,
  exchangeActionPath,
  exchangeAnswerSchema,
  exchangeText,
  type ReceivedChoice,
} from '../../../../domain/exchanges/exchanges';
import {
  CARRIER_LABELS,
  CARRIERS,
  type Carrier,
  type OrderDetail,
} from '../../../../domain/orders/admin-api';
import { deskApi, deskCall } from '../desk-api';
import { useIsOwner } from '../people/desk-person';
import { Field } from '../ui/desk-fields';
import { formatInstant, money } from '../ui/desk-format';
import { useDeskAction } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, inputClass } from '../ui/desk-ui';

const STATUS_LABELS: Readonly<Record<ExchangeStatus, string>> = {
  pending: 'Waiting for you',
  accepted: 'Accepted',
  declined: 'Declined',
};

type Changed = (order: OrderDetail) => void;

export function OrderExchanges({
  order,
  onChanged,
}: {
  readonly order: OrderDetail;
  readonly onChanged: Changed;
}) {
  const exchanges = order.exchanges ?? [];
  const owner = useIsOwner();
  if (exchanges.length === 0) return <p className="text-sm text-muted">No exchanges.</p>;
  return (
    <ul className="space-y-3">
      {exchanges.map((x) => (
        <li key={x.id}>
          <ExchangeCard order={order} item={x} owner={owner} onChanged={onChanged} />
        </li>
      ))}
    </ul>
  );
}

function differenceText(x: ExchangeInfo): string {
  if (x.difference > 0)
    return `${money(x.difference)} to pay${x.settlement === 'payment-link' ? ': payment link sent' : ''}`;
  if (x.difference < 0)
    return `${money(-x.difference)} to refund${x.settlement === 'refund' ? ': refunded' : ''}`;
  return 'Same price: nothing to pay or refund';
}

function ExchangeCard({
  order,
  item,
  owner,
  onChanged,
}: {
  readonly order: OrderDetail;
  readonly item: ExchangeInfo;
  readonly owner: boolean;
  readonly onChanged: Changed;
}) {
  const id = useId();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const action = useDeskAction(async (_submission, path: string, body?: object) => {
    await deskCall('POST', path, exchangeAnswerSchema, body);
    onChanged(await deskApi.getOrder(order.reference));
  });
  const decline = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setInvalid('Say why you decline the exchange: the shopper is told.');
    setInvalid(null);
    await action.run(exchangeActionPath(item.id, 'decline'), { reason: reason.trim() });
  };
  const receive = (choice: ReceivedChoice) =>
    void action.run(exchangeActionPath(item.id, 'receive'), { choice });
  const title = `${item.name}: ${sizeLabel(item.fromSize)} for ${sizeLabel(item.toSize)}`;
  return (
    <article className="space-y-2 rounded-xl border border-line p-3 text-sm" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="font-medium">
        {title}
      </h3>
      <p>
        <span className="font-medium">{STATUS_LABELS[item.status]}</span> ·{' '}
        {exchangeText(item.fromSize, item.toSize)} · asked {formatInstant(item.createdAt)}
      </p>
      <p className="text-muted">{differenceText(item)}</p>
      {item.declineReason ? <p>Why declined: {item.declineReason}</p> : null}
      {item.receivedChoice ? (
        <p>
          Old piece received:{' '}
          {item.receivedChoice === 'restock'
            ? 'kept as a finished piece'
            : 'its materials put back for reuse'}
        </p>
      ) : null}
      {action.error ? <ErrorMessage>{action.error}</ErrorMessage> : null}
      {owner && item.status === 'pending' && !declining ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass.primary}
            disabled={action.busy}
            onClick={() => void action.run(exchangeActionPath(item.id, 'accept'))}
          >
            Accept the exchange
          </button>
          <button type="button" className={buttonClass.secondary} onClick={() => setDeclining(true)}>
            Decline…
          </button>
        </div>
      ) : null}
      {owner && item.status === 'pending' && declining ? (
        <form onSubmit={(e) => void decline(e)} className="space-y-2" noValidate>
          <Field
            id={`${id}-reason`}
            label="Why you decline it"
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          {invalid ? (
            <p role="alert" className="text-danger">
              {invalid}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass.danger} disabled={action.busy}>
              Decline the exchange
            </button>
            <button type="button" className={buttonClass.secondary} onClick={() => setDeclining(false)}>
              Keep it waiting
            </button>
          </div>
        </form>
      ) : null}
      {item.dispatchedAt ? <p>New piece dispatched {formatInstant(item.dispatchedAt)}</p> : null}
      {owner && item.status === 'accepted' && item.dispatchedAt === null ? (
        <DispatchForm
          id={id}
          busy={action.busy}
          onSend={(parcel) => void action.run(exchangeActionPath(item.id, 'dispatch'), parcel)}
        />
      ) : null}
      {owner && item.status === 'accepted' && item.receivedAt === null ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={action.busy}
            onClick={() => receive('restock')}
          >
            Received: keep as a finished piece
          </button>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={action.busy}
            onClick={() => receive('reuse')}
          >
            Received: put its materials back
          </button>
        </div>
      ) : null}
    </article>
  );
}

/** The new piece posted: the carrier and tracking number, as an order's dispatch takes them. */
function DispatchForm({
  id,
  busy,
  onSend,
}: {
  readonly id: string;
  readonly busy: boolean;
  readonly onSend: (parcel: { carrier: Carrier; trackingNumber: string }) => void;
}) {
  const [carrier, setCarrier] = useState<Carrier>(CARRIERS[0]);
  const [tracking, setTracking] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!tracking.trim()) return setInvalid('Give the tracking number of the new parcel.');
    setInvalid(null);
    onSend({ carrier, trackingNumber: tracking.trim() });
  };
  return (
    <form onSubmit={submit} className="space-y-2" noValidate aria-label="Dispatch the new piece">
      <label htmlFor={`${id}-carrier`} className="block font-medium">
        Carrier
      </label>
      <select
        id={`${id}-carrier`}
        className={inputClass}
        value={carrier}
        onChange={(e) => setCarrier(e.target.value as Carrier)}
      >
        {CARRIERS.map((c) => (
          <option key={c} value={c}>
            {CARRIER_LABELS[c]}
          </option>
        ))}
      </select>
      <Field
        id={`${id}-tracking`}
        label="Tracking number"
        maxLength={100}
        value={tracking}
        onChange={(e) => setTracking(e.target.value)}
      />
      {invalid ? (
        <p role="alert" className="text-danger">
          {invalid}
        </p>
      ) : null}
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        Dispatch the new piece
      </button>
    </form>
  );
}
