/**
 * /order, "Find your order" (docs/product/order-flow.md §6.9): the order reference and the e-mail address it was paid
 * with. The page's link is e-mailed to that address on a match and never shown; the answer on screen is the
 * same whether or not they matched.
 */
import { type FormEvent, useId, useRef, useState } from 'react';
import { isReference, normalizeReference } from '../../../domain/orders/order-page';
import { checkEmail } from '../../../domain/shared/email';
import { ContactLine, PRIMARY_BUTTON } from '../features/checkout/confirmation-parts';
import { findOrder } from '../features/orders/order-page-api';

const FIELD =
  'mt-1 block min-h-12 w-full rounded-lg border border-line bg-white px-4 py-3 text-base focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine';

type State =
  | { readonly kind: 'idle' }
  | { readonly kind: 'sending' }
  | { readonly kind: 'answered'; readonly message: string }
  | { readonly kind: 'error'; readonly message: string };

export function OrderLookupPage() {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [fieldError, setFieldError] = useState<{ field: 'reference' | 'email'; message: string } | null>(
    null,
  );
  const answerRef = useRef<HTMLParagraphElement>(null);
  const referenceRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const ids = { reference: useId(), email: useId(), error: useId() };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const reference = normalizeReference(String(data.get('reference') ?? ''));
    const email = checkEmail(String(data.get('email') ?? ''));
    if (!isReference(reference)) {
      setFieldError({ field: 'reference', message: 'Please enter your order reference, e.g. SOL-AB12CD34' });
      referenceRef.current?.focus();
      return;
    }
    if (!email.ok) {
      setFieldError({ field: 'email', message: email.message });
      emailRef.current?.focus();
      return;
    }
    setFieldError(null);
    setState({ kind: 'sending' });
    const result = await findOrder(reference, email.email);
    setState(
      result.ok ? { kind: 'answered', message: result.message } : { kind: 'error', message: result.message },
    );
    requestAnimationFrame(() => answerRef.current?.focus());
  }

  const invalid = (field: 'reference' | 'email') => fieldError?.field === field;

  return (
    <section className="mx-auto min-h-[70vh] max-w-xl px-4 py-14 sm:py-20">
      <h1 className="text-4xl sm:text-5xl">Find your order</h1>
      <p className="mt-4 text-lg text-muted">
        Enter your order reference (it is in your confirmation e-mail and starts with SOL-) and the e-mail
        address you paid with. We will e-mail you the link to your order page.
      </p>
      <form className="mt-8 space-y-5" noValidate onSubmit={submit}>
        <div>
          <label htmlFor={ids.reference} className="font-medium">
            Order reference
          </label>
          <input
            ref={referenceRef}
            id={ids.reference}
            name="reference"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            required
            placeholder="SOL-AB12CD34"
            aria-invalid={invalid('reference') || undefined}
            aria-describedby={invalid('reference') ? ids.error : undefined}
            className={FIELD}
          />
        </div>
        <div>
          <label htmlFor={ids.email} className="font-medium">
            E-mail address
          </label>
          <input
            ref={emailRef}
            id={ids.email}
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-invalid={invalid('email') || undefined}
            aria-describedby={invalid('email') ? ids.error : undefined}
            className={FIELD}
          />
        </div>
        {fieldError ? (
          <p id={ids.error} className="text-sm font-medium text-wine">
            {fieldError.message}
          </p>
        ) : null}
        <button type="submit" className={PRIMARY_BUTTON} disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? 'Sending…' : 'E-mail me the link'}
        </button>
      </form>
      {/* Always in the page (no layout shift when the answer arrives); read out when it changes. */}
      <div aria-live="polite" className="mt-8 min-h-16">
        {state.kind === 'answered' || state.kind === 'error' ? (
          <p
            ref={answerRef}
            tabIndex={-1}
            role={state.kind === 'error' ? 'alert' : 'status'}
            className={`rounded-lg border p-4 focus:outline-none ${state.kind === 'error' ? 'border-wine text-wine' : 'border-line bg-sand'}`}
          >
            {state.message}
          </p>
        ) : null}
      </div>
      <p className="mt-6 text-sm text-muted">
        No e-mail after a few minutes? Check your spam folder, or write to <ContactLine /> with your order
        reference.
      </p>
    </section>
  );
}
