/** "Your passkeys and devices", for everyone: passkeys (add, name, remove), signed-in devices, recovery codes. */
import { type FormEvent, useCallback, useId, useState } from 'react';
import type { DeviceSession, Passkey } from '../../../../domain/people/people-api';
import { formatInstant } from '../ui/desk-format';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, inputClass, Loading, PageHeading } from '../ui/desk-ui';
import { useDeskPerson } from './desk-person';
import { peopleApi } from './people-api';
import { RecoveryCodes } from './recovery-codes';

const sectionClass = 'rounded-2xl border border-line bg-white p-4 sm:p-5';

export function AccountPage({ onSignedOut }: { readonly onSignedOut: () => void }) {
  const { person } = useDeskPerson();
  const [keys, reloadKeys] = useDeskData('my-passkeys', () => peopleApi.myPasskeys());
  const [sessions, reloadSessions] = useDeskData('my-sessions', () => peopleApi.mySessions());
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  const [passkeyName, setPasskeyName] = useState('');
  const id = useId();

  const add = useDeskAction(
    useCallback(
      async (_s: string, name: string) => {
        const done = await peopleApi.addPasskey(name ? { passkeyName: name } : {});
        setPasskeyName('');
        if (done.recoveryCodes) setCodes(done.recoveryCodes);
        reloadKeys();
        reloadSessions();
      },
      [reloadKeys, reloadSessions],
    ),
  );
  const newCodes = useDeskAction(
    useCallback(async () => {
      setCodes((await peopleApi.newRecoveryCodes()).recoveryCodes);
      reloadKeys();
    }, [reloadKeys]),
  );
  const endAll = useDeskAction(
    useCallback(async () => {
      await peopleApi.endAllSessions();
      onSignedOut();
    }, [onSignedOut]),
  );
  const submitAdd = (event: FormEvent) => {
    event.preventDefault();
    void add.run(passkeyName.trim());
  };

  return (
    <div>
      <PageHeading>Your passkeys and devices</PageHeading>
      <p className="mt-1 text-sm text-muted">Signed in as {person.name}.</p>
      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
      <div className="mt-4 space-y-5">
        <section aria-labelledby={`${id}-keys`} className={sectionClass}>
          <h2 id={`${id}-keys`} className="text-xl">
            Passkeys
          </h2>
          {keys.state === 'loading' ? <Loading label="Loading your passkeys…" /> : null}
          {keys.state === 'error' ? <ErrorMessage>{keys.message}</ErrorMessage> : null}
          {keys.state === 'ready' ? (
            <>
              {keys.data.passkeys.length === 0 ? <p className="mt-2">No passkey yet.</p> : null}
              <ul className="mt-2 divide-y divide-line">
                {keys.data.passkeys.map((p) => (
                  <PasskeyRow key={p.id} passkey={p} onChanged={reloadKeys} />
                ))}
              </ul>
              {keys.data.recoveryCodesLeft !== null ? (
                <div className="mt-4 flex flex-wrap items-center gap-3">
                  <p className="text-sm">Recovery codes left: {keys.data.recoveryCodesLeft} of 10.</p>
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    disabled={newCodes.busy}
                    onClick={() => void newCodes.run()}
                  >
                    New recovery codes
                  </button>
                </div>
              ) : null}
              {newCodes.error ? <ErrorMessage>{newCodes.error}</ErrorMessage> : null}
            </>
          ) : null}
          {person.id !== null ? (
            <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={submitAdd} noValidate>
              <div className="min-w-48 flex-1 sm:max-w-xs">
                <label htmlFor={`${id}-new`} className="text-sm font-medium">
                  Name of the new passkey (optional)
                </label>
                <input
                  id={`${id}-new`}
                  className={inputClass}
                  maxLength={60}
                  placeholder="the workshop laptop"
                  value={passkeyName}
                  onChange={(e) => setPasskeyName(e.target.value)}
                />
              </div>
              <button type="submit" className={buttonClass.primary} disabled={add.busy}>
                {add.busy ? 'Adding…' : 'Add a passkey'}
              </button>
            </form>
          ) : null}
          {add.error ? <ErrorMessage>{add.error}</ErrorMessage> : null}
        </section>

        <section aria-labelledby={`${id}-devices`} className={sectionClass}>
          <h2 id={`${id}-devices`} className="text-xl">
            Signed-in devices
          </h2>
          {sessions.state === 'loading' ? <Loading label="Loading your devices…" /> : null}
          {sessions.state === 'error' ? <ErrorMessage>{sessions.message}</ErrorMessage> : null}
          {sessions.state === 'ready' ? (
            <>
              {sessions.data.sessions.length === 0 ? <p className="mt-2">No signed-in device.</p> : null}
              <ul className="mt-2 divide-y divide-line">
                {sessions.data.sessions.map((s) => (
                  <DeviceRow key={s.id} session={s} onChanged={reloadSessions} onSignedOut={onSignedOut} />
                ))}
              </ul>
            </>
          ) : null}
          <button
            type="button"
            className={`${buttonClass.secondary} mt-4`}
            disabled={endAll.busy}
            onClick={() => void endAll.run()}
          >
            Sign out everywhere
          </button>
          {endAll.error ? <ErrorMessage>{endAll.error}</ErrorMessage> : null}
        </section>
      </div>
    </div>
  );
}

function PasskeyRow({ passkey, onChanged }: { readonly passkey: Passkey; readonly onChanged: () => void }) {
  const id = useId();
  const [name, setName] = useState(passkey.name);
  const rename = useDeskAction(
    useCallback(
      async (_s: string, value: string) => {
        await peopleApi.renamePasskey(passkey.id, value);
        onChanged();
      },
      [passkey.id, onChanged],
    ),
  );
  const remove = useDeskAction(
    useCallback(async () => {
      await peopleApi.removePasskey(passkey.id);
      onChanged();
    }, [passkey.id, onChanged]),
  );
  return (
    <li className="py-3">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void rename.run(name.trim());
        }}
        noValidate
      >
        <div className="min-w-48 flex-1 sm:max-w-xs">
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            Passkey name
          </label>
          <input
            id={`${id}-name`}
            className={inputClass}
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <button
          type="submit"
          className={buttonClass.secondary}
          disabled={rename.busy || name.trim() === passkey.name}
        >
          Rename
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={remove.busy}
          onClick={() => void remove.run()}
          aria-label={`Remove the passkey ${passkey.name}`}
        >
          Remove
        </button>
      </form>
      <p className="mt-1 text-sm text-muted">
        Added {formatInstant(passkey.createdAt)}
        {passkey.lastUsedAt ? `, last used ${formatInstant(passkey.lastUsedAt)}` : ''}
      </p>
      {rename.error ? <ErrorMessage>{rename.error}</ErrorMessage> : null}
      {remove.error ? <ErrorMessage>{remove.error}</ErrorMessage> : null}
    </li>
  );
}

function DeviceRow({
  session,
  onChanged,
  onSignedOut,
}: {
  readonly session: DeviceSession;
  readonly onChanged: () => void;
  readonly onSignedOut: () => void;
}) {
  const end = useDeskAction(
    useCallback(async () => {
      await peopleApi.endSession(session.id);
      if (session.current) onSignedOut();
      else onChanged();
    }, [session.id, session.current, onChanged, onSignedOut]),
  );
  const device = session.device ?? 'A browser';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-medium">
          {device}
          {session.current ? <span className="ml-2 text-sm text-muted">(this device)</span> : null}
        </p>
        <p className="text-sm text-muted">
          Signed in {formatInstant(session.createdAt)}, last seen {formatInstant(session.lastUsedAt)}
        </p>
      </div>
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={end.busy}
        onClick={() => void end.run()}
        aria-label={`Sign out ${device}${session.current ? ' (this device)' : ''}`}
      >
        Sign out
      </button>
      {end.error ? <ErrorMessage>{end.error}</ErrorMessage> : null}
    </li>
  );
}
