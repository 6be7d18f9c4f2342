/**
 * The labels' table (server/shipping/migrations.ts): the only code that queries `shipping_labels`. One order
 * has at most one label that is not voided (a partial unique index): a claim is an insert that does
 * nothing on that index, so of concurrent "Buy label" (a double tap, two tabs, two instances) one wins.
 */
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { BoughtLabel, CustomsItem } from './label-provider';
import type { ShippingLabelsTable } from './tables';

export type LabelRow = Selectable<ShippingLabelsTable>;

type Db = Kysely<Database> | Transaction<Database>;

/** A claim older than this was left by an instance that died mid-call: a new "Buy label" may take it over. */
export const STALE_CLAIM_MS = 2 * 60 * 1000;

export class LabelStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Claims the order's one label slot while the provider is asked; null when another label (bought, or
   * being bought) holds it.
   */
  async claim(input: {
    orderId: string;
    reference: string;
    provider: string;
    weightGrams: number;
    customs: readonly CustomsItem[] | null;
    now: Date;
  }): Promise<number | null> {
    const at = input.now.toISOString();
    await this.db
      .deleteFrom('shipping_labels')
      .where('order_id', '=', input.orderId)
      .where('status', '=', 'buying')
      .where('created_at', '<', new Date(input.now.getTime() - STALE_CLAIM_MS).toISOString())
      .execute();
    const row = await this.db
      .insertInto('shipping_labels')
      .values({
        order_id: input.orderId,
        reference: input.reference,
        status: 'buying',
        provider: input.provider,
        weight_grams: input.weightGrams,
        customs: input.customs ? JSON.stringify(input.customs) : null,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) =>
        // The index's own predicate, written as it is (not a parameter): both databases match it to the index.
        oc.column('order_id').where(sql<boolean>`status <> 'voided'`).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** The provider made the label: the claim becomes the order's live label. */
  async complete(id: number, bought: BoughtLabel & { trackingUrl: string | null }, now: Date): Promise<void> {
    await this.db
      .updateTable('shipping_labels')
      .set({
        status: 'live',
        provider_label_id: bought.providerLabelId,
        carrier: bought.carrier,
        tracking_number: bought.trackingNumber,
        tracking_url: bought.trackingUrl,
        label_pdf: bought.pdf.toString('base64'),
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** The provider did not make it: the slot is free again. */
  async release(id: number): Promise<void> {
    await this.db.deleteFrom('shipping_labels').where('id', '=', id).where('status', '=', 'buying').execute();
  }

  /** The order's label that is not voided (live or being bought), or undefined. */
  async currentOf(orderId: string): Promise<LabelRow | undefined> {
    return this.db
      .selectFrom('shipping_labels')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('status', '<>', 'voided')
      .executeTakeFirst();
  }

  /** Voids the live label `id`; false when it was not live any more (voided at once from elsewhere). */
  async markVoided(id: number, now: Date): Promise<boolean> {
    const at = now.toISOString();
    const result = await this.db
      .updateTable('shipping_labels')
      .set({ status: 'voided', voided_at: at, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'live')
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** The live label with this tracking number (the webhook's event names the number). */
  async liveByTracking(trackingNumber: string): Promise<LabelRow | undefined> {
    return this.db
      .selectFrom('shipping_labels')
      .selectAll()
      .where('tracking_number', '=', trackingNumber)
      .where('status', '=', 'live')
      .executeTakeFirst();
  }

  async setTrackingStatus(id: number, statusCode: string, now: Date): Promise<void> {
    await this.db
      .updateTable('shipping_labels')
      .set({ tracking_status: statusCode, updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /** The live labels' PDFs of these orders, by reference. */
  async livePdfs(references: readonly string[]): Promise<Map<string, Buffer>> {
    if (references.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('shipping_labels')
      .select(['reference', 'label_pdf'])
      .where('reference', 'in', [...references])
      .where('status', '=', 'live')
      .where('label_pdf', 'is not', null)
      .execute();
    return new Map(rows.map((r) => [r.reference, Buffer.from(r.label_pdf ?? '', 'base64')]));
  }

  /** The live labels bought since `sinceIso` (Today's batch), oldest first. */
  async liveSince(sinceIso: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('shipping_labels')
      .select('reference')
      .where('status', '=', 'live')
      .where('created_at', '>=', sinceIso)
      .where('label_pdf', 'is not', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((r) => r.reference);
  }
}

// ------------------------------------------------------------------------------ personal data (privacy)

/** Every label of these orders, for the privacy export: carrier, tracking, when; never the PDF. */
export async function labelsOfOrders(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('shipping_labels')
    .select(['reference', 'status', 'carrier', 'tracking_number', 'created_at', 'voided_at'])
    .where('order_id', 'in', [...orderIds])
    .orderBy('id')
    .execute();
}

/** The labels' PDFs of these orders go (they print the name and address); the tracking numbers stay. */
export async function erasePdfsOfOrders(
  db: Db,
  orderIds: readonly string[],
  nowIso: string,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const result = await db
    .updateTable('shipping_labels')
    .set({ label_pdf: null, updated_at: nowIso })
    .where('order_id', 'in', [...orderIds])
    .where('label_pdf', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The PDFs of labels made before `beforeIso` go: a label is printed the day it is bought. */
export async function erasePdfsCreatedBefore(db: Db, beforeIso: string, nowIso: string): Promise<number> {
  const result = await db
    .updateTable('shipping_labels')
    .set({ label_pdf: null, updated_at: nowIso })
    .where('created_at', '<', beforeIso)
    .where('label_pdf', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
