/**
 * The checkout's e-mail step (docs/product/states.md §5.8 and docs/product/texts.md §3.2): opens empty (the parent mounts a fresh one for every
 * opening, so e-mail and error are cleared), validates on Continue (trimmed, valid,
 * at most 255 characters, the messages of §3.2 in red under the field), Enter submits. Radix Dialog traps
 * focus, closes on Escape and gives focus back to the button that opened it.
 * Under the field, an unticked box asks for the one cart reminder (docs/product/states.md §5.10a): consent is
 * given only by ticking it, before anything is sent (S.I. 336/2011, Reg. 13).
 * When gift cards pay the whole order of bracelets no payment page follows, so the dialog also asks for
 * the delivery address (docs/product/gift-cards.md §19.3): labelled fields, each error beside its field,
 * the country limited to the cart's zone, focus on the first field to correct.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import {
  type ShippingField,
  type ShippingValues,
  shippingErrors,
  shippingFieldOf,
  shippingMessageText,
} from '../../../../domain/checkout/shipping-fields';
import { DEFAULT_US_DUTY_PERCENT, dutyNotice, gbChoiceOf } from '../../../../domain/customs/duty-notice';
import { REMIND_ME_HINT, REMIND_ME_LABEL } from '../../../../domain/newsletter/remind-me';
import { countryName } from '../../../../domain/shared/countries';
import { checkEmail } from '../../../../domain/shared/email';
import { VIES_TEST_REGISTER_ENV, VIES_TEST_REGISTER_HINT } from '../../../../domain/vat/vies-test-register';

/** Where the order goes and who buys (docs/product/vat.md §20.8): the server prices the VAT from them. */
export interface CheckoutVatChoice {
  /** One of the zone's countries; absent: not chosen (the server asks when the VAT depends on it). */
  readonly country?: string;
  readonly business?: { readonly name: string; readonly vatNumber: string };
  /** Gift cards alone: the buyer's name, which each card's e-mail says it is from (sent as given). */
  readonly giftCardsFrom?: string;
}

export const BUSINESS_TEXT = {
  label: "I'm buying for a business",
  hint: 'With a valid EU VAT number of another EU country you pay the price without VAT (reverse charge).',
  name: 'Company name',
  vatNumber: 'EU VAT number',
  country: 'Country of delivery',
  nameMissing: 'business.name: give the company name',
  vatNumberMissing:
    'business.vatNumber: give the EU VAT number, starting with its country code (DE123456789)',
} as const;

/**
 * TEST MODE with no VIES_URL (docs/product/vat.md §20.5): the server checks numbers against its built-in
 * test register and says so in /runtime-env.js; the VAT-number field then names it and its numbers.
 */
function viesTestRegister(): boolean {
  return typeof window !== 'undefined' && window.__SOLAS_ENV__?.[VIES_TEST_REGISTER_ENV] === 'true';
}

export interface CheckoutEmailDialogProps {
  readonly open: boolean;
  /** The US duty in percent as the owner set it (Settings), said when the United States is chosen. */
  readonly usDutyPercent?: number;
  /**
   * The order's value in cents, for Great Britain's "nothing more is due at the door" under £135 (said
   * only when given: a larger value than the charge is never told it owes nothing).
   */
  readonly valueCents?: number;
  readonly onOpenChange: (open: boolean) => void;
  /**
   * Called with the trimmed, valid address, whether the shopper ticked the one reminder, the VAT choice
   * (the country and a business buyer), and the delivery address when the dialog asked for one.
   */
  readonly onContinue: (
    email: string,
    remindMe: boolean,
    vat: CheckoutVatChoice,
    shipping?: DeliveryAddress,
  ) => void;
  /** The countries of the cart's zone: a zone of several offers the country (the VAT follows it). */
  readonly countries?: readonly string[];
  /** Ask for the delivery address too (in a country of `countries`), with the server's refusal if any. */
  readonly address?: { readonly error?: string | null } | null;
  /** The e-mail and reminder given before, when the dialog opens again for the address. */
  readonly initialEmail?: string;
  readonly initialRemindMe?: boolean;
  readonly initialAddress?: DeliveryAddress | undefined;
  /** An order of gift cards alone: ask the buyer's name (who the cards are from). */
  readonly askFrom?: boolean;
}

export const FROM_TEXT = {
  label: 'Your name',
  hint: 'Each gift card’s e-mail says it is from you.',
  missing: 'Please enter your name: the gift card’s e-mail says who it is from',
} as const;

/** What the checkout sends as `shipping` (an empty second line left out). */
export interface DeliveryAddress {
  readonly name: string;
  readonly line1: string;
  readonly line2?: string;
  readonly city: string;
  readonly postalCode: string;
  readonly country: string;
}

const ADDRESS_FIELDS: readonly {
  readonly field: Exclude<ShippingField, 'country'>;
  readonly label: string;
  readonly autoComplete: string;
}[] = [
  { field: 'name', label: 'Full name', autoComplete: 'shipping name' },
  { field: 'line1', label: 'Address line 1', autoComplete: 'shipping address-line1' },
  { field: 'line2', label: 'Address line 2 (optional)', autoComplete: 'shipping address-line2' },
  { field: 'city', label: 'Town or city', autoComplete: 'shipping address-level2' },
  { field: 'postalCode', label: 'Postcode (Eircode in Ireland)', autoComplete: 'shipping postal-code' },
];

const FIELD_ORDER: readonly ShippingField[] = ['name', 'line1', 'line2', 'city', 'postalCode', 'country'];

function serverErrors(error: string | null | undefined): Partial<Record<ShippingField, string>> {
  const field = error ? shippingFieldOf(error) : null;
  return error && field && field !== 'needed' ? { [field]: shippingMessageText(error) } : {};
}

export function CheckoutEmailDialog({
  open,
  onOpenChange,
  onContinue,
  address = null,
  countries: zoneCountries = [],
  initialEmail = '',
  initialRemindMe = false,
  initialAddress,
  askFrom = false,
  usDutyPercent = DEFAULT_US_DUTY_PERCENT,
  valueCents = Number.POSITIVE_INFINITY,
}: CheckoutEmailDialogProps) {
  const id = useId();
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const remindId = `${id}-remind`;
  const remindHintId = `${id}-remind-hint`;
  const [email, setEmail] = useState(initialEmail);
  // Unticked on every opening: no consent is ever assumed (the address step keeps what was just ticked).
  const [remindMe, setRemindMe] = useState(initialRemindMe);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const countries = address ? zoneCountries : [];
  const [values, setValues] = useState<ShippingValues>({
    name: initialAddress?.name ?? '',
    line1: initialAddress?.line1 ?? '',
    line2: initialAddress?.line2 ?? '',
    city: initialAddress?.city ?? '',
    postalCode: initialAddress?.postalCode ?? '',
    country: initialAddress?.country ?? (countries.length === 1 ? (countries[0] ?? '') : ''),
  });
  const [fieldErrors, setFieldErrors] = useState(() => serverErrors(address?.error));
  const fieldRefs = useRef<Partial<Record<ShippingField, HTMLInputElement | HTMLSelectElement | null>>>({});
  const fieldId = (field: ShippingField) => `${id}-${field}`;
  const errorIdOf = (field: ShippingField) => `${id}-${field}-error`;

  const firstFocus = () => {
    if (!address || !initialEmail) return inputRef.current;
    const wrong = FIELD_ORDER.find((f) => fieldErrors[f]);
    return fieldRefs.current[wrong ?? 'name'] ?? inputRef.current;
  };

  const setValue = (field: ShippingField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (fieldErrors[field]) setFieldErrors((e) => ({ ...e, [field]: undefined }));
  };
  const [country, setCountry] = useState('');
  // What the carrier collects at the door for the country chosen (the US duty), or that nothing more is
  // (Great Britain under £135 with UK VAT in the price): docs/product/customs.md §21.4.
  const doorNotice = dutyNotice({
    country: address ? values.country : country,
    usDutyPercent,
    gb: gbChoiceOf(zoneCountries),
    valueCents,
  });
  const [forBusiness, setForBusiness] = useState(false);
  const [company, setCompany] = useState('');
  const [vatNumber, setVatNumber] = useState('');
  const [businessErrors, setBusinessErrors] = useState<{ name?: string; vatNumber?: string }>({});
  const companyRef = useRef<HTMLInputElement>(null);
  const [from, setFrom] = useState('');
  const [fromError, setFromError] = useState<string | null>(null);
  const fromRef = useRef<HTMLInputElement>(null);
  const fromId = `${id}-from`;
  const vatNumberRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkEmail(email);
    const wrong = address ? shippingErrors(values, countries) : {};
    setError(check.ok ? null : check.message);
    setFieldErrors(wrong);
    if (!check.ok) {
      inputRef.current?.focus();
      return;
    }
    const first = FIELD_ORDER.find((f) => wrong[f]);
    if (first) {
      fieldRefs.current[first]?.focus();
      return;
    }
    if (askFrom && from.trim() === '') {
      setFromError(FROM_TEXT.missing);
      fromRef.current?.focus();
      return;
    }
    if (forBusiness) {
      const errors = {
        ...(company.trim() === '' ? { name: BUSINESS_TEXT.nameMissing } : {}),
        ...(vatNumber.trim() === '' ? { vatNumber: BUSINESS_TEXT.vatNumberMissing } : {}),
      };
      setBusinessErrors(errors);
      if (errors.name) return companyRef.current?.focus();
      if (errors.vatNumber) return vatNumberRef.current?.focus();
    }
    // With the delivery address asked, its country is where the order goes.
    const destination = address ? values.country : country;
    const vat: CheckoutVatChoice = {
      ...(destination ? { country: destination } : {}),
      ...(forBusiness ? { business: { name: company.trim(), vatNumber: vatNumber.trim() } } : {}),
      ...(askFrom ? { giftCardsFrom: from.trim() } : {}),
    };
    if (!address) {
      onContinue(check.email, remindMe, vat);
      return;
    }
    const line2 = values.line2.trim();
    onContinue(check.email, remindMe, vat, {
      name: values.name.trim(),
      line1: values.line1.trim(),
      ...(line2 ? { line2 } : {}),
      city: values.city.trim(),
      postalCode: values.postalCode.trim(),
      country: values.country,
    });
  };

  const fieldError = (field: ShippingField) => (
    <p id={errorIdOf(field)} className="mt-1 min-h-5 text-sm text-danger">
      {fieldErrors[field]}
    </p>
  );

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            firstFocus()?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-cream p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="font-serif text-2xl">Checkout</Dialog.Title>
          <Dialog.Description id={hintId} className="mt-2 text-sm text-muted">
            {address
              ? 'Your gift cards pay the whole order, so there is no payment page: enter your email address for your order confirmation and the address we post your order to.'
              : "Enter your email address for your order confirmation. You'll add your delivery address and pay on the secure payment page."}
          </Dialog.Description>
          <form noValidate onSubmit={submit} className="mt-5">
            <label htmlFor={inputId} className="block text-sm font-medium">
              Email address
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              required
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                if (error) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              placeholder="you@example.com"
              className={`mt-1 block h-12 w-full rounded-lg border bg-white px-3 text-base ${error ? 'border-2 border-danger' : 'border-line'}`}
            />
            <p id={errorId} className="mt-2 min-h-5 text-sm text-danger" aria-live="assertive">
              {error}
            </p>
            {askFrom ? (
              <div>
                <label htmlFor={fromId} className="block text-sm font-medium">
                  {FROM_TEXT.label}
                </label>
                <p id={`${fromId}-hint`} className="text-sm text-muted">
                  {FROM_TEXT.hint}
                </p>
                <input
                  ref={fromRef}
                  id={fromId}
                  name="giftCardsFrom"
                  autoComplete="name"
                  required
                  maxLength={100}
                  value={from}
                  onChange={(e) => {
                    setFrom(e.target.value);
                    if (fromError) setFromError(null);
                  }}
                  aria-invalid={fromError ? true : undefined}
                  aria-describedby={fromError ? `${fromId}-hint ${fromId}-error` : `${fromId}-hint`}
                  className={`mt-1 block h-12 w-full rounded-lg border bg-white px-3 text-base ${fromError ? 'border-2 border-danger' : 'border-line'}`}
                />
                <p id={`${fromId}-error`} className="mt-1 min-h-5 text-sm text-danger">
                  {fromError}
                </p>
              </div>
            ) : null}
            {address ? (
              <fieldset className="mt-2">
                <legend className="font-serif text-lg">Delivery address</legend>
                {ADDRESS_FIELDS.map(({ field, label, autoComplete }) => (
                  <div key={field} className="mt-2">
                    <label htmlFor={fieldId(field)} className="block text-sm font-medium">
                      {label}
                    </label>
                    <input
                      ref={(el) => {
                        fieldRefs.current[field] = el;
                      }}
                      id={fieldId(field)}
                      name={field}
                      autoComplete={autoComplete}
                      required={field !== 'line2'}
                      value={values[field]}
                      onChange={(e) => setValue(field, e.target.value)}
                      aria-invalid={fieldErrors[field] ? true : undefined}
                      aria-describedby={fieldErrors[field] ? errorIdOf(field) : undefined}
                      className={`mt-1 block h-12 w-full rounded-lg border bg-white px-3 text-base ${fieldErrors[field] ? 'border-2 border-danger' : 'border-line'}`}
                    />
                    {fieldError(field)}
                  </div>
                ))}
                <div className="mt-2">
                  <label htmlFor={fieldId('country')} className="block text-sm font-medium">
                    Country
                  </label>
                  <select
                    ref={(el) => {
                      fieldRefs.current.country = el;
                    }}
                    id={fieldId('country')}
                    name="country"
                    autoComplete="shipping country"
                    required
                    value={values.country}
                    onChange={(e) => setValue('country', e.target.value)}
                    aria-invalid={fieldErrors.country ? true : undefined}
                    aria-describedby={fieldErrors.country ? errorIdOf('country') : undefined}
                    className={`mt-1 block h-12 w-full rounded-lg border bg-white px-3 text-base ${fieldErrors.country ? 'border-2 border-danger' : 'border-line'}`}
                  >
                    {countries.length === 1 ? null : <option value="">Choose a country</option>}
                    {countries.map((code) => (
                      <option key={code} value={code}>
                        {countryName(code)}
                      </option>
                    ))}
                  </select>
                  {fieldError('country')}
                </div>
              </fieldset>
            ) : null}
            {doorNotice ? <p className="mt-3 rounded-lg bg-sand px-3 py-2 text-sm">{doorNotice}</p> : null}
            <div className="mt-2 flex items-start gap-3">
              <input
                id={remindId}
                type="checkbox"
                name="remindMe"
                checked={remindMe}
                onChange={(e) => setRemindMe(e.target.checked)}
                aria-describedby={remindHintId}
                className="mt-0.5 h-6 w-6 shrink-0 accent-wine focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine"
              />
              <div>
                <label htmlFor={remindId} className="text-sm font-medium">
                  {REMIND_ME_LABEL}
                </label>
                <p id={remindHintId} className="mt-1 text-xs text-muted">
                  {REMIND_ME_HINT}
                </p>
              </div>
            </div>
            {/* With the address asked, its country is the destination: one country field, not two. */}
            {!address && zoneCountries.length > 1 ? (
              <div className="mt-4">
                <label htmlFor={`${id}-destination`} className="block text-sm font-medium">
                  {BUSINESS_TEXT.country}
                </label>
                <select
                  id={`${id}-destination`}
                  name="country"
                  value={country}
                  onChange={(e) => setCountry(e.target.value)}
                  className="mt-1 block h-12 w-full rounded-lg border border-line bg-white px-3 text-base"
                >
                  <option value="">Choose on the payment page</option>
                  {zoneCountries.map((code) => (
                    <option key={code} value={code}>
                      {countryName(code)}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <div className="mt-4 flex items-start gap-3">
              <input
                id={`${id}-business`}
                type="checkbox"
                name="forBusiness"
                checked={forBusiness}
                onChange={(e) => setForBusiness(e.target.checked)}
                aria-describedby={`${id}-business-hint`}
                className="mt-0.5 h-6 w-6 shrink-0 accent-wine focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine"
              />
              <div>
                <label htmlFor={`${id}-business`} className="text-sm font-medium">
                  {BUSINESS_TEXT.label}
                </label>
                <p id={`${id}-business-hint`} className="mt-1 text-xs text-muted">
                  {BUSINESS_TEXT.hint}
                </p>
              </div>
            </div>
            {forBusiness ? (
              <div className="mt-3 space-y-3">
                <BusinessField
                  id={`${id}-company`}
                  label={BUSINESS_TEXT.name}
                  name="companyName"
                  autoComplete="organization"
                  value={company}
                  onChange={setCompany}
                  error={businessErrors.name}
                  inputRef={companyRef}
                />
                <BusinessField
                  id={`${id}-vat-number`}
                  label={BUSINESS_TEXT.vatNumber}
                  name="vatNumber"
                  autoComplete="off"
                  value={vatNumber}
                  onChange={setVatNumber}
                  error={businessErrors.vatNumber}
                  inputRef={vatNumberRef}
                  hint={viesTestRegister() ? VIES_TEST_REGISTER_HINT : undefined}
                />
              </div>
            ) : null}
            <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Dialog.Close className="inline-flex min-h-11 items-center justify-center rounded-full border border-line bg-white px-6 font-medium hover:bg-sand">
                Cancel
              </Dialog.Close>
              <button
                type="submit"
                className="inline-flex min-h-11 items-center justify-center rounded-full bg-wine px-6 font-medium text-cream hover:bg-wine-dark"
              >
                Continue
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function BusinessField(props: {
  readonly id: string;
  readonly label: string;
  readonly name: string;
  readonly autoComplete: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error: string | undefined;
  readonly inputRef: RefObject<HTMLInputElement | null>;
  /** Said under the field, and read with it. */
  readonly hint?: string | undefined;
}) {
  const errorId = `${props.id}-error`;
  const hintId = `${props.id}-hint`;
  const describedBy = [props.hint ? hintId : null, props.error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium">
        {props.label}
      </label>
      <input
        ref={props.inputRef}
        id={props.id}
        name={props.name}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`mt-1 block h-12 w-full rounded-lg border bg-white px-3 text-base ${props.error ? 'border-2 border-danger' : 'border-line'}`}
      />
      {props.hint ? (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {props.hint}
        </p>
      ) : null}
      {props.error ? (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
