/**
 * The desk's quote form (docs/product/quotes.md): a new quote, a copy of one (`from`), or changes to one
 * not yet paid (`editing`). Catalogue lines (product, size, quantity) and custom lines (name, unit price),
 * a discount in percent, the delivery zone, the date it is valid until, the date its order is dispatched
 * by (proposed from the making queue until the owner sets it), a note, and the totals priced live by the
 * shop's own rules (domain/quotes/quotes.ts priceQuote; the server prices it again).
 */
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { isSizeCode, sizeByCode } from '../../../../domain/catalogue/sizes';
import { SIZE_CODES, type SizeCode, type ZoneId } from '../../../../domain/config';
import type { AdminEnquiry } from '../../../../domain/enquiries/enquiries';
import { priceQuote, QUOTE_LIMITS, type QuoteLine } from '../../../../domain/quotes/quotes';
import { shippingRates } from '../../../../domain/settings/storefront-settings';
import { addDays, irishDate } from '../../../../domain/shared/calendar-date';
import { type Cents, cents } from '../../../../domain/shared/money';
import { productApi } from '../catalogue/product-api';
import { enquiriesApi, enquiryLabel } from '../enquiries/enquiries-api';
import { quotesHref } from '../routes/quotes';
import { settingsApi } from '../settings/settings-api';
import { Field, SelectField, TextAreaField, ZoneField } from '../ui/desk-fields';
import { formatDay, money, parseEuroInput } from '../ui/desk-format';
import { type Loaded, useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, Loading } from '../ui/desk-ui';
import { type DeskQuote, quotesApi } from './quotes-api';

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

/** A quote's line back in the form: a catalogue product in its size, or a custom design at its price. */
function draftOf(line: DeskQuote['lines'][number]): DraftLine {
  nextLineId += 1;
  return line.productId === null
    ? {
        id: nextLineId,
        kind: 'custom',
        productId: '',
        size: 'M',
        name: line.name,
        unitPrice: (line.unitPrice / 100).toFixed(2),
        quantity: String(line.quantity),
      }
    : {
        id: nextLineId,
        kind: 'catalogue',
        productId: line.productId,
        size: line.size && isSizeCode(line.size) ? line.size : 'M',
        name: '',
        unitPrice: '',
        quantity: String(line.quantity),
      };
}

/** What the form starts from: a quote to change or copy, or nothing (a new one, perhaps for an enquiry). */
export type QuoteFormSource =
  | { readonly kind: 'new'; readonly enquiry: string | null; readonly from: string | null }
  | { readonly kind: 'edit'; readonly reference: string };

/** Loads the quote to change or copy first, so the form starts with its values. */
export function QuoteForm({
  source,
  onDone,
}: {
  readonly source: QuoteFormSource;
  readonly onDone: (message: string) => void;
}) {
  const base = source.kind === 'edit' ? source.reference : source.from;
  const [loaded] = useDeskData(`quote-form-${base ?? ''}`, () =>
    base ? quotesApi.get(base) : Promise.resolve(null),
  );
  // The catalogue too: a quote's product lines are select fields, and until their options exist a line's
  // product shows as unchosen, so saving then was refused by the browser for a field that looked filled.
  const [products] = useDeskData('quote-products', () => productApi.list());
  if (loaded.state === 'loading' || products.state === 'loading')
    return <Loading label="Opening the quote…" />;
  if (loaded.state === 'error') return <ErrorMessage>{loaded.message}</ErrorMessage>;
  return (
    <Form
      products={products}
      quote={loaded.data}
      editing={source.kind === 'edit'}
      enquiry={source.kind === 'new' ? source.enquiry : null}
      onDone={onDone}
    />
  );
}

function Form({
  products,
  quote,
  editing,
  enquiry,
  onDone,
}: {
  /** Loaded or failed (custom lines need no catalogue). */
  readonly products: Loaded<Awaited<ReturnType<typeof productApi.list>>>;
  readonly quote: DeskQuote | null;
  readonly editing: boolean;
  readonly enquiry: string | null;
  readonly onDone: (message: string) => void;
}) {
  const id = useId();
  const field = (name: string) => `${id}-${name}`;
  const today = irishDate(new Date());
  // Her shipping prices, as the server prices the quote (unread: the first start's, and the saved quote
  // shows the server's total).
  const [settings] = useDeskData('quote-settings', () => settingsApi.read());
  const rates = useMemo(
    () => (settings.state === 'ready' ? shippingRates(settings.data.shipping) : undefined),
    [settings],
  );
  const catalogue = products.state === 'ready' ? products.data.filter((p) => p.status !== 'retired') : [];
  const [enquiries] = useDeskData('quote-enquiries', () => enquiriesApi.list(null).then((r) => r.enquiries));
  const [email, setEmail] = useState(quote?.email ?? '');
  const [name, setName] = useState(quote?.name ?? '');
  const [enquiryId, setEnquiryId] = useState(enquiry ?? quote?.enquiryId ?? '');
  const [linked, setLinked] = useState<AdminEnquiry | null>(null);
  const [lines, setLines] = useState<DraftLine[]>(() =>
    quote && quote.lines.length > 0 ? quote.lines.map(draftOf) : [emptyLine()],
  );
  const [discount, setDiscount] = useState(String(quote?.discountPercent ?? 0));
  const [zone, setZone] = useState<ZoneId>(quote?.zone ?? 'IE');
  // A copy gets fresh dates when the original's have passed; a change keeps what the client was told.
  const [validUntil, setValidUntil] = useState(
    quote && (editing || quote.validUntil >= today) ? quote.validUntil : addDays(today, 30),
  );
  const ownDispatch = quote && (editing || quote.dispatchBy >= today) ? quote.dispatchBy : '';
  const [dispatchBy, setDispatchBy] = useState(ownDispatch);
  // The making queue's date is proposed until the owner sets one herself (or the quote had one).
  const [dispatchSet, setDispatchSet] = useState(ownDispatch !== '');
  const [note, setNote] = useState(quote?.note ?? '');
  // A changed quote keeps the prices it was quoted at for the catalogue lines it still has.
  const kept = useMemo(
    () =>
      new Map<string, Cents>(
        editing && quote
          ? quote.lines
              .filter((l) => l.productId !== null && l.size !== null)
              .map((l) => [`${l.productId}:${l.size}`, cents(l.unitPrice)])
          : [],
      ),
    [editing, quote],
  );

  // From an enquiry: the client's address and name as they sent them (the person, whom the e-mail greets;
  // the enquiry names the company), and their pieces on the first line, for the owner to check rather
  // than type again. A field she already typed in is left alone.
  useEffect(() => {
    if (!enquiry) return;
    let live = true;
    enquiriesApi.get(enquiry).then(
      (e) => {
        if (!live) return;
        setLinked(e);
        setEmail((v) => v || e.email);
        setName((v) => v || e.name);
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

  const pieces = lines.reduce((n, l) => {
    const q = Number(l.quantity);
    return Number.isInteger(q) && q >= 1 ? n + q : n;
  }, 0);
  useEffect(() => {
    if (dispatchSet || pieces < 1) return;
    let live = true;
    quotesApi.dispatchBy(pieces).then(
      (date) => {
        if (live) setDispatchBy(date);
      },
      // Without a proposal the field stays as it is; the server proposes the same date when it is empty.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [pieces, dispatchSet]);

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
            unitPrice: kept.get(`${product.id}:${l.size}`) ?? cents(product.price),
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
      rates,
    );
  }, [lines, catalogue, discount, zone, kept, rates]);

  const update = (lineId: number, change: Partial<DraftLine>) =>
    setLines((all) => all.map((l) => (l.id === lineId ? { ...l, ...change } : l)));

  const action = useDeskAction(async (submission: string) => {
    const body = {
      ...(enquiryId ? { enquiryId } : {}),
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
      ...(dispatchBy ? { dispatchBy } : {}),
      ...(note.trim() ? { note } : {}),
    };
    if (editing && quote) {
      const changed = await quotesApi.update(quote.reference, body, submission);
      onDone(
        quote.sentAt
          ? `Quote ${changed.reference} changed (${money(changed.total)}). Send it again so the client has the new terms.`
          : `Quote ${changed.reference} changed (${money(changed.total)}). Send it when it is ready.`,
      );
      return;
    }
    const created = await quotesApi.create(body, submission);
    onDone(`Quote ${created.reference} made (${money(created.total)}). Send it when it is ready.`);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run();
  };

  // The enquiries to choose from, named by company and date; the one the form came with even when the
  // list does not have it.
  const enquiryOptions = [
    ...(linked && !(enquiries.state === 'ready' && enquiries.data.some((e) => e.id === linked.id))
      ? [linked]
      : []),
    ...(enquiries.state === 'ready' ? enquiries.data : []),
  ];
  const keptEnquiry =
    enquiryId && !enquiryOptions.some((e) => e.id === enquiryId) && quote?.enquiry && quote.enquiryId
      ? { id: quote.enquiryId, label: enquiryLabel(quote.enquiry) }
      : null;

  return (
    <form
      onSubmit={submit}
      className="mt-6 grid gap-4 rounded-2xl border border-line bg-white p-5 sm:grid-cols-2"
    >
      <h2 className="text-xl sm:col-span-2">
        {editing && quote ? `Change quote ${quote.reference}` : 'New quote'}
      </h2>
      {editing && quote?.sentAt ? (
        <p className="text-sm text-muted sm:col-span-2">
          The client’s link stays the same and shows the new terms at once; send the quote again so their
          e-mail says them too.
        </p>
      ) : null}
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
        hint="The person: the e-mail greets them by it."
        value={name}
        maxLength={QUOTE_LIMITS.clientNameLength}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="sm:col-span-2">
        <SelectField
          id={field('enquiry')}
          label="Enquiry"
          note="optional"
          value={enquiryId}
          onChange={(e) => setEnquiryId(e.target.value)}
        >
          <option value="">No enquiry</option>
          {keptEnquiry ? <option value={keptEnquiry.id}>{keptEnquiry.label}</option> : null}
          {enquiryOptions.map((e) => (
            <option key={e.id} value={e.id}>
              {enquiryLabel(e)}
            </option>
          ))}
        </SelectField>
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
                  <SelectField
                    id={field(`kind-${l.id}`)}
                    label={`Line ${n}`}
                    compact
                    value={l.kind}
                    onChange={(e) => update(l.id, { kind: e.target.value as DraftLine['kind'] })}
                  >
                    <option value="catalogue">From the catalogue</option>
                    <option value="custom">Custom design</option>
                  </SelectField>
                </div>
                {l.kind === 'catalogue' ? (
                  <>
                    <div className="sm:col-span-2">
                      <SelectField
                        id={field(`product-${l.id}`)}
                        label={`Product of line ${n}`}
                        compact
                        value={l.productId}
                        onChange={(e) => update(l.id, { productId: e.target.value })}
                        required
                      >
                        <option value="">Choose a bracelet</option>
                        {catalogue.map((p) => (
                          <option key={p.id} value={p.id}>
                            {p.id}. {p.name} ({money(kept.get(`${p.id}:${l.size}`) ?? p.price)})
                          </option>
                        ))}
                      </SelectField>
                    </div>
                    <SelectField
                      id={field(`size-${l.id}`)}
                      label={`Size of line ${n}`}
                      compact
                      value={l.size}
                      onChange={(e) => update(l.id, { size: e.target.value as SizeCode })}
                      options={(product?.sizes ?? SIZE_CODES)
                        .filter(isSizeCode)
                        .map((s) => [s, sizeByCode(s).name])}
                    />
                  </>
                ) : (
                  <>
                    <div className="sm:col-span-2">
                      <Field
                        id={field(`name-${l.id}`)}
                        label={`Name of line ${n}`}
                        compact
                        value={l.name}
                        maxLength={QUOTE_LIMITS.nameLength}
                        onChange={(e) => update(l.id, { name: e.target.value })}
                        required
                      />
                    </div>
                    <Field
                      id={field(`price-${l.id}`)}
                      label={`Unit price of line ${n} (€)`}
                      compact
                      inputMode="decimal"
                      value={l.unitPrice}
                      onChange={(e) => update(l.id, { unitPrice: e.target.value })}
                      required
                    />
                  </>
                )}
                <Field
                  id={field(`qty-${l.id}`)}
                  label={`Quantity of line ${n}`}
                  compact
                  type="number"
                  min={1}
                  max={QUOTE_LIMITS.quantity}
                  value={l.quantity}
                  onChange={(e) => update(l.id, { quantity: e.target.value })}
                  required
                />
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
      <ZoneField id={field('zone')} value={zone} onChange={setZone} />
      <Field
        id={field('valid')}
        label="Valid until"
        note="through the end of the day"
        type="date"
        value={validUntil}
        onChange={(e) => setValidUntil(e.target.value as typeof validUntil)}
        required
      />
      <Field
        id={field('dispatch')}
        label="Dispatch by"
        note="if paid by then"
        type="date"
        min={today}
        hint={
          dispatchSet
            ? 'The quote, its e-mail, the order and its e-mails promise this date.'
            : `Proposed from the making queue for ${pieces} ${pieces === 1 ? 'piece' : 'pieces'}${
                dispatchBy ? ` (${formatDay(dispatchBy)})` : ''
              }; change it to the date you can keep.`
        }
        value={dispatchBy}
        onChange={(e) => {
          setDispatchSet(true);
          setDispatchBy(e.target.value);
        }}
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
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <button type="submit" className={buttonClass.primary} disabled={action.busy}>
          {editing
            ? action.busy
              ? 'Saving the changes…'
              : 'Save the changes'
            : action.busy
              ? 'Making the quote…'
              : 'Make the quote'}
        </button>
        <a
          href={editing && quote ? quotesHref.quote(quote.reference) : quotesHref.quotes()}
          className={buttonClass.secondary}
        >
          Cancel
        </a>
      </div>
    </form>
  );
}
