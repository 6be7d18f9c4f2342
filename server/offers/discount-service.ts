/**
 * The owner's discount codes (docs/product/numbers.md §4.2a): create, edit and list with each code's uses and
 * the revenue of its orders. Desk changes run once per Idempotency-Key (docs/product/orders.md §10.5) and leave
 * an audit row. The rules a code follows at checkout are in domain/offers/discounts.ts.
 */
import {
  type AdminDiscount,
  type AdminDiscountListed,
  DISCOUNT_ADMIN_MESSAGES,
  type DiscountCreate,
  type DiscountPatch,
} from '../../domain/offers/discount-admin';
import { type Actor, type AuditEntry, madeOnce, type RequestClaims } from '../audit/audit-trail';
import { refuse } from '../lib/refusal';
import {
  adminDiscountOf,
  type DiscountCodeRow,
  type DiscountCodeValues,
  type DiscountStore,
} from './discount-store';

export interface DiscountServiceOptions {
  readonly store: DiscountStore;
  readonly requests: RequestClaims;
  readonly audit: (entry: AuditEntry) => Promise<void>;
  /** Each code's paid orders and their revenue (the order store's). */
  readonly paidByCode: () => Promise<Map<string, { readonly orders: number; readonly revenue: number }>>;
  readonly now?: () => Date;
}

/** An ISO date-time with an offset, stored as UTC so text comparison is time order on both databases. */
function utc(value: string | null | undefined): string | null {
  return value === null || value === undefined ? null : new Date(value).toISOString();
}

/** The row's values after the change; a combination of fields that cannot be is refused. */
function valuesOf(input: DiscountPatch, before: DiscountCodeRow | null): DiscountCodeValues {
  if (input.percentOff != null && input.amountOff != null)
    refuse('invalid', DISCOUNT_ADMIN_MESSAGES.oneValue);
  // Giving one value replaces the other: a percentage code can become an amount code in one edit.
  let percent = before?.percent_off ?? null;
  let amount = before?.amount_off ?? null;
  if (input.percentOff != null) [percent, amount] = [input.percentOff, null];
  else if (input.amountOff != null) [percent, amount] = [null, input.amountOff];
  if ((percent === null) === (amount === null)) refuse('invalid', DISCOUNT_ADMIN_MESSAGES.oneValue);
  const startsAt = input.startsAt === undefined ? (before?.starts_at ?? null) : utc(input.startsAt);
  const endsAt = input.endsAt === undefined ? (before?.ends_at ?? null) : utc(input.endsAt);
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt)
    refuse('invalid', DISCOUNT_ADMIN_MESSAGES.endBeforeStart);
  const flag = (value: boolean | undefined, was: number | undefined, fallback: number) =>
    value === undefined ? (was ?? fallback) : value ? 1 : 0;
  return {
    percent_off: percent,
    amount_off: amount,
    min_subtotal: input.minSubtotal ?? before?.min_subtotal ?? 0,
    starts_at: startsAt,
    ends_at: endsAt,
    max_uses: input.maxUses === undefined ? (before?.max_uses ?? null) : input.maxUses,
    once_per_email: flag(input.oncePerEmail, before?.once_per_email, 0),
    active: flag(input.active, before?.active, 1),
  };
}

export class DiscountService {
  constructor(private readonly o: DiscountServiceOptions) {}

  private now(): Date {
    return this.o.now?.() ?? new Date();
  }

  async list(): Promise<AdminDiscountListed[]> {
    const [rows, counts, paid] = await Promise.all([
      this.o.store.list(),
      this.o.store.counts(this.now()),
      this.o.paidByCode(),
    ]);
    return rows.map((row) => ({
      ...adminDiscountOf(row),
      uses: paid.get(row.code)?.orders ?? 0,
      reserved: counts.get(row.code)?.reserved ?? 0,
      revenue: paid.get(row.code)?.revenue ?? 0,
    }));
  }

  /** The new code; `repeat` when the same desk submission already made it (answered 200, not 201). */
  async create(input: DiscountCreate, actor: Actor): Promise<{ discount: AdminDiscount; repeat: boolean }> {
    const made = await this.once('discount-create', input.code, actor, async () => {
      const values = valuesOf(input, null);
      const row =
        (await this.o.store.create(input.code, values, this.now())) ??
        refuse('conflict', DISCOUNT_ADMIN_MESSAGES.duplicate);
      await this.o.audit({ ...auditOf(actor), action: 'discount-create', target: row.code, detail: null });
      return adminDiscountOf(row);
    });
    return { discount: made.value, repeat: made.repeat };
  }

  async patch(code: string, input: DiscountPatch, actor: Actor): Promise<AdminDiscount> {
    const { value: discount } = await this.once('discount-update', code, actor, async () => {
      const before = (await this.o.store.find(code)) ?? refuse('not-found', DISCOUNT_ADMIN_MESSAGES.notFound);
      const row =
        (await this.o.store.update(code, valuesOf(input, before), this.now())) ??
        refuse('not-found', DISCOUNT_ADMIN_MESSAGES.notFound);
      await this.o.audit({ ...auditOf(actor), action: 'discount-update', target: code, detail: null });
      return adminDiscountOf(row);
    });
    return discount;
  }

  /** One change per desk submission (audit-trail.ts `madeOnce`): a repeat answers the code as it is now. */
  private once(action: string, target: string, actor: Actor, run: () => Promise<AdminDiscount>) {
    return madeOnce(this.o.requests, { action, target, actor }, run, async () =>
      adminDiscountOf(
        (await this.o.store.find(target)) ?? refuse('not-found', DISCOUNT_ADMIN_MESSAGES.notFound),
      ),
    );
  }
}

function auditOf(actor: Actor): Pick<AuditEntry, 'session' | 'address' | 'name'> {
  return { session: actor.session, address: actor.address, name: actor.name };
}
