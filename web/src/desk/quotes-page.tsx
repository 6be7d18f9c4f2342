/**
 * The desk's Quotes (docs/product.md, quotes): every quote with its status (draft, sent, paid, expired,
 * withdrawn), Send and Withdraw, the order a paid one became; and the new-quote form: catalogue lines
 * (product, size, quantity) and custom lines (name, unit price), a discount in percent, the delivery zone,
 * the date it is valid until and a note, with the totals priced live by the shop's own rules
 * (domain/quotes.ts priceQuote; the server prices it again). `#/quotes/new?enquiry=ID` opens the form for
 * an enquiry.
 */
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { IDEMPOTENCY_KEY_HEADER } from '../../../domain/admin-api';
import { addDays, irishDate } from '../../../domain/calendar-date';
import { SHIPPING_ZONES, SIZE_CODES, type SizeCode, ZONE_IDS, type ZoneId } from '../../../domain/config';
import { cents } from '../../../domain/money';
import {
  adminQuotePath,
  adminQuoteResponseSchema,
  adminQuotesResponseSchema,
  priceQuote,
  QUOTE_LIMITS,
  QUOTE_STATUS_LABELS,
  QUOTES_API,
  type QuoteLine,
  quoteCreatedResponseSchema,
} from '../../../domain/quotes';
import { isSizeCode, sizeByCode } from '../../../domain/sizes';
import { deskCall } from './desk-api';
import { Field, TextAreaField } from './desk-fields';
import { formatDay, money, parseEuroInput } from './desk-format';
import { useDeskAction, useDeskData } from './desk-hooks';
import { deskHref, navigate } from './desk-router';
import { buttonClass, ErrorMessage, inputClass, Loading, PageHeading } from './desk-ui';
import { enquiriesApi } from './enquiries-api';
import { productApi } from './product-api';

type Listed = ReturnType<typeof adminQuotesResponseSchema.parse>['quotes'][number];

export const quotesApi = {
  list: () => deskCall('GET', QUOTES_API.quotes, adminQuotesResponseSchema).then((r) => r.quotes),
  create: (body: Record<string, unknown>, submission: string) =>
    deskCall('POST', QUOTES_API.quotes, quoteCreatedResponseSchema, body, {
      [IDEMPOTENCY_KEY_HEADER]: submission,
    }).then((r) => r.quote),
  act: (reference: string, action: 'send' | 'withdraw') =>
    deskCall('POST', adminQuotePath(reference, action), adminQuoteResponseSchema, {}).then((r) => r.quote),
};

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

export function QuotesPage({
  creating,
  enquiry,
}: {
  readonly creating: boolean;
  readonly enquiry: string | null;
}) {
  const [loaded, reload] = useDeskData('quotes', () => quotesApi.list());
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div>
      <PageHeading>Quotes</PageHeading>
      <p className="mt-1 text-sm text-muted">
        A quote keeps the prices of the day it is made. The client pays it by card on its page; paid, it is an
        order like any other.
      </p>
      {creating ? (
        <QuoteForm
          key={enquiry ?? ''}
          enquiry={enquiry}
          onDone={(message) => {
            setNotice(message);
            navigate(deskHref.quotes());
            reload();
          }}
        />
      ) : (
        <div className="mt-4">
          <a href={deskHref.newQuote()} className={buttonClass.primary}>
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
      {/* On a phone each quote is a block of its own: the table's six columns do not fit. */}
      <div className="mt-6">
        <table className="w-full text-left text-sm max-sm:block">
          <caption className="sr-only">Quotes</caption>
          <thead className="max-sm:sr-only">
            <tr className="border-b border-line text-muted">
              <th scope="col" className="py-2 pr-3 font-normal">
                Quote
              </th>
              <th scope="col" className="py-2 pr-3 font-normal">
                Client
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-normal">
                Total
              </th>
              <th scope="col" className="py-2 pr-3 font-normal">
                Valid until
              </th>
              <th scope="col" className="py-2 pr-3 font-normal">
                Status
              </th>
              <th scope="col" className="py-2 font-normal">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {quotes.map((q) => (
              <tr key={q.reference} className="border-b border-line/60 align-top max-sm:block max-sm:py-3">
                <th scope="row" className="py-2 pr-3 font-medium max-sm:block max-sm:py-1">
                  {q.reference}
                  {q.enquiryId ? (
                    <span className="block break-all text-xs text-muted">Enquiry {q.enquiryId}</span>
                  ) : null}
                </th>
                <td className="py-2 pr-3 max-sm:block max-sm:py-1">
                  {q.name ? <span className="block">{q.name}</span> : null}
                  <span className="block text-muted">{q.email || 'erased'}</span>
                </td>
                <td className="py-2 pr-3 text-right tabular-nums max-sm:block max-sm:text-left max-sm:py-1">
                  {money(q.total)}
                </td>
                <td className="py-2 pr-3 max-sm:block max-sm:py-1">
                  <span className="sm:sr-only">Valid until </span>
                  {formatDay(q.validUntil)}
                </td>
                <td className="py-2 pr-3 max-sm:block max-sm:py-1">
                  <QuoteStatusBadge status={q.status} />
                  {q.orderReference ? (
                    <a href={deskHref.order(q.orderReference)} className="mt-1 block text-wine underline">
                      Order {q.orderReference}
                    </a>
                  ) : null}
                </td>
                <td className="py-2 max-sm:block max-sm:py-1">
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
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

interface DraftLine {
  readonly id: number;
  readonly kind: 'catalogue' | 'custom';
  readonly productId: string;
  readonly size: SizeCode;
  readonly name: string;
  readonly unitPrice: string;
  readonly quantity: string;
}

let nextLineId = 1;

function emptyLine(): DraftLine {
  nextLineId += 1;
  return {
    id: nextLineId,
    kind: 'catalogue',
    productId: '',
    size: 'M',
    name: '',
    unitPrice: '',
    quantity: '1',
  };
}

function QuoteForm({
  enquiry,
  onDone,
}: {
  readonly enquiry: string | null;
  readonly onDone: (message: string) => void;
}) {
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const [products] = useDeskData('quote-products', () => productApi.list());
  const catalogue = products.state === 'ready' ? products.data.filter((p) => p.status !== 'retired') : [];
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [enquiryId, setEnquiryId] = useState(enquiry ?? '');
  const [lines, setLines] = useState<DraftLine[]>([emptyLine()]);
  const [discount, setDiscount] = useState('0');
  const [zone, setZone] = useState<ZoneId>('IE');
  const [validUntil, setValidUntil] = useState(addDays(irishDate(new Date()), 30));
  const [note, setNote] = useState('');
  // From an enquiry: the client's address and name as they sent them, and their pieces on the first line,
  // for the owner to check rather than type again. A field she already typed in is left alone.
  useEffect(() => {
    if (!enquiry) return;
    let live = true;
    enquiriesApi.get(enquiry).then(
      (e) => {
        if (!live) return;
        setEmail((v) => v || e.email);
        setName((v) => v || (e.company ? `${e.name}, ${e.company}` : e.name));
        setLines((all) =>
          all.length === 1 && all[0]?.quantity === '1' ? [{ ...all[0], quantity: String(e.pieces) }] : all,
        );
      },
      // An enquiry that cannot be read leaves the form empty; saving names the unknown enquiry.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [enquiry]);

  const priced = useMemo(() => {
    const quoteLines: QuoteLine[] = [];
    for (const l of lines) {
      const quantity = Number(l.quantity);
      if (!Number.isInteger(quantity) || quantity < 1) continue;
      if (l.kind === 'catalogue') {
        const product = catalogue.find((p) => p.id === l.productId);
        if (product)
          quoteLines.push({
            productId: product.id,
            name: product.name,
            size: l.size,
            unitPrice: cents(product.price),
            quantity,
          });
      } else {
        const price = parseEuroInput(l.unitPrice);
        if (price !== null && l.name.trim())
          quoteLines.push({ productId: null, name: l.name.trim(), size: null, unitPrice: price, quantity });
      }
    }
    const percent = Number(discount);
    return priceQuote(
      quoteLines,
      zone,
      Number.isInteger(percent) && percent >= 0 && percent <= 90 ? percent : 0,
    );
  }, [lines, catalogue, discount, zone]);

  const update = (lineId: number, change: Partial<DraftLine>) =>
    setLines((all) => all.map((l) => (l.id === lineId ? { ...l, ...change } : l)));

  const action = useDeskAction(async (submission: string) => {
    const body = {
      ...(enquiryId.trim() ? { enquiryId: enquiryId.trim() } : {}),
      email: email.trim(),
      ...(name.trim() ? { name: name.trim() } : {}),
      lines: lines.map((l) =>
        l.kind === 'catalogue'
          ? { productId: l.productId, size: l.size, quantity: Number(l.quantity) }
          : { name: l.name, unitPrice: parseEuroInput(l.unitPrice) ?? -1, quantity: Number(l.quantity) },
      ),
      discountPercent: Number(discount),
      zone,
      validUntil,
      ...(note.trim() ? { note } : {}),
    };
    const created = await quotesApi.create(body, submission);
    onDone(`Quote ${created.reference} made (${money(created.total)}). Send it when it is ready.`);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run();
  };

  return (
    <form
      onSubmit={submit}
      className="mt-6 grid gap-4 rounded-2xl border border-line bg-white p-5 sm:grid-cols-2"
    >
      <h2 className="text-xl sm:col-span-2">New quote</h2>
      <Field
        id={field('email')}
        label="Client’s e-mail"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        required
      />
      <Field
        id={field('name')}
        label="Client’s name"
        note="optional"
        value={name}
        maxLength={QUOTE_LIMITS.clientNameLength}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="sm:col-span-2">
        <Field
          id={field('enquiry')}
          label="Enquiry"
          note="optional"
          value={enquiryId}
          onChange={(e) => setEnquiryId(e.target.value)}
        />
      </div>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium">Lines</legend>
        {products.state === 'error' ? <ErrorMessage>{products.message}</ErrorMessage> : null}
        <ol className="mt-2 space-y-3">
          {lines.map((l, index) => {
            const n = index + 1;
            const product = catalogue.find((p) => p.id === l.productId);
            return (
              <li key={l.id} className="grid gap-2 rounded-lg border border-line p-3 sm:grid-cols-6">
                <div className="sm:col-span-2">
                  <label htmlFor={field(`kind-${l.id}`)} className="block text-xs text-muted">
                    Line {n}
                  </label>
                  <select
                    id={field(`kind-${l.id}`)}
                    value={l.kind}
                    onChange={(e) => update(l.id, { kind: e.target.value as DraftLine['kind'] })}
                    className={inputClass}
                  >
                    <option value="catalogue">From the catalogue</option>
                    <option value="custom">Custom design</option>
                  </select>
                </div>
                {l.kind === 'catalogue' ? (
                  <>
                    <div className="sm:col-span-2">
                      <label htmlFor={field(`product-${l.id}`)} className="block text-xs text-muted">
                        Product of line {n}
                      </label>
                      <select
                        id={field(`product-${l.id}`)}
                        value={l.productId}
                        onChange={(e) => update(l.id, { productId: e.target.value })}
                        className={inputClass}
                        required
                      >
                        <option value="">Choose a bracelet</option>
                        {catalogue.map((p) => (
                          <option key={p.id} value={p.id}>
                            {p.id}. {p.name} ({money(p.price)})
                          </option>
                        ))}
                      </select>
                    </div>
                    <div>
                      <label htmlFor={field(`size-${l.id}`)} className="block text-xs text-muted">
                        Size of line {n}
                      </label>
                      <select
                        id={field(`size-${l.id}`)}
                        value={l.size}
                        onChange={(e) => update(l.id, { size: e.target.value as SizeCode })}
                        className={inputClass}
                      >
                        {(product?.sizes ?? SIZE_CODES).filter(isSizeCode).map((s) => (
                          <option key={s} value={s}>
                            {sizeByCode(s).name}
                          </option>
                        ))}
                      </select>
                    </div>
                  </>
                ) : (
                  <>
                    <div className="sm:col-span-2">
                      <label htmlFor={field(`name-${l.id}`)} className="block text-xs text-muted">
                        Name of line {n}
                      </label>
                      <input
                        id={field(`name-${l.id}`)}
                        value={l.name}
                        maxLength={QUOTE_LIMITS.nameLength}
                        onChange={(e) => update(l.id, { name: e.target.value })}
                        className={inputClass}
                        required
                      />
                    </div>
                    <div>
                      <label htmlFor={field(`price-${l.id}`)} className="block text-xs text-muted">
                        Unit price of line {n} (€)
                      </label>
                      <input
                        id={field(`price-${l.id}`)}
                        inputMode="decimal"
                        value={l.unitPrice}
                        onChange={(e) => update(l.id, { unitPrice: e.target.value })}
                        className={inputClass}
                        required
                      />
                    </div>
                  </>
                )}
                <div>
                  <label htmlFor={field(`qty-${l.id}`)} className="block text-xs text-muted">
                    Quantity of line {n}
                  </label>
                  <input
                    id={field(`qty-${l.id}`)}
                    type="number"
                    min={1}
                    max={QUOTE_LIMITS.quantity}
                    value={l.quantity}
                    onChange={(e) => update(l.id, { quantity: e.target.value })}
                    className={inputClass}
                    required
                  />
                </div>
                {lines.length > 1 ? (
                  <div className="sm:col-span-6">
                    <button
                      type="button"
                      className={buttonClass.secondary}
                      onClick={() => setLines((all) => all.filter((x) => x.id !== l.id))}
                    >
                      Remove line {n}
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
        {lines.length < QUOTE_LIMITS.lines ? (
          <button
            type="button"
            className={`${buttonClass.secondary} mt-3`}
            onClick={() => setLines((all) => [...all, emptyLine()])}
          >
            Add a line
          </button>
        ) : null}
      </fieldset>
      <Field
        id={field('discount')}
        label="Discount (%)"
        type="number"
        min={0}
        max={QUOTE_LIMITS.discountPercent}
        value={discount}
        onChange={(e) => setDiscount(e.target.value)}
      />
      <div>
        <label htmlFor={field('zone')} className="block text-sm font-medium">
          Delivery zone
        </label>
        <select
          id={field('zone')}
          value={zone}
          onChange={(e) => setZone(e.target.value as ZoneId)}
          className={inputClass}
        >
          {ZONE_IDS.map((z) => (
            <option key={z} value={z}>
              {SHIPPING_ZONES[z].label}
            </option>
          ))}
        </select>
      </div>
      <Field
        id={field('valid')}
        label="Valid until"
        note="through the end of the day"
        type="date"
        value={validUntil}
        onChange={(e) => setValidUntil(e.target.value as typeof validUntil)}
        required
      />
      <div className="sm:col-span-2">
        <TextAreaField
          id={field('note')}
          label="Note to the client"
          note="optional"
          rows={4}
          value={note}
          maxLength={QUOTE_LIMITS.noteLength}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      <section aria-label="Totals" aria-live="polite" className="sm:col-span-2">
        <dl className="space-y-1 text-sm">
          <div className="flex justify-between">
            <dt>Lines</dt>
            <dd className="tabular-nums">{money(priced.subtotal)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Discount</dt>
            <dd className="tabular-nums">−{money(priced.discount)}</dd>
          </div>
          <div className="flex justify-between">
            <dt>Shipping</dt>
            <dd className="tabular-nums">{priced.shipping === 0 ? 'Free' : money(priced.shipping)}</dd>
          </div>
          <div className="flex justify-between font-semibold">
            <dt>Total</dt>
            <dd className="tabular-nums">{money(priced.total)}</dd>
          </div>
        </dl>
      </section>
      {action.error ? (
        <div className="sm:col-span-2">
          <ErrorMessage>{action.error}</ErrorMessage>
        </div>
      ) : null}
      <div className="flex gap-3 sm:col-span-2">
        <button type="submit" className={buttonClass.primary} disabled={action.busy}>
          {action.busy ? 'Making the quote…' : 'Make the quote'}
        </button>
        <a href={deskHref.quotes()} className={buttonClass.secondary}>
          Cancel
        </a>
      </div>
    </form>
  );
}
