/**
 * The owner's settings (docs/product/desk.md §10.11), one row per name in `settings`, the value as JSON. A name
 * without a row has its default from the environment (MAKING_CAPACITY_PER_DAY; EARLY_BIRD_UNTIL with 15%
 * from 20 pieces), so a fresh shop needs no row and the desk's change wins over the variable from then on,
 * on every instance. The early-bird price's row holds its terms, or null once the owner turned it off.
 * The same table keeps two operational marks for the desk's Today (the last payment event received, the
 * last reconcile pass): shared by every instance, unlike a process's memory. Nothing here names a person.
 */
import type { Kysely, Transaction } from 'kysely';
import { isValidCapacity } from '../../domain/making/making-queue';
import { type EarlyBirdTerms, isEarlyBirdTerms } from '../../domain/offers/early-bird';
import { describeSettingChange } from '../../domain/settings/setting-change';
import {
  type AllSettings,
  type AllSettingsPatch,
  OWNER_SETTING_NAMES,
  type OwnerSettings,
  SETTING_SCHEMAS,
} from '../../domain/settings/shop-settings';
import { effectiveVatSettings, nextVatSettings, type VatSettings } from '../../domain/vat/vat-settings';
import { type AuditEntry, auditRowsOf, recordAudit } from '../audit/audit-trail';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Setting names as stored (the API's names). */
const CAPACITY = 'makingCapacityPerDay';
const EARLY_BIRD = 'earlyBird';
/**
 * The row every change of the owner's settings rewrites, first in its transaction: its lock makes two
 * saves at once run one after the other, so the second sees the first's time and is refused as stale.
 */
const SAVED_MARK = 'settings.savedAt';
/** `updatedAt` of settings never saved: before any save, so any `updatedAt` the desk read is as new. */
export const NEVER_SAVED = '1970-01-01T00:00:00.000Z';

/** A save whose `updatedAt` is older than the stored one: the owner saved over a change she has not seen. */
export class StaleSettingsError extends Error {
  constructor(readonly current: string) {
    super('The settings changed since they were read');
    this.name = 'StaleSettingsError';
  }
}

export interface SettingsStoreHooks {
  /** Runs in every save's transaction (the catalogue's new version, so every instance re-reads). */
  readonly published?: (trx: Transaction<Database>) => Promise<void>;
}
/** A value refused against the stored settings (a registered VAT mode without a number): a 400. */
export class InvalidSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSettingError';
  }
}

/** The marks' names: apart from the settings, never sent to the PATCH. */
export const OPS_MARKS = {
  lastPaymentEvent: 'ops.lastPaymentEventAt',
  lastReconcile: 'ops.lastReconcileAt',
} as const;
export type OpsMark = (typeof OPS_MARKS)[keyof typeof OPS_MARKS];

/**
 * Now, or a millisecond after `previous` when the clock has not moved past it (two saves in one
 * millisecond, or a clock set back): every save is later than the one before, so a desk that read the
 * settings before it is refused as stale, and whatever dates itself by the last save sees a new date.
 */
function laterThan(previous: string): string {
  const now = Date.now();
  const after = Date.parse(previous) + 1;
  return new Date(Math.max(now, after)).toISOString();
}

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

/**
 * The PATCH with its VAT settings checked against the stored ones and the seller's number following
 * `vat.vatNumber` (one value); throws InvalidSettingError naming the field.
 */
function withVatNumber<P extends Omit<AllSettingsPatch, 'updatedAt'>>(patch: P, current: AllSettings): P {
  if (patch.vat === undefined) {
    // A number changed under `seller` changes the number, never the mode (docs/product/vat.md §20.1): a
    // shop not registered stays so until the VAT section says otherwise, and without a number none is.
    const vatNumber = patch.seller?.vatNumber;
    if (vatNumber === undefined || vatNumber === current.vat.vatNumber) return patch;
    const { mode, gb, ukVatNumber } = current.vat;
    const kept = nextVatSettings({ mode: vatNumber === null ? 'none' : mode, vatNumber, gb }, current.vat);
    if (!kept.ok) throw new InvalidSettingError(kept.error);
    return { ...patch, vat: { ...kept.value, ukVatNumber } };
  }
  const next = nextVatSettings(patch.vat, current.vat);
  if (!next.ok) throw new InvalidSettingError(next.error);
  const seller = patch.seller ?? current.seller;
  return {
    ...patch,
    vat: next.value,
    seller:
      next.value.vatNumber === seller.vatNumber
        ? patch.seller
        : { ...seller, vatNumber: next.value.vatNumber },
  };
}

export class SettingsStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly defaults: OwnerSettings,
    private readonly hooks: SettingsStoreHooks = {},
  ) {}

  async read(db: Db = this.db): Promise<AllSettings> {
    const rows = await db
      .selectFrom('settings')
      .select(['name', 'value', 'updated_at'])
      .where('name', 'in', [...OWNER_SETTING_NAMES, SAVED_MARK])
      .execute();
    const stored = new Map<string, unknown>();
    let updatedAt = NEVER_SAVED;
    let legalUpdatedAt: string | null = null;
    for (const row of rows) {
      if (row.updated_at > updatedAt) updatedAt = row.updated_at;
      // What the legal pages show of the settings: who sells, and where and for how much she ships.
      if ((row.name === 'seller' || row.name === 'shipping') && row.updated_at > (legalUpdatedAt ?? ''))
        legalUpdatedAt = row.updated_at;
      try {
        stored.set(row.name, JSON.parse(row.value) as unknown);
      } catch {
        // Not JSON (written by hand): the default stands, as for any value this release cannot read.
      }
    }
    const capacity = stored.get(CAPACITY);
    const earlyBird = stored.get(EARLY_BIRD);
    const d = this.defaults;
    const parsed = <K extends keyof typeof SETTING_SCHEMAS>(name: K): OwnerSettings[K] => {
      if (!stored.has(name)) return d[name];
      const result = SETTING_SCHEMAS[name].safeParse(stored.get(name));
      return result.success ? (result.data as OwnerSettings[K]) : d[name];
    };
    const seller = parsed('seller');
    const storedVat = stored.has('vat') ? parsed('vat') : null;
    // A row written by a later release, or by hand, that this one cannot read falls back to the default.
    return {
      makingCapacityPerDay:
        typeof capacity === 'number' && isValidCapacity(capacity) ? capacity : d.makingCapacityPerDay,
      earlyBird: earlyBird === null || isEarlyBirdTerms(earlyBird) ? earlyBird : d.earlyBird,
      seller,
      shipping: parsed('shipping'),
      closures: parsed('closures'),
      workingDays: parsed('workingDays'),
      christmasLastOrder: parsed('christmasLastOrder'),
      away: parsed('away'),
      announcement: parsed('announcement'),
      social: parsed('social'),
      // One VAT number under two names: the seller's.
      vat: effectiveVatSettings(storedVat as VatSettings | null, seller.vatNumber),
      updatedAt,
      legalUpdatedAt,
    };
  }

  /**
   * Applies the owner's change with one audit row per setting that changed (before and after), in one
   * transaction; `changed` is false when every value was already so (a repeated PATCH writes no row at
   * all). With `updatedAt` older than the stored time it throws StaleSettingsError and writes nothing.
   */
  async update(
    patch: Omit<AllSettingsPatch, 'updatedAt'> & { readonly updatedAt?: string | undefined },
    audit: Omit<AuditEntry, 'action' | 'target' | 'detail'>,
  ): Promise<{ settings: AllSettings; changed: boolean; before: AllSettings }> {
    return this.db.transaction().execute(async (trx) => {
      // Taken first: a second save at the same moment waits here for this one's commit.
      await trx
        .insertInto('settings')
        .values({ name: SAVED_MARK, value: JSON.stringify(NEVER_SAVED), updated_at: NEVER_SAVED })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      await trx
        .updateTable('settings')
        .set((eb) => ({ value: eb.ref('value') }))
        .where('name', '=', SAVED_MARK)
        .execute();
      const current = await this.read(trx);
      if (patch.updatedAt !== undefined && patch.updatedAt < current.updatedAt) {
        throw new StaleSettingsError(current.updatedAt);
      }
      // A seller's values given alone are laid over the stored seller (`{ seller: { eori } }`).
      const whole = patch.seller ? { ...patch, seller: { ...current.seller, ...patch.seller } } : patch;
      const changes = this.changesOf(withVatNumber(whole, current), current);
      if (changes.length === 0) return { settings: current, changed: false, before: current };
      const at = laterThan(current.updatedAt);
      for (const change of changes) {
        await upsert(trx, change.name, change.value, at);
        await recordAudit(trx, at, {
          ...audit,
          action: 'settings',
          target: change.name,
          detail: change.detail,
        });
      }
      await upsert(trx, SAVED_MARK, at, at);
      await this.hooks.published?.(trx);
      return { settings: await this.read(trx), changed: true, before: current };
    });
  }

  private changesOf(
    patch: Omit<AllSettingsPatch, 'updatedAt'>,
    current: AllSettings,
  ): { name: string; value: unknown; detail: string }[] {
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
    for (const name of Object.keys(SETTING_SCHEMAS) as (keyof typeof SETTING_SCHEMAS)[]) {
      const next = patch[name];
      if (next === undefined) continue;
      // Parsed again: only the schema's keys, in its order, reach the row and the comparison.
      const value = SETTING_SCHEMAS[name].parse(next);
      if (JSON.stringify(value) === JSON.stringify(current[name])) continue;
      changes.push({ name, value, detail: describeSettingChange(name, current[name], value) });
    }
    return changes;
  }

  /** Each setting's audit rows (its history), newest first, at most `max` per setting. */
  async history(max: number): Promise<Record<string, { at: string; detail: string | null }[]>> {
    const rows = await auditRowsOf(this.db, 'settings', max * OWNER_SETTING_NAMES.length);
    const history: Record<string, { at: string; detail: string | null }[]> = {};
    for (const row of rows) {
      if (row.target === null) continue;
      const list = history[row.target] ?? [];
      history[row.target] = list;
      if (list.length < max) list.push({ at: row.at, detail: row.detail });
    }
    return history;
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
