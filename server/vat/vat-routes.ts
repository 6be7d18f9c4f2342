/**
 * The VAT feature's routes (docs/product/vat.md §20): the invoice and credit-note PDFs for the owner and for
 * the shopper holding the order's key (checked by the orders feature's page service), their numbers and
 * links for her order page (POST /api/order-page/invoices { reference, key }), and the
 * accountant's papers as JSON and CSV. Every owner route is the owner's alone (none is
 * forMakers); each download of the papers writes an audit row.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { normalizeReference, ORDER_NOT_FOUND } from '../../domain/orders/order-page';
import { irishDate } from '../../domain/shared/calendar-date';
import { formatRate } from '../../domain/vat/invoice-text';
import {
  ORDER_INVOICES_API,
  orderInvoicesAnswerSchema,
  orderInvoicesRequestSchema,
  shopperCreditNoteUrl,
  shopperInvoiceUrl,
} from '../../domain/vat/order-invoices';
import {
  EU_DISTANCE_THRESHOLD,
  ossRegistrationDeadline,
  thresholdNotice,
  thresholdState,
} from '../../domain/vat/threshold';
import type { VatMode } from '../../domain/vat/vat-breakdown';
import {
  ossAnswerSchema,
  ossReport,
  periodQuerySchema,
  quarterQuerySchema,
  quarterSpan,
  type ReportSpan,
  thresholdAnswerSchema,
  VAT_REPORTS_API,
  vat3AnswerSchema,
  vat3Report,
  vat3Span,
  viesAnswerSchema,
  viesReport,
} from '../../domain/vat/vat-reports';
import type { AuditTrail } from '../audit/audit-trail';
import { amount, csvDocument } from '../lib/csv';
import { refuse } from '../lib/refusal';
import type { OrderPageService } from '../orders';
import { ownerActor } from '../security/owner-auth';
import { KIB } from '../security/route-policy';
import { invoicePdf } from './invoice-pdf';
import type { VatStore } from './vat-store';

export interface VatRouteOptions {
  readonly store: VatStore;
  readonly audit: AuditTrail;
  /** The shopper's key check: the orders feature's order page. */
  readonly orders: Pick<OrderPageService, 'open'>;
  readonly distanceSales: (now?: Date) => Promise<{ thisYear: number; lastYear: number }>;
  /** The moment of this year's sale that crossed the threshold, or null (the notice's OSS deadline). */
  readonly crossedAt: (now?: Date) => Promise<string | null>;
  /** The owner's VAT mode now. */
  readonly mode: () => Promise<VatMode>;
}

const NOT_FOUND = 'No invoice for this order';

/** A signed amount in a CSV: "89.07", "-12.00" (a number, so no spreadsheet reads a formula). */
function money(cents: number): string | number {
  return cents >= 0 ? amount(cents) : Number((cents / 100).toFixed(2));
}

function pdf(reply: FastifyReply, filename: string, body: Buffer): FastifyReply {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `inline; filename="${filename}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Robots-Tag', 'noindex, nofollow')
    .send(body);
}

function csv(reply: FastifyReply, filename: string, body: string): FastifyReply {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'no-store')
    .send(body);
}

const refParams = z.object({ reference: z.string() });
const noteParams = z.object({ reference: z.string(), file: z.string() });
const keyQuery = z.object({ key: z.optional(z.string()) });

export async function vatRoutes(app: FastifyInstance, opts: VatRouteOptions): Promise<void> {
  const { store } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function invoiceReply(reply: FastifyReply, reference: string): Promise<FastifyReply> {
    const invoice = await store.invoiceOf(reference);
    if (!invoice) return reply.code(404).send({ ok: false, error: NOT_FOUND });
    return pdf(reply, `invoice-${invoice.number}.pdf`, await invoicePdf({ invoice }));
  }

  async function noteReply(reply: FastifyReply, reference: string, file: string): Promise<FastifyReply> {
    const number = file.endsWith('.pdf') ? file.slice(0, -4) : '';
    const invoice = await store.invoiceOf(reference);
    const note = invoice && number ? await store.creditNote(reference, number) : null;
    if (!invoice || !note)
      return reply.code(404).send({ ok: false, error: 'No such credit note for this order' });
    return pdf(reply, `credit-note-${note.number}.pdf`, await invoicePdf({ invoice, creditNote: note }));
  }

  /** The shopper's key opens her own order only; a wrong key is the same 404 as no order. */
  async function shopperOrder(reference: string, key: string | undefined): Promise<string | null> {
    if (!key) return null;
    const record = await opts.orders.open(reference, key);
    return record ? normalizeReference(reference) : null;
  }

  api.get(
    '/api/admin/orders/:reference/invoice.pdf',
    { schema: { params: refParams } },
    async (request, reply) => invoiceReply(reply, request.params.reference),
  );
  api.get(
    '/api/admin/orders/:reference/credit-notes/:file',
    { schema: { params: noteParams } },
    async (request, reply) => noteReply(reply, request.params.reference, request.params.file),
  );
  api.get(
    '/api/orders/:reference/invoice.pdf',
    { schema: { params: refParams, querystring: keyQuery } },
    async (request, reply) => {
      const reference = await shopperOrder(request.params.reference, request.query.key);
      if (!reference) return reply.code(404).send({ ok: false, error: NOT_FOUND });
      return invoiceReply(reply, reference);
    },
  );
  api.get(
    '/api/orders/:reference/credit-notes/:file',
    { schema: { params: noteParams, querystring: keyQuery } },
    async (request, reply) => {
      const reference = await shopperOrder(request.params.reference, request.query.key);
      if (!reference) return reply.code(404).send({ ok: false, error: 'No such credit note for this order' });
      return noteReply(reply, reference, request.params.file);
    },
  );

  // The order page's invoice block: the same key check as the PDFs, the order page's limit and 404.
  api.post(
    ORDER_INVOICES_API,
    {
      schema: { body: orderInvoicesRequestSchema, response: { 200: orderInvoicesAnswerSchema } },
      config: { policy: { limit: 'order', body: 'json', sameOrigin: true, maxBodyBytes: 1 * KIB } },
    },
    async (request, reply) => {
      const { key } = request.body;
      const reference =
        (await shopperOrder(request.body.reference, key)) ?? refuse('not-found', ORDER_NOT_FOUND);
      const invoice = await store.invoiceOf(reference);
      const notes = invoice ? await store.creditNotesOf(reference) : [];
      return reply.header('Referrer-Policy', 'no-referrer').send({
        ok: true,
        invoice: invoice ? { number: invoice.number, url: shopperInvoiceUrl(reference, key) } : null,
        creditNotes: notes.map((n) => ({
          number: n.number,
          url: shopperCreditNoteUrl(reference, n.number, key),
        })),
      });
    },
  );

  api.get(
    VAT_REPORTS_API.threshold,
    { schema: { response: { 200: thresholdAnswerSchema } } },
    async (_request, reply) => {
      const sales = await opts.distanceSales();
      const state = thresholdState(sales);
      const crossedAt = state === 'crossed' ? await opts.crossedAt() : null;
      const deadline = crossedAt ? ossRegistrationDeadline(irishDate(new Date(crossedAt))) : null;
      return reply.header('Cache-Control', 'no-store').send({
        ok: true,
        ...sales,
        threshold: EU_DISTANCE_THRESHOLD,
        state,
        notice: thresholdNotice(state, await opts.mode(), deadline),
      });
    },
  );

  const entriesOf = (span: ReportSpan) => store.reportEntries(span.from, span.to);
  const audited = (request: FastifyRequest, what: string) =>
    opts.audit.audit({ ...ownerActor(request), action: 'export-vat', target: null, detail: what });

  api.get(
    VAT_REPORTS_API.oss,
    { schema: { querystring: quarterQuerySchema, response: { 200: ossAnswerSchema } } },
    async (request, reply) => {
      const span = quarterSpan(request.query.quarter) as ReportSpan;
      const report = ossReport(await entriesOf(span));
      return reply.header('Cache-Control', 'no-store').send({ ok: true, ...report });
    },
  );
  api.get(VAT_REPORTS_API.ossCsv, { schema: { querystring: quarterQuerySchema } }, async (request, reply) => {
    const span = quarterSpan(request.query.quarter) as ReportSpan;
    const report = ossReport(await entriesOf(span));
    await audited(request, `OSS ${request.query.quarter}`);
    const rows = report.rows.map((r) => [r.country, formatRate(r.rate), money(r.taxable), money(r.vat)]);
    if (report.totals.nil) rows.push(['Nil return: no OSS sales in this quarter', '', money(0), money(0)]);
    return csv(
      reply,
      `solas-oss-${request.query.quarter}.csv`,
      csvDocument(['Member state of consumption', 'VAT rate', 'Taxable amount (EUR)', 'VAT (EUR)'], rows),
    );
  });

  api.get(
    VAT_REPORTS_API.vat3,
    { schema: { querystring: periodQuerySchema, response: { 200: vat3AnswerSchema } } },
    async (request, reply) => {
      const span = vat3Span(request.query.period) as ReportSpan;
      return reply
        .header('Cache-Control', 'no-store')
        .send({ ok: true, ...vat3Report(await entriesOf(span)) });
    },
  );
  api.get(VAT_REPORTS_API.vat3Csv, { schema: { querystring: periodQuerySchema } }, async (request, reply) => {
    const span = vat3Span(request.query.period) as ReportSpan;
    const report = vat3Report(await entriesOf(span));
    await audited(request, `VAT3 ${request.query.period}`);
    return csv(
      reply,
      `solas-vat3-${request.query.period}.csv`,
      csvDocument(
        ['Box', 'Description', 'Amount (EUR)'],
        report.rows.map((r) => [r.box, r.label, money(r.amount)]),
      ),
    );
  });

  api.get(
    VAT_REPORTS_API.vies,
    { schema: { querystring: quarterQuerySchema, response: { 200: viesAnswerSchema } } },
    async (request, reply) => {
      const span = quarterSpan(request.query.quarter) as ReportSpan;
      return reply
        .header('Cache-Control', 'no-store')
        .send({ ok: true, ...viesReport(await entriesOf(span)) });
    },
  );
  api.get(
    VAT_REPORTS_API.viesCsv,
    { schema: { querystring: quarterQuerySchema } },
    async (request, reply) => {
      const span = quarterSpan(request.query.quarter) as ReportSpan;
      const report = viesReport(await entriesOf(span));
      await audited(request, `VIES ${request.query.quarter}`);
      return csv(
        reply,
        `solas-vies-${request.query.quarter}.csv`,
        csvDocument(
          ['Customer VAT number', 'Member state', 'Value of intra-Community supplies (EUR)'],
          report.rows.map((r) => [r.vatNumber, r.country, money(r.value)]),
        ),
      );
    },
  );
}
