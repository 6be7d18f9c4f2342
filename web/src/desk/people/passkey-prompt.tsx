/**
 * On every screen while the person signed in has no passkey of their own (the token on a new shop, a
 * recovery code, a setup link): a prompt with its button, blocking nothing else. The first owner gives
 * her name and e-mail address with her passkey.
 */
import { type FormEvent, useId, useState } from 'react';
import { DeskApiError } from '../desk-api';
import { buttonClass, ErrorMessage, inputClass } from '../ui/desk-ui';
import { useDeskPerson } from './desk-person';
import { peopleApi } from './people-api';
import { RecoveryCodes } from './recovery-codes';

export function PasskeyPrompt() {
  const { person, needsPasskey, refresh } = useDeskPerson();
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  const first = person.id === null;

  if (codes) {
    return (
      <div className="mx-auto max-w-6xl px-4">
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      </div>
    );
  }
  if (!needsPasskey) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (first && (!name.trim() || !email.trim())) {
      setError('Give your name and e-mail address first.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const done = await peopleApi.addPasskey(first ? { name: name.trim(), email: email.trim() } : {});
      if (done.recoveryCodes) setCodes(done.recoveryCodes);
      // At once, not after the codes: the header shows her name, and the prompt knows she has a passkey.
      refresh();
    } catch (err) {
      setError(err instanceof DeskApiError ? err.message : 'The passkey could not be registered. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="border-b border-line bg-sand print:hidden">
      <form
        className="mx-auto flex max-w-6xl flex-wrap items-end gap-3 px-4 py-3"
        onSubmit={submit}
        noValidate
      >
        <div className="w-full">
          <h2 id={`${id}-title`} className="font-semibold">
            Register your passkey
          </h2>
          <p className="text-sm">
            {first
              ? 'Sign in with your fingerprint or face from now on. Once you have, the owner token no longer opens the desk (scripts keep it).'
              : 'You signed in without a passkey: register one on this device to sign in next time.'}
          </p>
        </div>
        {first ? (
          <>
            <div className="min-w-48 flex-1">
              <label htmlFor={`${id}-name`} className="text-sm font-medium">
                Your name
              </label>
              <input
                id={`${id}-name`}
                className={inputClass}
                autoComplete="name"
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            </div>
            <div className="min-w-48 flex-1">
              <label htmlFor={`${id}-email`} className="text-sm font-medium">
                Your e-mail
              </label>
              <input
                id={`${id}-email`}
                type="email"
                className={inputClass}
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
          </>
        ) : null}
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? 'Registering…' : 'Register a passkey'}
        </button>
        {error ? (
          <div className="w-full">
            <ErrorMessage>{error}</ErrorMessage>
          </div>
        ) : null}
      </form>
    </section>
  );
}
