/**
 * The invitation's (or a setup link's) welcome screen: register a passkey on this device and be signed in.
 * A link used before, withdrawn or past its time says that it has expired.
 */
import { useState } from 'react';
import { DeskApiError } from '../desk-api';
import { useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, Loading, PageHeading } from '../ui/desk-ui';
import { peopleApi } from './people-api';
import { RecoveryCodes } from './recovery-codes';

export function WelcomePage({
  token,
  onSignedIn,
}: {
  readonly token: string;
  readonly onSignedIn: () => void;
}) {
  const [loaded] = useDeskData(`welcome-${token}`, () => peopleApi.welcomeOptions(token));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<readonly string[] | null>(null);

  const register = async (options: unknown) => {
    setBusy(true);
    setError(null);
    try {
      const done = await peopleApi.welcome(token, options);
      if (done.recoveryCodes) setCodes(done.recoveryCodes);
      else onSignedIn();
    } catch (err) {
      setError(err instanceof DeskApiError ? err.message : 'The passkey could not be registered. Try again.');
      setBusy(false);
    }
  };

  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12 sm:py-20">
      <p className="text-xs font-semibold tracking-[0.2em] text-muted uppercase">Solas</p>
      <PageHeading>Welcome to the desk</PageHeading>
      {loaded.state === 'loading' ? <Loading label="Checking your link…" /> : null}
      {loaded.state === 'error' ? (
        <div className="mt-4 space-y-3">
          <ErrorMessage>{loaded.message}</ErrorMessage>
          <a href="#/" className="inline-flex min-h-11 items-center underline">
            Go to the sign-in
          </a>
        </div>
      ) : null}
      {loaded.state === 'ready' && codes === null ? (
        <div className="mt-4 space-y-4">
          <p>
            Hello {loaded.data.name}. Register a passkey on this device: you will sign in with its
            fingerprint, face or screen lock from now on, with nothing to type.
          </p>
          <button
            type="button"
            className={`${buttonClass.primary} w-full`}
            disabled={busy}
            onClick={() => void register(loaded.data.options)}
          >
            {busy ? 'Registering…' : 'Register your passkey'}
          </button>
          {error ? <ErrorMessage>{error}</ErrorMessage> : null}
        </div>
      ) : null}
      {codes ? <RecoveryCodes codes={codes} onDone={onSignedIn} /> : null}
    </main>
  );
}
