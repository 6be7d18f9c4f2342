/**
 * The desk's sign-in: "Sign in with a passkey" (and the browser's passkey suggestions in the e-mail field
 * where it offers them), a recovery code, and on a shop with nobody yet the owner token, first and with
 * where to find it (its form is not shown once anybody is on the desk).
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { DeskApiError, deskApi } from '../desk-api';
import { buttonClass, inputClass, PageHeading } from '../ui/desk-ui';
import { passkeysSupported, peopleApi } from './people-api';

export function SignInPage({
  message,
  onSignedIn,
  autofill = true,
}: {
  readonly message: string | null;
  readonly onSignedIn: () => void;
  /** Offer the passkeys in the field's suggestions (not right after signing out: she chose to leave). */
  readonly autofill?: boolean;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [token, setToken] = useState('');
  const [code, setCode] = useState('');
  // The token form only while nobody is on the desk (the server refuses it after); if the shop cannot say,
  // the form shows and the server's answer stands.
  const [tokenSignIn, setTokenSignIn] = useState<boolean | null>(null);
  useEffect(() => {
    let current = true;
    peopleApi.signInOptions().then(
      (answer) => current && setTokenSignIn(answer.tokenSignIn),
      () => current && setTokenSignIn(true),
    );
    return () => {
      current = false;
    };
  }, []);

  // Conditional UI: the browser offers the passkeys in the e-mail field's suggestions while this waits.
  useEffect(() => {
    let current = true;
    if (!autofill) return;
    void (async () => {
      if (!(await peopleApi.autofillSupported())) return;
      try {
        await peopleApi.signIn(true);
        if (current) onSignedIn();
      } catch {
        // Cancelled when the page moves on or the button starts its own ceremony: nothing to show.
      }
    })();
    return () => {
      current = false;
      peopleApi.cancelCeremony();
    };
  }, [onSignedIn, autofill]);

  const attempt = async (run: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await run();
      onSignedIn();
    } catch (err) {
      setError(err instanceof DeskApiError ? err.message : 'Signing in failed. Try again.');
      setBusy(false);
    }
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError('Enter one of your recovery codes.');
    void attempt(() => peopleApi.recover(code.trim()));
  };
  const submitToken = (event: FormEvent) => {
    event.preventDefault();
    if (!token.trim()) return setError('Enter the owner token.');
    void attempt(async () => {
      try {
        await deskApi.signIn(token.trim());
      } catch (err) {
        // A wrong token says so; once people exist the server's own word (use a passkey) stands.
        if (err instanceof DeskApiError && err.status === 401) {
          throw new DeskApiError(401, 'That token is not right. Check it and try again.');
        }
        throw err;
      }
    });
  };

  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <p className="text-xs font-semibold tracking-[0.2em] text-muted uppercase">Solas</p>
      <PageHeading>Order desk</PageHeading>
      {tokenSignIn ? null : (
        <p className="mt-2 text-muted">
          Sign in with your passkey: your phone's fingerprint or face, or your computer's lock.
        </p>
      )}
      {message ? <p className="mt-4 rounded-lg bg-sand px-4 py-3 text-sm">{message}</p> : null}
      {tokenSignIn ? (
        <section
          aria-labelledby={`${id}-token-title`}
          className="mt-6 rounded-lg border border-line bg-white p-4"
        >
          <h2 id={`${id}-token-title`} className="font-semibold">
            First start: nobody is on the desk yet
          </h2>
          <p id={`${id}-token-hint`} className="mt-1 text-sm">
            Sign in with the owner token, then register your passkey. The token is the last thing the shop
            printed when it started, under "Owner token for this run" (or the ADMIN_TOKEN you set).
          </p>
          <form className="mt-3 space-y-3" onSubmit={submitToken} noValidate>
            <label htmlFor={`${id}-token`} className="text-sm font-medium">
              Owner token
            </label>
            <input
              id={`${id}-token`}
              type="password"
              autoComplete="current-password"
              className={inputClass}
              value={token}
              onChange={(e) => setToken(e.target.value)}
              aria-describedby={`${id}-token-hint`}
              aria-invalid={error && token ? true : undefined}
            />
            <button type="submit" className={`${buttonClass.primary} w-full`} disabled={busy}>
              Sign in
            </button>
          </form>
        </section>
      ) : null}
      <div className="mt-6 space-y-4">
        {tokenSignIn ? <p className="text-sm text-muted">Already have a passkey for this desk?</p> : null}
        <div>
          <label htmlFor={`${id}-email`} className="text-sm font-medium">
            E-mail (your browser may offer your passkey here)
          </label>
          <input
            id={`${id}-email`}
            type="email"
            name="username"
            autoComplete="username webauthn"
            className={inputClass}
          />
        </div>
        <button
          type="button"
          className={`${tokenSignIn ? buttonClass.secondary : buttonClass.primary} w-full`}
          disabled={busy || !passkeysSupported()}
          onClick={() => {
            peopleApi.cancelCeremony();
            void attempt(() => peopleApi.signIn());
          }}
        >
          {busy ? 'Signing in…' : 'Sign in with a passkey'}
        </button>
        {!passkeysSupported() ? (
          <p className="text-sm text-muted">
            This browser cannot use passkeys: use a recovery code, or another browser.
          </p>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <details className="mt-8 rounded-lg border border-line bg-white p-4">
        <summary className="min-h-6 cursor-pointer text-sm font-medium">Use a recovery code</summary>
        <form className="mt-3 space-y-3" onSubmit={submitCode} noValidate>
          <label htmlFor={`${id}-code`} className="text-sm font-medium">
            Recovery code
          </label>
          <input
            id={`${id}-code`}
            className={inputClass}
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className={buttonClass.secondary} disabled={busy}>
            Sign in with the code
          </button>
        </form>
      </details>
    </main>
  );
}
