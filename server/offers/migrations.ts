/**
 * The discount codes' upgrades: this feature's part of the schema's history (server/db/migrations.ts says
 * how migrations are written). The platform's Migrator runs every feature's entries with its own in one
 * order, by name; a released entry is never edited. The codes' tables came in 0015 with the orders'
 * discount columns, so that one stays in server/db/migrations.ts. 0018 changes only this feature's rows: it
 * reads the orders' addresses as they stood then (offers uses orders, as its reservations' key does).
 */
import { createHash } from 'node:crypto';
import { canonicalEmail } from '../../domain/shared/email';
import { type AnyDb, migrationSteps } from '../db/migration-kit';

export const OFFERS_MIGRATIONS = migrationSteps({
  '0018-discount-canonical-addresses': canonicalDiscountAddresses,
});

/**
 * "Once per e-mail address" compares canonical addresses from here on (domain/shared/email.ts canonicalEmail:
 * no `+tag`, Gmail's dots ignored; docs/product/numbers.md §4.2a), and the check stays a query comparing
 * `discount_reservations.email_hash`, with no new column. The hashes stored before were of the lower-cased address: each is
 * recomputed from its order's address, only where the stored hash is indeed that address's (an erased
 * or anonymised one is left as it is). Most addresses have no tag and no dots at Gmail: their hash does
 * not change. The hash is written out here, not imported, so this migration stays what it was.
 */
async function canonicalDiscountAddresses(db: AnyDb): Promise<void> {
  const hash = (address: string) => createHash('sha256').update(`solas-discounts:${address}`).digest('hex');
  const rows: { order_id: string; email_hash: string; email: string }[] = await db
    .selectFrom('discount_reservations as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.order_id', 'r.email_hash', 'o.email'])
    .execute();
  for (const row of rows) {
    if (row.email_hash !== hash(row.email.trim().toLowerCase())) continue;
    const canonical = hash(canonicalEmail(row.email));
    if (canonical === row.email_hash) continue;
    await db
      .updateTable('discount_reservations')
      .set({ email_hash: canonical })
      .where('order_id', '=', row.order_id)
      .execute();
  }
}
