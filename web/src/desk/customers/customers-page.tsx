/**
 * The desk's Customers (docs/product/desk.md §10.15): everyone the shop holds an address for (paid orders,
 * quotes, enquiries, the newsletter), searchable; a customer's page with their orders, quotes, reviews and
 * enquiries, the owner's note, and their privacy rights as buttons: the export (downloaded) and erasure
 * (confirmed in a dialog that says what is kept; refused, with the order named, while one is owed).
 */
import { type FormEvent, useId, useState } from 'react';
import {
  CUSTOMER_LIMITS,
  type CustomerDetail,
  type CustomerSummary,
  ERASURE_KEEPS,
  type ErasureAnswer,
} from '../../../../domain/customers/customers';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { navigate } from '../desk-router';
import { customersHref } from '../routes/customers';
import { enquiriesHref } from '../routes/enquiries';
import { fulfilmentHref } from '../routes/fulfilment';
import { quotesHref } from '../routes/quotes';
import { DeskCard, FactList, HistoryCard, RecordList, RecordRow, SaveStatus } from '../ui/desk-card';
import { TextAreaField } from '../ui/desk-fields';
import { formatDay, formatInstant, money } from '../ui/desk-format';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import {
  buttonClass,
  ErrorMessage,
  inputClass,
  LoadedList,
  LoadedRecord,
  PageHeading,
  StatusBadge,
} from '../ui/desk-ui';
import { customersApi } from './customers-api';

const NEWSLETTER_LABELS: Readonly<Record<CustomerSummary['newsletter'], string>> = {
  none: 'Not subscribed',
  pending: 'Subscribing (unconfirmed)',
  confirmed: 'Subscribed',
};

export function CustomersPage({ q }: { readonly q: string }) {
  const id = useId();
  const [loaded] = useDeskData(q, () => customersApi.list(q));
  const [text, setText] = useState(q);
  const search = (event: FormEvent) => {
    event.preventDefault();
    navigate(customersHref.customers(text.trim()));
  };

  return (
    <div>
      <PageHeading>Customers</PageHeading>
      <p className="mt-1 text-sm text-muted">
        Everyone the shop holds an address for: paid orders, quotes, enquiries and the newsletter. Most recent
        first.
      </p>
      <form aria-label="Search customers" className="mt-4 flex flex-wrap items-end gap-3" onSubmit={search}>
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={`${id}-q`} className="text-sm font-medium">
            Search by name or e-mail
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className={inputClass}
            maxLength={CUSTOMER_LIMITS.queryMax}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <button type="submit" className={buttonClass.secondary}>
          Search
        </button>
      </form>
      <LoadedList
        loaded={loaded}
        loading="Loading customers…"
        empty={q ? `No customer matches “${q}”.` : 'No customers yet.'}
        isEmpty={(data) => data.length === 0}
      >
        {(customers) => (
          <RecordList label="Customers">
            {customers.map((c) => (
              <RecordRow
                key={c.email}
                href={customersHref.customer(c.email)}
                columns="md:grid-cols-[2fr_1fr_1fr_1fr]"
              >
                <span className="min-w-0">
                  <span className="font-medium text-wine underline">{c.name ?? c.email}</span>
                  <span className="block truncate text-sm text-muted">{c.email}</span>
                </span>
                <span className="text-sm">
                  {c.orders} {c.orders === 1 ? 'order' : 'orders'} · {money(c.spent)}
                </span>
                <span className="text-sm">
                  {c.lastOrderAt ? `last order ${formatInstant(c.lastOrderAt)}` : 'no order'}
                </span>
                <span className="text-sm text-muted">{NEWSLETTER_LABELS[c.newsletter]}</span>
              </RecordRow>
            ))}
          </RecordList>
        )}
      </LoadedList>
    </div>
  );
}

export function CustomerPage({ email }: { readonly email: string }) {
  const [loaded, , replace] = useDeskData(email, () => customersApi.get(email));
  const [erased, setErased] = useState<ErasureAnswer | null>(null);
  return (
    <div>
      <p>
        <a href={customersHref.customers()} className="text-sm text-wine underline">
          ← All customers
        </a>
      </p>
      {erased ? (
        <Erased email={email} answer={erased} />
      ) : (
        <LoadedRecord loaded={loaded} loading="Loading the customer…" heading="Customer">
          {(detail) => <CustomerDetailView detail={detail} onChange={replace} onErased={setErased} />}
        </LoadedRecord>
      )}
    </div>
  );
}

function Erased({ email, answer }: { readonly email: string; readonly answer: ErasureAnswer }) {
  const kept = answer.paidOrdersKept;
  return (
    <div className="mt-3">
      <PageHeading>Customer erased</PageHeading>
      <div role="status" className="mt-4 rounded-2xl border border-line bg-white p-4 sm:p-5">
        <p className="[overflow-wrap:anywhere]">
          {email}: their personal data is erased and they have left the Customers list.
        </p>
        {kept.length > 0 ? (
          <>
            <p className="mt-3">
              {kept.length === 1 ? 'One order is' : `${kept.length} orders are`} kept for the accounts,
              anonymised:
            </p>
            <ul className="mt-2 list-disc pl-5">
              {kept.map((k) => (
                <li key={k.reference ?? k.keptUntil}>
                  {k.reference ?? 'An order'}, until {formatDay(k.keptUntil)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <p className="mt-3 text-sm text-muted">{ERASURE_KEEPS}</p>
      </div>
    </div>
  );
}

function CustomerDetailView({
  detail,
  onChange,
  onErased,
}: {
  readonly detail: CustomerDetail;
  readonly onChange: (next: CustomerDetail) => void;
  readonly onErased: (answer: ErasureAnswer) => void;
}) {
  const id = useId();
  const { customer } = detail;
  const [note, setNote] = useState(customer.note);
  const [saved, setSaved] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const saveNote = useDeskAction(async (submission: string) => {
    const answer = await customersApi.saveNote(customer.email, note, submission);
    setNote(answer.note);
    onChange({
      ...detail,
      customer: { ...customer, note: answer.note, noteUpdatedAt: answer.noteUpdatedAt },
    });
    setSaved(answer.note ? 'Note saved.' : 'Note deleted.');
  });
  const erase = useDeskAction(async (submission: string) => {
    onErased(await customersApi.erase(customer.email, submission));
  });

  const facts: [string, string][] = [
    ['E-mail', customer.email],
    ['Orders', `${customer.orders} (${money(customer.spent)} spent)`],
    ['Last order', customer.lastOrderAt ? formatInstant(customer.lastOrderAt) : 'None'],
    ['Newsletter', NEWSLETTER_LABELS[customer.newsletter]],
  ];

  return (
    <div className="mt-3">
      <div className="[overflow-wrap:anywhere]">
        <PageHeading>{customer.name ?? customer.email}</PageHeading>
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-[3fr_2fr]">
        <div className="space-y-6">
          <DeskCard id={`${id}-facts`} title="Details">
            <FactList facts={facts} />
          </DeskCard>
          <HistoryCard title="Orders" empty="No orders." id={`${id}-orders`}>
            {detail.orders.map((o) => (
              <li key={o.reference} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <a href={fulfilmentHref.order(o.reference)} className="font-medium text-wine underline">
                  {o.reference}
                </a>
                <StatusBadge status={o.status} />
                <span className="text-sm">{money(o.total)}</span>
                <span className="text-sm text-muted">{formatInstant(o.paidAt ?? o.createdAt)}</span>
              </li>
            ))}
          </HistoryCard>
          <HistoryCard title="Quotes" empty="No quotes." id={`${id}-quotes`}>
            {detail.quotes.map((q) => (
              <li key={q.reference} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <a href={quotesHref.quote(q.reference)} className="font-medium text-wine underline">
                  {q.reference}
                </a>
                <span className="text-sm">{money(q.total)}</span>
                <span className="text-sm text-muted">
                  {q.paid ? 'paid' : `valid until ${formatDay(q.validUntil)}`}
                </span>
              </li>
            ))}
          </HistoryCard>
          <HistoryCard title="Reviews" empty="No reviews." id={`${id}-reviews`}>
            {detail.reviews.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <span className="font-medium">{r.title ?? 'Untitled review'}</span>
                <span className="text-sm">{r.rating} of 5</span>
                <span className="text-sm text-muted">
                  {r.status} · {formatInstant(r.createdAt)}
                </span>
              </li>
            ))}
          </HistoryCard>
          <HistoryCard title="Enquiries" empty="No enquiries." id={`${id}-enquiries`}>
            {detail.enquiries.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <a href={enquiriesHref.enquiry(e.id)} className="font-medium text-wine underline">
                  {e.kind === 'corporate' ? 'Corporate' : 'Bespoke'}, {e.pieces}{' '}
                  {e.pieces === 1 ? 'piece' : 'pieces'}
                </a>
                <span className="text-sm text-muted">
                  {e.status} · {formatInstant(e.createdAt)}
                </span>
              </li>
            ))}
          </HistoryCard>
        </div>
        <div className="space-y-6">
          <DeskCard id={`${id}-note`} title="Your note">
            <form
              className="mt-3 space-y-3"
              onSubmit={(event) => {
                event.preventDefault();
                setSaved(null);
                void saveNote.run();
              }}
            >
              <TextAreaField
                id={`${id}-note-text`}
                label="Note about this customer"
                note="only you see it"
                rows={4}
                maxLength={CUSTOMER_LIMITS.noteMax}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
              <SaveStatus busy={saveNote.busy} label="Save note" saved={saved} error={saveNote.error} />
            </form>
          </DeskCard>
          <DeskCard id={`${id}-privacy`} title="Their data">
            <p className="mt-2 text-sm text-muted">
              A person may ask for a copy of what the shop holds about them, or for it to be erased. The
              export is a file for a computer to read (amounts in euros); the readable summary says the same
              in plain lines: send both.
            </p>
            <p className="mt-3 flex flex-wrap gap-3">
              <a href={customersApi.exportUrl(customer.email)} download className={buttonClass.secondary}>
                Export their data
              </a>
              <a href={customersApi.summaryUrl(customer.email)} download className={buttonClass.secondary}>
                Readable summary
              </a>
              <button
                type="button"
                className={buttonClass.danger}
                disabled={erase.busy}
                onClick={() => {
                  erase.clearError();
                  setConfirming(true);
                }}
              >
                {erase.busy ? 'Erasing…' : 'Erase customer…'}
              </button>
            </p>
            {erase.error ? (
              <div className="mt-3">
                <ErrorMessage>{erase.error}</ErrorMessage>
              </div>
            ) : null}
            <ConfirmDialog
              open={confirming}
              onOpenChange={setConfirming}
              title="Erase this customer?"
              description={`${customer.email}: their newsletter sign-up, reviews, enquiries, your note and their quotes' details are deleted. ${ERASURE_KEEPS} This cannot be undone.`}
              confirmLabel="Erase"
              cancelLabel="Keep"
              onConfirm={() => void erase.run()}
            />
          </DeskCard>
        </div>
      </div>
    </div>
  );
}
