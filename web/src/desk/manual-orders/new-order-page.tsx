/**
 * New order (docs/product/orders.md §10.17): an order the owner takes herself, by phone or at a craft fair. She
 * picks bracelets from a searchable list (size, quantity, and her own price with its reason when she gives
 * one), types the customer's name, e-mail and address, the zone and the gift options, and either marks it
 * paid (cash, card reader, bank transfer: into the making queue) or sends a payment link (the hosted
 * checkout). The totals shown are the server's (its preview); a refusal is shown under the field it names,
 * which takes the focus; the result, with the order's link and the payment link to copy, takes it after.
 */
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { isSizeCode, sizeByCode } from '../../../../domain/catalogue/sizes';
import { GIFT_WRAP_PRICE, type SizeCode, type ZoneId } from '../../../../domain/config';
import {
  MANUAL_ORDER_LIMITS,
  type ManualOrderCreated,
  type ManualOrderTotals,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../../../domain/orders/manual-order';
import { type AdminProduct, productApi } from '../catalogue/product-api';
import { fulfilmentHref } from '../routes/fulfilment';
import { AddressFields } from '../ui/address-fields';
import { Field, SelectField, TextAreaField, ZoneField } from '../ui/desk-fields';
import { money, parseEuroInput, statusLabel } from '../ui/desk-format';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, Loading, PageHeading } from '../ui/desk-ui';
import { manualOrdersApi, refusedField } from './manual-orders-api';
import { PaymentLink } from './payment-link';

interface DraftLine {
  readonly key: number;
  readonly productId: string;
  readonly name: string;
  readonly listPrice: number;
  readonly sizes: readonly SizeCode[];
  readonly size: SizeCode;
  readonly quantity: string;
  /** Euro as typed; the catalogue's price until she changes it. */
  readonly price: string;
  readonly reason: string;
}

let nextKey = 0;

const euro = (value: number) => (value / 100).toFixed(2);

/** Cents from what she typed; null when it is not a price. */
function centsOf(text: string): number | null {
  const parsed = parseEuroInput(text);
  return parsed === null ? null : Number(parsed);
}

function lineOf(product: AdminProduct): DraftLine {
  nextKey += 1;
  const sizes = product.sizes.filter(isSizeCode);
  return {
    key: nextKey,
    productId: product.id,
    name: product.name,
    listPrice: product.price,
    sizes,
    size: sizes.includes('M') ? 'M' : (sizes[0] ?? 'M'),
    quantity: '1',
    price: euro(product.price),
    reason: '',
  };
}

/** Her own price for the line, in cents, when it is not the catalogue's. */
function ownPrice(line: DraftLine): number | null {
  const price = centsOf(line.price);
  return price !== null && price !== line.listPrice ? price : null;
}

interface Customer {
  name: string;
  email: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

type PaymentChoice = 'paid' | 'link' | 'handed';

const PAYMENT_CHOICES: readonly (readonly [PaymentChoice, string])[] = [
  ['paid', 'Paid now: mark it paid'],
  ['link', 'Send a payment link: the customer pays by card'],
  ['handed', 'Paid and handed over now: nothing to post, no address'],
];

const EMPTY_CUSTOMER: Customer = {
  name: '',
  email: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  postalCode: '',
  country: 'IE',
};

export function NewOrderPage() {
  const [made, setMade] = useState<ManualOrderCreated | null>(null);
  const [round, setRound] = useState(0);
  return (
    <div>
      <p className="text-sm">
        <a
          href={fulfilmentHref.orders()}
          className="inline-flex min-h-11 items-center underline hover:text-wine"
        >
          Back to the orders
        </a>
      </p>
      <PageHeading>New order</PageHeading>
      <p className="mt-2 text-sm text-muted">
        An order taken by phone or at a fair: priced by the shop, marked paid now or paid by the customer
        through a payment link.
      </p>
      {made ? (
        <Result
          made={made}
          onAnother={() => {
            setMade(null);
            setRound((n) => n + 1);
          }}
        />
      ) : (
        <OrderForm key={round} onMade={setMade} />
      )}
    </div>
  );
}

function Result({ made, onAnother }: { readonly made: ManualOrderCreated; readonly onAnother: () => void }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const { order, paymentUrl } = made;
  return (
    <section aria-labelledby={`${id}-made`} className="mt-6 rounded-2xl border border-line bg-white p-5">
      <h2 id={`${id}-made`} ref={heading} tabIndex={-1} className="text-xl focus:outline-none">
        Order {order.reference} made
      </h2>
      <p className="mt-2 text-sm">
        {order.status === 'delivered'
          ? `Paid (${order.paymentMethod ? PAYMENT_METHOD_LABELS[order.paymentMethod] : 'recorded'}), ${money(order.total)}, and handed over: nothing to make or post.`
          : order.status === 'paid'
            ? `Paid (${order.paymentMethod ? PAYMENT_METHOD_LABELS[order.paymentMethod] : 'recorded'}), ${money(order.total)}: it is in the making queue.`
            : `${statusLabel(order.status)}: ${money(order.total)} to pay through the link. It is confirmed, and the customer gets the confirmation e-mail, once it is paid.`}
      </p>
      {paymentUrl ? <PaymentLink url={paymentUrl} /> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={fulfilmentHref.order(order.reference)} className={buttonClass.primary}>
          Open order {order.reference}
        </a>
        <button type="button" className={buttonClass.secondary} onClick={onAnother}>
          Take another order
        </button>
      </div>
    </section>
  );
}

function OrderForm({ onMade }: { readonly onMade: (made: ManualOrderCreated) => void }) {
  const id = useId();
  const field = (name: string) => `${id}-${name.replace(/[^\w-]/g, '_')}`;
  const [products] = useDeskData('new-order-products', () => productApi.list());
  const active = products.state === 'ready' ? products.data.filter((p) => p.status === 'active') : [];
  const [search, setSearch] = useState('');
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [customer, setCustomer] = useState<Customer>(EMPTY_CUSTOMER);
  const [zone, setZone] = useState<ZoneId>('IE');
  const [giftWrap, setGiftWrap] = useState(false);
  const [giftMessage, setGiftMessage] = useState('');
  const [payment, setPayment] = useState<PaymentChoice>('paid');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [emailCustomer, setEmailCustomer] = useState(false);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [preview, setPreview] = useState<
    { state: 'none' } | { state: 'ready'; totals: ManualOrderTotals } | { state: 'error'; message: string }
  >({ state: 'none' });
  const focusNext = useRef<string | null>(null);

  const found = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return [];
    return active.filter((p) => p.name.toLowerCase().includes(q) || p.id === q).slice(0, 8);
  }, [search, active]);

  const set = (change: Partial<Customer>) => setCustomer((c) => ({ ...c, ...change }));
  const update = (key: number, change: Partial<DraftLine>) => {
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));
    // What the form said about this line goes once she changes it.
    setErrors((all) =>
      Object.fromEntries(Object.entries(all).filter(([f]) => !f.startsWith(field(`line-${key}-`)))),
    );
  };

  const itemsOf = (all: readonly DraftLine[]) =>
    all.map((l) => {
      const own = ownPrice(l);
      const quantity = Number(l.quantity);
      return {
        id: l.productId,
        size: l.size,
        quantity: Number.isFinite(quantity) ? quantity : 0,
        ...(own !== null ? { unitPrice: own } : {}),
        ...(l.reason.trim() ? { reason: l.reason.trim() } : {}),
      };
    });

  const gift = { giftWrap, ...(giftWrap && giftMessage.trim() ? { giftMessage } : {}) };

  // The server's prices for what the form has now, asked again a moment after each change; not while a
  // line is one the server would refuse (the form says why, and the order's button says it again).
  const unpriced = lines
    .map((l) => {
      const quantity = Number(l.quantity);
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > MANUAL_ORDER_LIMITS.quantity)
        return `the quantity of ${l.name} is a whole number from 1 to ${MANUAL_ORDER_LIMITS.quantity}`;
      if (centsOf(l.price) === null) return `the price of ${l.name} is not a price in euro`;
      if (ownPrice(l) !== null && !l.reason.trim()) return `say why ${l.name} has your own price`;
      return null;
    })
    .find((why) => why !== null);
  const handedOver = payment === 'handed';
  const previewKey = unpriced
    ? `unpriced:${unpriced}`
    : JSON.stringify([itemsOf(lines), zone, { ...gift, ...(handedOver ? { handedOver } : {}) }]);
  useEffect(() => {
    if (previewKey.startsWith('unpriced:')) {
      setPreview({ state: 'error', message: previewKey.slice('unpriced:'.length) });
      return;
    }
    const [items] = JSON.parse(previewKey) as [unknown[]];
    if (items.length === 0) {
      setPreview({ state: 'none' });
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      const [body, z, g] = JSON.parse(previewKey) as [unknown[], ZoneId, Record<string, unknown>];
      manualOrdersApi.preview({ items: body, zone: z, ...g }).then(
        (totals) => {
          if (live) setPreview({ state: 'ready', totals });
        },
        (err: unknown) => {
          if (live) setPreview({ state: 'error', message: err instanceof Error ? err.message : String(err) });
        },
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [previewKey]);

  // A refusal's field takes the focus once it is shown.
  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    document.getElementById(target)?.focus();
  });

  /** The form's own id for a field the server names. */
  const fieldOfPath = (path: string): string => {
    const line = /^items\[(\d+)\](?:\.(\w+))?/.exec(path);
    if (line) {
      const l = lines[Number(line[1])];
      const part = line[2] === 'unitPrice' ? 'price' : line[2] === 'id' || !line[2] ? 'quantity' : line[2];
      return l ? field(`line-${l.key}-${part}`) : field('search');
    }
    if (path === 'items') return field('search');
    if (path.startsWith('customer.address.')) return field(path.slice('customer.address.'.length));
    if (path.startsWith('customer.')) return field(path.slice('customer.'.length));
    return field(path);
  };

  const action = useDeskAction(async (submission: string) => {
    if (handedOver) {
      // Handed over on the spot: no customer, nothing to post, so no address and no shipping.
      const sale = { items: itemsOf(lines), zone: 'IE', ...gift, payment: 'paid', method, handedOver: true };
      onMade(await manualOrdersApi.create(sale, submission));
      return;
    }
    const body = {
      items: itemsOf(lines),
      customer: {
        name: customer.name,
        email: customer.email.trim(),
        address: {
          line1: customer.line1,
          ...(customer.line2.trim() ? { line2: customer.line2 } : {}),
          city: customer.city,
          ...(customer.state.trim() ? { state: customer.state } : {}),
          ...(customer.postalCode.trim() ? { postalCode: customer.postalCode } : {}),
          country: customer.country.trim().toUpperCase(),
        },
      },
      zone,
      ...gift,
      payment,
      ...(payment === 'paid' ? { method } : {}),
      ...(emailCustomer ? { emailCustomer: true } : {}),
    };
    onMade(await manualOrdersApi.create(body, submission));
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    // What the form can tell by itself: a line's own price needs its reason, and some line at all.
    const local: Record<string, string> = {};
    if (lines.length === 0) local[field('search')] = 'Add at least one bracelet to the order.';
    for (const l of lines) {
      if (centsOf(l.price) === null)
        local[field(`line-${l.key}-price`)] = 'Give the price in euro, e.g. 30.00.';
      else if (ownPrice(l) !== null && !l.reason.trim())
        local[field(`line-${l.key}-reason`)] = 'Say why this line has its own price.';
    }
    const first = Object.keys(local)[0];
    if (first) {
      setErrors(local);
      focusNext.current = first;
      return;
    }
    await action.run();
  };

  // The server's refusal under the field it names, and the focus there.
  const refusal = action.error ? refusedField(action.error) : null;
  const refusedId = refusal ? fieldOfPath(refusal.field) : null;
  const shownErrors: Record<string, string> = { ...errors };
  if (refusal && refusedId) shownErrors[refusedId] = refusal.text;
  const lastFocused = useRef<string | null>(null);
  useEffect(() => {
    if (!action.error) {
      lastFocused.current = null;
      return;
    }
    if (lastFocused.current === action.error) return;
    lastFocused.current = action.error;
    const target = refusedId ? document.getElementById(refusedId) : null;
    (target ?? document.getElementById(field('refusal')))?.focus();
  });

  const paidLabel =
    payment === 'paid' ? 'E-mail the customer a confirmation' : 'E-mail the payment link to the customer';

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-6 space-y-6">
      <fieldset className="rounded-2xl border border-line bg-white p-5">
        <legend className="px-1 text-lg font-medium">Bracelets</legend>
        {products.state === 'loading' ? <Loading label="Loading the bracelets…" /> : null}
        {products.state === 'error' ? <ErrorMessage>{products.message}</ErrorMessage> : null}
        <Field
          id={field('search')}
          label="Find a bracelet"
          hint="Type part of its name or its number; only bracelets on sale are listed."
          type="search"
          autoComplete="off"
          value={search}
          error={shownErrors[field('search')]}
          onChange={(e) => setSearch(e.target.value)}
        />
        {found.length > 0 ? (
          <ul aria-label="Bracelets found" className="mt-2 space-y-1">
            {found.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className={`${buttonClass.secondary} w-full justify-between`}
                  onClick={() => {
                    const line = lineOf(p);
                    setLines((all) => [...all, line]);
                    setSearch('');
                    focusNext.current = field(`line-${line.key}-size`);
                  }}
                >
                  <span>Add {p.name}</span>
                  <span className="tabular-nums">{money(p.price)}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : search.trim() && products.state === 'ready' ? (
          <p className="mt-2 text-sm text-muted">No bracelet on sale matches “{search.trim()}”.</p>
        ) : null}
        {lines.length > 0 ? (
          <ol className="mt-4 space-y-3">
            {lines.map((l, index) => {
              const n = index + 1;
              const own = ownPrice(l) !== null;
              return (
                <li key={l.key} className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-2">
                  <h3 className="font-medium sm:col-span-2">
                    {n}. {l.name} <span className="font-normal text-muted">({money(l.listPrice)} each)</span>
                  </h3>
                  <SelectField
                    id={field(`line-${l.key}-size`)}
                    label={`Size of ${l.name}`}
                    value={l.size}
                    error={shownErrors[field(`line-${l.key}-size`)]}
                    onChange={(e) => update(l.key, { size: e.target.value as SizeCode })}
                    options={l.sizes.map((s) => [s, sizeByCode(s).name])}
                  />
                  <Field
                    id={field(`line-${l.key}-quantity`)}
                    label={`Quantity of ${l.name}`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={MANUAL_ORDER_LIMITS.quantity}
                    value={l.quantity}
                    error={shownErrors[field(`line-${l.key}-quantity`)]}
                    onChange={(e) => update(l.key, { quantity: e.target.value })}
                  />
                  <Field
                    id={field(`line-${l.key}-price`)}
                    label={`Price of one ${l.name} (€)`}
                    hint={own ? `Your own price: the shop’s is ${money(l.listPrice)}.` : 'The shop’s price.'}
                    inputMode="decimal"
                    value={l.price}
                    error={shownErrors[field(`line-${l.key}-price`)]}
                    onChange={(e) => update(l.key, { price: e.target.value })}
                  />
                  <Field
                    id={field(`line-${l.key}-reason`)}
                    label={`Reason for the price of ${l.name}`}
                    note={own ? 'needed' : 'only with your own price'}
                    maxLength={MANUAL_ORDER_LIMITS.reason}
                    value={l.reason}
                    error={shownErrors[field(`line-${l.key}-reason`)]}
                    onChange={(e) => update(l.key, { reason: e.target.value })}
                  />
                  <div className="sm:col-span-2">
                    <button
                      type="button"
                      className={buttonClass.secondary}
                      onClick={() => {
                        setLines((all) => all.filter((x) => x.key !== l.key));
                        focusNext.current = field('search');
                      }}
                    >
                      Remove {l.name}
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
        ) : null}
      </fieldset>

      {handedOver ? null : (
        <fieldset className="grid gap-4 rounded-2xl border border-line bg-white p-5 sm:grid-cols-2">
          <legend className="px-1 text-lg font-medium">Customer</legend>
          <Field
            id={field('name')}
            label="Name"
            autoComplete="off"
            value={customer.name}
            error={shownErrors[field('name')]}
            onChange={(e) => set({ name: e.target.value })}
          />
          <Field
            id={field('email')}
            label="E-mail"
            type="email"
            autoComplete="off"
            value={customer.email}
            error={shownErrors[field('email')]}
            onChange={(e) => set({ email: e.target.value })}
          />
          <AddressFields value={customer} idOf={field} errors={shownErrors} onChange={set} />
          <div className="sm:col-span-2">
            <ZoneField
              id={field('zone')}
              value={zone}
              error={shownErrors[field('zone')]}
              onChange={setZone}
            />
          </div>
        </fieldset>
      )}

      <fieldset className="space-y-3 rounded-2xl border border-line bg-white p-5">
        <legend className="px-1 text-lg font-medium">Gift</legend>
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="size-6 accent-wine"
            checked={giftWrap}
            onChange={(e) => setGiftWrap(e.target.checked)}
          />
          Gift wrap ({money(GIFT_WRAP_PRICE)})
        </label>
        {giftWrap ? (
          <TextAreaField
            id={field('giftMessage')}
            label="Gift message"
            note="optional"
            rows={3}
            maxLength={400}
            value={giftMessage}
            error={shownErrors[field('giftMessage')]}
            onChange={(e) => setGiftMessage(e.target.value)}
          />
        ) : null}
      </fieldset>

      <fieldset className="space-y-3 rounded-2xl border border-line bg-white p-5">
        <legend className="px-1 text-lg font-medium">Payment</legend>
        <div role="radiogroup" aria-label="How the order is paid" className="space-y-1">
          {PAYMENT_CHOICES.map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-3 text-sm">
              <input
                type="radio"
                name={field('payment')}
                className="size-6 accent-wine"
                checked={payment === value}
                onChange={() => setPayment(value)}
              />
              {label}
            </label>
          ))}
        </div>
        {payment !== 'link' ? (
          <SelectField
            id={field('method')}
            label="Paid by"
            value={method}
            onChange={(e) => setMethod(e.target.value as PaymentMethod)}
            options={PAYMENT_METHODS.map((m) => [m, PAYMENT_METHOD_LABELS[m]])}
          />
        ) : null}
        {handedOver ? null : (
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="size-6 accent-wine"
              checked={emailCustomer}
              onChange={(e) => setEmailCustomer(e.target.checked)}
            />
            {paidLabel}
          </label>
        )}
      </fieldset>

      <section aria-labelledby={field('totals')} className="rounded-2xl border border-line bg-white p-5">
        <h2 id={field('totals')} className="text-lg font-medium">
          Total
        </h2>
        <div aria-live="polite">
          {preview.state === 'none' ? (
            <p className="mt-2 text-sm text-muted">Add a bracelet to see the shop’s prices.</p>
          ) : null}
          {preview.state === 'error' ? (
            <p className="mt-2 text-sm text-muted">Not priced yet: {preview.message}</p>
          ) : null}
          {preview.state === 'ready' ? <Totals totals={preview.totals} /> : null}
        </div>
      </section>

      {action.error ? (
        <p
          id={field('refusal')}
          tabIndex={-1}
          role="alert"
          className="rounded-lg border border-danger/40 bg-white px-4 py-3 text-sm text-danger"
        >
          {refusal ? `The order was not made: ${refusal.text}` : action.error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonClass.primary} disabled={action.busy}>
          {action.busy
            ? 'Making the order…'
            : payment === 'handed'
              ? 'Make the order, handed over'
              : payment === 'paid'
                ? 'Make the order, paid'
                : 'Make the order and its payment link'}
        </button>
        <a href={fulfilmentHref.orders()} className={buttonClass.secondary}>
          Cancel
        </a>
      </div>
    </form>
  );
}

function Totals({ totals }: { readonly totals: ManualOrderTotals }) {
  return (
    <dl className="mt-2 space-y-1 text-sm">
      {totals.lines.map((l) => (
        <div key={`${l.id}-${l.size}`} className="flex justify-between gap-3">
          <dt>
            {l.quantity} × {l.name} ({l.size})
            {l.reason ? <span className="text-muted"> at your price: {l.reason}</span> : null}
          </dt>
          <dd className="tabular-nums">{money(l.lineTotal)}</dd>
        </div>
      ))}
      <div className="flex justify-between">
        <dt>Shipping</dt>
        <dd className="tabular-nums">{totals.shipping === 0 ? 'Free' : money(totals.shipping)}</dd>
      </div>
      {totals.giftWrap > 0 ? (
        <div className="flex justify-between">
          <dt>Gift wrap</dt>
          <dd className="tabular-nums">{money(totals.giftWrap)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between font-semibold">
        <dt>Total</dt>
        <dd className="tabular-nums">{money(totals.total)}</dd>
      </div>
    </dl>
  );
}
