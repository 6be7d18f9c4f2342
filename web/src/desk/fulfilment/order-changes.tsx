/**
 * Correcting an order before dispatch, and sending its e-mails again (docs/product/orders.md §10.16): the delivery
 * address (same country), the shopper's e-mail, the gift message and a line's size, saved together once per
 * submission; the server says what changed and the shopper gets one e-mail when the parcel changes. After
 * dispatch the form is not offered (the server refuses it anyway). Resend buttons exist only for e-mails
 * the order has had.
 */
import { type FormEvent, useId, useState } from 'react';
import { SIZES } from '../../../../domain/config';
import type { OrderDetail } from '../../../../domain/orders/admin-api';
import { IDEMPOTENCY_KEY_HEADER, orderActionResponseSchema } from '../../../../domain/orders/admin-api';
import {
  type OrderEdit,
  orderEditPath,
  orderResendPath,
  RESEND_LABELS,
  type ResendKind,
  resendResponseSchema,
} from '../../../../domain/orders/order-edit';
import { countryName } from '../../../../domain/shared/countries';
import { deskApi, deskCall } from '../desk-api';
import { Field } from '../ui/desk-fields';
import { useDeskAction } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, inputClass } from '../ui/desk-ui';

const editOrder = (reference: string, body: OrderEdit, submission: string) =>
  deskCall('PATCH', orderEditPath(reference), orderActionResponseSchema, body, {
    [IDEMPOTENCY_KEY_HEADER]: submission,
  });
const resendMail = (reference: string, kind: ResendKind, submission: string) =>
  deskCall(
    'POST',
    orderResendPath(reference),
    resendResponseSchema,
    { kind },
    {
      [IDEMPOTENCY_KEY_HEADER]: submission,
    },
  );

/** Whether the order can still be changed: paid or in production, not dispatched, with a shopper. */
export function isChangeable(order: OrderDetail): boolean {
  return (
    (order.status === 'paid' || order.status === 'in_production') &&
    order.dispatch === null &&
    order.email !== ''
  );
}

export function ChangeOrder({
  order,
  onChanged,
}: {
  readonly order: OrderDetail;
  readonly onChanged: (order: OrderDetail) => void;
}) {
  const id = useId();
  const a = order.address;
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(a?.name ?? order.name ?? '');
  const [line1, setLine1] = useState(a?.line1 ?? '');
  const [line2, setLine2] = useState(a?.line2 ?? '');
  const [city, setCity] = useState(a?.city ?? '');
  const [state, setState] = useState(a?.state ?? '');
  const [postalCode, setPostalCode] = useState(a?.postalCode ?? '');
  const [email, setEmail] = useState(order.email);
  const [gift, setGift] = useState(order.giftMessage ?? '');
  const [sizes, setSizes] = useState<Record<number, string>>(() =>
    Object.fromEntries(
      order.lines.filter((l) => l.size && l.lineId !== undefined).map((l) => [l.lineId, l.size]),
    ),
  );
  const [notice, setNotice] = useState<string | null>(null);

  const save = useDeskAction(async (submission: string, body: OrderEdit) => {
    const answer = await editOrder(order.reference, body, submission);
    onChanged(answer.order);
    setNotice(
      answer.changed
        ? body.address || body.giftMessage !== undefined || body.lines
          ? 'Saved. The shopper gets an e-mail saying what changed.'
          : 'Saved.'
        : 'Nothing changed.',
    );
    setOpen(false);
  });

  if (!isChangeable(order)) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const body: {
      address?: OrderEdit['address'];
      email?: string;
      giftMessage?: string | null;
      lines?: { lineId: number; size: 'S' | 'M' | 'L' }[];
    } = {};
    const address = {
      name: name.trim(),
      line1: line1.trim(),
      line2: line2.trim() || null,
      city: city.trim(),
      state: state.trim() || null,
      postalCode: postalCode.trim() || null,
      country: a?.country ?? '',
    };
    const before = a && {
      name: a.name,
      line1: a.line1,
      line2: a.line2,
      city: a.city,
      state: a.state,
      postalCode: a.postalCode,
      country: a.country,
    };
    if (a && JSON.stringify(before) !== JSON.stringify(address)) body.address = address;
    if (email.trim() !== order.email) body.email = email.trim();
    if (order.giftWrapped && gift.trim() !== (order.giftMessage ?? ''))
      body.giftMessage = gift.trim() || null;
    const lines = order.lines
      .filter((l) => l.lineId !== undefined && l.size && sizes[l.lineId] && sizes[l.lineId] !== l.size)
      .map((l) => ({ lineId: l.lineId ?? 0, size: sizes[l.lineId ?? 0] as 'S' | 'M' | 'L' }));
    if (lines.length > 0) body.lines = lines;
    if (Object.keys(body).length === 0) {
      setNotice('Nothing changed.');
      return;
    }
    void save.run(body);
  };

  return (
    <div className="mt-4 border-t border-line pt-4">
      {open ? null : (
        <button type="button" className={buttonClass.secondary} onClick={() => setOpen(true)}>
          Change delivery details
        </button>
      )}
      <p role="status" className="mt-2 text-sm text-success">
        {notice ?? ''}
      </p>
      {open ? (
        <form aria-labelledby={`${id}-title`} className="space-y-3" onSubmit={submit} noValidate>
          <h3 id={`${id}-title`} className="font-medium">
            Change before dispatch
          </h3>
          <p className="text-sm text-muted">
            Items and amounts stay as paid: a different bracelet or price is a refund or a new order.
          </p>
          {a ? (
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium">Delivery address ({countryName(a.country)})</legend>
              <Field
                id={`${id}-name`}
                label="Name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                autoComplete="off"
              />
              <Field
                id={`${id}-line1`}
                label="Address"
                value={line1}
                onChange={(e) => setLine1(e.target.value)}
                autoComplete="off"
              />
              <Field
                id={`${id}-line2`}
                label="Flat, suite or building"
                note="optional"
                value={line2}
                onChange={(e) => setLine2(e.target.value)}
                autoComplete="off"
              />
              <Field
                id={`${id}-city`}
                label="Town or city"
                value={city}
                onChange={(e) => setCity(e.target.value)}
                autoComplete="off"
              />
              <Field
                id={`${id}-state`}
                label="County or state"
                note="optional"
                value={state}
                onChange={(e) => setState(e.target.value)}
                autoComplete="off"
              />
              <Field
                id={`${id}-postcode`}
                label="Postcode"
                note="optional"
                value={postalCode}
                onChange={(e) => setPostalCode(e.target.value)}
                autoComplete="off"
              />
            </fieldset>
          ) : null}
          <Field
            id={`${id}-email`}
            label="Shopper's e-mail"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            autoComplete="off"
          />
          {order.giftWrapped ? (
            <div>
              <label htmlFor={`${id}-gift`} className="text-sm font-medium">
                Gift message <span className="font-normal text-muted">(empty for none)</span>
              </label>
              <textarea
                id={`${id}-gift`}
                className={`${inputClass} py-2`}
                rows={3}
                maxLength={200}
                value={gift}
                onChange={(e) => setGift(e.target.value)}
              />
            </div>
          ) : null}
          {order.lines
            .filter((l) => l.size && l.lineId !== undefined)
            .map((l) => (
              <div key={l.lineId}>
                <label htmlFor={`${id}-size-${l.lineId}`} className="text-sm font-medium">
                  Size of {l.name}
                  {l.quantity > 1 ? ` (${l.quantity})` : ''}
                </label>
                <select
                  id={`${id}-size-${l.lineId}`}
                  className={inputClass}
                  value={sizes[l.lineId ?? 0] ?? l.size ?? 'M'}
                  onChange={(e) => setSizes((s) => ({ ...s, [l.lineId ?? 0]: e.target.value }))}
                >
                  {SIZES.map((s) => (
                    <option key={s.code} value={s.code}>
                      {s.name} ({s.lengthCm.join('-')} cm)
                    </option>
                  ))}
                </select>
              </div>
            ))}
          {save.error ? <ErrorMessage>{save.error}</ErrorMessage> : null}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={buttonClass.primary} disabled={save.busy}>
              {save.busy ? 'Saving…' : 'Save changes'}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

/** The e-mails this order has had, offered again to the shopper's current address. */
export function resendKinds(order: OrderDetail): ResendKind[] {
  if (order.email === '') return [];
  const kinds: ResendKind[] = [];
  if (order.paidAt) kinds.push('confirmation');
  if (order.dispatch) kinds.push('dispatch');
  if (order.refunded > 0) kinds.push('refund');
  return kinds;
}

/** The confirmation of an order that never had one (marked paid without it): sent, not sent again. */
function firstSend(order: OrderDetail, kind: ResendKind): boolean {
  return kind === 'confirmation' && order.confirmationSent === false;
}

export function ResendMail({
  order,
  onChanged,
}: {
  readonly order: OrderDetail;
  readonly onChanged: (order: OrderDetail) => void;
}) {
  const [sent, setSent] = useState<string | null>(null);
  const action = useDeskAction(async (submission: string, kind: ResendKind) => {
    await resendMail(order.reference, kind, submission);
    setSent(
      firstSend(order, kind)
        ? `Sent: the confirmation to ${order.email}.`
        : `${RESEND_LABELS[kind].replace('Resend', 'Sent again:')} to ${order.email}.`,
    );
    // The history shows the new e-mail and its delivery.
    onChanged(await deskApi.getOrder(order.reference));
  });
  const kinds = resendKinds(order);
  if (kinds.length === 0) return null;
  return (
    <div className="mt-4 border-t border-line pt-4">
      <h3 className="text-sm font-medium">Send an e-mail again</h3>
      <p className="mt-1 text-sm text-muted">To the shopper's address as it is now, as a new e-mail.</p>
      <p className="mt-2 flex flex-wrap gap-2">
        {kinds.map((kind) => (
          <button
            key={kind}
            type="button"
            className={buttonClass.secondary}
            disabled={action.busy}
            onClick={() => {
              setSent(null);
              void action.run(kind);
            }}
          >
            {firstSend(order, kind) ? 'Send the confirmation' : RESEND_LABELS[kind]}
          </button>
        ))}
      </p>
      <p role="status" className="mt-2 text-sm text-success [overflow-wrap:anywhere]">
        {sent ?? ''}
      </p>
      {action.error ? <ErrorMessage>{action.error}</ErrorMessage> : null}
    </div>
  );
}
