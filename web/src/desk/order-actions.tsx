/**
 * What the owner can do with an order in its status (docs/product.md §10.10): start making, dispatch with a
 * carrier and tracking number, mark delivered, refund in full or in part, cancel. The server is the judge
 * of every transition (a refused one comes back with its message, shown here); the desk only offers the
 * ones that make sense. Each button ignores clicks while its request runs, and the server makes the same
 * request twice one change, so a double click or a second tab never sends two e-mails.
 */
import { type FormEvent, useId, useState } from 'react';
import {
  CARRIER_LABELS,
  CARRIERS,
  type Carrier,
  type DispatchRequest,
  type OrderDetail,
  type RefundRequest,
  trackingUrlFor,
} from '../../../domain/admin-api';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { deskApi } from './desk-api';
import { money, parseEuroInput } from './desk-format';
import { useDeskAction } from './desk-hooks';
import { deskHref } from './desk-router';
import { buttonClass, ErrorMessage, inputClass } from './desk-ui';

type Done = (message: string, order: OrderDetail) => void;

export function OrderActions({
  order,
  onChanged,
}: {
  readonly order: OrderDetail;
  readonly onChanged: (order: OrderDetail) => void;
}) {
  const [notice, setNotice] = useState('');
  const done: Done = (message, changed) => {
    setNotice(message);
    onChanged(changed);
  };
  const allowed = new Set(order.allowedActions);
  return (
    <div className="space-y-5">
      <p
        role="status"
        className={notice ? 'rounded-lg bg-sand px-3 py-2 text-sm font-medium text-success' : 'sr-only'}
      >
        {notice}
      </p>
      {allowed.size === 0 ? <p className="text-sm text-muted">Nothing to do with this order now.</p> : null}
      {allowed.has('start') ? (
        <StatusButton
          order={order}
          to="in_production"
          label="Start making"
          doneMessage="Marked in production."
          onDone={done}
        />
      ) : null}
      {allowed.has('dispatch') ? <DispatchForm order={order} onDone={done} /> : null}
      {allowed.has('deliver') ? (
        <StatusButton
          order={order}
          to="delivered"
          label="Mark delivered"
          doneMessage="Marked delivered."
          onDone={done}
        />
      ) : null}
      {allowed.has('refund') && order.refundable > 0 ? (
        <RefundForm order={order} left={order.refundable} onDone={done} />
      ) : null}
      {allowed.has('cancel') ? <CancelOrder order={order} onDone={done} /> : null}
      <p className="text-sm">
        <a href={deskHref.slips(order.reference)} className="underline hover:text-wine">
          Print the packing slip
        </a>
      </p>
    </div>
  );
}

function StatusButton({
  order,
  to,
  label,
  doneMessage,
  onDone,
}: {
  readonly order: OrderDetail;
  readonly to: 'in_production' | 'delivered';
  readonly label: string;
  readonly doneMessage: string;
  readonly onDone: Done;
}) {
  const action = useDeskAction(async () => {
    onDone(doneMessage, await deskApi.setStatus(order.reference, to));
  });
  return (
    <div className="space-y-2">
      <button
        type="button"
        className={buttonClass.primary}
        disabled={action.busy}
        onClick={() => void action.run()}
      >
        {action.busy ? 'Saving…' : label}
      </button>
      {action.error ? <ErrorMessage>{action.error}</ErrorMessage> : null}
    </div>
  );
}

function DispatchForm({ order, onDone }: { readonly order: OrderDetail; readonly onDone: Done }) {
  const id = useId();
  const [carrier, setCarrier] = useState<Carrier>('an_post');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  // The URL follows the carrier's pattern until the owner types one of their own.
  const [urlEdited, setUrlEdited] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const action = useDeskAction(async (body: DispatchRequest) => {
    onDone(
      'Dispatched. The shopper gets the “on its way” e-mail with the tracking link.',
      await deskApi.dispatch(order.reference, body),
    );
  });
  const shownUrl = urlEdited ? trackingUrl : (trackingUrlFor(carrier, trackingNumber) ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const number = trackingNumber.trim();
    if (!number) {
      setInvalid('Enter the tracking number.');
      return;
    }
    const url = shownUrl.trim();
    if (url && !/^https:\/\/[^\s<>"]+$/.test(url)) {
      setInvalid('The tracking link must start with https://');
      return;
    }
    setInvalid(null);
    await action.run({ carrier, trackingNumber: number, ...(url ? { trackingUrl: url } : {}) });
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-xl border border-line p-3"
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h3 id={`${id}-title`} className="font-medium">
        Dispatch
      </h3>
      <div>
        <label htmlFor={`${id}-carrier`} className="text-sm font-medium">
          Carrier
        </label>
        <select
          id={`${id}-carrier`}
          className={inputClass}
          value={carrier}
          onChange={(e) => setCarrier(CARRIERS.find((c) => c === e.target.value) ?? 'other')}
        >
          {CARRIERS.map((c) => (
            <option key={c} value={c}>
              {CARRIER_LABELS[c]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-number`} className="text-sm font-medium">
          Tracking number
        </label>
        <input
          id={`${id}-number`}
          className={inputClass}
          autoComplete="off"
          value={trackingNumber}
          onChange={(e) => setTrackingNumber(e.target.value)}
          aria-invalid={invalid === 'Enter the tracking number.' ? true : undefined}
        />
      </div>
      <div>
        <label htmlFor={`${id}-url`} className="text-sm font-medium">
          Tracking link <span className="font-normal text-muted">(optional)</span>
        </label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          className={inputClass}
          value={shownUrl}
          onChange={(e) => {
            setUrlEdited(true);
            setTrackingUrl(e.target.value);
          }}
          aria-describedby={`${id}-url-hint`}
        />
        <p id={`${id}-url-hint`} className="mt-1 text-xs text-muted">
          Filled in from the carrier’s tracking page where one is known.
        </p>
      </div>
      {invalid ? (
        <p role="alert" className="text-sm text-danger">
          {invalid}
        </p>
      ) : null}
      {action.error ? <ErrorMessage>{action.error}</ErrorMessage> : null}
      <button type="submit" className={buttonClass.primary} disabled={action.busy}>
        {action.busy ? 'Dispatching…' : 'Dispatch and e-mail the shopper'}
      </button>
    </form>
  );
}

function RefundForm({
  order,
  left,
  onDone,
}: {
  readonly order: OrderDetail;
  readonly left: number;
  readonly onDone: Done;
}) {
  const id = useId();
  const [kind, setKind] = useState<'full' | 'part'>('full');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const action = useDeskAction(async (body: RefundRequest, amount: number) => {
    const changed = await deskApi.refund(order.reference, body);
    setAmountText('');
    setReason('');
    setKind('full');
    onDone(`Refunded ${money(amount)}. The shopper gets an e-mail.`, changed);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kind === 'full') {
      setInvalid(null);
      setConfirming(left);
      return;
    }
    const amount = parseEuroInput(amountText);
    if (amount === null || amount <= 0) {
      setInvalid('Enter an amount in euro, like 12.50.');
      return;
    }
    if (amount > left) {
      setInvalid(`That is more than what is left to refund (${money(left)}).`);
      return;
    }
    setInvalid(null);
    setConfirming(amount);
  };

  const refund = async (amount: number) => {
    const trimmed = reason.trim();
    const body = { ...(kind === 'part' ? { amount } : {}), ...(trimmed ? { reason: trimmed } : {}) };
    await action.run(body, amount);
  };

  return (
    <form
      onSubmit={submit}
      className="space-y-3 rounded-xl border border-line p-3"
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h3 id={`${id}-title`} className="font-medium">
        Refund
      </h3>
      <p className="text-sm text-muted">Left to refund: {money(left)}</p>
      <fieldset className="space-y-1">
        <legend className="sr-only">How much</legend>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-kind`}
            checked={kind === 'full'}
            onChange={() => setKind('full')}
            className="size-4 accent-wine"
          />
          Everything left ({money(left)})
        </label>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-kind`}
            checked={kind === 'part'}
            onChange={() => setKind('part')}
            className="size-4 accent-wine"
          />
          Part of it
        </label>
      </fieldset>
      {kind === 'part' ? (
        <div>
          <label htmlFor={`${id}-amount`} className="text-sm font-medium">
            Amount in euro
          </label>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            className={inputClass}
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-invalid` : undefined}
          />
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-reason`} className="text-sm font-medium">
          Reason <span className="font-normal text-muted">(the shopper sees it)</span>
        </label>
        <input
          id={`${id}-reason`}
          className={inputClass}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {invalid ? (
        <p id={`${id}-invalid`} role="alert" className="text-sm text-danger">
          {invalid}
        </p>
      ) : null}
      {action.error ? <ErrorMessage>{action.error}</ErrorMessage> : null}
      <button type="submit" className={buttonClass.secondary} disabled={action.busy}>
        {action.busy ? 'Refunding…' : 'Refund…'}
      </button>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={`Refund ${money(confirming ?? 0)}?`}
        description={`The money goes back to the shopper's card through ${order.provider ?? 'the payment provider'}, and they get an e-mail. This cannot be undone.`}
        confirmLabel={`Refund ${money(confirming ?? 0)}`}
        onConfirm={() => {
          if (confirming !== null) void refund(confirming);
        }}
      />
    </form>
  );
}

function CancelOrder({ order, onDone }: { readonly order: OrderDetail; readonly onDone: Done }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const action = useDeskAction(async (body: { reason?: string }) => {
    onDone('Cancelled and refunded in full.', await deskApi.cancel(order.reference, body));
  });
  return (
    <div className="space-y-2 border-t border-line pt-4">
      <label htmlFor={`${id}-reason`} className="text-sm font-medium">
        Cancel reason <span className="font-normal text-muted">(optional)</span>
      </label>
      <input
        id={`${id}-reason`}
        className={inputClass}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      {action.error ? <ErrorMessage>{action.error}</ErrorMessage> : null}
      <button
        type="button"
        className={buttonClass.danger}
        disabled={action.busy}
        onClick={() => setOpen(true)}
      >
        {action.busy ? 'Cancelling…' : 'Cancel order…'}
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Cancel order ${order.reference}?`}
        description={`The order is cancelled and refunded in full (${money(order.refundable)}); the shopper gets an e-mail. This cannot be undone.`}
        confirmLabel="Cancel and refund"
        cancelLabel="Keep the order"
        onConfirm={() => {
          const trimmed = reason.trim();
          void action.run(trimmed ? { reason: trimmed } : {});
        }}
      />
    </div>
  );
}
