/**
 * Newsletter sign-up (docs/product.md §5.10): the address is trimmed and
 * checked with the messages of §3.2 before anything is sent (that code, and the POST, load on first focus
 * or submit: see submit-newsletter.ts); an invalid one blocks submission and shows
 * the first message as an alert. A valid one is stored on the server; only its ok reply clears the input
 * and shows the success message (for TIMINGS_MS.newsletterMessage or until the next edit). A failed
 * request says so and keeps what the shopper typed.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { TIMINGS_MS } from '../../../../domain/config';
import { NEWSLETTER_MESSAGES, type NewsletterSource } from '../../../../domain/newsletter-messages';

const loadSubmit = () => import('./submit-newsletter');

export interface NewsletterFormProps {
  readonly source: NewsletterSource;
  /** Rendered as a heading above the form when given. */
  readonly heading?: string;
  readonly headingLevel?: 'h2' | 'h3';
  readonly description?: string;
  readonly label?: string;
  readonly placeholder?: string;
  readonly submitLabel?: string;
  readonly successMessage?: string;
  readonly className?: string;
}

type Status =
  | { readonly kind: 'idle' }
  | { readonly kind: 'submitting' }
  | { readonly kind: 'success' }
  | { readonly kind: 'failed'; readonly message: string };

export function NewsletterForm({
  source,
  heading,
  headingLevel: Heading = 'h2',
  description,
  label = 'Email address',
  placeholder = 'you@example.com',
  submitLabel = 'Subscribe',
  successMessage = NEWSLETTER_MESSAGES.success,
  className = '',
}: NewsletterFormProps) {
  const id = useId();
  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const headingId = `${id}-heading`;
  const [value, setValue] = useState('');
  const [validationError, setValidationError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const inputRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  /** Set from the moment of submit: the submit code may still be loading, and a second click must wait. */
  const busy = useRef(false);

  useEffect(() => {
    mounted.current = true;
    // A shopper can type into the prerendered field before the app hydrates; keep what they typed.
    const typed = inputRef.current?.value;
    if (typed) setValue(typed);
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (status.kind !== 'success') return;
    const timer = setTimeout(() => setStatus({ kind: 'idle' }), TIMINGS_MS.newsletterMessage);
    return () => clearTimeout(timer);
  }, [status]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      let submit: Awaited<ReturnType<typeof loadSubmit>>;
      try {
        submit = await loadSubmit();
      } catch {
        if (mounted.current) setStatus({ kind: 'failed', message: NEWSLETTER_MESSAGES.offline });
        return;
      }
      if (!mounted.current) return;
      // The field itself is the truth (it may hold text typed before hydration).
      const request = submit.newsletterRequest(inputRef.current?.value ?? value, source);
      if (!request.ok) {
        setValidationError(request.message);
        setStatus({ kind: 'idle' });
        inputRef.current?.focus();
        return;
      }
      setValidationError(null);
      setStatus({ kind: 'submitting' });
      const result = await submit.postSignup(request.body);
      if (!mounted.current) return;
      if (result.ok) {
        setValue('');
        setStatus({ kind: 'success' });
      } else {
        setStatus({ kind: 'failed', message: result.message });
      }
    } finally {
      busy.current = false;
    }
  };

  const error = validationError ?? (status.kind === 'failed' ? status.message : null);
  const submitting = status.kind === 'submitting';

  return (
    <div className={className}>
      {heading ? (
        <Heading id={headingId} className="font-serif text-3xl">
          {heading}
        </Heading>
      ) : null}
      {description ? <p className="mt-2 text-muted">{description}</p> : null}
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby={heading ? headingId : undefined}
        aria-label={heading ? undefined : 'Newsletter sign-up'}
        className="mt-5"
      >
        <label htmlFor={inputId} className="block text-sm font-medium">
          {label}
        </label>
        <div className="mt-2 flex flex-col gap-3 sm:flex-row">
          <input
            ref={inputRef}
            id={inputId}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            placeholder={placeholder}
            value={value}
            aria-invalid={error !== null ? true : undefined}
            aria-describedby={error !== null ? errorId : undefined}
            onFocus={() => void loadSubmit().catch(() => {})}
            onChange={(e) => {
              setValue(e.target.value);
              setValidationError(null);
              // The success message hides on the next edit; so does a stale failure.
              if (status.kind === 'success' || status.kind === 'failed') setStatus({ kind: 'idle' });
            }}
            className="h-12 w-full min-w-0 flex-1 rounded-full border border-line bg-white px-5 text-base text-ink placeholder:text-muted aria-[invalid=true]:border-danger"
          />
          <button
            type="submit"
            disabled={submitting}
            className="h-12 shrink-0 rounded-full bg-wine px-7 font-medium text-cream hover:bg-wine-dark disabled:cursor-wait disabled:opacity-80"
          >
            {submitting ? 'Subscribing...' : submitLabel}
          </button>
        </div>
        <div className="mt-3 min-h-6 text-sm">
          {error !== null ? (
            <p id={errorId} role="alert" className="font-medium text-danger">
              {error}
            </p>
          ) : null}
          <p role="status" className="font-medium text-success">
            {status.kind === 'success' ? successMessage : ''}
          </p>
        </div>
      </form>
    </div>
  );
}
