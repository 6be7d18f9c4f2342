/**
 * The people who sign in to the desk and what signs them in (docs/security.md): their passkeys, the
 * one-time links of invitations, recovery codes, and the WebAuthn challenges every instance shares. Links
 * and codes are kept as SHA-256 hashes, so a copy of the database signs nobody in; a challenge is taken
 * once, by a conditional delete, whichever instance the answer reaches.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

export const PERSON_ROLES = ['owner', 'maker'] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

export const PEOPLE_LIMITS = {
  invitationMs: 72 * 60 * 60 * 1000,
  /** A setup link printed by `npm run owner:reset`. */
  resetLinkMs: 60 * 60 * 1000,
  challengeMs: 5 * 60 * 1000,
  recoveryCodes: 10,
  /** Most passkeys one person keeps (each a row to check at sign-in). */
  maxPasskeys: 20,
  maxPeople: 200,
  /** A person invited and never signed in goes this long after the link expired (the retention rule). */
  unusedInvitationDays: 30,
} as const;

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export interface PersonRecord {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly role: PersonRole;
  readonly userHandle: string;
  readonly createdAt: Date;
  readonly lastSeenAt: Date | null;
}

export interface PasskeyRecord {
  readonly id: string;
  readonly personId: string;
  readonly credentialId: string;
  readonly publicKey: string;
  readonly counter: number;
  readonly transports: readonly string[];
  readonly name: string;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
}

type Db = Kysely<Database> | Transaction<Database>;
type PersonRow = Database['people'];
type PasskeyRow = Database['passkeys'];

function toPerson(row: PersonRow): PersonRecord {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    userHandle: row.user_handle,
    createdAt: new Date(Number(row.created_ms)),
    lastSeenAt: row.last_seen_ms === null ? null : new Date(Number(row.last_seen_ms)),
  };
}

function parseTransports(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string').slice(0, 10) : [];
  } catch {
    return [];
  }
}

function toPasskey(row: PasskeyRow): PasskeyRecord {
  return {
    id: row.id,
    personId: row.person_id,
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: parseTransports(row.transports),
    name: row.name,
    createdAt: new Date(Number(row.created_ms)),
    lastUsedAt: row.last_used_ms === null ? null : new Date(Number(row.last_used_ms)),
  };
}

export type PersonChange = 'changed' | 'not-found' | 'last-owner';

export class PeopleStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('people')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Owners who can sign in with a passkey: none on a fresh shop, or while the first owner has not registered hers. */
  async ownersWhoCanSignIn(): Promise<number> {
    return ownersWithPasskeys(this.db);
  }

  async list(): Promise<PersonRecord[]> {
    const rows = await this.db
      .selectFrom('people')
      .selectAll()
      .orderBy('created_ms')
      .orderBy('id')
      .limit(PEOPLE_LIMITS.maxPeople)
      .execute();
    return rows.map(toPerson);
  }

  async byId(id: string): Promise<PersonRecord | null> {
    const row = await this.db.selectFrom('people').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toPerson(row) : null;
  }

  async byEmail(email: string): Promise<PersonRecord | null> {
    const row = await this.db
      .selectFrom('people')
      .selectAll()
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
    return row ? toPerson(row) : null;
  }

  /** A new person; null when the address already has one. */
  async create(input: {
    name: string;
    email: string;
    role: PersonRole;
    /** The WebAuthn user handle a passkey was already registered with (the first owner's). */
    userHandle?: string;
  }): Promise<PersonRecord | null> {
    const row: PersonRow = {
      id: `per_${randomBytes(9).toString('base64url')}`,
      name: input.name,
      email: input.email.trim().toLowerCase(),
      role: input.role,
      user_handle: input.userHandle ?? randomBytes(32).toString('base64url'),
      created_ms: this.now(),
      last_seen_ms: null,
    };
    const result = await this.db
      .insertInto('people')
      .values(row)
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) !== 1) return null;
    return toPerson(row);
  }

  /** Name and role; demoting the last owner is refused (checked inside the change's transaction). */
  async update(id: string, change: { name?: string; role?: PersonRole }): Promise<PersonChange> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('people').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return 'not-found';
      if (change.role === 'maker' && row.role === 'owner' && (await owners(trx)) <= 1) return 'last-owner';
      await trx
        .updateTable('people')
        .set({ name: change.name ?? row.name, role: change.role ?? row.role })
        .where('id', '=', id)
        .execute();
      return 'changed';
    });
  }

  /** Removes a person with their passkeys, links and codes (the caller ends their sessions). */
  async remove(id: string): Promise<PersonChange> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('people').select('role').where('id', '=', id).executeTakeFirst();
      if (!row) return 'not-found';
      if (row.role === 'owner' && (await owners(trx)) <= 1) return 'last-owner';
      await trx.deleteFrom('passkeys').where('person_id', '=', id).execute();
      await trx.deleteFrom('person_invitations').where('person_id', '=', id).execute();
      await trx.deleteFrom('recovery_codes').where('person_id', '=', id).execute();
      await trx.deleteFrom('people').where('id', '=', id).execute();
      return 'changed';
    });
  }

  async seen(id: string): Promise<void> {
    await this.db.updateTable('people').set({ last_seen_ms: this.now() }).where('id', '=', id).execute();
  }

  // ------------------------------------------------------------------------------------ invitations

  /** A new one-time link for `personId` (the ones before it stop working): its token, shown once. */
  async invite(personId: string, validMs: number): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('person_invitations').where('person_id', '=', personId).execute();
      await trx
        .insertInto('person_invitations')
        .values({
          token_hash: sha256Hex(token),
          person_id: personId,
          expires_ms: at + validMs,
          created_ms: at,
        })
        .execute();
    });
    return { token, expiresAt: new Date(at + validMs) };
  }

  /** The person a link is for while it is unexpired and unused; null otherwise. Nothing is taken. */
  async invitationFor(token: string): Promise<PersonRecord | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const row = await this.db
      .selectFrom('person_invitations')
      .select(['person_id', 'expires_ms'])
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirst();
    if (!row || Number(row.expires_ms) <= this.now()) return null;
    return this.byId(row.person_id);
  }

  /** Uses a link up: true once, for an unexpired one (any instance, any number of tries at once). */
  async takeInvitation(token: string, personId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('person_invitations')
      .where('token_hash', '=', sha256Hex(token))
      .where('person_id', '=', personId)
      .where('expires_ms', '>', this.now())
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async withdrawInvitation(personId: string): Promise<void> {
    await this.db.deleteFrom('person_invitations').where('person_id', '=', personId).execute();
  }

  /** Each person's open invitation's end (expired ones included: the desk shows them as such). */
  async invitations(): Promise<Map<string, Date>> {
    const rows = await this.db
      .selectFrom('person_invitations')
      .select(['person_id', 'expires_ms'])
      .limit(PEOPLE_LIMITS.maxPeople * 2)
      .execute();
    return new Map(rows.map((r) => [r.person_id, new Date(Number(r.expires_ms))]));
  }

  // --------------------------------------------------------------------------------------- passkeys

  async passkeysOf(personId: string): Promise<PasskeyRecord[]> {
    const rows = await this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('person_id', '=', personId)
      .orderBy('created_ms')
      .limit(PEOPLE_LIMITS.maxPasskeys)
      .execute();
    return rows.map(toPasskey);
  }

  async allPasskeys(): Promise<PasskeyRecord[]> {
    const rows = await this.db
      .selectFrom('passkeys')
      .selectAll()
      .orderBy('created_ms')
      .limit(PEOPLE_LIMITS.maxPeople * PEOPLE_LIMITS.maxPasskeys)
      .execute();
    return rows.map(toPasskey);
  }

  async passkeyByCredential(credentialId: string): Promise<PasskeyRecord | null> {
    const row = await this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
    return row ? toPasskey(row) : null;
  }

  /** Stores a verified passkey; null when the person already has the most they may keep. */
  async addPasskey(input: {
    personId: string;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: readonly string[];
    name: string;
  }): Promise<PasskeyRecord | null> {
    const at = this.now();
    const row: PasskeyRow = {
      id: `pk_${randomBytes(9).toString('base64url')}`,
      person_id: input.personId,
      credential_id: input.credentialId,
      public_key: input.publicKey,
      counter: input.counter,
      transports: JSON.stringify(input.transports.slice(0, 10)),
      name: input.name,
      created_ms: at,
      last_used_ms: at,
    };
    const held = (await this.passkeysOf(input.personId)).length;
    if (held >= PEOPLE_LIMITS.maxPasskeys) return null;
    await this.db.insertInto('passkeys').values(row).execute();
    return toPasskey(row);
  }

  /**
   * Records a sign-in with a passkey: the new signature counter, only if it is still the one checked
   * (two assertions racing on two instances cannot both move it).
   */
  async recordPasskeyUse(id: string, seenCounter: number, newCounter: number): Promise<boolean> {
    const result = await this.db
      .updateTable('passkeys')
      .set({ counter: newCounter, last_used_ms: this.now() })
      .where('id', '=', id)
      .where('counter', '=', seenCounter)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async renamePasskey(personId: string, id: string, name: string): Promise<boolean> {
    const result = await this.db
      .updateTable('passkeys')
      .set({ name })
      .where('id', '=', id)
      .where('person_id', '=', personId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Removes one of a person's passkeys; never the last one of the last owner. */
  async removePasskey(personId: string, id: string): Promise<PersonChange> {
    return this.db.transaction().execute(async (trx) => {
      const person = await trx
        .selectFrom('people')
        .select('role')
        .where('id', '=', personId)
        .executeTakeFirst();
      const key = await trx
        .selectFrom('passkeys')
        .select('id')
        .where('id', '=', id)
        .where('person_id', '=', personId)
        .executeTakeFirst();
      if (!person || !key) return 'not-found';
      if (person.role === 'owner') {
        const held = await trx
          .selectFrom('passkeys')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('person_id', '=', personId)
          .executeTakeFirstOrThrow();
        if (Number(held.n) <= 1 && (await ownersWithPasskeys(trx)) <= 1) return 'last-owner';
      }
      await trx.deleteFrom('passkeys').where('id', '=', id).execute();
      return 'changed';
    });
  }

  // --------------------------------------------------------------------------------- recovery codes

  /** Ten new codes for `personId` (the old ones stop working): shown once, stored hashed. */
  async newRecoveryCodes(personId: string): Promise<string[]> {
    const codes = Array.from({ length: PEOPLE_LIMITS.recoveryCodes }, () => recoveryCode());
    const at = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('recovery_codes').where('person_id', '=', personId).execute();
      await trx
        .insertInto('recovery_codes')
        .values(
          codes.map((c) => ({ code_hash: sha256Hex(normalCode(c)), person_id: personId, created_ms: at })),
        )
        .execute();
    });
    return codes;
  }

  /** Uses a code up: its person, once; null for an unknown or used one. */
  async takeRecoveryCode(code: string): Promise<string | null> {
    const hash = sha256Hex(normalCode(code));
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('recovery_codes')
        .select('person_id')
        .where('code_hash', '=', hash)
        .executeTakeFirst();
      if (!row) return null;
      const result = await trx.deleteFrom('recovery_codes').where('code_hash', '=', hash).executeTakeFirst();
      return Number(result.numDeletedRows) === 1 ? row.person_id : null;
    });
  }

  async recoveryCodesLeft(personId: string): Promise<number> {
    const row = await this.db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('person_id', '=', personId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  // ------------------------------------------------------------------------------------- challenges

  async putChallenge(
    challenge: string,
    purpose: 'register' | 'sign-in',
    personId: string | null,
  ): Promise<void> {
    const at = this.now();
    await this.db.deleteFrom('webauthn_challenges').where('expires_ms', '<=', at).execute();
    await this.db
      .insertInto('webauthn_challenges')
      .values({ challenge, purpose, person_id: personId, expires_ms: at + PEOPLE_LIMITS.challengeMs })
      .execute();
  }

  /**
   * Takes a challenge once: true when it was issued for this purpose (and person), unexpired and unused.
   * The delete is the claim, so a replayed answer finds it gone on every instance.
   */
  async takeChallenge(
    challenge: string,
    purpose: 'register' | 'sign-in',
    personId: string | null,
  ): Promise<boolean> {
    if (challenge.length > 200) return false;
    let query = this.db
      .deleteFrom('webauthn_challenges')
      .where('challenge', '=', challenge)
      .where('purpose', '=', purpose)
      .where('expires_ms', '>', this.now());
    query =
      personId === null ? query.where('person_id', 'is', null) : query.where('person_id', '=', personId);
    const result = await query.executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}

async function owners(trx: Db): Promise<number> {
  const row = await trx
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Owners who can sign in with a passkey. */
async function ownersWithPasskeys(trx: Db): Promise<number> {
  const row = await trx
    .selectFrom('people')
    .select((eb) => eb.fn.count<number>('people.id').distinct().as('n'))
    .innerJoin('passkeys', 'passkeys.person_id', 'people.id')
    .where('people.role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ten characters from an alphabet without look-alikes, shown as two groups: `7KQ4M-XW2PA`. */
function recoveryCode(): string {
  const alphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
  const bytes = randomBytes(10);
  let code = '';
  for (const byte of bytes) code += alphabet[byte % alphabet.length];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What a person types, as compared: no spaces or dashes, upper case. */
function normalCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase().slice(0, 40);
}

/**
 * The retention rule (server/privacy): expired challenges, invitations that ended a while ago, and the
 * people invited by them who never signed in (no passkey).
 */
export async function purgePeopleData(db: Kysely<Database>, now: Date): Promise<number> {
  const at = now.getTime();
  const challenges = await db
    .deleteFrom('webauthn_challenges')
    .where('expires_ms', '<=', at)
    .executeTakeFirst();
  const before = at - PEOPLE_LIMITS.unusedInvitationDays * 86_400_000;
  const stale = await db
    .selectFrom('person_invitations')
    .select('person_id')
    .where('expires_ms', '<', before)
    .limit(1000)
    .execute();
  let removed = 0;
  for (const { person_id } of stale) {
    await db.transaction().execute(async (trx) => {
      const keys = await trx
        .selectFrom('passkeys')
        .select('id')
        .where('person_id', '=', person_id)
        .limit(1)
        .execute();
      await trx.deleteFrom('person_invitations').where('person_id', '=', person_id).execute();
      if (keys.length > 0) return;
      const person = await trx
        .selectFrom('people')
        .select('role')
        .where('id', '=', person_id)
        .executeTakeFirst();
      // An owner is never removed by the pass: the last one could not come back but by owner:reset.
      if (!person || person.role === 'owner') return;
      await trx.deleteFrom('recovery_codes').where('person_id', '=', person_id).execute();
      await trx.deleteFrom('people').where('id', '=', person_id).execute();
      removed += 1;
    });
  }
  return Number(challenges.numDeletedRows) + removed;
}
