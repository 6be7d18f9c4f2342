/** People (the owner's): who may use the desk, their role, passkeys and invitation; invite, change, remove. */
import { type FormEvent, useCallback, useId, useState } from 'react';
import {
  PEOPLE_MESSAGES,
  type Person,
  ROLE_LABELS,
  ROLES,
  type Role,
} from '../../../../domain/people/people-api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatInstant } from '../ui/desk-format';
import { useDeskAction, useDeskData } from '../ui/desk-hooks';
import { buttonClass, ErrorMessage, inputClass, Loading, PageHeading } from '../ui/desk-ui';
import { useDeskPerson } from './desk-person';
import { peopleApi } from './people-api';

const sectionClass = 'rounded-2xl border border-line bg-white p-4 sm:p-5';

export function PeoplePage() {
  const [loaded, reload] = useDeskData('people', () => peopleApi.people());
  const { person, needsPasskey } = useDeskPerson();
  // A row's outcome is said here, not in the row: a removed person's row leaves the list with the reload,
  // and the confirmation must outlive it. The region is always present so the change is announced.
  const [notice, setNotice] = useState('');
  const changed = useCallback(
    (message: string) => {
      setNotice(message);
      reload();
    },
    [reload],
  );
  return (
    <div>
      <PageHeading>People</PageHeading>
      <p className="mt-1 text-sm text-muted">
        Who may use the desk. A maker sees Today, the orders and packing slips, and marks orders made,
        dispatched and delivered; everything else is the owners'.
      </p>
      <div className="mt-4 space-y-5">
        {person.id === null && needsPasskey ? (
          // The token's session before the first owner's passkey: an invitation would end it (the server refuses).
          <p className={`${sectionClass} bg-sand`}>{PEOPLE_MESSAGES.ownerFirst}</p>
        ) : (
          <InviteForm onInvited={reload} />
        )}
        <section aria-labelledby="people-list" className={sectionClass}>
          <h2 id="people-list" className="text-xl">
            On the desk
          </h2>
          <p role="status" className="mt-2 text-sm empty:hidden">
            {notice}
          </p>
          {loaded.state === 'loading' ? <Loading label="Loading the people…" /> : null}
          {loaded.state === 'error' ? <ErrorMessage>{loaded.message}</ErrorMessage> : null}
          {loaded.state === 'ready' ? (
            loaded.data.people.length === 0 ? (
              <p className="mt-2">Nobody yet.</p>
            ) : (
              <ul className="mt-2 divide-y divide-line">
                {loaded.data.people.map((p) => (
                  <PersonRow key={p.id} person={p} onChanged={changed} />
                ))}
              </ul>
            )
          ) : null}
        </section>
      </div>
    </div>
  );
}

function InviteForm({ onInvited }: { readonly onInvited: () => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('maker');
  const [done, setDone] = useState<string | null>(null);
  const invite = useDeskAction(
    useCallback(
      async (_s: string, body: { name: string; email: string; role: Role }) => {
        await peopleApi.invite(body);
        setDone(`Invitation sent to ${body.email}. The link works once, for 72 hours.`);
        setName('');
        setEmail('');
        onInvited();
      },
      [onInvited],
    ),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    void invite.run({ name: name.trim(), email: email.trim(), role });
  };
  return (
    <section aria-labelledby={`${id}-title`} className={sectionClass}>
      <h2 id={`${id}-title`} className="text-xl">
        Invite someone
      </h2>
      <form className="mt-2 flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
        <div className="min-w-48 flex-1">
          <label htmlFor={`${id}-name`} className="text-sm font-medium">
            Name
          </label>
          <input
            id={`${id}-name`}
            className={inputClass}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="min-w-48 flex-1">
          <label htmlFor={`${id}-email`} className="text-sm font-medium">
            E-mail
          </label>
          <input
            id={`${id}-email`}
            type="email"
            className={inputClass}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="min-w-48">
          <label htmlFor={`${id}-role`} className="text-sm font-medium">
            Role
          </label>
          <select
            id={`${id}-role`}
            className={inputClass}
            value={role}
            onChange={(e) => setRole(e.target.value as Role)}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass.primary} disabled={invite.busy}>
          {invite.busy ? 'Inviting…' : 'Send the invitation'}
        </button>
      </form>
      {invite.error ? <ErrorMessage>{invite.error}</ErrorMessage> : null}
      {done ? (
        <p role="status" className="mt-2 text-sm">
          {done}
        </p>
      ) : null}
    </section>
  );
}

function PersonRow({
  person,
  onChanged,
}: {
  readonly person: Person;
  readonly onChanged: (message: string) => void;
}) {
  const id = useId();
  const me = useDeskPerson().person;
  const [confirming, setConfirming] = useState(false);
  const act = useDeskAction(
    useCallback(
      async (_s: string, what: 'role' | 'again' | 'withdraw' | 'remove', role?: Role) => {
        if (what === 'role' && role) await peopleApi.changePerson(person.id, { role });
        if (what === 'again') await peopleApi.inviteAgain(person.id);
        if (what === 'withdraw') await peopleApi.withdrawInvitation(person.id);
        if (what === 'remove') await peopleApi.removePerson(person.id);
        onChanged(
          what === 'again'
            ? `Invitation sent again to ${person.name}.`
            : what === 'withdraw'
              ? `${person.name}'s invitation is withdrawn.`
              : what === 'remove'
                ? `${person.name} is removed and signed out everywhere.`
                : `${person.name}'s role is changed.`,
        );
      },
      [person.id, person.name, onChanged],
    ),
  );
  const expired = person.invitation !== null && Date.parse(person.invitation.expiresAt) < Date.now();
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium">
          {person.name} {me.id === person.id ? <span className="text-sm text-muted">(you)</span> : null}
        </p>
        <p className="text-sm text-muted">{person.email}</p>
      </div>
      <p className="mt-1 text-sm text-muted">
        {person.passkeys.length === 1 ? '1 passkey' : `${person.passkeys.length} passkeys`}
        {person.lastSeenAt ? `, last seen ${formatInstant(person.lastSeenAt)}` : ''}
        {person.invitation
          ? expired
            ? ', invitation expired'
            : `, invited until ${formatInstant(person.invitation.expiresAt)}`
          : ''}
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-role`} className="text-sm font-medium">
            Role of {person.name}
          </label>
          <select
            id={`${id}-role`}
            className={inputClass}
            value={person.role}
            disabled={act.busy}
            onChange={(e) => void act.run('role', e.target.value as Role)}
          >
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={act.busy}
          onClick={() => void act.run('again')}
        >
          {person.passkeys.length === 0 ? 'Send the invitation again' : 'Send a new sign-in link'}
        </button>
        {person.invitation ? (
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={act.busy}
            onClick={() => void act.run('withdraw')}
          >
            Withdraw the invitation
          </button>
        ) : null}
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={act.busy}
          onClick={() => setConfirming(true)}
        >
          Remove {person.name}
        </button>
      </div>
      {act.error ? <ErrorMessage>{act.error}</ErrorMessage> : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${person.name}?`}
        description={`${person.name} is signed out on every device at once and can no longer sign in. Their passkeys are deleted.`}
        confirmLabel={`Remove ${person.name}`}
        cancelLabel="Keep them"
        onConfirm={() => void act.run('remove')}
      />
    </li>
  );
}
