/**
 * What the owner can do with an order in its status (docs/product/desk.md §10.10): start making, dispatch with a
 * carrier and tracking number, mark delivered, refund in full or in part, cancel. The server is the judge
 * of every transition (a refused one comes back with its message, shown here); the desk only offers the
 * ones that make sense. Each button ignores clicks while its request runs, and the server makes the same
 * request twice one change, so a double click or a second tab never sends two e-mails.
 */
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { giftCardsVoidedText, planGiftCardRefund } from '../../../../domain/gift-cards/gift-card-refund';
import {
  CARRIER_LABELS,
  CARRIERS,
  type Carrier,
  type DispatchRequest,
  type GiftCardRefundChoice,
  type OrderDetail,
  type RefundRequest,
  trackingUrlFor,
} from '../../../../domain/orders/admin-api';
import { PAYMENT_METHOD_LABELS } from '../../../../domain/orders/manual-order';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { type ActionResult, deskApi } from '../desk-api';
import { GiftCardRefundChoiceGroup, giftCardRefundChoicesOf } from '../gift-cards/gift-card-refund-choice';
import { manualOrdersApi } from '../manual-orders/manual-orders-api';
import { PaymentLink } from '../manual-orders/payment-link';
import { useIsOwner } from '../people/desk-person';
import { fulfilmentHref } from '../routes/fulfilment';
import { Field } from '../ui/desk-fields';
import { money, parseEuroInput } from '../ui/desk-format';
import { useDeskAction } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, inputClass } from '../ui/desk-ui';

/** What an action says: `message` when it changed the order, `unchanged` when the server changed nothing. */
type Done = (result: ActionResult, message: string, unchanged: string) => void;

export function OrderActions({
  order,
  onChanged,
}: {
  readonly order: OrderDetail;
  readonly onChanged: (order: OrderDetail) => void;
}) {
  const [notice, setNotice] = useState<{ text: string; changed: boolean } | null>(null);
  const done: Done = (result, message, unchanged) => {
    setNotice(result.changed ? { text: message, changed: true } : { text: unchanged, changed: false });
    onChanged(result.order);
  };
  // A maker makes and packs: the money actions are the owner's (the server refuses them to her too).
  const owner = useIsOwner();
  const allowed = new Set(order.allowedActions.filter((a) => owner || (a !== 'refund' && a !== 'cancel')));
  return (
    <div className="space-y-5">
      <p
        role="status"
        className={
          notice
            ? `rounded-lg bg-sand px-3 py-2 text-sm font-medium ${notice.changed ? 'text-success' : 'text-ink'}`
            : 'sr-only'
        }
      >
        {notice?.text}
      </p>
      {order.paymentUrl ? (
        <div>
          <p className="text-sm">
            Waiting for the customer to pay {money(order.total)} through the link. The order is confirmed, and
            she gets the confirmation e-mail, once it is paid.
          </p>
          <PaymentLink
            url={order.paymentUrl}
            email={order.email}
            onEmail={async (submission) => {
              await manualOrdersApi.emailLink(order.reference, submission);
              // The history shows the new e-mail.
              onChanged(await deskApi.getOrder(order.reference));
            }}
          />
        </div>
      ) : allowed.size === 0 ? (
        <p className="text-sm text-muted">Nothing to do with this order now.</p>
      ) : null}
      {allowed.has('start') ? (
        <StatusButton
          order={order}
          to="in_production"
          label="Start making"
          doneMessage="Marked in production."
          unchangedMessage="Nothing changed: the order was already in production."
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
          unchangedMessage="Nothing changed: the order was already marked delivered."
          onDone={done}
        />
      ) : null}
      {allowed.has('refund') && order.refundable > 0 ? (
        <RefundForm order={order} left={order.refundable} onDone={done} />
      ) : null}
      {allowed.has('cancel') ? <CancelOrder order={order} onDone={done} /> : null}
      <p className="text-sm">
        <a
          href={fulfilmentHref.slips(order.reference)}
          className="inline-flex min-h-11 items-center underline hover:text-wine"
        >
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
  unchangedMessage,
  onDone,
}: {
  readonly order: OrderDetail;
  readonly to: 'in_production' | 'delivered';
  readonly label: string;
  readonly doneMessage: string;
  readonly unchangedMessage: string;
  readonly onDone: Done;
}) {
  const action = useDeskAction(async (submission: string) => {
    onDone(await deskApi.setStatus(order.reference, to, submission), doneMessage, unchangedMessage);
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
  const action = useDeskAction(async (submission: string, body: DispatchRequest) => {
    onDone(
      await deskApi.dispatch(order.reference, body, submission),
      'Dispatched. The shopper gets the “on its way” e-mail with the tracking link.',
      'Nothing changed: the order was already dispatched; no second e-mail was sent.',
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
    <ActionForm
      title="Dispatch"
      onSubmit={submit}
      invalid={invalid}
      error={action.error}
      submit={
        <button type="submit" className={buttonClass.primary} disabled={action.busy}>
          {action.busy ? 'Dispatching…' : 'Dispatch and e-mail the shopper'}
        </button>
      }
    >
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
      <Field
        id={`${id}-number`}
        label="Tracking number"
        autoComplete="off"
        value={trackingNumber}
        onChange={(e) => setTrackingNumber(e.target.value)}
        aria-invalid={invalid === 'Enter the tracking number.' ? true : undefined}
      />
      <Field
        id={`${id}-url`}
        label="Tracking link"
        note="optional"
        hint="Filled in from the carrier’s tracking page where one is known."
        type="url"
        inputMode="url"
        value={shownUrl}
        onChange={(e) => {
          setUrlEdited(true);
          setTrackingUrl(e.target.value);
        }}
      />
    </ActionForm>
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
  // Once something was refunded nothing is chosen: the owner picks again, so the form never comes back
  // ready to send everything that is left.
  const [kind, setKind] = useState<'full' | 'part' | null>(order.refunded > 0 ? null : 'full');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  // An order gift cards paid: the owner chooses where their part goes (docs/product/gift-cards.md §19.3).
  const choices = giftCardRefundChoicesOf(order);
  const [giftCardRefund, setGiftCardRefund] = useState<GiftCardRefundChoice>('restore');
  const action = useDeskAction(async (submission: string, body: RefundRequest, amount: number) => {
    const result = await deskApi.refund(order.reference, body, submission);
    setAmountText('');
    setReason('');
    setKind(null);
    setGiftCardRefund('restore');
    onDone(
      result,
      `Refunded ${money(amount)}. The shopper gets an e-mail.`,
      `Nothing changed: no refund was made. The order below is as it is now (${money(result.order.refunded)} refunded in all).`,
    );
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kind === null) {
      setInvalid('Choose how much to refund.');
      return;
    }
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

  // The cards the order bought that this refund takes back (the server plans it by the same rule).
  const typed = kind === 'part' ? parseEuroInput(amountText) : null;
  const voids = cardsVoidedBy(order, kind === 'full' ? left : (typed ?? 0));
  const confirmVoids = cardsVoidedBy(order, confirming ?? 0);

  const refund = async (amount: number) => {
    const trimmed = reason.trim();
    const body = {
      ...(kind === 'part' ? { amount } : {}),
      ...(trimmed ? { reason: trimmed } : {}),
      ...(choices.length > 0 ? { giftCardRefund } : {}),
    };
    await action.run(body, amount);
  };

  return (
    <ActionForm
      title="Refund"
      onSubmit={submit}
      invalid={invalid}
      invalidId={`${id}-invalid`}
      error={action.error}
      submit={
        <button type="submit" className={buttonClass.secondary} disabled={action.busy}>
          {action.busy ? 'Refunding…' : 'Refund…'}
        </button>
      }
    >
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
        <Field
          id={`${id}-amount`}
          label="Amount in euro"
          inputMode="decimal"
          value={amountText}
          onChange={(e) => setAmountText(e.target.value)}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${id}-invalid` : undefined}
        />
      ) : null}
      {voids ? <p className="text-sm">{voids}</p> : null}
      <GiftCardRefundChoiceGroup choices={choices} value={giftCardRefund} onChange={setGiftCardRefund} />
      <Field
        id={`${id}-reason`}
        label="Reason"
        note="the shopper sees it"
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={`Refund ${money(confirming ?? 0)}?`}
        description={refundDescription(order)}
        confirmLabel={`Refund ${money(confirming ?? 0)}`}
        onConfirm={() => {
          if (confirming !== null) void refund(confirming);
        }}
      >
        {confirmVoids ? <p className="text-sm font-medium">{confirmVoids}</p> : null}
      </ConfirmDialog>
    </ActionForm>
  );
}

/**
 * Which gift cards the order bought a refund of `amount` voids, in words (docs/product/gift-cards.md
 * §19.3): the goods first, then each card up to what is unspent on it. Null: it takes back no card.
 */
export function cardsVoidedBy(
  order: Pick<OrderDetail, 'refundable' | 'giftCardsBought'>,
  amount: number,
): string | null {
  const cards = order.giftCardsBought ?? [];
  if (cards.length === 0 || amount <= 0) return null;
  const unspent = cards.reduce((sum, c) => sum + c.unspent, 0);
  const plan = planGiftCardRefund(amount, Math.max(0, order.refundable - unspent), cards);
  return giftCardsVoidedText(
    plan.cards.map((p) => ({
      last4: p.card.last4,
      amount: p.amount,
      voids: p.voids,
      scheduled: p.card.status === 'scheduled',
    })),
  );
}

function CancelOrder({ order, onDone }: { readonly order: OrderDetail; readonly onDone: Done }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancelVoids = cardsVoidedBy(order, order.refundable);
  const action = useDeskAction(async (submission: string, body: { reason?: string }) => {
    onDone(
      await deskApi.cancel(order.reference, body, submission),
      'Cancelled and refunded in full.',
      'Nothing changed: the order was already cancelled.',
    );
  });
  return (
    <div className="space-y-2 border-t border-line pt-4">
      <Field
        id={`${id}-reason`}
        label="Cancel reason"
        note="optional"
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
      >
        {cancelVoids ? <p className="text-sm font-medium">{cancelVoids}</p> : null}
      </ConfirmDialog>
    </div>
  );
}

/**
 * The frame every action form shares: a titled form (named by its heading for assistive technology), the
 * fields, the form's own check ("invalid", said at once) and the server's refusal, then the submit button
 * (the form's last word, after any message).
 */
function ActionForm({
  title,
  onSubmit,
  invalid,
  invalidId,
  error,
  submit,
  children,
}: {
  readonly title: string;
  readonly onSubmit: (event: FormEvent) => void | Promise<void>;
  readonly invalid: string | null;
  /** For a field whose aria-describedby points at the message. */
  readonly invalidId?: string;
  readonly error: string | null;
  readonly submit: ReactNode;
  readonly children: ReactNode;
}) {
  const titleId = `${useId()}-title`;
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-3 rounded-xl border border-line p-3"
      aria-labelledby={titleId}
      noValidate
    >
      <h3 id={titleId} className="font-medium">
        {title}
      </h3>
      {children}
      {invalid ? (
        <p id={invalidId} role="alert" className="text-sm text-danger">
          {invalid}
        </p>
      ) : null}
      {error ? <ErrorMessage>{error}</ErrorMessage> : null}
      {submit}
    </form>
  );
}

/**
 * Where the refund's money goes, said before it is made: the card payment's part first, then the gift
 * cards' part as chosen (docs/product/gift-cards.md §19.3); an order marked paid in the desk is paid back by
 * the owner herself.
 */
export function refundDescription(
  order: Pick<OrderDetail, 'paymentMethod' | 'provider' | 'payments'>,
): string {
  const after = 'The shopper gets an e-mail. This cannot be undone.';
  if (order.paymentMethod && order.paymentMethod !== 'gift_card')
    return `Marked paid in the desk: you pay it back yourself (${PAYMENT_METHOD_LABELS[order.paymentMethod]}); this records it and the shopper gets an e-mail. This cannot be undone.`;
  const payments = order.payments ?? [];
  const cards = payments.some((p) => p.method === 'gift_card');
  const byCard = payments.some((p) => p.method === 'card' && p.amount > 0) || payments.length === 0;
  const test = order.provider === 'test-checkout';
  if (cards && !byCard) return `The money goes back as chosen for the gift cards’ part. ${after}`;
  if (cards)
    return `The card payment’s part goes back first${test ? ' (a test order: no real money moves)' : ' through Stripe'}, then the gift cards’ part as chosen. ${after}`;
  if (test) return `A test order: no real money moves back. ${after}`;
  return "The money goes back to the shopper's card through Stripe, and they get an e-mail. This cannot be undone.";
}
