/**
 * The desk's Gift cards (docs/product/gift-cards.md §19), the owner's alone: every card with its balance and status,
 * searched by last 4, recipient or buyer; one card's details and ledger; a card issued without payment
 * (with its reason, audited); a lost card disabled, its balance reissued under a new code.
 */
import { type FormEvent, useId, useState } from 'react';
import {
  ADMIN_GIFT_CARDS_PATH,
  type AdminGiftCard,
  adminGiftCardAnswerSchema,
  adminGiftCardDetailSchema,
  adminGiftCardListSchema,
} from '../../../../domain/gift-cards/gift-card-api';
import { GIFT_CARD_LIMITS } from '../../../../domain/gift-cards/gift-cards';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../domain/orders/admin-api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { deskCall } from '../desk-api';
import { DataTable } from '../ui/data-table';
import { DeskFormCard, DeskTextField } from '../ui/desk-form';
import { formatDay, formatInstant, money } from '../ui/desk-format';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, inputClass, Loading, PageHeading } from '../ui/desk-ui';

/**
 * The server's 400 names its field by the API's path (`reason: Please say why...`); the owner reads the
 * label she typed into instead. A message naming no field of the form is shown as it came.
 */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  amount: 'Amount',
  recipientName: 'Recipient’s name',
  recipientEmail: 'Recipient’s email',
  message: 'Message',
  sendOn: 'Send date',
  reason: 'Reason',
};

function labelledError(error: string | null): string | null {
  const named = error ? /^(\w+): (.+)$/s.exec(error) : null;
  const label = named ? FIELD_LABELS[named[1] ?? ''] : undefined;
  return named && label ? `${label}: ${named[2] ?? ''}` : error;
}

const cardPath = (id: string) => `${ADMIN_GIFT_CARDS_PATH}/${encodeURIComponent(id)}`;

export const giftCardsApi = {
  list: (q: string) =>
    deskCall(
      'GET',
      q ? `${ADMIN_GIFT_CARDS_PATH}?q=${encodeURIComponent(q)}` : ADMIN_GIFT_CARDS_PATH,
      adminGiftCardListSchema,
    ).then((r) => r.giftCards),
  get: (id: string) => deskCall('GET', cardPath(id), adminGiftCardDetailSchema).then((r) => r.giftCard),
  issue: (body: Record<string, unknown>, submission: string) =>
    deskCall('POST', ADMIN_GIFT_CARDS_PATH, adminGiftCardAnswerSchema, body, {
      [IDEMPOTENCY_KEY_HEADER]: submission,
    }),
  disable: (id: string, body: { reissue: boolean; recipientEmail?: string }, submission: string) =>
    deskCall('POST', `${cardPath(id)}/disable`, adminGiftCardAnswerSchema, body, {
      [IDEMPOTENCY_KEY_HEADER]: submission,
    }),
};

const STATUS_LABELS: Record<AdminGiftCard['status'], string> = {
  scheduled: 'Scheduled',
  sent: 'Sent',
  held: 'Held',
  spent: 'Spent',
  disabled: 'Disabled',
};

// A hold is no money moving: "Held by a checkout" and "Hold ended", never words that read like a refund.
const KIND_LABELS: Record<string, string> = {
  issued: 'Issued',
  reserved: 'Held by a checkout',
  released: 'Hold ended',
  spent: 'Spent on order',
  restored: 'Restored by refund',
  adjusted: 'Adjusted',
};

export function GiftCardsPage() {
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const [loaded, reload] = useDeskData(`gift-cards:${search}`, () => giftCardsApi.list(search));
  const [open, setOpen] = useState<string | null>(null);
  const [issuing, setIssuing] = useState(false);
  const searchId = useId();
  return (
    <div>
      <PageHeading>Gift cards</PageHeading>
      <p className="mt-1 text-sm text-muted">
        Each card is valid five years from its sale, with no fees, spendable in parts. Its sale is not
        revenue: Numbers shows gift cards apart.
      </p>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        <form
          aria-label="Search the gift cards"
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(q.trim());
          }}
        >
          <div>
            <label htmlFor={searchId} className="block text-sm font-medium">
              Last 4, recipient or buyer
            </label>
            <input id={searchId} value={q} onChange={(e) => setQ(e.target.value)} className={inputClass} />
          </div>
          <button type="submit" className={buttonClass.secondary}>
            Search
          </button>
        </form>
        <button type="button" className={buttonClass.primary} onClick={() => setIssuing(true)}>
          Issue a card
        </button>
      </div>
      {issuing ? (
        <IssueForm
          onDone={(id) => {
            setIssuing(false);
            if (id) setOpen(id);
            reload();
          }}
        />
      ) : null}
      {open ? <CardDetail key={open} id={open} onChanged={reload} onOpen={setOpen} /> : null}
      {loaded.state === 'loading' ? <Loading label="Loading the gift cards…" /> : null}
      {loaded.state === 'error' ? <ErrorMessage>{loaded.message}</ErrorMessage> : null}
      {loaded.state === 'ready' ? (
        // On a phone each card is a block of its own: eight columns side by side made the whole screen
        // twice a phone's width.
        <DataTable
          caption="Gift cards"
          className="mt-6"
          phone="stack"
          empty={search ? 'No card matches.' : 'No gift cards yet.'}
          rows={loaded.data}
          rowKey={(c) => c.id}
          columns={[
            { header: 'Card', rowHeader: true, cell: (c) => `••••${c.last4}` },
            { header: 'Amount', numeric: true, labelWhenStacked: true, cell: (c) => money(c.amount) },
            { header: 'Balance', numeric: true, labelWhenStacked: true, cell: (c) => money(c.balance) },
            { header: 'Status', cell: (c) => STATUS_LABELS[c.status] },
            {
              header: 'Recipient',
              cellClassName: 'wrap-anywhere',
              cell: (c) => c.recipientEmail || '(erased)',
            },
            { header: 'Send date', labelWhenStacked: true, cell: (c) => formatDay(c.sendOn) },
            { header: 'Expires', labelWhenStacked: true, cell: (c) => formatDay(c.expiresOn) },
            {
              header: 'Actions',
              hideHeader: true,
              cellClassName: 'text-right',
              cell: (c) => (
                <button type="button" className={buttonClass.secondary} onClick={() => setOpen(c.id)}>
                  Open ••••{c.last4}
                </button>
              ),
            },
          ]}
        />
      ) : null}
    </div>
  );
}

function CardDetail({
  id,
  onChanged,
  onOpen,
}: {
  readonly id: string;
  readonly onChanged: () => void;
  readonly onOpen: (id: string) => void;
}) {
  const [loaded, reload] = useDeskData(`gift-card:${id}`, () => giftCardsApi.get(id));
  const [reissue, setReissue] = useState(true);
  const [email, setEmail] = useState('');
  // Disabling cannot be undone: the owner confirms what it does first.
  const [confirming, setConfirming] = useState(false);
  const emailId = useId();
  const disable = useDeskAction(async (submission: string) => {
    const answer = await giftCardsApi.disable(
      id,
      { reissue, ...(reissue && email.trim() ? { recipientEmail: email.trim() } : {}) },
      submission,
    );
    reload();
    onChanged();
    if (answer.reissued) onOpen(answer.reissued.id);
  });
  if (loaded.state === 'loading') return <Loading label="Opening the card…" />;
  if (loaded.state === 'error') return <ErrorMessage>{loaded.message}</ErrorMessage>;
  const card = loaded.data;
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-2xl border border-line bg-white p-5">
      <h2 id={`${id}-title`} className="text-xl">
        Gift card ••••{card.last4}
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="inline font-medium">Amount: </dt>
          <dd className="inline">{money(card.amount)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Balance: </dt>
          <dd className="inline">{money(card.balance)}</dd>
        </div>
        {card.held > 0 ? (
          <div>
            <dt className="inline font-medium">Held by a checkout not yet ended: </dt>
            <dd className="inline">{money(card.held)}</dd>
          </div>
        ) : null}
        <div>
          <dt className="inline font-medium">Status: </dt>
          <dd className="inline">{STATUS_LABELS[card.status]}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Issued: </dt>
          <dd className="inline">{formatInstant(card.issuedAt)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Expires: </dt>
          <dd className="inline">{formatDay(card.expiresOn)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Send date: </dt>
          <dd className="inline">{formatDay(card.sendOn)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Recipient: </dt>
          <dd className="inline">
            {card.recipientName || '(erased)'} {card.recipientEmail ? `<${card.recipientEmail}>` : ''}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">From: </dt>
          <dd className="inline">
            {card.free
              ? 'Issued without payment'
              : `${card.buyerName} ${card.buyerEmail ? `<${card.buyerEmail}>` : ''}`}
            {card.orderReference ? `, order ${card.orderReference}` : ''}
          </dd>
        </div>
      </dl>
      {card.message ? <p className="mt-2 text-sm whitespace-pre-line">“{card.message}”</p> : null}
      <DataTable
        caption="Ledger"
        className="mt-4"
        phone="stack"
        empty="No movements."
        rows={card.ledger}
        rowKey={(l) => `${l.at}-${l.kind}-${l.amount}-${l.reference ?? ''}`}
        columns={[
          { header: 'When', rowHeader: true, cell: (l) => formatInstant(l.at) },
          { header: 'Movement', cell: (l) => KIND_LABELS[l.kind] ?? l.kind },
          {
            header: 'Amount',
            numeric: true,
            cell: (l) => `${l.amount < 0 ? '−' : '+'}${money(Math.abs(l.amount))}`,
          },
          // A hold's reference is the checkout's internal key: nothing the owner can look up, so not shown.
          {
            header: 'Reference',
            cell: (l) => (l.kind === 'reserved' || l.kind === 'released' ? '' : (l.reference ?? '')),
          },
          { header: 'By', cell: (l) => [l.person, l.reason].filter(Boolean).join(': ') },
        ]}
      />
      {card.status !== 'disabled' ? (
        <form
          className="mt-4 grid gap-3 sm:grid-cols-2"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            setConfirming(true);
          }}
        >
          <h3 className="text-lg sm:col-span-2">Disable this card</h3>
          <label className="flex min-h-11 items-center gap-2 sm:col-span-2">
            <input type="checkbox" checked={reissue} onChange={(e) => setReissue(e.target.checked)} /> Reissue
            its balance ({money(card.balance)}) under a new code
          </label>
          {card.held > 0 ? (
            <p className="text-sm sm:col-span-2">
              {reissue
                ? `A checkout not yet ended holds ${money(card.held)} of this card: spent if its order is paid, otherwise it goes to the new card.`
                : `A checkout not yet ended holds ${money(card.held)} of this card: spent if its order is paid, otherwise it comes back to this card, disabled.`}
            </p>
          ) : null}
          {reissue ? (
            <div>
              <label htmlFor={emailId} className="block text-sm font-medium">
                Send the new card to (empty: the same address)
              </label>
              <input
                id={emailId}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                className={inputClass}
              />
            </div>
          ) : null}
          {disable.error ? (
            <div className="sm:col-span-2">
              <ErrorMessage>{labelledError(disable.error)}</ErrorMessage>
            </div>
          ) : null}
          <div className="sm:col-span-2">
            <button type="submit" className={buttonClass.danger} disabled={disable.busy}>
              {reissue ? 'Disable and reissue' : 'Disable'}
            </button>
          </div>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={
              reissue ? `Disable ••••${card.last4} and reissue its balance?` : `Disable ••••${card.last4}?`
            }
            description={
              reissue
                ? `Its code stops working at once and cannot be used again. A new card of ${money(card.balance)} is e-mailed to ${email.trim() || card.recipientEmail || 'the same address'}.`
                : `Its code stops working at once and cannot be used again. Its balance of ${money(card.balance)} stays on it, unusable.`
            }
            confirmLabel={reissue ? 'Disable and reissue' : 'Disable'}
            onConfirm={() => void disable.run()}
          />
        </form>
      ) : null}
    </section>
  );
}

function IssueForm({ onDone }: { readonly onDone: (id: string | null) => void }) {
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const [amount, setAmount] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [reason, setReason] = useState('');
  const action = useDeskAction(async (submission: string) => {
    const answer = await giftCardsApi.issue(
      {
        amount: Math.round(Number(amount.replace(',', '.')) * 100),
        recipientName: name,
        recipientEmail: email,
        ...(message.trim() ? { message } : {}),
        reason,
      },
      submission,
    );
    onDone(answer.giftCard.id);
  });
  return (
    <DeskFormCard
      title="Issue a card without payment"
      onSubmit={() => void action.run()}
      error={labelledError(action.error)}
      busy={action.busy}
      submitLabel="Issue card"
      onCancel={() => onDone(null)}
    >
      <DeskTextField
        id={field('amount')}
        label="Amount (€10 to €500, whole euros)"
        inputMode="numeric"
        value={amount}
        onChange={setAmount}
        required
      />
      <DeskTextField id={field('name')} label="Recipient’s name" value={name} onChange={setName} required />
      <DeskTextField
        id={field('email')}
        label="Recipient’s email"
        type="email"
        value={email}
        onChange={setEmail}
        required
      />
      <DeskTextField
        id={field('reason')}
        label="Reason (a raffle prize, a goodwill gesture)"
        value={reason}
        onChange={setReason}
        required
      />
      <div className="sm:col-span-2">
        <label htmlFor={field('message')} className="block text-sm font-medium">
          Message (optional)
        </label>
        <textarea
          id={field('message')}
          value={message}
          maxLength={GIFT_CARD_LIMITS.messageMax}
          onChange={(e) => setMessage(e.target.value)}
          className={inputClass}
          rows={3}
        />
      </div>
    </DeskFormCard>
  );
}
