/** Small pieces of the desk's screens, in the shop's design language (tokens of web/src/styles.css). */
import { type ReactNode, useEffect, useId, useRef } from 'react';
import type { OrderChannel } from '../../../../domain/checkout/order-channels';
import { isPartlyRefunded, PARTLY_REFUNDED_LABEL } from '../../../../domain/orders/admin-api';
import { ORDER_CHANNEL_LABELS } from '../../../../domain/orders/manual-order';
import { statusLabel } from './desk-format';
import type { Loaded } from './desk-hooks';

export const buttonClass = {
  primary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-wine px-5 text-sm font-medium text-cream hover:bg-wine-dark disabled:cursor-not-allowed disabled:opacity-60',
  secondary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-line bg-white px-5 text-sm font-medium text-ink hover:bg-sand disabled:cursor-not-allowed disabled:opacity-60',
  danger:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border border-danger bg-white px-5 text-sm font-medium text-danger hover:bg-sand disabled:cursor-not-allowed disabled:opacity-60',
};

export const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-muted/60 bg-white px-3 text-base text-ink';

/** The screen's heading, focused when the screen opens so keyboard and screen reader users start there. */
export function PageHeading({ children }: { readonly children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1} className="font-serif text-2xl sm:text-3xl focus:outline-none">
      {children}
    </h1>
  );
}

const STATUS_TONE: Readonly<Record<string, string>> = {
  paid: 'bg-sand text-wine-dark border-wine/30',
  in_production: 'bg-white text-gold border-gold/50',
  dispatched: 'bg-white text-success border-success/40',
  delivered: 'bg-success text-white border-success',
  disputed: 'bg-danger text-white border-danger',
  needs_review: 'bg-danger text-white border-danger',
};

export function StatusBadge({ status }: { readonly status: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS_TONE[status] ?? 'border-line bg-white text-muted'}`}
    >
      {statusLabel(status)}
    </span>
  );
}

/**
 * "Partially refunded" beside an order's status when some of its money went back (docs/product/orders.md §10.3):
 * a money fact, never in the status's place; nothing otherwise.
 */
export function RefundBadge({
  order,
}: {
  readonly order: { readonly total: number; readonly refunded: number };
}) {
  if (!isPartlyRefunded(order)) return null;
  return (
    <span className="inline-flex items-center rounded-full border border-danger/40 bg-white px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-danger">
      {PARTLY_REFUNDED_LABEL}
    </span>
  );
}

/** A quote's or the owner's own order is marked; a web order, the usual kind, is not. */
export function ChannelBadge({ channel }: { readonly channel: OrderChannel | undefined }) {
  if (!channel || channel === 'web') return null;
  return (
    <span className="inline-flex items-center rounded-full border border-line bg-white px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-ink">
      {ORDER_CHANNEL_LABELS[channel]}
    </span>
  );
}

export function ErrorMessage({ children }: { readonly children: ReactNode }) {
  return (
    <p role="alert" className="rounded-lg border border-danger/40 bg-white px-4 py-3 text-sm text-danger">
      {children}
    </p>
  );
}

export function Loading({ label }: { readonly label: string }) {
  return (
    <p role="status" className="py-8 text-muted">
      {label}
    </p>
  );
}

/** A labelled date input (the desk's date ranges: the orders list and the CSV export). */
export function DateField({
  id,
  label,
  value,
  onChange,
}: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={inputClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** A list's status filter (Reviews, Enquiries): links, the current one marked. */
export function StatusFilter({
  links,
}: {
  readonly links: readonly {
    readonly key: string;
    readonly label: string;
    readonly href: string;
    readonly current: boolean;
  }[];
}) {
  const id = useId();
  return (
    <nav aria-labelledby={`${id}-filter`} className="mt-4">
      <h2 id={`${id}-filter`} className="sr-only">
        Filter by status
      </h2>
      <ul className="flex flex-wrap gap-1">
        {links.map((link) => (
          <li key={link.key}>
            <a
              href={link.href}
              aria-current={link.current ? 'page' : undefined}
              className="inline-flex min-h-11 items-center rounded-full border border-line px-4 text-sm hover:bg-sand aria-[current=page]:bg-sand aria-[current=page]:font-semibold"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A list's loading, error and empty states; `children` once there is something to show. */
export function LoadedList<T>({
  loaded,
  loading,
  empty,
  isEmpty,
  children,
}: {
  readonly loaded: Loaded<T>;
  readonly loading: string;
  readonly empty: string;
  readonly isEmpty: (data: T) => boolean;
  readonly children: (data: T) => ReactNode;
}) {
  if (loaded.state === 'loading') return <Loading label={loading} />;
  if (loaded.state === 'error')
    return (
      <div className="mt-4">
        <ErrorMessage>{loaded.message}</ErrorMessage>
      </div>
    );
  if (isEmpty(loaded.data)) return <p className="mt-6 text-muted">{empty}</p>;
  return children(loaded.data);
}

/** One record's screen as it loads: the spinner, the refusal under the record's heading, or the record. */
export function LoadedRecord<T>({
  loaded,
  loading,
  heading,
  children,
}: {
  readonly loaded: Loaded<T>;
  readonly loading: string;
  /** The heading the refusal stands under, where the record's own heading would be. */
  readonly heading: string;
  readonly children: (data: T) => ReactNode;
}) {
  if (loaded.state === 'loading') return <Loading label={loading} />;
  if (loaded.state === 'error')
    return (
      <div className="mt-4">
        <PageHeading>{heading}</PageHeading>
        <div className="mt-4">
          <ErrorMessage>{loaded.message}</ErrorMessage>
        </div>
      </div>
    );
  return children(loaded.data);
}
