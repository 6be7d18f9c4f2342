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
  const [status, setStatus] = useState<SignupStatus>({ kind: 'idle' });
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

  const onEdit = (next: string) => {
    setValue(next);
    setValidationError(null);
    // The success message hides on the next edit; so does a stale failure.
    if (status.kind === 'success' || status.kind === 'failed') setStatus({ kind: 'idle' });
  };

  const error = validationError ?? (status.kind === 'failed' ? status.message : null);
  return { value, status, error, inputRef, onEdit, onSubmit };
}
