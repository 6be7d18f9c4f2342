/**
 * The owner's settings (docs/product.md §10.11), one row per name in `settings`, the value as JSON. A name
 * without a row has its default from the environment (MAKING_CAPACITY_PER_DAY; EARLY_BIRD_UNTIL with 15%
 * from 20 pieces), so a fresh shop needs no row and the desk's change wins over the variable from then on,
 * on every instance. The early-bird price's row holds its terms, or null once the owner turned it off.
 * The same table keeps two operational marks for the desk's Today (the last payment event received, the
 * last reconcile pass): shared by every instance, unlike a process's memory. Nothing here names a person.
 */
import type { Kysely, Transaction } from 'kysely';
import { isValidCapacity } from '../../domain/making/making-queue';
import type { ShopSettings } from '../../domain/making/today';
import { type EarlyBirdTerms, isEarlyBirdTerms } from '../../domain/offers/early-bird';
import { type AuditEntry, recordAudit } from '../audit/audit-trail';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Setting names as stored (the API's names). */
const CAPACITY = 'makingCapacityPerDay';
const EARLY_BIRD = 'earlyBird';
/** The marks' names: apart from the settings, never sent to the PATCH. */
export const OPS_MARKS = {
  lastPaymentEvent: 'ops.lastPaymentEventAt',
  lastReconcile: 'ops.lastReconcileAt',
} as const;
export type OpsMark = (typeof OPS_MARKS)[keyof typeof OPS_MARKS];

async function upsert(db: Db, name: string, value: unknown, at: string): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ name, value: json, updated_at: at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: json, updated_at: at }))
    .execute();
}

/** Only the three terms, in a fixed order: the stored JSON and the comparison never see anything else. */
function termsOf(terms: EarlyBirdTerms | null): EarlyBirdTerms | null {
  return terms && { percent: terms.percent, minPieces: terms.minPieces, until: terms.until };
}

function sameTerms(a: EarlyBirdTerms | null, b: EarlyBirdTerms | null): boolean {
  return JSON.stringify(termsOf(a)) === JSON.stringify(termsOf(b));
}

/** The audit trail's words: `15% from 20 pieces through 2026-12-20`, or `off`. */
function describeTerms(terms: EarlyBirdTerms | null): string {
  return terms ? `${terms.percent}% from ${terms.minPieces} pieces through ${terms.until}` : 'off';
}

export class SettingsStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly defaults: ShopSettings,
  ) {}

  async read(): Promise<ShopSettings> {
    const rows = await this.db
      .selectFrom('settings')
      .select(['name', 'value'])
      .where('name', 'in', [CAPACITY, EARLY_BIRD])
      .execute();
    const stored = new Map(rows.map((r) => [r.name, JSON.parse(r.value) as unknown]));
    const capacity = stored.get(CAPACITY);
    const earlyBird = stored.get(EARLY_BIRD);
    // A row written by a later release, or by hand, that this one cannot read falls back to the default.
    return {
      makingCapacityPerDay:
        typeof capacity === 'number' && isValidCapacity(capacity)
          ? capacity
          : this.defaults.makingCapacityPerDay,
      earlyBird: earlyBird === null || isEarlyBirdTerms(earlyBird) ? earlyBird : this.defaults.earlyBird,
    };
  }

  /**
   * Applies the owner's change with its audit row, in one transaction; `changed` is false when every value
   * was already so (a repeated PATCH writes no row at all).
   */
  async update(
    patch: Partial<ShopSettings>,
    audit: Omit<AuditEntry, 'action' | 'target' | 'detail'>,
  ): Promise<{ settings: ShopSettings; changed: boolean }> {
    const current = await this.read();
    const changes: { name: string; value: unknown; detail: string }[] = [];
    const capacity = patch.makingCapacityPerDay;
    if (capacity !== undefined && capacity !== current.makingCapacityPerDay) {
      changes.push({
        name: CAPACITY,
        value: capacity,
        detail: `${current.makingCapacityPerDay} -> ${capacity} pieces a day`,
      });
    }
    const earlyBird = patch.earlyBird === undefined ? undefined : termsOf(patch.earlyBird);
    if (earlyBird !== undefined && !sameTerms(earlyBird, current.earlyBird)) {
      changes.push({
        name: EARLY_BIRD,
        value: earlyBird,
        detail: `${describeTerms(current.earlyBird)} -> ${describeTerms(earlyBird)}`,
      });
    }
    if (changes.length === 0) return { settings: current, changed: false };
    await this.db.transaction().execute(async (trx) => {
      const at = new Date().toISOString();
      for (const change of changes) {
        await upsert(trx, change.name, change.value, at);
        await recordAudit(trx, at, {
          ...audit,
          action: 'settings',
          target: change.name,
          detail: change.detail,
        });
      }
    });
    return { settings: await this.read(), changed: true };
  }

  /** Records that `mark` happened now (a payment event arrived, a reconcile pass ended). */
  async mark(mark: OpsMark, at = new Date()): Promise<void> {
    await upsert(this.db, mark, at.toISOString(), at.toISOString());
  }

  async marks(): Promise<Record<OpsMark, string | null>> {
    const names: OpsMark[] = Object.values(OPS_MARKS);
    const rows = await this.db
      .selectFrom('settings')
      .select(['name', 'value'])
      .where('name', 'in', names)
      .execute();
    const out = Object.fromEntries(names.map((n) => [n, null])) as Record<OpsMark, string | null>;
    for (const row of rows) {
      const value = JSON.parse(row.value) as unknown;
      if (typeof value === 'string') out[row.name as OpsMark] = value;
    }
    return out;
  }
}
