/**
 * The sign-up's state: the address is trimmed and checked with the messages of docs/product/texts.md §3.2
 * before anything is sent (that code, and the POST, load on first focus or submit: see
 * submit-newsletter.ts); an invalid one
 * blocks submission. A valid one is stored on the server; only its ok reply clears the input and shows
 * the success message (for TIMINGS_MS.newsletterMessage or until the next edit). A failed request says
 * so and keeps what the shopper typed.
 */
import {
  type FormEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { TIMINGS_MS } from '../../../../domain/config';
import {
  NEWSLETTER_MESSAGES,
  type NewsletterSource,
} from '../../../../domain/newsletter/newsletter-messages';

export const loadSubmit = () => import('./submit-newsletter');

export type SignupStatus =
  | { readonly kind: 'idle' }
  | { readonly kind: 'submitting' }
  /** `sent`: the field's text that was sent, so a form that still shows it can empty it. */
  | { readonly kind: 'success'; readonly sent: string }
  | { readonly kind: 'failed'; readonly message: string };

type SignupResult = Awaited<ReturnType<Awaited<ReturnType<typeof loadSubmit>>['postSignup']>>;

const IDLE: SignupStatus = { kind: 'idle' };
/** The server's HTML and hydration: no sign-up has happened there. */
const readIdle = () => IDLE;

/**
 * One form's sign-up, outside the form (per source): its request in flight and its outcome. A page may
 * render its form again while the request runs, or just as its answer lands (a new instance, whose own
 * state starts empty); whichever instance is on the page reads the outcome from here, so an answer never
 * depends on which instance sent it or on when an instance's effects run. The success message's timer is
 * here too, and only ever hides the success it was started for: it cannot clear a later state. A second
 * submit while a request runs sends nothing.
 */
interface Signup {
  status: SignupStatus;
  request: Promise<SignupResult> | null;
  /** Forms of this source on the page now. */
  mounted: number;
  readonly listeners: Set<() => void>;
  /** For useSyncExternalStore: the same functions for the page's life, so no render subscribes again. */
  readonly subscribe: (listener: () => void) => () => void;
  readonly read: () => SignupStatus;
}

const signups = new Map<NewsletterSource, Signup>();

function signupOf(source: NewsletterSource): Signup {
  let signup = signups.get(source);
  if (!signup) {
    const listeners = new Set<() => void>();
    const created: Signup = {
      status: IDLE,
      request: null,
      mounted: 0,
      listeners,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      read: () => created.status,
    };
    signups.set(source, created);
    signup = created;
  }
  return signup;
}

function setStatus(signup: Signup, status: SignupStatus): void {
  signup.status = status;
  for (const listener of signup.listeners) listener();
  if (status.kind !== 'success') return;
  setTimeout(() => {
    if (signup.status === status) setStatus(signup, IDLE);
  }, TIMINGS_MS.newsletterMessage);
}

/** Sends the sign-up and records its answer, whether or not a form is on the page when it lands. */
function send(signup: Signup, sent: string, post: () => Promise<SignupResult>): Promise<SignupResult> {
  setStatus(signup, { kind: 'submitting' });
  const request = post().then(
    (result) => result,
    (): SignupResult => ({ ok: false, message: NEWSLETTER_MESSAGES.failed }),
  );
  signup.request = request;
  void request.then((result) => {
    signup.request = null;
    setStatus(signup, result.ok ? { kind: 'success', sent } : { kind: 'failed', message: result.message });
  });
  return request;
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
  const signup = signupOf(source);
  const status = useSyncExternalStore(signup.subscribe, signup.read, readIdle);
  const [value, setValue] = useState('');
  const [validationError, setValidationError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Whatever order hydration, the replayed submit, the mount effect and the answer came in (a busy phone
  // has shown them in every order), a success on the screen never sits beside the address it sent: before
  // paint, the field is emptied of it, in React's state and in the DOM (text typed before hydration).
  const sentShown = status.kind === 'success' ? status.sent : null;
  useLayoutEffect(() => {
    if (sentShown === null) return;
    if (value === sentShown) setValue('');
    const input = inputRef.current;
    if (input && input.value === sentShown) input.value = '';
  }, [sentShown, value]);
  const mounted = useRef(true);
  /** Set from the moment of submit: the submit code may still be loading, and a second click must wait. */
  const busy = useRef(false);

  useEffect(() => {
    mounted.current = true;
    signup.mounted += 1;
    // A shopper can type into the prerendered field before the app hydrates: keep what they typed (unless
    // it was sent and taken already: the layout effect above has emptied the field then).
    const input = inputRef.current;
    if (input?.value) setValue(input.value);
    return () => {
      mounted.current = false;
      signup.mounted -= 1;
      // The last form of this source has left the page with nothing in flight: its outcome goes with it,
      // unless the form is rendered again at once (a new instance in the same commit, or the next task).
      setTimeout(() => {
        if (signup.mounted === 0 && signup.request === null && signup.status.kind !== 'submitting') {
          setStatus(signup, IDLE);
        }
      }, 0);
    };
  }, [signup]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current || signup.request !== null) return;
    busy.current = true;
    try {
      let submit: Awaited<ReturnType<typeof loadSubmit>>;
      try {
        submit = await loadSubmit();
      } catch {
        if (mounted.current) setStatus(signup, { kind: 'failed', message: NEWSLETTER_MESSAGES.offline });
        return;
      }
      if (!mounted.current || signup.request !== null) return;
      // The field itself is the truth (it may hold text typed before hydration).
      const sent = inputRef.current?.value ?? value;
      const request = submit.newsletterRequest(sent, source);
      if (!request.ok) {
        setValidationError(request.message);
        setStatus(signup, IDLE);
        inputRef.current?.focus();
        return;
      }
      setValidationError(null);
      await send(signup, sent, () => submit.postSignup(request.body));
    } finally {
      busy.current = false;
    }
  };

  const onEdit = (next: string) => {
    setValue(next);
    setValidationError(null);
    // The success message hides on the next edit; so does a stale failure. Only the one on the screen: an
    // answer that landed since this render is shown first.
    if ((status.kind === 'success' || status.kind === 'failed') && signup.status === status) {
      setStatus(signup, IDLE);
    }
  };

  const error = validationError ?? (status.kind === 'failed' ? status.message : null);
  return { value, status, error, inputRef, onEdit, onSubmit };
}
