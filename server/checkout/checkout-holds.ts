/**
 * What a feature holds for a checkout while it is open (the maker's materials, docs/product/materials.md
 * §23), the way the checkout holds gift cards and reserves a code's use: taken in the checkout's own
 * transaction, so a hold that cannot be taken refuses the checkout before the provider's session opens and
 * nothing of it is stored; given back when the checkout expires, is cancelled or fails. At payment each
 * feature turns its hold into what the order keeps through its paid participant (mark-paid.ts), never
 * refusing a payment that was taken. The checkout knows none of what is held.
 */
import type { Kysely, Transaction } from 'kysely';
import type { SizeCode } from '../../domain/config';
import type { Database } from '../db/schema';
import { lockIfUnpaid } from '../orders';

/** A piece the checkout sells, in the request's order: `index` is its place in `items`. */
export interface HeldLine {
  readonly index: number;
  readonly productId: string;
  readonly name: string;
  readonly size: SizeCode;
  readonly quantity: number;
}

export interface CheckoutHold {
  /** For the error a failure is reported with. */
  readonly name: string;
  /**
   * Whether these products need a hold at all, asked before the checkout's transaction: a checkout with
   * nothing to hold stays one plain atomic write, committed with the others of its turn (group commit).
   */
  readonly applies: (productIds: readonly string[]) => Promise<boolean>;
  /** Takes the hold in the checkout's transaction; throws a Refusal (400 naming the line) when it cannot. */
  readonly hold: (
    trx: Transaction<Database>,
    checkout: { readonly orderId: string; readonly lines: readonly HeldLine[] },
  ) => Promise<void>;
  /** Gives the order's hold back (nothing when it holds none); in a transaction the order is not paid in. */
  readonly release: (trx: Transaction<Database>, orderId: string) => Promise<void>;
  /** After a release committed (this instance serves what it changed at once). */
  readonly released?: () => Promise<void>;
}

export class CheckoutHolds {
  private readonly holds: CheckoutHold[] = [];
  private sealed = false;

  constructor(private readonly db: Kysely<Database>) {}

  /** A feature holds for every checkout; at plugin registration only. */
  join(hold: CheckoutHold): void {
    if (this.sealed) throw new Error(`checkout hold ${hold.name} joined after the shop started`);
    this.holds.push(hold);
  }

  seal(): void {
    this.sealed = true;
  }

  /** The holds these lines need, or null when none does (the checkout then needs no transaction). */
  async taker(
    orderId: string,
    lines: readonly HeldLine[],
  ): Promise<((trx: Transaction<Database>) => Promise<void>) | null> {
    if (lines.length === 0 || this.holds.length === 0) return null;
    const ids = [...new Set(lines.map((l) => l.productId))];
    const needed: CheckoutHold[] = [];
    for (const hold of this.holds) if (await hold.applies(ids)) needed.push(hold);
    if (needed.length === 0) return null;
    return async (trx) => {
      for (const hold of needed) await hold.hold(trx, { orderId, lines });
    };
  }

  /**
   * Gives back every hold of an order that is not paid. The order's row is locked first (orders'
   * lockIfUnpaid): a payment running at the same moment either commits first (then
   * nothing is released: its participants made the hold the order's) or waits for the release and then
   * takes again what it can, never refusing.
   */
  async release(orderId: string): Promise<void> {
    if (this.holds.length === 0) return;
    const done = await this.db.transaction().execute(async (trx) => {
      if (!(await lockIfUnpaid(trx, orderId))) return false;
      for (const hold of this.holds) await hold.release(trx, orderId);
      return true;
    });
    if (done) for (const hold of this.holds) await hold.released?.();
  }
}
