/**
 * /quote/{reference}?key=... (docs/product/quotes.md): one client's quote, opened from the link in its
 * e-mail. The lines, the discount, shipping and total, the date it is valid until, the dispatch date if
 * paid today and the terms, with a Pay button that opens the hosted checkout for exactly this quote. A
 * paid, expired or withdrawn quote says so and has no button. No referrer leaves this page (the key is in
 * its address) and it is never indexed. `&preview=1` (the desk's "Preview the client's page") shows it
 * the same with Pay switched off.
 */
import { useState } from 'react';
import { nameWithSize } from '../../../domain/catalogue/sizes';
import { SHIPPING_ZONES } from '../../../domain/config';
import { formatDayMonthYear, quoteClosedMessage } from '../../../domain/quotes/quotes';
import { formatDayMonth, parseIsoDate } from '../../../domain/shared/calendar-date';
import { type Cents, formatEuro } from '../../../domain/shared/money';
import { ContactLine, LoadFailed, PRIMARY_BUTTON } from '../features/checkout/confirmation-parts';
import { fetchQuote, payQuote, type QuoteResult, type QuoteView } from '../features/quotes/quote-page-api';
import { Link, useSearchParams } from '../lib/router';
import { useKeyedPage } from '../lib/use-keyed-page';

function money(value: number): string {
  return formatEuro(value as Cents);
}

function Totals({ quote }: { quote: QuoteView }) {
  const rows: [string, string][] = [['Subtotal', money(quote.subtotal)]];
  if (quote.discount > 0) rows.push([`Discount (${quote.discountPercent}%)`, `−${money(quote.discount)}`]);
  rows.push([
    `Shipping (${SHIPPING_ZONES[quote.zone].label})`,
    quote.shipping === 0 ? 'Free' : money(quote.shipping),
  ]);
  return (
    <dl className="mt-4 space-y-1 border-t border-line pt-4">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-muted">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-line pt-2 text-lg font-semibold">
        <dt>Total</dt>
        <dd>{money(quote.total)}</dd>
      </div>
    </dl>
  );
}

function PayButton({
  quote,
  keyValue,
  onClosed,
  preview,
}: {
  quote: QuoteView;
  keyValue: string;
  onClosed: () => void;
  preview: boolean;
}) {
  const [state, setState] = useState<{ busy: string | null; error: string | null }>({
    busy: null,
    error: null,
  });
  const pay = async () => {
    setState({ busy: 'Opening secure checkout…', error: null });
    const result = await payQuote(quote.reference, keyValue);
    if (result.kind === 'redirect') {
      setState({ busy: result.text, error: null });
      window.location.assign(result.url);
      return;
    }
    setState({ busy: null, error: result.message });
    if (result.kind === 'closed') onClosed();
  };
  return (
    <div className="mt-8">
      <button
        type="button"
        // In the owner's preview the button is there, greyed, as a reminder of what the client gets.
        className={`${PRIMARY_BUTTON} w-full sm:w-auto${preview ? ' cursor-not-allowed opacity-60' : ''}`}
        disabled={state.busy !== null || preview}
        aria-busy={state.busy !== null}
        onClick={() => void pay()}
      >
        {state.busy ?? `Pay ${money(quote.total)} by card`}
      </button>
      {state.error ? (
        <p role="alert" className="mt-3 font-medium text-wine">
          {state.error}
        </p>
      ) : null}
    </div>
  );
}

function QuoteDetails({
  quote,
  keyValue,
  reload,
  preview,
}: {
  quote: QuoteView;
  keyValue: string;
  reload: () => void;
  preview: boolean;
}) {
  const closed = quoteClosedMessage(quote.status);
  const validUntil = parseIsoDate(quote.validUntil);
  const dispatch = quote.dispatchDate ? parseIsoDate(quote.dispatchDate) : null;
  return (
    <>
      {preview ? (
        <p role="note" className="mb-8 rounded-lg border border-line bg-sand p-4 text-sm">
          Preview: this is the page your client sees. Paying is switched off here.
        </p>
      ) : null}
      <h1 className="text-4xl sm:text-5xl">Your quote</h1>
      <p className="mt-3 text-lg">
        Quote <strong>{quote.reference}</strong>
        {quote.name ? ` for ${quote.name}` : ''}
      </p>
      {validUntil ? (
        <p className="mt-1 text-muted">Valid until the end of {formatDayMonthYear(validUntil)}.</p>
      ) : null}
      {closed ? (
        <p role="status" className="mt-6 rounded-lg border border-wine p-4 font-semibold text-wine">
          {closed}
        </p>
      ) : null}
      <section aria-labelledby="quote-items" className="mt-10">
        <h2 id="quote-items" className="text-2xl">
          Items
        </h2>
        <ul className="mt-4 divide-y divide-line">
          {quote.lines.map((line) => (
            <li
              key={`${line.productId ?? line.name}-${line.size ?? ''}`}
              className="flex justify-between gap-4 py-3"
            >
              <span>
                {line.size ? nameWithSize(line.name, line.size) : line.name}
                <span className="block text-sm text-muted">
                  {line.quantity} × {money(line.unitPrice)}
                </span>
              </span>
              <span>{money(line.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <Totals quote={quote} />
      </section>
      {quote.note ? (
        <section aria-labelledby="quote-note" className="mt-8">
          <h2 id="quote-note" className="text-2xl">
            A note from us
          </h2>
          <p className="mt-3 whitespace-pre-line">{quote.note}</p>
        </section>
      ) : null}
      {closed ? null : (
        <>
          {dispatch ? (
            <p className="mt-8">
              Paid today, your order is dispatched by <strong>{formatDayMonth(dispatch)}</strong>.
            </p>
          ) : null}
          <PayButton quote={quote} keyValue={keyValue} onClosed={reload} preview={preview} />
        </>
      )}
      <p className="mt-8 text-sm text-muted">
        Questions? Write to <ContactLine /> and quote the reference. Our{' '}
        <Link to="/terms-conditions" className="underline">
          Terms &amp; Conditions
        </Link>{' '}
        apply to this quote and the order it becomes.
      </p>
    </>
  );
}

export function QuotePage() {
  // A reload after a refused Pay keeps the quote on screen while it asks again.
  const { key, result, reload: load, headingRef } = useKeyedPage<QuoteResult>(fetchQuote, { quiet: true });
  const [params] = useSearchParams();
  const preview = params.get('preview') === '1';

  return (
    <section className="mx-auto min-h-[70vh] max-w-3xl px-4 py-14 sm:py-20">
      {result === null ? (
        <div role="status" className="py-16 text-center">
          <p className="font-serif text-2xl">Loading your quote…</p>
        </div>
      ) : null}
      {result?.kind === 'ok' ? (
        <QuoteDetails quote={result.quote} keyValue={key} reload={load} preview={preview} />
      ) : null}
      {result?.kind === 'not-found' ? (
        <div className="text-center">
          <h1 ref={headingRef} tabIndex={-1} className="text-4xl focus:outline-none sm:text-5xl">
            Quote not found
          </h1>
          <p className="mt-4 text-lg text-muted">
            We could not open this quote. Please use the link from your quote e-mail, or write to{' '}
            <ContactLine />.
          </p>
        </div>
      ) : null}
      {result?.kind === 'error' ? (
        <LoadFailed
          headingRef={headingRef}
          title="We couldn't load your quote"
          message={result.message}
          onRetry={load}
        />
      ) : null}
    </section>
  );
}
