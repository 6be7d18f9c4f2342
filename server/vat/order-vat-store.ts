/**
 * Each order's VAT as its checkout priced it (docs/product/vat.md §20): stored in the transaction that stores
 * the order, read by the confirmation, the desk, the e-mails and the invoice at payment. A business
 * buyer's company name and number are kept beside it (a business keeps its number on its invoice even
 * once the order is erased; the order's own copy goes with the order's personal data).
 */
import type { CompiledQuery, Kysely, Selectable, Transaction } from 'kysely';
import type { VatBreakdown, VatLine, VatScheme } from '../../domain/vat/vat-breakdown';
import { type InsertRow, preparedInsert } from '../db/prepared-insert';
import type { Database } from '../db/schema';
import type { OrderVatTable } from './tables';

type Db = Kysely<Database> | Transaction<Database>;

/** One line of an order's VAT: its rate, net and VAT, and what it is (for the invoice and the slips). */
export interface OrderVatLineRecord extends VatLine {
  readonly kind: 'piece' | 'shipping' | 'gift_wrap';
  readonly description: string;
  readonly quantity: number;
  /** What the line costs with VAT (an intra-EU business pays its net). */
  readonly gross: number;
}

export interface OrderVatRecord {
  readonly orderId: string;
  readonly breakdown: VatBreakdown;
  readonly lines: readonly OrderVatLineRecord[];
  readonly business: { readonly name: string; readonly vatNumber: string } | null;
  readonly viesConsultation: string | null;
  /** VIES did not answer for a business buyer: VAT charged, to refund once VIES confirms the number. */
  readonly vatToRefund: boolean;
}

/** The columns that state the order's VAT: where, under which scheme, how much, line by line. */
function vatColumns({ breakdown, lines }: OrderVatRecord) {
  return {
    country: breakdown.country,
    scheme: breakdown.scheme,
    total_net: breakdown.totalNet,
    total_vat: breakdown.totalVat,
    lines: JSON.stringify(lines),
  };
}

const insertOrderVat = preparedInsert('order_vat', [
  'order_id',
  'country',
  'scheme',
  'total_net',
  'total_vat',
  'lines',
  'business_name',
  'business_vat_number',
  'vies_consultation',
  'vat_to_refund',
]);

function orderVatRow(record: OrderVatRecord): InsertRow<'order_vat'> {
  return {
    order_id: record.orderId,
    ...vatColumns(record),
    business_name: record.business?.name ?? null,
    business_vat_number: record.business?.vatNumber ?? null,
    vies_consultation: record.viesConsultation,
    vat_to_refund: record.vatToRefund ? 1 : 0,
  };
}

export async function storeOrderVat(trx: Db, record: OrderVatRecord): Promise<void> {
  await insertOrderVat.run(trx, [orderVatRow(record)]);
}

/**
 * The statement storing an order's VAT, for the checkout to write with the order itself (one atomic
 * write: server/db/group-commit.ts stores a turn's checkouts in one commit).
 */
export function orderVatInsert(db: Kysely<Database>, record: OrderVatRecord): CompiledQuery {
  return insertOrderVat.compile(db, [orderVatRow(record)]);
}

/** At payment: the order's VAT as it is on the day of supply, to the country its address is in. */
export async function settleOrderVat(trx: Db, record: OrderVatRecord): Promise<void> {
  await trx.updateTable('order_vat').set(vatColumns(record)).where('order_id', '=', record.orderId).execute();
}

/** The order's VAT; null for an order priced before the VAT rules (its flat rate is on the order). */
export async function orderVatOf(db: Db, orderId: string): Promise<OrderVatRecord | null> {
  const row = await db.selectFrom('order_vat').selectAll().where('order_id', '=', orderId).executeTakeFirst();
  return row ? recordOf(row) : null;
}

/** Several orders' VAT in one query (the desk's list), by order id; an order priced before is left out. */
export async function orderVatsOf(db: Db, orderIds: readonly string[]): Promise<Map<string, OrderVatRecord>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_vat')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .execute();
  return new Map(rows.map((row) => [row.order_id, recordOf(row)]));
}

/** These orders' priced lines as stored (Numbers' margins read their nets); an order without them is left out. */
export async function pricedLinesOf(
  db: Db,
  orderIds: readonly string[],
): Promise<Map<string, OrderVatLineRecord[]>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('order_vat')
    .select(['order_id', 'lines'])
    .where('order_id', 'in', [...orderIds])
    .execute();
  return new Map(rows.map((row) => [row.order_id, JSON.parse(row.lines) as OrderVatLineRecord[]]));
}

function recordOf(row: Selectable<OrderVatTable>): OrderVatRecord {
  const lines = JSON.parse(row.lines) as OrderVatLineRecord[];
  return {
    orderId: row.order_id,
    breakdown: {
      country: row.country,
      scheme: row.scheme as VatScheme,
      lines: lines.map(({ rate, net, vat }) => ({ rate, net, vat })),
      totalNet: Number(row.total_net),
      totalVat: Number(row.total_vat),
    },
    lines,
    business:
      row.business_name !== null && row.business_vat_number !== null
        ? { name: row.business_name, vatNumber: row.business_vat_number }
        : null,
    viesConsultation: row.vies_consultation,
    vatToRefund: Number(row.vat_to_refund) === 1,
  };
}

/** Erasure: the order's copy of a business buyer's name and number goes with the order's personal data. */
export async function eraseOrderVatBuyers(db: Db, orderIds: readonly string[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .updateTable('order_vat')
    .set({ business_name: null, business_vat_number: null })
    .where('order_id', 'in', [...orderIds])
    .execute();
}

/** An order's VAT as the confirm answer and the desk's order carry it (domain/checkout/checkout.ts). */
export function orderVatAnswer(
  record: OrderVatRecord,
  invoiceNumber: string | null,
): {
  country: string;
  lines: { rate: number; net: number; vat: number }[];
  totalNet: number;
  totalVat: number;
  scheme: VatScheme;
  invoiceNumber?: string;
  viesConsultation?: string;
  vatToRefund?: boolean;
} {
  const { breakdown } = record;
  return {
    country: breakdown.country,
    lines: breakdown.lines.map(({ rate, net, vat }) => ({ rate, net, vat })),
    totalNet: breakdown.totalNet,
    totalVat: breakdown.totalVat,
    scheme: breakdown.scheme,
    ...(invoiceNumber ? { invoiceNumber } : {}),
    ...(record.viesConsultation ? { viesConsultation: record.viesConsultation } : {}),
    ...(record.vatToRefund ? { vatToRefund: true } : {}),
  };
}
