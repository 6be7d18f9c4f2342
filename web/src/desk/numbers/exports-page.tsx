/**
 * CSV downloads (docs/product/desk.md §10.10): the orders of a date range for the accountant, and the newsletter
 * sign-ups. Plain links: the browser sends the session cookie with them and saves the file.
 */
import { useId, useState } from 'react';
import { deskApi } from '../desk-api';
import { buttonClass, DateField, PageHeading } from '../ui/desk-ui';

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function ExportsPage() {
  const id = useId();
  const today = new Date();
  const [from, setFrom] = useState(
    isoDay(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1))),
  );
  const [to, setTo] = useState(isoDay(today));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  return (
    <div>
      <PageHeading>Exports</PageHeading>
      <p className="mt-1 text-sm text-muted">
        CSV files in UTF-8 that spreadsheet programs open directly (euro signs and fadas included).
      </p>
      <section
        className="mt-6 rounded-2xl border border-line bg-white p-4 sm:p-5"
        aria-labelledby={`${id}-orders`}
      >
        <h2 id={`${id}-orders`} className="font-serif text-lg">
          Orders for the accountant
        </h2>
        <p className="mt-1 text-sm text-muted">
          Reference, paid at (Irish time, with its offset), customer, lines and sizes, subtotal, shipping,
          gift wrap, total, refunded, VAT included (empty while the shop has no VAT number) and status of
          every order paid in the range.
        </p>
        <div className="mt-4 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <DateField id={`${id}-from`} label="From" value={from} onChange={setFrom} />
          <DateField id={`${id}-to`} label="To" value={to} onChange={setTo} />
          {valid ? (
            <a href={deskApi.ordersCsvUrl(from, to)} download className={buttonClass.primary}>
              Download orders CSV
            </a>
          ) : (
            <p role="alert" className="text-sm text-danger">
              Choose a first day that is not after the last.
            </p>
          )}
        </div>
      </section>
      <section
        className="mt-4 rounded-2xl border border-line bg-white p-4 sm:p-5"
        aria-labelledby={`${id}-news`}
      >
        <h2 id={`${id}-news`} className="font-serif text-lg">
          Newsletter sign-ups
        </h2>
        <p className="mt-1 text-sm text-muted">Everyone who asked for the newsletter and has not left it.</p>
        <a href={deskApi.newsletterCsvUrl()} download className={`${buttonClass.secondary} mt-4`}>
          Download newsletter CSV
        </a>
      </section>
    </div>
  );
}
