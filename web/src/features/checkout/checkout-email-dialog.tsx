/**
 * The checkout's e-mail step (docs/product/states.md §5.8 and docs/product/texts.md §3.2): opens empty (the parent mounts a fresh one for every
 * opening, so e-mail and error are cleared), validates on Continue (trimmed, valid,
 * at most 255 characters, the messages of §3.2 in red under the field), Enter submits. Radix Dialog traps
 * focus, closes on Escape and gives focus back to the button that opened it.
 * Under the field, an unticked box asks for the one cart reminder (docs/product/states.md §5.10a): consent is
 * given only by ticking it, before anything is sent (S.I. 336/2011, Reg. 13).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { SHIPPING_ZONES, type ZoneId } from '../../../../domain/config';
import { REMIND_ME_HINT, REMIND_ME_LABEL } from '../../../../domain/newsletter/remind-me';
import { checkEmail } from '../../../../domain/shared/email';

/** Where the order goes and who buys (docs/product/vat.md §20.8): the server prices the VAT from them. */
export interface CheckoutVatChoice {
  /** One of the zone's countries; absent: not chosen (the server asks when the VAT depends on it). */
  readonly country?: string;
  readonly business?: { readonly name: string; readonly vatNumber: string };
}

/** The country's English name from the browser (no table in this chunk), or its code. */
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string): string => regionNames.of(code) ?? code;

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

export interface CheckoutEmailDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** Called with the trimmed, valid address, whether the shopper ticked the one reminder, and the VAT choice. */
  readonly onContinue: (email: string, remindMe: boolean, vat: CheckoutVatChoice) => void;
  /** The cart's delivery zone: a zone of several countries offers the country. */
  readonly zone?: ZoneId;
}

export function CheckoutEmailDialog({ open, onOpenChange, onContinue, zone }: CheckoutEmailDialogProps) {
  const id = useId();
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const remindId = `${id}-remind`;
  const remindHintId = `${id}-remind-hint`;
  const [email, setEmail] = useState('');
  // Unticked on every opening: no consent is ever assumed.
  const [remindMe, setRemindMe] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const countries = zone ? SHIPPING_ZONES[zone].countries : [];
  const [country, setCountry] = useState('');
  const [forBusiness, setForBusiness] = useState(false);
  const [company, setCompany] = useState('');
  const [vatNumber, setVatNumber] = useState('');
  const [businessErrors, setBusinessErrors] = useState<{ name?: string; vatNumber?: string }>({});
  const companyRef = useRef<HTMLInputElement>(null);
  const vatNumberRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkEmail(email);
    if (!check.ok) {
      setError(check.message);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    if (forBusiness) {
      const errors = {
        ...(company.trim() === '' ? { name: BUSINESS_TEXT.nameMissing } : {}),
        ...(vatNumber.trim() === '' ? { vatNumber: BUSINESS_TEXT.vatNumberMissing } : {}),
      };
      setBusinessErrors(errors);
      if (errors.name) return companyRef.current?.focus();
      if (errors.vatNumber) return vatNumberRef.current?.focus();
    }
    onContinue(check.email, remindMe, {
      ...(country ? { country } : {}),
      ...(forBusiness ? { business: { name: company.trim(), vatNumber: vatNumber.trim() } } : {}),
    });
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            inputRef.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-cream p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="font-serif text-2xl">Checkout</Dialog.Title>
          <Dialog.Description id={hintId} className="mt-2 text-sm text-muted">
            Enter your email address for your order confirmation. You'll add your delivery address and pay on
            the secure payment page.
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
            {countries.length > 1 ? (
              <div className="mt-4">
                <label htmlFor={`${id}-country`} className="block text-sm font-medium">
                  {BUSINESS_TEXT.country}
                </label>
                <select
                  id={`${id}-country`}
                  name="country"
                  value={country}
                  onChange={(e) => setCountry(e.target.value)}
                  className="mt-1 block h-12 w-full rounded-lg border border-line bg-white px-3 text-base"
                >
                  <option value="">Choose on the payment page</option>
                  {countries.map((code) => (
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
}) {
  const errorId = `${props.id}-error`;
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
        aria-describedby={props.error ? errorId : undefined}
        className={`mt-1 block h-12 w-full rounded-lg border bg-white px-3 text-base ${props.error ? 'border-2 border-danger' : 'border-line'}`}
      />
      {props.error ? (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
