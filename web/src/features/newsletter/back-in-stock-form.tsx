/**
 * "Tell me when it's back" on a paused product's page (docs/product.md §5.10): an address sent to
 * POST /api/products/{id}/notify, which checks it with the shop's e-mail rules and answers their message
 * (shown as it is); only the server's 202 shows the success, which asks to confirm by e-mail. The rules
 * are not loaded here: the page would pay for a chunk every other page shares differently.
 */
import { type FormEvent, useId, useState } from 'react';

export const BACK_IN_STOCK_TEXTS = {
  heading: 'Tell me when it’s back',
  intro: 'Leave your e-mail and we send you one e-mail when this bracelet can be ordered again.',
  button: 'Tell me when it’s back',
  success: 'Please check your inbox to confirm: then we e-mail you once when it’s back.',
  failed: "We couldn't save your address just now. Please try again in a moment.",
  empty: 'Please enter a valid email address',
} as const;

type State = { kind: 'idle' | 'sending' | 'sent' } | { kind: 'failed'; message: string };

export function BackInStockForm({ productId }: { readonly productId: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.kind === 'sending') return;
    const address = email.trim();
    if (address === '') {
      setState({ kind: 'failed', message: BACK_IN_STOCK_TEXTS.empty });
      return;
    }
    setState({ kind: 'sending' });
    try {
      const res = await fetch(`/api/products/${encodeURIComponent(productId)}/notify`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: address }),
      });
      if (res.status === 202) {
        setEmail('');
        setState({ kind: 'sent' });
        return;
      }
      const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
      const message =
        res.status >= 400 && res.status < 500 && typeof body?.error === 'string'
          ? body.error
          : BACK_IN_STOCK_TEXTS.failed;
      setState({ kind: 'failed', message });
    } catch {
      setState({ kind: 'failed', message: BACK_IN_STOCK_TEXTS.failed });
    }
  };
  return (
    <form onSubmit={submit} aria-labelledby={`${id}-heading`} className="mt-3" noValidate>
      <p id={`${id}-heading`} className="font-semibold text-ink">
        {BACK_IN_STOCK_TEXTS.heading}
      </p>
      <p className="mt-1 text-sm text-ink">{BACK_IN_STOCK_TEXTS.intro}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <label htmlFor={`${id}-email`} className="sr-only">
          Email address
        </label>
        <input
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
          {BACK_IN_STOCK_TEXTS.button}
        </button>
      </div>
      <p role="status" className="mt-2 text-sm">
        {state.kind === 'sent' ? BACK_IN_STOCK_TEXTS.success : null}
        {state.kind === 'failed' ? <span className="text-danger">{state.message}</span> : null}
      </p>
    </form>
  );
}
