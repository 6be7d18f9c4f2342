/**
 * The corporate and bespoke enquiry form (docs/product/enquiries.md §16), loaded by its page as a chunk of its own.
 * The fields are uncontrolled: what a visitor types before the page hydrates stays, and the values are
 * read from the form when it is sent. A corporate enquiry under the minimum is told so as soon as the
 * pieces are typed, and again on sending. Errors sit under their fields and the first one takes the
 * focus; the success message is announced from a live region. Checks and the POST load on first focus.
 */
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  belowCorporateMinimum,
  CORPORATE_MINIMUM_TEXT,
  ENQUIRY_FIELD_ORDER,
  ENQUIRY_FORM_TEXT,
  ENQUIRY_HONEYPOT,
  ENQUIRY_KIND_LABELS,
  ENQUIRY_KINDS,
  ENQUIRY_LIMITS,
  type EnquiryField,
  type EnquiryKind,
  localIsoDate,
} from '../../../../domain/enquiries/enquiry-texts';
import type { FieldErrors } from './submit-enquiry';

const loadSubmit = () => import('./submit-enquiry');

const INPUT =
  'mt-1 block min-h-12 w-full rounded-xl border border-line bg-white px-4 text-base text-ink placeholder:text-muted aria-[invalid=true]:border-danger';

type Status =
  | { readonly kind: 'idle' }
  | { readonly kind: 'sending' }
  | { readonly kind: 'sent' }
  | { readonly kind: 'failed'; readonly message: string };

function text(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  readonly id: string;
  readonly label: string;
  readonly error: string | undefined;
  readonly hint?: ReactNode;
  readonly children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria-describedby of a field: its hint and its error, when present. */
function describedBy(id: string, hint: boolean, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

export function EnquiryForm() {
  const id = useId();
  const fieldId = (field: EnquiryField) => `${id}-${field}`;
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useRef(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [kind, setKind] = useState<EnquiryKind | null>(null);
  const [pieces, setPieces] = useState('');
  const showMinimum = kind !== null && !errors.pieces && belowCorporateMinimum(kind, Number(pieces));
  const sending = status.kind === 'sending';
  const dateRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // The date picker starts at today; set in the browser, as the page's HTML is rendered ahead of time.
    if (dateRef.current) dateRef.current.min = localIsoDate(new Date());
    // A choice made in the page's HTML before it came alive: the minimum's notice follows it from here.
    const form = formRef.current;
    if (!form) return;
    const chosen = text(form, 'kind');
    if ((ENQUIRY_KINDS as readonly string[]).includes(chosen)) setKind(chosen as EnquiryKind);
    setPieces(text(form, 'pieces'));
  }, []);

  const focusField = (field: EnquiryField) => {
    const form = formRef.current;
    const target =
      field === 'kind'
        ? form?.querySelector<HTMLInputElement>('input[name="kind"]')
        : form?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(field))}`);
    target?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (busy.current) return;
    busy.current = true;
    try {
      let submit: Awaited<ReturnType<typeof loadSubmit>>;
      try {
        submit = await loadSubmit();
      } catch {
        setStatus({ kind: 'failed', message: ENQUIRY_FORM_TEXT.offline });
        return;
      }
      const check = submit.checkEnquiry({
        kind: text(form, 'kind'),
        name: text(form, 'name'),
        email: text(form, 'email'),
        company: text(form, 'company'),
        pieces: text(form, 'pieces'),
        neededBy: text(form, 'neededBy'),
        budget: text(form, 'budget'),
        occasion: text(form, 'occasion'),
        message: text(form, 'message'),
        honeypot: text(form, ENQUIRY_HONEYPOT),
      });
      if (!check.ok) {
        setErrors(check.errors);
        setStatus({ kind: 'idle' });
        const first = ENQUIRY_FIELD_ORDER.find((f) => check.errors[f]);
        // After React has put the messages under the fields, so the focused field is read with its error.
        if (first) requestAnimationFrame(() => focusField(first));
        return;
      }
      setErrors({});
      setStatus({ kind: 'sending' });
      const sent = await submit.postEnquiry(check.body);
      if (sent.ok) {
        form.reset();
        setKind(null);
        setPieces('');
        setStatus({ kind: 'sent' });
      } else {
        setStatus({ kind: 'failed', message: sent.message });
      }
    } finally {
      busy.current = false;
    }
  };

  const prepare = () => void loadSubmit().catch(() => {});
  const invalid = (field: EnquiryField) => (errors[field] ? true : undefined);
  const clear = (field: EnquiryField) => {
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
    if (status.kind === 'sent' || status.kind === 'failed') setStatus({ kind: 'idle' });
  };

  /** What every text field shares: its id and name, its error's marks, and clearing the error on edit. */
  const control = (field: EnquiryField, name: string = field, hint = false) => ({
    id: fieldId(field),
    name,
    className: INPUT,
    'aria-invalid': invalid(field),
    'aria-describedby': describedBy(fieldId(field), hint, errors[field]),
    onChange: () => clear(field),
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      onFocus={prepare}
      aria-labelledby={`${id}-heading`}
      className="mt-8 space-y-5 rounded-2xl border border-line bg-white p-5 text-left sm:p-8"
    >
      <div>
        <h3 id={`${id}-heading`} className="text-2xl">
          {ENQUIRY_FORM_TEXT.heading}
        </h3>
        <p className="mt-2 text-muted">{ENQUIRY_FORM_TEXT.intro}</p>
      </div>

      <fieldset aria-describedby={errors.kind ? `${fieldId('kind')}-error` : undefined}>
        <legend className="text-sm font-medium">{ENQUIRY_FORM_TEXT.kind}</legend>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
          {ENQUIRY_KINDS.map((k) => (
            <label key={k} className="inline-flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name="kind"
                value={k}
                className="h-6 w-6 accent-wine"
                aria-invalid={invalid('kind')}
                onChange={() => {
                  setKind(k);
                  clear('kind');
                  // The minimum belonged to the other choice; the live notice says it again if it applies.
                  if (errors.pieces === CORPORATE_MINIMUM_TEXT) clear('pieces');
                }}
              />
              {ENQUIRY_KIND_LABELS[k]}
            </label>
          ))}
        </div>
        {errors.kind ? (
          <p id={`${fieldId('kind')}-error`} className="mt-1 text-sm font-medium text-danger">
            {errors.kind}
          </p>
        ) : null}
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={fieldId('name')} label={ENQUIRY_FORM_TEXT.name} error={errors.name}>
          <input {...control('name')} autoComplete="name" maxLength={ENQUIRY_LIMITS.nameMax} />
        </Field>
        <Field id={fieldId('email')} label={ENQUIRY_FORM_TEXT.email} error={errors.email}>
          <input {...control('email')} type="email" inputMode="email" autoComplete="email" />
        </Field>
        <Field id={fieldId('company')} label={ENQUIRY_FORM_TEXT.company} error={errors.company}>
          <input {...control('company')} autoComplete="organization" maxLength={ENQUIRY_LIMITS.companyMax} />
        </Field>
        <Field id={fieldId('pieces')} label={ENQUIRY_FORM_TEXT.pieces} error={errors.pieces}>
          <input
            {...control('pieces')}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="off"
            aria-describedby={
              showMinimum
                ? `${fieldId('pieces')}-minimum`
                : describedBy(fieldId('pieces'), false, errors.pieces)
            }
            onChange={(e) => {
              setPieces(e.target.value);
              clear('pieces');
            }}
          />
        </Field>
        <Field id={fieldId('neededBy')} label={ENQUIRY_FORM_TEXT.neededBy} error={errors.neededBy}>
          <input {...control('neededBy')} type="date" ref={dateRef} />
        </Field>
        <Field id={fieldId('budgetPerPiece')} label={ENQUIRY_FORM_TEXT.budget} error={errors.budgetPerPiece}>
          <input {...control('budgetPerPiece', 'budget')} inputMode="decimal" autoComplete="off" />
        </Field>
      </div>
      {/* Polite and present from the start, so the minimum is announced the moment it applies. */}
      <p id={`${fieldId('pieces')}-minimum`} aria-live="polite" className="text-sm font-medium text-wine">
        {showMinimum ? CORPORATE_MINIMUM_TEXT : ''}
      </p>

      <Field
        id={fieldId('occasion')}
        label={ENQUIRY_FORM_TEXT.occasion}
        error={errors.occasion}
        hint={ENQUIRY_FORM_TEXT.occasionHint}
      >
        <input {...control('occasion', 'occasion', true)} maxLength={ENQUIRY_LIMITS.occasionMax} />
      </Field>
      <Field id={fieldId('message')} label={ENQUIRY_FORM_TEXT.message} error={errors.message}>
        <textarea
          {...control('message')}
          rows={5}
          maxLength={ENQUIRY_LIMITS.messageMax}
          className={`${INPUT} py-3`}
        />
      </Field>

      {/* For bots only: people never see it, screen readers skip it, Tab never reaches it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          {ENQUIRY_FORM_TEXT.honeypot}
          <input name={ENQUIRY_HONEYPOT} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <button
          type="submit"
          disabled={sending}
          className="inline-flex min-h-12 items-center justify-center rounded-full bg-wine px-8 py-3 font-medium text-cream hover:bg-wine-dark disabled:cursor-wait disabled:opacity-80"
        >
          {sending ? ENQUIRY_FORM_TEXT.submitting : ENQUIRY_FORM_TEXT.submit}
        </button>
        {Object.keys(errors).length > 0 ? (
          <p className="text-sm font-medium text-danger">{ENQUIRY_FORM_TEXT.errorsSummary}</p>
        ) : null}
      </div>
      <p role="status" className="font-medium text-success">
        {status.kind === 'sent' ? ENQUIRY_FORM_TEXT.success : ''}
      </p>
      {status.kind === 'failed' ? (
        <p role="alert" className="font-medium text-danger">
          {status.message}
        </p>
      ) : null}
    </form>
  );
}
