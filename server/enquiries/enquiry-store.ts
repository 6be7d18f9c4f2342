/**
 * Every query of the `enquiries` table (docs/product/enquiries.md §16): a visitor's enquiry is stored once, the owner
 * moves it through new -> quoted -> won | lost and keeps private notes on it, the quotes mark it quoted,
 * and the privacy module reads, deletes and ages it out through the functions at the end.
 *
 * The functions take `db` (the shop's database or the caller's transaction), so a quote can mark its
 * enquiry quoted in the transaction that stores the quote; EnquiryStore wraps them for everyone else.
 */

import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AdminEnquiry } from '../../domain/enquiries/enquiries';
import {
  ENQUIRY_LIMITS,
  ENQUIRY_STATUSES,
  type EnquiryKind,
  type EnquiryStatus,
} from '../../domain/enquiries/enquiry-texts';
import type { Database, NewOutboxRow } from '../db/schema';
import { randomAlphanumeric } from '../lib/ids';
import { enqueueMail } from '../mail/outbox';

type Db = Kysely<Database> | Transaction<Database>;
export type EnquiryRow = Selectable<Database['enquiries']>;

/** `enq_` and 20 random characters (119 bits): not guessable, not in any order. */
export function newEnquiryId(): string {
  return `enq_${randomAlphanumeric(20)}`;
}

export const ENQUIRY_ID_PATTERN = /^enq_[A-Za-z0-9]{20}$/;

export interface NewEnquiry {
  readonly name: string;
  readonly email: string;
  readonly company: string | null;
  readonly pieces: number;
  readonly neededBy: string | null;
  readonly budgetPerPiece: number | null;
  readonly kind: EnquiryKind;
  readonly occasion: string | null;
  readonly message: string;
}

export type EnquiryCounts = Record<EnquiryStatus, number>;

export function adminEnquiryOf(row: EnquiryRow): AdminEnquiry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    pieces: row.pieces,
    neededBy: row.needed_by,
    budgetPerPiece: row.budget_per_piece,
    kind: row.kind,
    occasion: row.occasion,
    message: row.message,
    status: row.status,
    notes: row.notes,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertEnquiry(db: Db, enquiry: NewEnquiry, now: Date): Promise<EnquiryRow> {
  const at = now.toISOString();
  return db
    .insertInto('enquiries')
    .values({
      id: newEnquiryId(),
      name: enquiry.name,
      email: enquiry.email,
      company: enquiry.company,
      pieces: enquiry.pieces,
      needed_by: enquiry.neededBy,
      budget_per_piece: enquiry.budgetPerPiece,
      kind: enquiry.kind,
      occasion: enquiry.occasion,
      message: enquiry.message,
      status: 'new',
      notes: '',
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The enquiry with this id, or null (a quote's enquiryId is this id). */
export async function findEnquiry(db: Db, id: string): Promise<EnquiryRow | null> {
  const row = await db.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirst();
  return row ?? null;
}

/**
 * A quote was sent: a new enquiry becomes quoted. One already quoted, won or lost stays as it is (the
 * owner's decision wins). True when this call changed it.
 */
export async function markQuoted(db: Db, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('enquiries')
    .set({ status: 'quoted', updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'new')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * A quote made for it was paid: a new or quoted enquiry is won. One the owner marked lost stays so (her
 * decision wins). True when this call changed it.
 */
export async function markWon(db: Db, id: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('enquiries')
    .set({ status: 'won', updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', 'in', ['new', 'quoted'])
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Every enquiry of the address (case-insensitive `key`), for the owner's export and erasure. */
export async function enquiriesOfEmail(db: Db, key: string): Promise<EnquiryRow[]> {
  return db
    .selectFrom('enquiries')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', key))
    .orderBy('created_at')
    .execute();
}

/** Who sent enquiries (newest first, at most `limit`): the desk's Customers list. */
export async function enquiryClients(
  db: Db,
  limit: number,
): Promise<Pick<EnquiryRow, 'email' | 'name' | 'created_at'>[]> {
  return db
    .selectFrom('enquiries')
    .select(['email', 'name', 'created_at'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Deletes these enquiries; how many went. */
export async function deleteEnquiries(db: Db, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .deleteFrom('enquiries')
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The ids of enquiries unchanged since `before` (the retention pass deletes them with their e-mails' text). */
export async function enquiriesUnchangedSince(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('enquiries')
    .select('id')
    .where('updated_at', '<', before)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export class EnquiryStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores the enquiry and queues its e-mails in one transaction: both or neither. */
  create(
    enquiry: NewEnquiry,
    mails: (row: EnquiryRow) => readonly NewOutboxRow[],
    now = new Date(),
  ): Promise<EnquiryRow> {
    return this.db.transaction().execute(async (trx) => {
      const row = await insertEnquiry(trx, enquiry, now);
      await enqueueMail(trx, mails(row));
      return row;
    });
  }

  findEnquiry(id: string): Promise<EnquiryRow | null> {
    return findEnquiry(this.db, id);
  }

  markQuoted(id: string, now = new Date()): Promise<boolean> {
    return markQuoted(this.db, id, now);
  }

  markWon(id: string, now = new Date()): Promise<boolean> {
    return markWon(this.db, id, now);
  }

  /** New ones first, then quoted, won and lost; newest first within each; at most ENQUIRY_LIMITS.listMax. */
  async list(status: EnquiryStatus | null): Promise<EnquiryRow[]> {
    let query = this.db.selectFrom('enquiries').selectAll();
    if (status) query = query.where('status', '=', status);
    const rows = await query.orderBy('created_at', 'desc').limit(ENQUIRY_LIMITS.listMax).execute();
    const rank = (s: EnquiryStatus) => ENQUIRY_STATUSES.indexOf(s);
    // Stable: within a status the newest stay first.
    return rows.sort((a, b) => rank(a.status) - rank(b.status));
  }

  async counts(): Promise<EnquiryCounts> {
    const rows = await this.db
      .selectFrom('enquiries')
      .select((eb) => ['status', eb.fn.countAll<number | string | bigint>().as('n')])
      .groupBy('status')
      .execute();
    const counts: EnquiryCounts = { new: 0, quoted: 0, won: 0, lost: 0 };
    for (const r of rows) counts[r.status] = Number(r.n);
    return counts;
  }

  /**
   * The owner's change of status and notes. Null when there is no such enquiry; `changed` false when
   * nothing differs from what is stored (the row is left as it was).
   */
  async update(
    id: string,
    change: { readonly status?: EnquiryStatus; readonly notes?: string },
    now = new Date(),
  ): Promise<{ row: EnquiryRow; changed: boolean; before: EnquiryRow } | null> {
    return this.db.transaction().execute(async (trx) => {
      const before = await findEnquiry(trx, id);
      if (!before) return null;
      const set: { status?: EnquiryStatus; notes?: string } = {};
      if (change.status !== undefined && change.status !== before.status) set.status = change.status;
      if (change.notes !== undefined && change.notes !== before.notes) set.notes = change.notes;
      if (Object.keys(set).length === 0) return { row: before, changed: false, before };
      const row = await trx
        .updateTable('enquiries')
        .set({ ...set, updated_at: now.toISOString() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { row, changed: true, before };
    });
  }
}
