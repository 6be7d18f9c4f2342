/**
 * Table types for Kysely: the platform's tables here, each feature's in its own `tables.ts`, added to
 * `Database` by declaration merging (`declare module '../db/schema'`). They mirror the migrations
 * (Kysely's own migration tables are not listed); a column added there is added beside its table's
 * type. Money columns are integer cents; `*_at` columns are ISO-8601 UTC text for people reading the
 * database, `*_ms` columns are epoch milliseconds for the outbox's scheduling arithmetic.
 */
import type { Generated, Insertable, Selectable } from 'kysely';

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxTable {
  id: Generated<number>;
  /** Null for newsletter e-mail, which belongs to no order. */
  order_id: string | null;
  /** The order's reference, copied when queued (file names and log lines of the sender). */
  reference: string;
  kind: string;
  /** Fixed when queued, so a resend after a crash carries the same Message-ID (receivers de-duplicate). */
  message_id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_ms: number;
  /** A sender holds a message until this time; another process must not take it before. */
  locked_until_ms: number | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Newsletter e-mail only: the one-click unsubscribe URL for the List-Unsubscribe headers. */
  list_unsubscribe: string | null;
  /** The Reply-To address (a checked one), when a reply goes to someone else than the shop; else null. */
  reply_to: string | null;
}

/** Shared rate-limit counts (migration 0006): one row per limit and client while its window runs. */
export interface RateLimitsTable {
  /** sha256 of `limit:client` (never the client's address itself). */
  key: string;
  hits: number;
  window_ends_ms: number;
}

export interface AdminSessionsTable {
  /** SHA-256 (hex) of the cookie's secret. */
  id_hash: string;
  created_ms: number;
  last_used_ms: number;
  /** The address that signed in (the audit rows carry each action's own). */
  address: string;
  /** Null: the shop's token signed in before anybody existed. */
  person_id: string | null;
  /** "Chrome on Android" (bowser), for the person's list of devices. */
  device: string | null;
  /** 1: signed in with a recovery code or a setup link; the desk asks for a passkey first. */
  needs_passkey: Generated<number>;
}

export interface AdminAuditTable {
  id: Generated<number>;
  at: string;
  /** The first 12 characters of the session's hash, or 'token' for a Bearer script. */
  session: string;
  action: string;
  /** The order's reference, when the action is about one. */
  target: string | null;
  detail: string | null;
  address: string;
  /** The person's name, or "API token" (null: before people existed). */
  actor_name: string | null;
}

/** One desk submission's Idempotency-Key, scoped to its action and order. */
export interface DeskRequestsTable {
  key: string;
  at: string;
}

export interface Database {
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  admin_sessions: AdminSessionsTable;
  admin_audit: AdminAuditTable;
  desk_requests: DeskRequestsTable;
  people: PeopleTable;
  passkeys: PasskeysTable;
  person_invitations: PersonInvitationsTable;
  recovery_codes: RecoveryCodesTable;
  webauthn_challenges: WebauthnChallengesTable;
}

/** A person who signs in to the desk (server/security/people-store.ts). */
export interface PeopleTable {
  id: string;
  name: string;
  /** Lower-cased. */
  email: string;
  role: 'owner' | 'maker';
  user_handle: string;
  created_ms: number;
  last_seen_ms: number | null;
}

export interface PasskeysTable {
  id: string;
  person_id: string;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  created_ms: number;
  last_used_ms: number | null;
}

export interface PersonInvitationsTable {
  token_hash: string;
  person_id: string;
  expires_ms: number;
  created_ms: number;
}

export interface RecoveryCodesTable {
  code_hash: string;
  person_id: string;
  created_ms: number;
}

export interface WebauthnChallengesTable {
  challenge: string;
  purpose: 'register' | 'sign-in';
  person_id: string | null;
  expires_ms: number;
}

export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;
