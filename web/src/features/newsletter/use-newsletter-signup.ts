/**
 * The sign-up's state: the address is trimmed and checked with the messages of docs/product.md §3.2
 * before anything is sent (that code, and the POST, load on first focus or submit: see
 * submit-newsletter.ts); an invalid one
 * blocks submission. A valid one is stored on the server; only its ok reply clears the input and shows
 * the success message (for TIMINGS_MS.newsletterMessage or until the next edit). A failed request says
 * so and keeps what the shopper typed.
 */
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { TIMINGS_MS } from '../../../../domain/config';
import { NEWSLETTER_MESSAGES, type NewsletterSource } from '../../../../domain/newsletter-messages';

export const loadSubmit = () => import('./submit-newsletter');

export type SignupStatus =
  | { readonly kind: 'idle' }
  | { readonly kind: 'submitting' }
  | { readonly kind: 'success' }
  | { readonly kind: 'failed'; readonly message: string };

type SignupResult = Awaited<ReturnType<Awaited<ReturnType<typeof loadSubmit>>['postSignup']>>;

/**
 * The request in flight per form, outside the form: a page may render its form again while the request
 * runs (a new instance, whose state starts empty). The form that is there when the answer comes shows it,
 * whichever instance sent the request; a second submit meanwhile sends nothing.
 */
const inFlight = new Map<NewsletterSource, Promise<SignupResult>>();

/** Shows a request's answer in a form, if that form is still on the page. */
async function showAnswer(
  request: Promise<SignupResult>,
  form: {
    readonly mounted: RefObject<boolean>;
    readonly setValue: (value: string) => void;
    readonly setStatus: (status: SignupStatus) => void;
  },
): Promise<void> {
  const result = await request;
  if (!form.mounted.current) return;
  if (result.ok) {
    form.setValue('');
    form.setStatus({ kind: 'success' });
  } else {
    form.setStatus({ kind: 'failed', message: result.message });
  }
}

export function useNewsletterSignup(source: NewsletterSource): {
  readonly value: string;
  readonly status: SignupStatus;
  /** The message to show under the field: the address's problem, or why the request failed. */
  readonly error: string | null;
  readonly inputRef: RefObject<HTMLInputElement | null>;
  readonly onEdit: (value: string) => void;
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
} {
  const [value, setValue] = useState('');
  const [validationError, setValidationError] = useState<string | null>(null);
  const [status, setStatus] = useState<SignupStatus>(() =>
    inFlight.has(source) ? { kind: 'submitting' } : { kind: 'idle' },
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  /** Set from the moment of submit: the submit code may still be loading, and a second click must wait. */
  const busy = useRef(false);

  useEffect(() => {
    mounted.current = true;
    // A shopper can type into the prerendered field before the app hydrates; keep what they typed.
    const typed = inputRef.current?.value;
    if (typed) setValue(typed);
    // Mounted again while this form's request runs: its answer is this instance's to show.
    const pending = inFlight.get(source);
    if (pending) void showAnswer(pending, { mounted, setValue, setStatus });
    return () => {
      mounted.current = false;
    };
  }, [source]);

  useEffect(() => {
    if (status.kind !== 'success') return;
    const timer = setTimeout(() => setStatus({ kind: 'idle' }), TIMINGS_MS.newsletterMessage);
    return () => clearTimeout(timer);
  }, [status]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current || inFlight.has(source)) return;
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
      const sent = submit.postSignup(request.body).finally(() => inFlight.delete(source));
      inFlight.set(source, sent);
      await showAnswer(sent, { mounted, setValue, setStatus });
    } finally {
      busy.current = false;
    }
  };

  const onEdit = (next: string) => {
    setValue(next);
    setValidationError(null);
    // The success message hides on the next edit; so does a stale failure.
    if (status.kind === 'success' || status.kind === 'failed') setStatus({ kind: 'idle' });
  };

  const error = validationError ?? (status.kind === 'failed' ? status.message : null);
  return { value, status, error, inputRef, onEdit, onSubmit };
}
