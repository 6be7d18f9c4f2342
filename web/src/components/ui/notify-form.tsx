/**
 * One address, one promise: the "tell me when" forms of the shop (a paused product's page, the away note).
 * The address goes to `endpoint`, which checks it with the shop's e-mail rules and answers their message
 * (shown as it is); only the server's 202 shows the success, which asks to confirm by e-mail. The rules
 * are not loaded here: the page would pay for a chunk every other page shares differently.
 */
import { type FormEvent, useId, useState } from 'react';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration';

export interface NotifyFormTexts {
  readonly heading: string;
  readonly intro: string;
  readonly button: string;
  readonly success: string;
  readonly failed: string;
  readonly empty: string;
}

type State = { kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; message: string };

export function NotifyForm({
  endpoint,
  texts,
}: {
  readonly endpoint: string;
  readonly texts: NotifyFormTexts;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  // A shopper can type into the prerendered field before the app hydrates: keep what they typed.
  const inputRef = useTypedBeforeHydration<HTMLInputElement>(setEmail);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.kind === 'sending') return;
    // The field itself is the truth: a submit React replays at hydration finds the text typed before it
    // there, not yet in the state.
    const address = (inputRef.current?.value ?? email).trim();
    if (address === '') {
      setState({ kind: 'failed', message: texts.empty });
      return;
    }
    setState({ kind: 'sending' });
    try {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: address }),
      });
      if (res.status === 202) {
        setEmail('');
        if (inputRef.current) inputRef.current.value = '';
        setState({ kind: 'sent' });
        return;
      }
      const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
      const message =
        res.status >= 400 && res.status < 500 && typeof body?.error === 'string' ? body.error : texts.failed;
      setState({ kind: 'failed', message });
    } catch {
      setState({ kind: 'failed', message: texts.failed });
    }
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-heading`} className="mt-3" noValidate>
      <p id={`${id}-heading`} className="font-semibold text-ink">
        {texts.heading}
      </p>
      <p className="mt-1 text-sm text-ink">{texts.intro}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
          ref={inputRef}
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          placeholder="Email address"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            if (state.kind !== 'sending') setState({ kind: 'idle' });
          }}
          aria-invalid={state.kind === 'failed' ? true : undefined}
          className="min-h-11 w-full min-w-0 rounded-full border border-muted/60 bg-white px-4 text-base text-ink sm:w-auto sm:flex-1"
        />
        <button
          type="submit"
          disabled={state.kind === 'sending'}
          className="min-h-11 rounded-full bg-wine px-5 text-sm font-semibold text-cream hover:bg-wine-dark disabled:opacity-60"
        >
          {texts.button}
        </button>
      </div>
      <p role="status" className="mt-2 text-sm">
        {state.kind === 'sent' ? texts.success : null}
        {state.kind === 'failed' ? <span className="text-danger">{state.message}</span> : null}
      </p>
    </form>
  );
}
