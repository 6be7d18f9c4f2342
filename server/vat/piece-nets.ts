/**
 * What Numbers reads of the VAT papers for its margins (docs/product/materials.md §23.5): per order, each
 * piece line's net of VAT after its discount share as the order's priced lines stored it, and the net its
 * credit notes gave back on that line (each note line names the invoice line it credits, and the invoice's
 * lines are the order's priced lines in the same order). Read only: nothing is priced, taxed or shared
 * again here. Credit notes issued before their lines named the invoice line are not placed on a line.
 */
import type { Kysely } from 'kysely';
import type { SoldLineNet } from '../../domain/numbers/margins';
import type { CreditLine } from '../../domain/vat/credit-note';
import type { Database } from '../db/schema';
import { pricedLinesOf } from './order-vat-store';
import { VatStore } from './vat-store';

/** Enough ids per statement for every database's parameter limit. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The piece lines' nets of these orders, by order id, in the pieces' order (the order's lines by
 * position); an order without stored priced lines is left out (the caller falls back).
 */
export async function pieceNetsOf(
  db: Kysely<Database>,
  orders: readonly { readonly id: string; readonly reference: string | null }[],
): Promise<Map<string, SoldLineNet[]>> {
  const result = new Map<string, SoldLineNet[]>();
  const referenceOf = new Map(orders.flatMap((o) => (o.reference ? [[o.id, o.reference] as const] : [])));
  const credited = new Map<string, Map<number, number>>();
  const store = new VatStore(db);
  for (const references of chunks([...referenceOf.values()])) {
    for (const note of await store.creditNoteLinesOf(references)) {
      const byLine = credited.get(note.reference) ?? new Map<number, number>();
      for (const line of JSON.parse(note.lines) as CreditLine[]) {
        if (line.invoiceLine === undefined) continue;
        byLine.set(line.invoiceLine, (byLine.get(line.invoiceLine) ?? 0) + Number(line.net));
      }
      credited.set(note.reference, byLine);
    }
  }
  for (const ids of chunks(orders.map((o) => o.id))) {
    for (const [orderId, lines] of await pricedLinesOf(db, ids)) {
      const reference = referenceOf.get(orderId);
      const refunds = reference ? credited.get(reference) : undefined;
      const pieces: SoldLineNet[] = [];
      lines.forEach((line, i) => {
        if (line.kind !== 'piece') return;
        pieces.push({ net: Number(line.net), refundedNet: refunds?.get(i) ?? 0 });
      });
      result.set(orderId, pieces);
    }
  }
  return result;
}
