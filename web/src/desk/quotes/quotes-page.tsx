/**
 * The desk's Quotes (docs/product/quotes.md): every quote with its status (draft, sent, paid, expired,
 * withdrawn), Send and Withdraw, the order a paid one became; one quote as the client will see it (its
 * page, opened in preview, and the e-mail Send queues) with Edit and Duplicate; and the quote form
 * (./quote-form.tsx). `#/quotes/new?enquiry=ID` opens the form for an enquiry.
 */
import { useState } from 'react';
import { QUOTE_STATUS_LABELS } from '../../../../domain/quotes/quotes';
import { navigate } from '../desk-router';
import { enquiryLabel } from '../enquiries/enquiries-api';
import { fulfilmentHref } from '../routes/fulfilment';
import { quotesHref } from '../routes/quotes';
import { DataTable } from '../ui/data-table';
import { formatDay, money } from '../ui/desk-format';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, Loading, PageHeading } from '../ui/desk-ui';
import { QuoteForm } from './quote-form';
import { type DeskQuote, isEditable, quotesApi } from './quotes-api';

type Listed = DeskQuote;

const STATUS_TONE: Readonly<Record<Listed['status'], string>> = {
  draft: 'border-line bg-white text-muted',
  sent: 'bg-sand text-wine-dark border-wine/30',
  paid: 'bg-success text-white border-success',
  expired: 'border-line bg-white text-muted',
  withdrawn: 'border-danger/40 bg-white text-danger',
};

function QuoteStatusBadge({ status }: { readonly status: Listed['status'] }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_TONE[status]}`}
    >
      {QUOTE_STATUS_LABELS[status]}
    </span>
  );
}

/**
 * What a screen said when it moved to another (the form saved, back to the list or the quote): the next
 * screen shows it once.
 */
let carried: string | null = null;

function useCarriedNotice(): [string | null, (message: string | null) => void] {
  const [notice, setNotice] = useState<string | null>(() => {
    const message = carried;
    carried = null;
    return message;
  });
  return [notice, setNotice];
}

export function QuotesPage({
  creating,
  enquiry,
  from = null,
}: {
  readonly creating: boolean;
  readonly enquiry: string | null;
  /** A quote to copy into the new one. */
  readonly from?: string | null;
}) {
  const [loaded, reload] = useDeskData('quotes', () => quotesApi.list());
  const [notice, setNotice] = useCarriedNotice();
  return (
    <div>
      <PageHeading>Quotes</PageHeading>
      <p className="mt-1 text-sm text-muted">
        A quote keeps the prices of the day it is made. The client pays it by card on its page; paid, it is an
        order like any other.
      </p>
      {creating ? (
        <QuoteForm
          key={`${enquiry ?? ''}-${from ?? ''}`}
          source={{ kind: 'new', enquiry, from }}
          onDone={(message) => {
            setNotice(message);
            navigate(quotesHref.quotes());
            reload();
          }}
        />
      ) : (
        <div className="mt-4">
          <a href={quotesHref.newQuote()} className={buttonClass.primary}>
            New quote
          </a>
        </div>
      )}
      {notice ? (
        <p role="status" className="mt-4 text-sm text-success">
          {notice}
        </p>
      ) : null}
      {loaded.state === 'loading' ? <Loading label="Loading the quotes…" /> : null}
      {loaded.state === 'error' ? <ErrorMessage>{loaded.message}</ErrorMessage> : null}
      {loaded.state === 'ready' ? (
        loaded.data.length === 0 ? (
          <p className="mt-6 text-sm text-muted">No quotes yet.</p>
        ) : (
          <QuoteTable
            quotes={loaded.data}
            onChange={(message) => {
              setNotice(message);
              reload();
            }}
          />
        )
      ) : null}
    </div>
  );
}

function QuoteTable({
  quotes,
  onChange,
}: {
  readonly quotes: readonly Listed[];
  readonly onChange: (message: string) => void;
}) {
  const action = useDeskAction(async (_submission: string, reference: string, what: 'send' | 'withdraw') => {
    await quotesApi.act(reference, what);
    onChange(what === 'send' ? `Quote ${reference} sent to the client.` : `Quote ${reference} withdrawn.`);
  });
  return (
    <>
      {action.error ? (
        <div className="mt-4">
          <ErrorMessage>{action.error}</ErrorMessage>
        </div>
      ) : null}
      {/* On a phone each quote is a block of its own: the table's seven columns do not fit. */}
      <DataTable
        caption="Quotes"
        className="mt-6"
        phone="stack"
        rows={quotes}
        rowKey={(q) => q.reference}
        columns={[
          {
            header: 'Quote',
            rowHeader: true,
            cell: (q) => (
              <>
                <a href={quotesHref.quote(q.reference)} className="text-wine underline">
                  {q.reference}
                </a>
                {q.enquiryId ? <EnquiryNote quote={q} /> : null}
              </>
            ),
          },
          {
            header: 'Client',
            cell: (q) => (
              <>
                {q.name ? <span className="block">{q.name}</span> : null}
                <span className="block text-muted">{q.email || 'erased'}</span>
              </>
            ),
          },
          { header: 'Total', numeric: true, cell: (q) => money(q.total) },
          { header: 'Valid until', labelWhenStacked: true, cell: (q) => formatDay(q.validUntil) },
          { header: 'Dispatch by', labelWhenStacked: true, cell: (q) => formatDay(q.dispatchBy) },
          {
            header: 'Status',
            cell: (q) => (
              <>
                <QuoteStatusBadge status={q.status} />
                {q.orderReference ? (
                  <a href={fulfilmentHref.order(q.orderReference)} className="mt-1 block text-wine underline">
                    Order {q.orderReference}
                  </a>
                ) : null}
              </>
            ),
          },
          {
            header: 'Actions',
            hideHeader: true,
            cell: (q) => (
              <div className="flex flex-wrap justify-end gap-2 max-sm:justify-start">
                {q.status === 'draft' || q.status === 'sent' ? (
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    disabled={action.busy}
                    onClick={() => void action.run(q.reference, 'send')}
                  >
                    {q.status === 'sent' ? `Send ${q.reference} again` : `Send ${q.reference}`}
                  </button>
                ) : null}
                {q.status !== 'paid' && q.status !== 'withdrawn' ? (
                  <button
                    type="button"
                    className={buttonClass.danger}
                    disabled={action.busy}
                    onClick={() => void action.run(q.reference, 'withdraw')}
                  >
                    Withdraw {q.reference}
                  </button>
                ) : null}
              </div>
            ),
          },
        ]}
      />
    </>
  );
}

/** The enquiry a quote answers, by company and date; an erased one (the retention pass) says so. */
function EnquiryNote({ quote }: { readonly quote: Listed }) {
  return (
    <span className="block text-xs font-normal text-muted">
      {quote.enquiry ? `Enquiry: ${enquiryLabel(quote.enquiry)}` : 'Enquiry no longer kept'}
    </span>
  );
}

/**
 * One quote as the client will see it: its page (opened in preview, where Pay is switched off) and the
 * e-mail Send queues, with what the owner may do with it now.
 */
export function QuotePage({ reference, editing }: { readonly reference: string; readonly editing: boolean }) {
  const [loaded, reload] = useDeskData(`quote-${reference}`, () => quotesApi.get(reference));
  const [notice, setNotice] = useCarriedNotice();
  const action = useDeskAction(async (_submission: string, what: 'send' | 'withdraw') => {
    await quotesApi.act(reference, what);
    setNotice(what === 'send' ? `Quote ${reference} sent to the client.` : `Quote ${reference} withdrawn.`);
    reload();
  });
  if (editing) {
    return (
      <div>
        <PageHeading>Quote {reference}</PageHeading>
        <QuoteForm
          source={{ kind: 'edit', reference }}
          onDone={(message) => {
            carried = message;
            navigate(quotesHref.quote(reference));
          }}
        />
      </div>
    );
  }
  return (
    <div>
      <p className="text-sm">
        <a href={quotesHref.quotes()} className="text-wine underline">
          All quotes
        </a>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <PageHeading>Quote {reference}</PageHeading>
        {loaded.state === 'ready' ? <QuoteStatusBadge status={loaded.data.status} /> : null}
      </div>
      {notice ? (
        <p role="status" className="mt-4 text-sm text-success">
          {notice}
        </p>
      ) : null}
      {action.error ? (
        <div className="mt-4">
          <ErrorMessage>{action.error}</ErrorMessage>
        </div>
      ) : null}
      {loaded.state === 'loading' ? <Loading label="Loading the quote…" /> : null}
      {loaded.state === 'error' ? <ErrorMessage>{loaded.message}</ErrorMessage> : null}
      {loaded.state === 'ready' ? (
        <QuoteDetail quote={loaded.data} busy={action.busy} onAct={(what) => void action.run(what)} />
      ) : null}
    </div>
  );
}

function QuoteDetail({
  quote,
  busy,
  onAct,
}: {
  readonly quote: Listed;
  readonly busy: boolean;
  readonly onAct: (what: 'send' | 'withdraw') => void;
}) {
  const open = quote.status === 'draft' || quote.status === 'sent';
  return (
    <>
      <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted">Client</dt>
        <dd>
          {quote.name ? `${quote.name}, ` : ''}
          {quote.email || 'erased'}
        </dd>
        {quote.enquiryId ? (
          <>
            <dt className="text-muted">Enquiry</dt>
            <dd>{quote.enquiry ? enquiryLabel(quote.enquiry) : 'no longer kept'}</dd>
          </>
        ) : null}
        <dt className="text-muted">Total</dt>
        <dd className="tabular-nums">{money(quote.total)}</dd>
        <dt className="text-muted">Valid until</dt>
        <dd>{formatDay(quote.validUntil)}</dd>
        <dt className="text-muted">Dispatch by</dt>
        <dd>{formatDay(quote.dispatchBy)}</dd>
        {quote.orderReference ? (
          <>
            <dt className="text-muted">Paid</dt>
            <dd>
              <a href={fulfilmentHref.order(quote.orderReference)} className="text-wine underline">
                Order {quote.orderReference}
              </a>
            </dd>
          </>
        ) : null}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        {quote.url ? (
          <a
            href={previewUrl(quote.url)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass.secondary}
          >
            Preview the client’s page
          </a>
        ) : null}
        {isEditable(quote.status) ? (
          <a href={quotesHref.editQuote(quote.reference)} className={buttonClass.secondary}>
            Edit {quote.reference}
          </a>
        ) : null}
        <a href={quotesHref.duplicateQuote(quote.reference)} className={buttonClass.secondary}>
          Duplicate {quote.reference}
        </a>
        {open ? (
          <button type="button" className={buttonClass.primary} disabled={busy} onClick={() => onAct('send')}>
            {quote.status === 'sent' ? `Send ${quote.reference} again` : `Send ${quote.reference}`}
          </button>
        ) : null}
        {quote.status !== 'paid' && quote.status !== 'withdrawn' ? (
          <button
            type="button"
            className={buttonClass.danger}
            disabled={busy}
            onClick={() => onAct('withdraw')}
          >
            Withdraw {quote.reference}
          </button>
        ) : null}
      </div>
      <MailPreview quote={quote} />
    </>
  );
}

/** The client's page with Pay switched off: what they will see, without a way to pay from the desk. */
function previewUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}preview=1`;
}

/** The e-mail as Send queues it now: the owner reads what the client will read before sending. */
function MailPreview({ quote }: { readonly quote: Listed }) {
  const [mail] = useDeskData(`quote-mail-${quote.reference}-${quote.total}-${quote.status}`, () =>
    quotesApi.mail(quote.reference),
  );
  return (
    <section aria-labelledby="quote-mail" className="mt-8 rounded-2xl border border-line bg-white p-5">
      <h2 id="quote-mail" className="text-xl">
        The e-mail the client receives
      </h2>
      {mail.state === 'loading' ? <Loading label="Loading the e-mail…" /> : null}
      {mail.state === 'error' ? <ErrorMessage>{mail.message}</ErrorMessage> : null}
      {mail.state === 'ready' ? (
        <>
          <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted">To</dt>
            <dd className="break-all">{mail.data.to || 'erased'}</dd>
            <dt className="text-muted">Subject</dt>
            <dd>{mail.data.subject}</dd>
          </dl>
          <pre className="mt-3 overflow-x-auto font-sans text-sm whitespace-pre-wrap wrap-anywhere">
            {mail.data.text}
          </pre>
        </>
      ) : null}
    </section>
  );
}
