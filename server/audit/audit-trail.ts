/**
 * The owner's audit trail (`admin_audit`: who did what, when, from where) and the desk's submission keys
 * (`desk_requests`: a repeated Idempotency-Key is one change). Platform code: every feature that lets the
 * owner change something writes here, and this module imports no feature.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/** Who acts: the session's label and address, for the audit row; the submission's Idempotency-Key if sent. */
export interface Actor {
  readonly session: string;
  readonly address: string;
  readonly requestKey?: string | undefined;
  /** Who, by name: the person, or "API token" for a Bearer script. */
  readonly name?: string | undefined;
}

export interface AuditEntry {
  /** The session's label ('token' for a Bearer script). */
  readonly session: string;
  readonly action: string;
  readonly target: string | null;
  readonly detail: string | null;
  readonly address: string;
  /** The person's name, or "API token". */
  readonly name?: string | undefined;
}

/** A submission key taken once (the first time) and freed when the action was refused or failed. */
export interface RequestClaims {
  claimRequest(key: string): Promise<boolean>;
  releaseRequest(key: string): Promise<void>;
}

/**
 * Runs a desk change once per submission: `run` the first time its key is seen, `repeat` (what the first
 * made, as it is now) for every repeat of it; without a key (a script's one call), `run`. A run that throws
 * (a refusal, a failure) frees the key, so the owner may correct the form and send it again.
 */
export async function oncePerSubmission<T>(
  requests: RequestClaims,
  slot: string | null,
  run: () => Promise<T>,
  repeat: () => Promise<T>,
): Promise<T> {
  if (slot === null) return run();
  if (!(await requests.claimRequest(slot))) return repeat();
  try {
    return await run();
  } catch (error) {
    await requests.releaseRequest(slot);
    throw error;
  }
}

/** What a desk submission made; `repeat` when the same submission already made it (a 200, not a 201). */
export interface Made<T> {
  readonly value: T;
  readonly repeat: boolean;
}

/** One desk action on one target: the action, the target and who submitted it (with its Idempotency-Key). */
export interface Submission {
  readonly action: string;
  readonly target: string;
  readonly actor: Actor;
}

/** `oncePerSubmission` for one action on one target, its slot made by `submissionSlot`. */
export function oncePerAction<T>(
  requests: RequestClaims,
  submission: Submission,
  run: () => Promise<T>,
  repeat: () => Promise<T>,
): Promise<T> {
  return oncePerSubmission(
    requests,
    submissionSlot(submission.action, submission.target, submission.actor),
    run,
    repeat,
  );
}

/**
 * One desk action on one target per submission (docs/product/orders.md §10.5): the slot is the action, the target
 * and the Idempotency-Key. The first call runs `run`; a repeat (a double click, a retry after a lost answer)
 * changes nothing and answers `again`: what the first made, as it is now. A refused or failed run frees
 * the key; without a key the action runs, its own checks still apply.
 */
export function madeOnce<T>(
  requests: RequestClaims,
  submission: Submission,
  run: () => Promise<T>,
  again: () => Promise<T>,
): Promise<Made<T>> {
  return oncePerAction<Made<T>>(
    requests,
    submission,
    async () => ({ value: await run(), repeat: false }),
    async () => ({ value: await again(), repeat: true }),
  );
}

/** A submission's slot: the action, its target and the desk's Idempotency-Key; null when none was sent. */
export function submissionSlot(action: string, target: string, actor: Actor): string | null {
  return actor.requestKey === undefined ? null : `${action}:${target}:${actor.requestKey}`;
}

export class AuditTrail implements RequestClaims {
  constructor(private readonly db: Kysely<Database>) {}

  async audit(entry: AuditEntry): Promise<void> {
    await recordAudit(this.db, new Date().toISOString(), entry);
  }

  /**
   * Takes a submission's key (action, target and the desk's Idempotency-Key): true the first time, false
   * for every repeat, on any instance. Keys older than a day go: no repeat comes that late.
   */
  async claimRequest(key: string, now = new Date()): Promise<boolean> {
    const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
    await this.db.deleteFrom('desk_requests').where('at', '<', dayAgo).execute();
    const result = await this.db
      .insertInto('desk_requests')
      .values({ key, at: now.toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  }

  /** Frees a key whose action was refused or failed: the same submission may be tried again. */
  async releaseRequest(key: string): Promise<void> {
    await this.db.deleteFrom('desk_requests').where('key', '=', key).execute();
  }
}

/** Appends a row to the owner's audit trail, inside the caller's transaction when it has one. */
export async function recordAudit(
  db: Kysely<Database> | Transaction<Database>,
  at: string,
  entry: AuditEntry,
): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({
      at,
      session: entry.session,
      action: entry.action,
      target: entry.target,
      detail: entry.detail?.slice(0, 500) ?? null,
      address: entry.address,
      actor_name: entry.name?.slice(0, 100) ?? null,
    })
    .execute();
}

/** The newest `limit` audit rows of one action (a setting's history on the desk), newest first. */
export async function auditRowsOf(
  db: Kysely<Database>,
  action: string,
  limit: number,
): Promise<{ at: string; target: string | null; detail: string | null }[]> {
  return db
    .selectFrom('admin_audit')
    .select(['at', 'target', 'detail'])
    .where('action', '=', action)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Audit rows older than `before` go (the trail's retention, docs/product/orders.md §10.1). */
export async function deleteAuditBefore(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('admin_audit').where('at', '<', before).execute();
}
