/**
 * A record's card on the desk (a customer's details and history, an enquiry and its follow-up): a white
 * section named by its heading, and the label–value list most cards show. One place, so every record's
 * page reads and sounds the same to a screen reader.
 */
import type { ReactNode } from 'react';
import { buttonClass, ErrorMessage } from './desk-ui';

/** A section named by its `h2` (the `id` ties the two together for assistive technology). */
export function DeskCard({
  id,
  title,
  children,
}: {
  readonly id: string;
  readonly title: ReactNode;
  readonly children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-white p-4 sm:p-5">
      <h2 id={id} className="font-serif text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Label and value pairs, each value wrapped anywhere so a long e-mail never widens the card. */
export function FactList({ facts }: { readonly facts: readonly (readonly [string, string])[] }) {
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A card listing a record's related items, or saying there are none. */
export function HistoryCard({
  id,
  title,
  empty,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly empty: string;
  readonly children: readonly ReactNode[];
}) {
  return (
    <DeskCard id={id} title={title}>
      {children.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">{children}</ul>
      )}
    </DeskCard>
  );
}

/** A list of records as one card (Customers, Enquiries), a row each. */
export function RecordList({ label, children }: { readonly label?: string; readonly children: ReactNode }) {
  return (
    <ul className="mt-6 divide-y divide-line rounded-2xl border border-line bg-white" aria-label={label}>
      {children}
    </ul>
  );
}

/**
 * One record's row, a link to its page; `columns` sets the wide screen's grid (its class is written out
 * in full by the caller, e.g. `md:grid-cols-[2fr_1fr_1fr_1fr]`, so the stylesheet has it).
 */
export function RecordRow({
  href,
  columns,
  children,
}: {
  readonly href: string;
  readonly columns: string;
  readonly children: ReactNode;
}) {
  return (
    <li>
      <a href={href} className={`grid gap-1 px-4 py-3 hover:bg-sand ${columns} md:items-center md:gap-4`}>
        {children}
      </a>
    </li>
  );
}

/** A card form's Save button (busy while it saves), what was saved, and the refusal when there is one. */
export function SaveStatus({
  busy,
  label,
  saved,
  error,
}: {
  readonly busy: boolean;
  readonly label: string;
  readonly saved: string | null;
  readonly error: string | null;
}) {
  return (
    <>
      <button type="submit" className={buttonClass.secondary} disabled={busy}>
        {busy ? 'Saving…' : label}
      </button>
      <p role="status" className="text-sm text-success">
        {saved ?? ''}
      </p>
      {error ? <ErrorMessage>{error}</ErrorMessage> : null}
    </>
  );
}
