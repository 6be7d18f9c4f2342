/**
 * Every query of the discount tables (discount_codes, discount_reservations). A reservation is one use of
 * a code held by one checkout (docs/decisions/0016-discount-reservations.md): taken in the transaction
 * that creates the checkout, 'used' once the order is paid, 'released' when the checkout expired or was
 * cancelled, so a released use can be taken again. A code's uses are its 'used' rows plus the 'reserved'
 * ones whose hold has not run out. Addresses are stored as hashes only.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { AdminDiscount } from '../../domain/offers/discount-admin';
import type { CodeUsage, DiscountCodeRule } from '../../domain/offers/discounts';
import { canonicalEmail } from '../../domain/shared/email';
import { cents } from '../../domain/shared/money';
import type { Database } from '../db/schema';
import type { DiscountCodesTable } from './tables';

export type DiscountCodeRow = Selectable<DiscountCodesTable>;
type Db = Kysely<Database> | Transaction<Database>;

/**
 * "Once per e-mail address" compares this, never the address (docs/product/privacy.md §12): the hash of the
 * canonical address (domain/shared/email.ts canonicalEmail, docs/product/numbers.md §4.2a), so `shopper+2@example.ie`
 * or `s.hopper@gmail.com` is the address that already used the code. Migration 0018 gave the
 * reservations made before it the same hash.
 */
export function discountEmailHash(email: string): string {
  return createHash('sha256')
    .update(`solas-discounts:${canonicalEmail(email)}`)
    .digest('hex');
}

export function ruleOf(row: DiscountCodeRow): DiscountCodeRule {
  return {
    code: row.code,
    value:
      row.percent_off !== null
        ? { kind: 'percent', percent: row.percent_off }
        : { kind: 'amount', amount: cents(row.amount_off ?? 0) },
    minSubtotal: cents(row.min_subtotal),
    startsAt: row.starts_at === null ? null : Date.parse(row.starts_at),
    endsAt: row.ends_at === null ? null : Date.parse(row.ends_at),
    maxUses: row.max_uses,
    oncePerEmail: row.once_per_email === 1,
    active: row.active === 1,
  };
}

export function adminDiscountOf(row: DiscountCodeRow): AdminDiscount {
  return {
    code: row.code,
    percentOff: row.percent_off,
    amountOff: row.amount_off,
    minSubtotal: row.min_subtotal,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    maxUses: row.max_uses,
    oncePerEmail: row.once_per_email === 1,
    active: row.active === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The columns a create or an edit writes (already checked by the service). */
export interface DiscountCodeValues {
  readonly percent_off: number | null;
  readonly amount_off: number | null;
  readonly min_subtotal: number;
  readonly starts_at: string | null;
  readonly ends_at: string | null;
  readonly max_uses: number | null;
  readonly once_per_email: number;
  readonly active: number;
}

export interface ReservationRequest {
  readonly code: string;
  readonly orderId: string;
  readonly emailHash: string;
  readonly now: Date;
  /** When the hold ends if the shop never hears of the checkout's end. */
  readonly expiresAt: Date;
}

export type ReservationOutcome = 'reserved' | 'unknown' | 'used-up' | 'already-used';

/** Thrown inside a checkout's transaction when its code cannot be reserved: the whole checkout rolls back. */
export class ReservationRefused extends Error {
  constructor(readonly reason: Exclude<ReservationOutcome, 'reserved'>) {
    super(`discount reservation refused: ${reason}`);
  }
}

export interface CodeCounts {
  readonly used: number;
  readonly reserved: number;
}

export class DiscountStore {
  constructor(private readonly db: Kysely<Database>) {}

  async find(code: string): Promise<DiscountCodeRow | null> {
    return (
      (await this.db.selectFrom('discount_codes').selectAll().where('code', '=', code).executeTakeFirst()) ??
      null
    );
  }

  async list(): Promise<DiscountCodeRow[]> {
    return this.db.selectFrom('discount_codes').selectAll().orderBy('created_at', 'desc').execute();
  }

  /** False when the code exists already (two concurrent creations: one row). */
  async create(code: string, values: DiscountCodeValues, now: Date): Promise<DiscountCodeRow | null> {
    const at = now.toISOString();
    const result = await this.db
      .insertInto('discount_codes')
      .values({ code, ...values, created_at: at, updated_at: at })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('code')
      .executeTakeFirst();
    if (!result) return null;
    return this.find(code);
  }

  async update(code: string, values: DiscountCodeValues, now: Date): Promise<DiscountCodeRow | null> {
    await this.db
      .updateTable('discount_codes')
      .set({ ...values, updated_at: now.toISOString() })
      .where('code', '=', code)
      .execute();
    return this.find(code);
  }

  /** Each code's paid uses and live holds. */
  async counts(now: Date): Promise<Map<string, CodeCounts>> {
    const at = now.toISOString();
    const rows = await this.db
      .selectFrom('discount_reservations')
      .select(['code', 'state', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where((eb) =>
        eb.or([eb('state', '=', 'used'), eb.and([eb('state', '=', 'reserved'), eb('expires_at', '>', at)])]),
      )
      .groupBy(['code', 'state'])
      .execute();
    const out = new Map<string, CodeCounts>();
    for (const r of rows) {
      const prev = out.get(r.code) ?? { used: 0, reserved: 0 };
      const n = Number(r.n);
      out.set(r.code, r.state === 'used' ? { ...prev, used: n } : { ...prev, reserved: n });
    }
    return out;
  }

  /** What refuseCode needs to know about a code for this shopper now. */
  async usage(code: string, emailHash: string | null, now: Date, db: Db = this.db): Promise<CodeUsage> {
    const at = now.toISOString();
    const live = db
      .selectFrom('discount_reservations')
      .where('code', '=', code)
      .where((eb) =>
        eb.or([eb('state', '=', 'used'), eb.and([eb('state', '=', 'reserved'), eb('expires_at', '>', at)])]),
      );
    const taken = await live
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const mine =
      emailHash === null
        ? undefined
        : await live.select('order_id').where('email_hash', '=', emailHash).executeTakeFirst();
    return { taken: Number(taken.n), usedByEmail: mine !== undefined };
  }

  /**
   * Takes one use of the code for this checkout, inside the caller's transaction (the one creating the
   * checkout). The first statement bumps the code's row: on PostgreSQL that row lock makes concurrent
   * checkouts of one code, on any instance, wait for each other, and under READ COMMITTED the count that
   * follows sees every use committed before the lock was granted. SQLite runs one write transaction at a
   * time. Throws ReservationRefused, so the caller's transaction rolls back with nothing created.
   */
  async reserve(trx: Transaction<Database>, request: ReservationRequest): Promise<void> {
    const bumped = await trx
      .updateTable('discount_codes')
      .set((eb) => ({ reservations: eb('reservations', '+', 1) }))
      .where('code', '=', request.code)
      .returning(['max_uses', 'once_per_email'])
      .executeTakeFirst();
    if (!bumped) throw new ReservationRefused('unknown');
    const usage = await this.usage(request.code, request.emailHash, request.now, trx);
    if (bumped.max_uses !== null && usage.taken >= bumped.max_uses) throw new ReservationRefused('used-up');
    if (bumped.once_per_email === 1 && usage.usedByEmail) throw new ReservationRefused('already-used');
    const at = request.now.toISOString();
    await trx
      .insertInto('discount_reservations')
      .values({
        order_id: request.orderId,
        code: request.code,
        session_id: null,
        email_hash: request.emailHash,
        state: 'reserved',
        expires_at: request.expiresAt.toISOString(),
        created_at: at,
        updated_at: at,
      })
      .execute();
  }

  /** Runs `work` in a transaction of this database (the checkout's, when it reserves a use). */
  async transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** The order was paid: its use counts for good. */
  async markUsed(orderId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('discount_reservations')
      .set({ state: 'used', updated_at: now.toISOString() })
      .where('order_id', '=', orderId)
      .where('state', '<>', 'used')
      .execute();
  }

  /** The checkout expired, failed or was cancelled: its use can be taken again. True when one was held. */
  async release(orderId: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('discount_reservations')
      .set({ state: 'released', updated_at: now.toISOString() })
      .where('order_id', '=', orderId)
      .where('state', '=', 'reserved')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}

/**
 * Erasure of an address (server/privacy): its reservations no longer recognise it (nor those of the
 * addresses with the same canonical form, which the once-per-address rule takes for the same person). Rows of unpaid checkouts
 * go with their orders; the paid ones stay for the code's count, without the hash.
 */
export async function forgetDiscountEmail(db: Db, email: string): Promise<number> {
  const result = await db
    .updateTable('discount_reservations')
    .set({ email_hash: 'erased' })
    .where('email_hash', '=', discountEmailHash(email))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
