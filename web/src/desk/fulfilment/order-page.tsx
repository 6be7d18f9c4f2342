/**
 * One order (docs/product/desk.md §10.10): what to make and where it goes, the money, the payment, the timeline
 * and the owner's private notes, with the actions its status allows (./order-actions.tsx).
 */

import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { isOutsideEu } from '../../../../domain/customs/customs-items';
import {
  type Address,
  CARRIER_LABELS,
  ORDER_GIFT_CARD_STATUS_LABELS,
  type OrderDetail,
} from '../../../../domain/orders/admin-api';
import { PAYMENT_METHOD_LABELS, paymentMethodLabel } from '../../../../domain/orders/manual-order';
import { orderDiscountLabel } from '../../../../domain/quotes/quotes';
import { countryName } from '../../../../domain/shared/countries';
import { vatIncludedText, vatStatementText } from '../../../../domain/vat/vat-statement';
import { OrderCustoms } from '../customs/order-customs';
import { deskApi } from '../desk-api';
import { EnquiryName } from '../enquiries/enquiry-name';
import { OrderExchanges } from '../exchanges/order-exchanges';
import { useIsOwner } from '../people/desk-person';
import { OrderReturns } from '../returns/order-returns';
import { customersHref } from '../routes/customers';
import { fulfilmentHref } from '../routes/fulfilment';
import { quotesHref } from '../routes/quotes';
import { OrderLabel } from '../shipping/order-label';
import { DataTable } from '../ui/data-table';
import { formatDay, formatInstant, money } from '../ui/desk-format';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import {
  buttonClass,
  ChannelBadge,
  ErrorMessage,
  inputClass,
  Loading,
  PageHeading,
  RefundBadge,
  StatusBadge,
} from '../ui/desk-ui';
import { OrderActions } from './order-actions';
import { ChangeOrder, ResendMail } from './order-changes';
import { OrderVat } from './order-vat';

export function OrderPage({ reference }: { readonly reference: string }) {
  const [result, , replace] = useDeskData(reference, () => deskApi.getOrder(reference));
  return (
    <div>
      <p className="text-sm">
        <a
          href={fulfilmentHref.orders()}
          className="inline-flex min-h-11 items-center underline hover:text-wine"
        >
          ← Back to orders
        </a>
      </p>
      {result.state === 'ready' ? (
        <OrderView order={result.data} onChanged={replace} />
      ) : (
        <>
          <PageHeading>Order {reference}</PageHeading>
          <div className="mt-4">
            {result.state === 'loading' ? (
              <Loading label="Loading the order…" />
            ) : (
              <ErrorMessage>{result.message}</ErrorMessage>
            )}
          </div>
        </>
      )}
    </div>
  );
}

const ADDRESS_FIELDS = ['name', 'line1', 'line2', 'city', 'state', 'postalCode', 'country'] as const;

/**
 * The address as lines for an <address>, each with the field it came from (a stable key); the country by
 * its name, as the label goes on the parcel.
 */
export function addressLines(address: Address | null | undefined): { field: string; text: string }[] {
  if (!address) return [];
  return ADDRESS_FIELDS.map((field) => {
    const text = address[field]?.trim() ?? '';
    return { field, text: field === 'country' && text ? countryName(text) : text };
  }).filter((l) => l.text);
}

const EMAIL_STATUS = { queued: 'waiting to send', sent: 'sent', failed: 'failed to send' } as const;

function Section({
  title,
  order,
  children,
}: {
  readonly title: string;
  /** Place on a phone, where both columns become one list (see OrderView). */
  readonly order: string;
  readonly children: ReactNode;
}) {
  return (
    <section
      className={`rounded-2xl border border-line bg-white p-4 sm:p-5 lg:order-none ${order}`}
      aria-label={title}
    >
      <h2 className="font-serif text-lg">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function OrderView({
  order,
  onChanged,
}: {
  readonly order: OrderDetail;
  readonly onChanged: (order: OrderDetail) => void;
}) {
  const address = addressLines(order.address);
  // Customers, changes and e-mails sent again are the owner's: a maker is offered none of them.
  const owner = useIsOwner();
  return (
    <>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <PageHeading>
          Order <span className="font-mono">{order.reference}</span>
        </PageHeading>
        <StatusBadge status={order.status} />
        <RefundBadge order={order} />
        <ChannelBadge channel={order.channel} />
      </div>
      <p className="mt-1 text-sm text-muted">
        {order.paidAt
          ? `Paid ${formatInstant(order.paidAt)}`
          : order.createdAt
            ? `Created ${formatInstant(order.createdAt)}`
            : null}
        {order.dispatchBy ? (
          <>
            {' · '}
            <strong className="text-ink">Dispatch by {formatDay(order.dispatchBy)}</strong>
          </>
        ) : null}
      </p>
      {order.quoteReference ? (
        <p className="mt-1 text-sm">
          <a href={quotesHref.quote(order.quoteReference)} className="text-wine underline">
            From quote {order.quoteReference}
          </a>
          {order.enquiryId ? (
            <span className="text-muted">
              {' · '}
              <EnquiryName id={order.enquiryId} />
            </span>
          ) : null}
        </p>
      ) : null}

      <Flags order={order} />

      {/* Two columns on a laptop. On a phone at the packing bench the columns dissolve (display: contents)
          into one list in bench order: what to pack, the gift, then the actions, before the history. */}
      <div className="mt-6 grid gap-4 lg:grid-cols-[3fr_2fr] lg:items-start">
        <div className="contents lg:grid lg:gap-4">
          <Section title="Items" order="order-1">
            <DataTable
              caption={`Items of order ${order.reference}`}
              rows={order.lines}
              rowKey={(line) => `${line.productId}-${line.size ?? ''}`}
              columns={[
                {
                  header: 'Product',
                  cell: (line) => (
                    <>
                      {line.name}
                      {line.size ? <span className="block text-muted">Size {line.size}</span> : null}
                      {line.priceReason ? (
                        <span className="block text-muted">Your own price: {line.priceReason}</span>
                      ) : null}
                    </>
                  ),
                },
                { header: 'Qty', numeric: true, cell: (line) => line.quantity },
                { header: 'Unit price', numeric: true, cell: (line) => money(line.unitPrice) },
              ]}
            />
            {order.giftCardsBought && order.giftCardsBought.length > 0 ? (
              <GiftCardsBought reference={order.reference} cards={order.giftCardsBought} />
            ) : null}
            <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">Subtotal</dt>
              <dd className="text-right tabular-nums">{money(order.subtotal)}</dd>
              {order.discount ? (
                <>
                  <dt className="text-muted">{orderDiscountLabel(order)}</dt>
                  <dd className="text-right tabular-nums">−{money(order.discount)}</dd>
                </>
              ) : null}
              <dt className="text-muted">Shipping</dt>
              <dd className="text-right tabular-nums">
                {order.shipping === 0 ? 'Free' : money(order.shipping)}
              </dd>
              {order.giftWrapped ? (
                <>
                  <dt className="text-muted">Gift wrap</dt>
                  <dd className="text-right tabular-nums">{money(order.giftWrap)}</dd>
                </>
              ) : null}
              <dt className="font-semibold">Total</dt>
              <dd className="text-right font-semibold tabular-nums">{money(order.total)}</dd>
              {order.vatStatement ? (
                <dd className="col-span-2 text-right text-muted">{vatStatementText(order.vatStatement)}</dd>
              ) : typeof order.vatIncluded === 'number' ? (
                <dd className="col-span-2 text-right text-muted">{vatIncludedText(order.vatIncluded)}</dd>
              ) : null}
              {order.refunded > 0 ? (
                <>
                  <dt className="text-danger">Refunded</dt>
                  <dd className="text-right text-danger tabular-nums">−{money(order.refunded)}</dd>
                </>
              ) : null}
            </dl>
            {order.vat ? <OrderVat reference={order.reference} vat={order.vat} /> : null}
          </Section>

          <Section title="Gift" order="order-2">
            {order.giftWrapped ? (
              <>
                <p className="text-sm font-medium">Gift-wrapped (no prices on the packing slip)</p>
                {order.giftMessage ? (
                  <blockquote className="mt-2 border-l-4 border-gold/60 pl-3 font-serif whitespace-pre-wrap">
                    {order.giftMessage}
                  </blockquote>
                ) : (
                  <p className="mt-1 text-sm text-muted">No gift message.</p>
                )}
              </>
            ) : (
              <p className="text-sm text-muted">Not a gift.</p>
            )}
          </Section>

          <Section title="Timeline" order="order-6">
            {order.timeline.length === 0 ? (
              <p className="text-sm text-muted">Nothing recorded yet.</p>
            ) : (
              <ol className="space-y-2 text-sm">
                {order.timeline.map((entry) => (
                  <li
                    key={`${entry.at}-${entry.kind}-${entry.text}`}
                    className="grid gap-x-3 sm:grid-cols-[11rem_1fr]"
                  >
                    <time dateTime={entry.at} className="text-muted tabular-nums">
                      {formatInstant(entry.at)}
                    </time>
                    <span>
                      {entry.text}
                      {entry.by ? <span className="text-muted"> by {entry.by}</span> : null}
                      {entry.emailStatus ? (
                        <span className="text-muted"> ({EMAIL_STATUS[entry.emailStatus]})</span>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </Section>
        </div>

        <div className="contents lg:grid lg:gap-4">
          <Section title="Actions" order="order-3">
            <div className="mb-4">
              <OrderLabel order={order} onChanged={onChanged} />
            </div>
            <OrderActions order={order} onChanged={onChanged} />
          </Section>

          {order.status === 'delivered' || (order.returns ?? []).length > 0 ? (
            <Section title="Returns" order="order-3">
              <OrderReturns order={order} onChanged={onChanged} />
            </Section>
          ) : null}

          {(order.exchanges ?? []).length > 0 ? (
            <Section title="Exchanges" order="order-3">
              <OrderExchanges order={order} onChanged={onChanged} />
            </Section>
          ) : null}

          {order.address && isOutsideEu(order.address.country) ? (
            <Section title="Customs" order="order-3">
              <OrderCustoms order={order} onChanged={onChanged} />
            </Section>
          ) : null}

          <Section title="Customer and delivery" order="order-4">
            <dl className="grid gap-2 text-sm">
              <div>
                <dt className="text-muted">E-mail</dt>
                <dd>
                  <a
                    href={`mailto:${order.email}`}
                    className="inline-flex min-h-11 items-center break-all underline"
                  >
                    {order.email}
                  </a>
                  {owner && order.email ? (
                    <a
                      href={customersHref.customer(order.email)}
                      className="ml-3 inline-flex min-h-11 items-center underline hover:text-wine"
                    >
                      Customer's page
                    </a>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt className="text-muted">Delivery address</dt>
                <dd>
                  {address.length > 0 ? (
                    <address className="not-italic">
                      {address.map((line) => (
                        <span key={line.field} className="block">
                          {line.text}
                        </span>
                      ))}
                    </address>
                  ) : (
                    'None given'
                  )}
                </dd>
              </div>
            </dl>
            {owner ? (
              <>
                <ChangeOrder order={order} onChanged={onChanged} />
                <ResendMail order={order} onChanged={onChanged} />
              </>
            ) : null}
          </Section>

          <Section title="Payment" order="order-7">
            <dl className="grid gap-2 text-sm">
              {/* Marked paid in the desk (docs/product/orders.md §10.17): no payment provider knows of it. */}
              {order.paymentMethod === 'gift_card' ? (
                <div>
                  <dt className="text-muted">Paid by</dt>
                  <dd>
                    <PaymentSplit order={order} rest={null} />
                  </dd>
                </div>
              ) : order.paymentMethod ? (
                <div>
                  <dt className="text-muted">Paid by</dt>
                  <dd>{PAYMENT_METHOD_LABELS[order.paymentMethod]}, recorded in the desk</dd>
                </div>
              ) : (
                <>
                  <div>
                    <dt className="text-muted">Paid by</dt>
                    <dd>
                      <PaymentSplit order={order} rest={paymentMethodLabel(null, order.provider)} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-muted">Payment id</dt>
                    <dd>
                      {/* Shown when asked for: a long provider id (cs_test_… in test mode) means nothing at the
                      bench, and is only needed to look the payment up at the provider. */}
                      {order.paymentId ? (
                        <details>
                          <summary className="inline-flex min-h-11 cursor-pointer items-center underline hover:text-wine">
                            Show payment id
                          </summary>
                          <span className="block font-mono break-all">{order.paymentId}</span>
                        </details>
                      ) : (
                        '—'
                      )}
                    </dd>
                  </div>
                </>
              )}
            </dl>
          </Section>

          <Section title="Private notes" order="order-5">
            <Notes order={order} onChanged={onChanged} />
          </Section>
        </div>
      </div>
    </>
  );
}

function Notes({
  order,
  onChanged,
}: {
  readonly order: OrderDetail;
  readonly onChanged: (order: OrderDetail) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [repeated, setRepeated] = useState(false);
  const action = useDeskAction(async (submission: string, note: string) => {
    const result = await deskApi.addNote(order.reference, note, submission);
    setRepeated(!result.changed);
    onChanged(result.order);
  });
  const notes = order.notes;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const note = text.trim();
    if (!note) return;
    if (await action.run(note)) setText('');
  };
  return (
    <>
      {notes.length > 0 ? (
        <ul className="mb-3 space-y-2 text-sm">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-sand px-3 py-2">
              <p className="whitespace-pre-wrap">{note.text}</p>
              <time dateTime={note.at} className="text-xs text-muted">
                {formatInstant(note.at)}
              </time>
              {note.by ? <span className="text-xs text-muted"> by {note.by}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-3 text-sm text-muted">
          Only the people on the desk see these notes, never the shopper.
        </p>
      )}
      <form onSubmit={submit} className="space-y-2">
        <label htmlFor={`${id}-note`} className="text-sm font-medium">
          Add a note
        </label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={2000}
          className={`${inputClass} py-2`}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {action.error ? <ErrorMessage>{action.error}</ErrorMessage> : null}
        <p role="status" className={repeated ? 'text-sm text-muted' : 'sr-only'}>
          {repeated ? 'Nothing changed: that note was already saved.' : ''}
        </p>
        <button type="submit" className={buttonClass.secondary} disabled={action.busy || !text.trim()}>
          {action.busy ? 'Saving…' : 'Save note'}
        </button>
      </form>
    </>
  );
}

/** What needs the owner's eye before anything else: a dispute, a review reason, a cancellation, the parcel. */
function Flags({ order }: { readonly order: OrderDetail }) {
  return (
    <div className="mt-4 grid gap-2 empty:hidden">
      {order.dispute ? (
        <p className="rounded-lg border border-danger bg-white px-4 py-3 text-sm text-danger">
          <strong>Disputed</strong> ({order.dispute.reason}, {money(order.dispute.amount)})
          {order.dispute.respondBy ? ` · respond by ${formatInstant(order.dispute.respondBy)}` : null}
        </p>
      ) : null}
      {order.reviewReason ? (
        <p className="rounded-lg border border-danger bg-white px-4 py-3 text-sm text-danger">
          <strong>Needs review:</strong> {order.reviewReason}
        </p>
      ) : null}
      {order.withdrawal ? (
        <div className="rounded-lg border border-wine bg-white px-4 py-3 text-sm">
          <p>
            <strong>Withdrawal notice</strong> from {order.withdrawal.name || 'the shopper'},{' '}
            {formatInstant(order.withdrawal.at)}: {order.withdrawal.items.join('; ') || 'no items named'}.
          </p>
          {order.withdrawal.reason ? <p className="mt-1">Reason: {order.withdrawal.reason}</p> : null}
        </div>
      ) : null}
      {order.cancelReason ? (
        <p className="rounded-lg bg-sand px-4 py-3 text-sm">
          <strong>Cancelled:</strong> {order.cancelReason}
        </p>
      ) : null}
      {order.dispatch ? (
        <p className="rounded-lg bg-sand px-4 py-3 text-sm">
          Dispatched {formatInstant(order.dispatch.dispatchedAt)} with{' '}
          {CARRIER_LABELS[order.dispatch.carrier]}, tracking{' '}
          {order.dispatch.trackingUrl ? (
            <a
              href={order.dispatch.trackingUrl}
              className="font-mono underline"
              target="_blank"
              rel="noreferrer noopener"
            >
              {order.dispatch.trackingNumber}
            </a>
          ) : (
            <span className="font-mono">{order.dispatch.trackingNumber}</span>
          )}
        </p>
      ) : null}
    </div>
  );
}

/**
 * How the order was paid (docs/product/gift-cards.md §19.3): the hosted checkout's part under its name,
 * then each gift card's by its last 4; without gift cards, the checkout's name alone, as before.
 */
function PaymentSplit({ order, rest }: { order: OrderDetail; rest: string | null }) {
  const payments = order.payments ?? [];
  const cards = payments.filter((p) => p.method === 'gift_card');
  if (cards.length === 0) return <>{rest ?? PAYMENT_METHOD_LABELS.gift_card}</>;
  const card = payments.find((p) => p.method === 'card');
  return (
    <ul>
      {rest && card && card.amount > 0 ? (
        <li>
          {rest}: {money(card.amount)}
        </li>
      ) : null}
      {cards.map((p, i) => (
        <li key={p.last4 ?? i}>
          Gift card ••••{p.last4 ?? '????'}: {money(p.amount)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The gift cards the order bought, each a line of its own (docs/product/gift-cards.md §19.3): its last 4
 * only, its amount, how it stands and what is still unspent on it (what a refund may take back and void).
 */
export function GiftCardsBought({
  reference,
  cards,
}: {
  readonly reference: string;
  readonly cards: NonNullable<OrderDetail['giftCardsBought']>;
}) {
  return (
    <div className="mt-3">
      <DataTable
        caption={`Gift cards bought in order ${reference}`}
        rows={cards}
        rowKey={(card) => card.last4}
        columns={[
          {
            header: 'Gift card',
            rowHeader: true,
            cell: (card) => (
              <>
                Gift card ••••{card.last4}
                <span className="block text-muted">
                  {ORDER_GIFT_CARD_STATUS_LABELS[card.status]}
                  {card.status === 'scheduled' ? `, to be e-mailed on ${formatDay(card.sendOn)}` : ''}
                </span>
              </>
            ),
          },
          { header: 'Unspent', numeric: true, cell: (card) => money(card.unspent) },
          { header: 'Amount', numeric: true, cell: (card) => money(card.amount) },
        ]}
      />
    </div>
  );
}
