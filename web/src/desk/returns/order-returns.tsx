/**
 * Returns of a delivered order (docs/product/orders.md §10.18): "Open a return" (pieces of each line and a reason;
 * after the 30 days with the owner's override and its note), and each return's card with its state and
 * its actions: Receive (refund now, with or without the shipping, or later) and Close without refund (a
 * reason). The server is the judge of every move; a refused one comes back with its message, shown here.
 * Each submission carries its own Idempotency-Key, so a double click is one return and one refund.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { sizeLabel } from '../../../../domain/catalogue/sizes';
import {
  type GiftCardRefundChoice,
  IDEMPOTENCY_KEY_HEADER,
  type OrderDetail,
} from '../../../../domain/orders/admin-api';
import { RETURN_STATUS_LABELS, type ReturnInfo } from '../../../../domain/orders/return-info';
import {
  type OpenReturnRequest,
  returnAnswerSchema,
  returnItemText,
  returnPath,
  returnsPath,
  type UpdateReturnRequest,
} from '../../../../domain/orders/returns';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { deskCall } from '../desk-api';
import { GiftCardRefundChoiceGroup, giftCardRefundChoicesOf } from '../gift-cards/gift-card-refund-choice';
import { useIsOwner } from '../people/desk-person';
import { Field } from '../ui/desk-fields';
import { formatInstant, money } from '../ui/desk-format';
import { useDeskAction } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, inputClass } from '../ui/desk-ui';

const openReturn = (reference: string, body: OpenReturnRequest, submission: string) =>
  deskCall('POST', returnsPath(reference), returnAnswerSchema, body, {
    [IDEMPOTENCY_KEY_HEADER]: submission,
  });
const updateReturn = (reference: string, id: number, body: UpdateReturnRequest, submission: string) =>
  deskCall('PATCH', returnPath(reference, id), returnAnswerSchema, body, {
    [IDEMPOTENCY_KEY_HEADER]: submission,
  });

type Changed = (order: OrderDetail) => void;

/** The order's returns, and the form to open one while the order is delivered (the owner's alone). */
export function OrderReturns({
  order,
  onChanged,
}: {
  readonly order: OrderDetail;
  readonly onChanged: Changed;
}) {
  const returns = order.returns ?? [];
  const [notice, setNotice] = useState<string | null>(null);
  // A maker sees the returns; opening, refunding and closing are the owner's (the server refuses her too).
  const owner = useIsOwner();
  return (
    <div className="space-y-4">
      <p role="status" className={notice ? 'rounded-lg bg-sand px-3 py-2 text-sm font-medium' : 'sr-only'}>
        {notice}
      </p>
      {returns.length === 0 ? <p className="text-sm text-muted">No returns.</p> : null}
      {returns.map((r) => (
        <ReturnCard
          key={r.id}
          order={order}
          item={r}
          owner={owner}
          onChanged={onChanged}
          onNotice={setNotice}
        />
      ))}
      {owner && order.status === 'delivered' ? (
        <OpenReturnForm order={order} onChanged={onChanged} onNotice={setNotice} />
      ) : null}
    </div>
  );
}

/** Pieces of each line not yet in a return that is still open or done (a closed one gave nothing back). */
function piecesLeft(order: OrderDetail): Map<number, number> {
  const left = new Map<number, number>();
  for (const line of order.lines) if (line.lineId !== undefined) left.set(line.lineId, line.quantity);
  for (const r of order.returns ?? []) {
    if (r.status === 'closed') continue;
    for (const l of r.lines) left.set(l.lineId, (left.get(l.lineId) ?? 0) - l.quantity);
  }
  return left;
}

function OpenReturnForm({
  order,
  onChanged,
  onNotice,
}: {
  readonly order: OrderDetail;
  readonly onChanged: Changed;
  readonly onNotice: (text: string) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [pieces, setPieces] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [late, setLate] = useState(false);
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  // The keyboard follows the form: into it when it opens, back to its button when it closes.
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    (open ? heading.current : opener.current)?.focus();
  }, [open]);
  const toggle = (next: boolean) => {
    moved.current = true;
    setOpen(next);
  };
  const left = piecesLeft(order);
  const action = useDeskAction(async (submission: string, body: OpenReturnRequest) => {
    const answer = await openReturn(order.reference, body, submission);
    onChanged(answer.order);
    onNotice(
      answer.changed
        ? `Return ${answer.return.id} opened.`
        : `Nothing changed: return ${answer.return.id} was already opened.`,
    );
    setPieces({});
    setReason('');
    setNote('');
    setLate(false);
    toggle(false);
  });
  const lines = order.lines.filter((l) => l.lineId !== undefined && (left.get(l.lineId) ?? 0) > 0);
  if (lines.length === 0) return null;

  if (!open) {
    return (
      <button ref={opener} type="button" className={buttonClass.secondary} onClick={() => toggle(true)}>
        Open a return
      </button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = lines.flatMap((l) => {
      const quantity = Number(pieces[l.lineId ?? -1] ?? '0');
      return l.lineId !== undefined && quantity > 0 ? [{ lineId: l.lineId, quantity }] : [];
    });
    if (chosen.length === 0) return setInvalid('Choose at least one piece to return.');
    if (!reason.trim()) return setInvalid('Say why the pieces come back.');
    if (late && !note.trim()) return setInvalid('Say why you accept a return after the 30 days.');
    setInvalid(null);
    await action.run({
      lines: chosen,
      reason: reason.trim(),
      ...(late ? { override: { note: note.trim() } } : {}),
    });
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="space-y-3 rounded-xl border border-line p-3"
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="font-medium focus:outline-none">
        Open a return
      </h3>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Pieces coming back</legend>
        {lines.map((l) => {
          const lineId = l.lineId ?? -1;
          const most = left.get(lineId) ?? 0;
          return (
            <div key={lineId} className="flex items-center justify-between gap-3 text-sm">
              <label htmlFor={`${id}-line-${lineId}`}>
                {l.name}
                {l.size ? ` (${sizeLabel(l.size)})` : ''} <span className="text-muted">· up to {most}</span>
              </label>
              <input
                id={`${id}-line-${lineId}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={most}
                className={`${inputClass} w-20`}
                value={pieces[lineId] ?? '0'}
                onChange={(e) => setPieces({ ...pieces, [lineId]: e.target.value })}
              />
            </div>
          );
        })}
      </fieldset>
      <Field
        id={`${id}-reason`}
        label="Reason"
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={late}
          onChange={(e) => setLate(e.target.checked)}
          className="size-4 accent-wine"
        />
        After the 30 days: accept it anyway
      </label>
      {late ? (
        <Field
          id={`${id}-note`}
          label="Why you accept it"
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      ) : null}
      {invalid ? (
        <p role="alert" className="text-sm text-danger">
          {invalid}
        </p>
      ) : null}
      {action.error ? <ErrorMessage>{action.error}</ErrorMessage> : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClass.primary} disabled={action.busy}>
          {action.busy ? 'Opening…' : 'Open the return'}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={() => toggle(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function ReturnCard({
  order,
  item,
  owner,
  onChanged,
  onNotice,
}: {
  readonly order: OrderDetail;
  readonly item: ReturnInfo;
  readonly owner: boolean;
  readonly onChanged: Changed;
  readonly onNotice: (text: string) => void;
}) {
  const id = useId();
  const [withShipping, setWithShipping] = useState(false);
  // The return's refund takes the same choice as the order's Refund (the same path on the server).
  const choices = giftCardRefundChoicesOf(order);
  const [giftCardRefund, setGiftCardRefund] = useState<GiftCardRefundChoice>('restore');
  const [confirming, setConfirming] = useState(false);
  const [closeReason, setCloseReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const action = useDeskAction(async (submission: string, body: UpdateReturnRequest, done: string) => {
    const answer = await updateReturn(order.reference, item.id, body, submission);
    onChanged(answer.order);
    onNotice(answer.changed ? done : `Nothing changed: return ${item.id} is as it was.`);
  });
  const shippingTaken = (order.returns ?? []).some((r) => r.id !== item.id && r.shippingRefunded);
  const offerShipping = order.shipping > 0 && !shippingTaken;
  const amount = Math.min(
    item.value + (withShipping && offerShipping ? order.shipping : 0),
    order.refundable,
  );
  const active = owner && (item.status === 'requested' || item.status === 'received');
  const headingId = `${id}-title`;

  const close = async (event: FormEvent) => {
    event.preventDefault();
    if (!closeReason.trim()) {
      setInvalid('Say why nothing is refunded.');
      return;
    }
    setInvalid(null);
    await action.run(
      { status: 'closed', reason: closeReason.trim() },
      `Return ${item.id} closed without refund.`,
    );
  };

  return (
    <article className="space-y-2 rounded-xl border border-line p-3 text-sm" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-medium">
        Return {item.id}: {RETURN_STATUS_LABELS[item.status]}
      </h3>
      <p>{item.lines.map(returnItemText).join(', ')}</p>
      <p>
        <span className="text-muted">Reason:</span> {item.reason}
      </p>
      {item.overrideNote ? (
        <p>
          <span className="text-muted">Accepted after the 30 days:</span> {item.overrideNote}
        </p>
      ) : null}
      {item.closeReason ? (
        <p>
          <span className="text-muted">Closed:</span> {item.closeReason}
        </p>
      ) : null}
      <p className="text-muted">
        Opened {formatInstant(item.createdAt)}
        {item.receivedAt ? ` · received ${formatInstant(item.receivedAt)}` : ''}
        {item.status === 'refunded'
          ? ` · refunded ${money(item.refunded)}${item.shippingRefunded ? ' with the shipping' : ''}`
          : ''}
      </p>
      {active ? (
        <div className="space-y-3 border-t border-line pt-3">
          {order.refundable > 0 ? (
            <div className="space-y-2">
              {offerShipping ? (
                <label className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    checked={withShipping}
                    onChange={(e) => setWithShipping(e.target.checked)}
                    className="size-4 accent-wine"
                  />
                  Refund the shipping too ({money(order.shipping)})
                </label>
              ) : null}
              <GiftCardRefundChoiceGroup
                choices={choices}
                value={giftCardRefund}
                onChange={setGiftCardRefund}
              />
              <button
                type="button"
                className={buttonClass.primary}
                disabled={action.busy}
                onClick={() => setConfirming(true)}
              >
                {/* Named by its return: the order's own Refund… is on the same page. */}
                {item.status === 'requested'
                  ? `Receive and refund return ${item.id}…`
                  : `Refund return ${item.id}…`}
              </button>
            </div>
          ) : null}
          {item.status === 'requested' ? (
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={action.busy}
              onClick={() =>
                void action.run(
                  { status: 'received' },
                  `Return ${item.id} received. Refund it when you are ready.`,
                )
              }
            >
              Receive, refund later
            </button>
          ) : null}
          <form onSubmit={(e) => void close(e)} className="space-y-2" noValidate>
            <Field
              id={`${id}-close`}
              label="Reason to close without refund"
              maxLength={500}
              value={closeReason}
              onChange={(e) => setCloseReason(e.target.value)}
              aria-invalid={invalid ? true : undefined}
            />
            {invalid ? (
              <p role="alert" className="text-danger">
                {invalid}
              </p>
            ) : null}
            <button type="submit" className={buttonClass.secondary} disabled={action.busy}>
              Close without refund
            </button>
          </form>
          {action.error ? <ErrorMessage>{action.error}</ErrorMessage> : null}
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={`Refund ${money(amount)}?`}
            description={`${
              item.status === 'requested'
                ? `Return ${item.id} is marked received and`
                : `For return ${item.id},`
            } ${money(amount)} ${
              order.paymentMethod ? 'is recorded as paid back by you' : "goes back to the shopper's card"
            }${withShipping && offerShipping ? ', the shipping included' : ''}; they get an e-mail. This cannot be undone.`}
            confirmLabel={`Refund ${money(amount)}`}
            onConfirm={() =>
              void action.run(
                {
                  status: 'received',
                  refund: {
                    includeShipping: withShipping && offerShipping,
                    ...(choices.length > 0 ? { giftCardRefund } : {}),
                  },
                },
                `Return ${item.id} refunded: ${money(amount)}. The shopper gets an e-mail.`,
              )
            }
          />
        </div>
      ) : null}
    </article>
  );
}
