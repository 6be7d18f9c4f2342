/**
 * Invoices and credit notes (docs/product/vat.md §20; Directive 2006/112/EC arts. 220 and 226): the only
 * module that touches vat_sequences, vat_invoices and vat_credit_notes. A number is allocated inside the
 * caller's transaction (the payment's, the refund's) by raising its kind and year's counter row, whose
 * row lock makes any other allocation of that year wait for this transaction to end: a rolled-back
 * payment gives its number back, a committed one keeps it, so the sequence has no gap and no number is
 * given twice, on any number of instances. Records are kept six years after their year, erasure or not.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { type IsoDate, irishDate, irishInstant } from '../../domain/shared/calendar-date';
import { type CreditLine, creditNoteLines, NO_REASON_GIVEN } from '../../domain/vat/credit-note';
import type { VatBreakdown, VatScheme } from '../../domain/vat/vat-breakdown';
import type { ReportEntry } from '../../domain/vat/vat-reports';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export type SequenceKind = 'invoice' | 'credit_note';

/** What a consumer's invoice names once the shopper's data is erased (the invoice itself is kept). */
export const ERASED_CUSTOMER = 'Customer (erased)';

/** 2026-000001 for invoices; CN-2026-000001 for credit notes (their own sequence). */
export function formatNumber(kind: SequenceKind, year: number, n: number): string {
  const body = `${year}-${String(n).padStart(6, '0')}`;
  return kind === 'invoice' ? body : `CN-${body}`;
}

export interface InvoiceLine {
  readonly description: string;
  readonly quantity: number;
  /** Basis points. */
  readonly rate: number;
  /** The line's whole net and VAT, cents. */
  readonly net: number;
  readonly vat: number;
}

export interface PartySnapshot {
  readonly name: string;
  readonly address: string;
  readonly vatNumber: string | null;
}

/** An order paid: what the checkout hands over to have its invoice issued. */
export interface SaleRecord {
  readonly orderReference: string;
  readonly issuedAt: Date;
  readonly vat: VatBreakdown;
  /** One per line of `vat.lines`, in the same order: the pieces, then shipping and gift wrap. */
  readonly lines: readonly { readonly description: string; readonly quantity: number }[];
  /** The buyer; `vatNumber` for a business only. */
  readonly buyer: PartySnapshot;
  /** VIES's consultation number of a business buyer's check. */
  readonly viesConsultation?: string | null;
}

/** A refund: what the refund hands over to have its credit note issued. */
export interface RefundRecord {
  readonly orderReference: string;
  /** The provider's refund id (or the desk's): one credit note per refund, however often it is told. */
  readonly refundId: string;
  /** Cents given back to the buyer. */
  readonly amount: number;
  readonly issuedAt: Date;
  /** Why (the refund's or the cancellation's reason); the note says so. */
  readonly reason?: string | null;
}

export interface StoredInvoice {
  readonly number: string;
  readonly orderReference: string;
  readonly issuedAt: string;
  readonly country: string;
  readonly scheme: VatScheme;
  readonly totalNet: number;
  readonly totalVat: number;
  readonly lines: readonly InvoiceLine[];
  readonly seller: PartySnapshot;
  readonly buyer: PartySnapshot;
  readonly viesConsultation: string | null;
}

export interface StoredCreditNote {
  readonly number: string;
  readonly invoiceNumber: string;
  readonly orderReference: string;
  readonly refundId: string;
  readonly issuedAt: string;
  readonly totalNet: number;
  readonly totalVat: number;
  readonly lines: readonly CreditLine[];
  /** Why it was issued; null on notes issued before the reason was kept. */
  readonly reason: string | null;
}

export class RefundTooLargeError extends Error {
  constructor(readonly orderReference: string) {
    super(`A refund of ${orderReference} beyond what its invoice charged`);
    this.name = 'RefundTooLargeError';
  }
}

export class NoInvoiceError extends Error {
  constructor(readonly orderReference: string) {
    super(`No invoice for ${orderReference}`);
    this.name = 'NoInvoiceError';
  }
}

function yearOf(at: Date): number {
  return Number(irishDate(at).slice(0, 4));
}

/** The next number of `kind` in `year`, taken under the counter row's lock (the caller's transaction). */
export async function allocateNumber(
  trx: Transaction<Database>,
  kind: SequenceKind,
  year: number,
): Promise<string> {
  await trx
    .insertInto('vat_sequences')
    .values({ kind, year, last: 0 })
    .onConflict((oc) => oc.columns(['kind', 'year']).doNothing())
    .execute();
  const row = await trx
    .updateTable('vat_sequences')
    .set((eb) => ({ last: eb('last', '+', 1) }))
    .where('kind', '=', kind)
    .where('year', '=', year)
    .returning('last')
    .executeTakeFirstOrThrow();
  return formatNumber(kind, year, row.last);
}

type InvoiceRow = Database['vat_invoices'];

function invoiceOfRow(row: InvoiceRow): StoredInvoice {
  return {
    number: row.number,
    orderReference: row.order_reference,
    issuedAt: row.issued_at,
    country: row.country,
    scheme: row.scheme as VatScheme,
    totalNet: Number(row.total_net),
    totalVat: Number(row.total_vat),
    lines: JSON.parse(row.lines) as InvoiceLine[],
    seller: JSON.parse(row.seller) as PartySnapshot,
    buyer: JSON.parse(row.buyer) as PartySnapshot,
    viesConsultation: row.vies_consultation,
  };
}

function creditNoteOfRow(row: Database['vat_credit_notes']): StoredCreditNote {
  return {
    number: row.number,
    invoiceNumber: row.invoice_number,
    orderReference: row.order_reference,
    refundId: row.refund_id,
    issuedAt: row.issued_at,
    totalNet: Number(row.total_net),
    totalVat: Number(row.total_vat),
    lines: JSON.parse(row.lines) as CreditLine[],
    reason: row.reason ?? null,
  };
}

export class VatStore {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Takes `year`'s threshold notice of `stage` (1: past 80%, 2: past the threshold) and, when this call
   * took it, runs `send` in the same transaction (the e-mail's outbox row): each stage once a year on any
   * number of instances, and never a stage below one already sent (the row's `last` is the stage sent).
   */
  async onceThresholdNotice(
    year: number,
    stage: 1 | 2,
    send: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('vat_sequences')
        .values({ kind: 'threshold_notice', year, last: 0 })
        .onConflict((oc) => oc.columns(['kind', 'year']).doNothing())
        .execute();
      const taken = await trx
        .updateTable('vat_sequences')
        .set({ last: stage })
        .where('kind', '=', 'threshold_notice')
        .where('year', '=', year)
        .where('last', '<', stage)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) return false;
      await send(trx);
      return true;
    });
  }

  /**
   * Issues the invoice of a paid order in the payment's transaction and returns its number; an order
   * already invoiced keeps its number (a payment told twice issues one invoice).
   */
  async recordSale(trx: Transaction<Database>, sale: SaleRecord, seller: PartySnapshot): Promise<string> {
    if (sale.lines.length !== sale.vat.lines.length) {
      throw new RangeError('An invoice names each line of its VAT breakdown');
    }
    const existing = await this.invoiceOf(sale.orderReference, trx);
    if (existing) return existing.number;
    const number = await allocateNumber(trx, 'invoice', yearOf(sale.issuedAt));
    const lines: InvoiceLine[] = sale.vat.lines.map((vat, i) => ({
      description: sale.lines[i]?.description ?? '',
      quantity: sale.lines[i]?.quantity ?? 1,
      rate: vat.rate,
      net: vat.net,
      vat: vat.vat,
    }));
    await trx
      .insertInto('vat_invoices')
      .values({
        number,
        order_reference: sale.orderReference,
        issued_at: sale.issuedAt.toISOString(),
        country: sale.vat.country,
        scheme: sale.vat.scheme,
        total_net: sale.vat.totalNet,
        total_vat: sale.vat.totalVat,
        lines: JSON.stringify(lines),
        seller: JSON.stringify(seller),
        buyer: JSON.stringify(sale.buyer),
        buyer_vat_number: sale.buyer.vatNumber,
        vies_consultation: sale.viesConsultation ?? null,
        erased_at: null,
      })
      .execute();
    return number;
  }

  /**
   * Issues the credit note of a refund in the refund's transaction, naming the invoice it corrects, and
   * returns its number; the same refund told again keeps its number. The VAT given back is the VAT inside
   * the amount at the invoice's rate (one rate per order), rounded as every line is.
   */
  async recordRefund(trx: Transaction<Database>, refund: RefundRecord): Promise<string> {
    const existing = await trx
      .selectFrom('vat_credit_notes')
      .select('number')
      .where('refund_id', '=', refund.refundId)
      .executeTakeFirst();
    if (existing) return existing.number;
    const invoice = await this.invoiceOf(refund.orderReference, trx);
    if (!invoice) throw new NoInvoiceError(refund.orderReference);
    const credited = await trx
      .selectFrom('vat_credit_notes')
      .select(['total_net', 'total_vat', 'lines'])
      .where('invoice_number', '=', invoice.number)
      .execute();
    const already = credited.reduce((sum, c) => sum + Number(c.total_net) + Number(c.total_vat), 0);
    if (!Number.isSafeInteger(refund.amount) || refund.amount <= 0) {
      throw new RangeError(`A refund is a positive whole number of cents, got ${refund.amount}`);
    }
    if (already + refund.amount > invoice.totalNet + invoice.totalVat) {
      throw new RefundTooLargeError(refund.orderReference);
    }
    // The lines it credits: the invoice's goods and other lines, each with its quantity and its VAT at its
    // rate (domain/vat/credit-note.ts), after what the earlier notes credited.
    const earlier = credited.flatMap((c) => JSON.parse(c.lines) as CreditLine[]);
    const lines = creditNoteLines(invoice.lines, earlier, refund.amount);
    const vat = lines.reduce((s, l) => s + l.vat, 0);
    const number = await allocateNumber(trx, 'credit_note', yearOf(refund.issuedAt));
    await trx
      .insertInto('vat_credit_notes')
      .values({
        number,
        invoice_number: invoice.number,
        order_reference: refund.orderReference,
        refund_id: refund.refundId,
        issued_at: refund.issuedAt.toISOString(),
        total_net: refund.amount - vat,
        total_vat: vat,
        lines: JSON.stringify(lines),
        reason: refund.reason?.trim() || NO_REASON_GIVEN,
      })
      .execute();
    return number;
  }

  async invoiceOf(orderReference: string, db: Db = this.db): Promise<StoredInvoice | null> {
    const row = await db
      .selectFrom('vat_invoices')
      .selectAll()
      .where('order_reference', '=', orderReference)
      .executeTakeFirst();
    return row ? invoiceOfRow(row) : null;
  }

  /** The lines of every credit note of these orders, by order reference (Numbers' margins). */
  async creditNoteLinesOf(
    orderReferences: readonly string[],
  ): Promise<{ reference: string; lines: string }[]> {
    if (orderReferences.length === 0) return [];
    const rows = await this.db
      .selectFrom('vat_credit_notes')
      .select(['order_reference', 'lines'])
      .where('order_reference', 'in', [...orderReferences])
      .execute();
    return rows.map((r) => ({ reference: r.order_reference, lines: r.lines }));
  }

  /** When each of these orders' invoices was issued (an order without one is left out): the desk's list. */
  async invoiceDatesOf(orderReferences: readonly string[]): Promise<Map<string, string>> {
    if (orderReferences.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('vat_invoices')
      .select(['order_reference', 'issued_at'])
      .where('order_reference', 'in', [...orderReferences])
      .execute();
    return new Map(rows.map((r) => [r.order_reference, r.issued_at]));
  }

  async creditNote(orderReference: string, number: string): Promise<StoredCreditNote | null> {
    const row = await this.db
      .selectFrom('vat_credit_notes')
      .selectAll()
      .where('order_reference', '=', orderReference)
      .where('number', '=', number)
      .executeTakeFirst();
    return row ? creditNoteOfRow(row) : null;
  }

  async creditNotesOf(orderReference: string): Promise<StoredCreditNote[]> {
    const rows = await this.db
      .selectFrom('vat_credit_notes')
      .selectAll()
      .where('order_reference', '=', orderReference)
      .orderBy('number')
      .execute();
    return rows.map(creditNoteOfRow);
  }

  /** The invoices' or the credit notes' rows issued in [from, to) (ISO instants), oldest first. */
  private issuedIn<T extends 'vat_invoices' | 'vat_credit_notes'>(table: T, from: string, to: string) {
    return this.db
      .selectFrom(table as 'vat_invoices' | 'vat_credit_notes')
      .selectAll()
      .where('issued_at', '>=', from)
      .where('issued_at', '<', to)
      .orderBy('issued_at')
      .orderBy('number')
      .execute() as Promise<Selectable<Database[T]>[]>;
  }

  /** Invoices issued in [from, to) (ISO instants), oldest first: the accountant's papers. */
  async invoicesIssued(from: string, to: string): Promise<StoredInvoice[]> {
    return (await this.issuedIn('vat_invoices', from, to)).map(invoiceOfRow);
  }

  /**
   * Every invoice (+) and credit note (-) issued on the Irish days [from, to): what the accountant's
   * papers and the threshold add up.
   */
  async reportEntries(from: IsoDate | string, to: IsoDate | string): Promise<ReportEntry[]> {
    const start = irishInstant(from as IsoDate, 0, 0).toISOString();
    const end = irishInstant(to as IsoDate, 0, 0).toISOString();
    const entry = (
      invoice: StoredInvoice,
      lines: readonly InvoiceLine[],
      sign: 1 | -1,
      issuedAt: string,
    ): ReportEntry => ({
      country: invoice.country,
      scheme: invoice.scheme,
      buyerVatNumber: invoice.buyer.vatNumber,
      lines,
      sign,
      issuedAt,
    });
    const invoices = await this.invoicesIssued(start, end);
    const notes = await this.creditNotesIssued(start, end);
    return [
      ...invoices.map((invoice) => entry(invoice, invoice.lines, 1, invoice.issuedAt)),
      ...notes.map(({ note, invoice }) => entry(invoice, note.lines, -1, note.issuedAt)),
    ];
  }

  /** Credit notes issued in [from, to), each with the invoice it corrects. */
  async creditNotesIssued(
    from: string,
    to: string,
  ): Promise<{ note: StoredCreditNote; invoice: StoredInvoice }[]> {
    const notes = await this.issuedIn('vat_credit_notes', from, to);
    if (notes.length === 0) return [];
    const invoices = await this.db
      .selectFrom('vat_invoices')
      .selectAll()
      .where('number', 'in', [...new Set(notes.map((n) => n.invoice_number))])
      .execute();
    const byNumber = new Map(invoices.map((row) => [row.number, invoiceOfRow(row)]));
    return notes.flatMap((row) => {
      const invoice = byNumber.get(row.invoice_number);
      return invoice ? [{ note: creditNoteOfRow(row), invoice }] : [];
    });
  }
}

/**
 * Erasure (docs/product/privacy.md §12, docs/product/vat.md §20): invoices are kept, a consumer's without her: the buyer becomes
 * "Customer (erased)". A business's invoice names the business, not a person, and stays as issued.
 */
export async function anonymiseInvoicesOf(
  db: Db,
  orderReferences: readonly string[],
  nowIso: string,
): Promise<number> {
  if (orderReferences.length === 0) return 0;
  const erased = JSON.stringify({ name: ERASED_CUSTOMER, address: '', vatNumber: null });
  const result = await db
    .updateTable('vat_invoices')
    .set({ buyer: erased, erased_at: nowIso })
    .where('order_reference', 'in', [...orderReferences])
    .where('buyer_vat_number', 'is', null)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Retention: invoices and credit notes issued before `before` (six years after their year) are deleted. */
export async function deleteVatRecordsIssuedBefore(db: Db, before: string): Promise<number> {
  const notes = await db.deleteFrom('vat_credit_notes').where('issued_at', '<', before).executeTakeFirst();
  const invoices = await db
    .deleteFrom('vat_invoices')
    .where('issued_at', '<', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('vat_credit_notes')
            .select('number')
            .whereRef('vat_credit_notes.invoice_number', '=', 'vat_invoices.number'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(notes.numDeletedRows) + Number(invoices.numDeletedRows);
}
