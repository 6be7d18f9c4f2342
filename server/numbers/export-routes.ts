/**
 * The desk's Exports (docs/product/orders.md §10): the paid orders of a date range and the newsletter's
 * confirmed subscribers as CSV, under /api/admin/. Each export writes an audit row.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_API, ADMIN_MESSAGES, csvRangeQuerySchema } from '../../domain/orders/admin-api';
import type { AuditTrail } from '../audit/audit-trail';
import type { AppConfig } from '../config';
import type { FulfilmentService } from '../fulfilment';
import { dateRange } from '../lib/date-range';
import type { NewsletterStore } from '../newsletter';
import { ownerActor } from '../security/owner-auth';
import { noIndexReplies } from '../security/route-policy';
import { newsletterCsv, ordersCsv } from './csv';

export interface ExportRouteOptions {
  readonly config: AppConfig;
  readonly audit: AuditTrail;
  readonly fulfilment: Pick<FulfilmentService, 'store'>;
  readonly newsletter: Pick<NewsletterStore, 'subscribers'>;
  /** The credit notes of an order (server/vat): the CSV's VAT is its invoice's less theirs. */
  readonly creditNotes: (reference: string) => Promise<readonly { readonly totalVat: number }[]>;
  /** The owner's VAT rate now (server/settings): the header's when no order in the file was charged VAT. */
  readonly seller: () => Promise<{ readonly vatRate: number; readonly vatNumber: string | null }>;
}

function csv(reply: FastifyReply, filename: string, body: string): FastifyReply {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .send(body);
}

export async function exportRoutes(app: FastifyInstance, opts: ExportRouteOptions): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  noIndexReplies(app);

  api.get(ADMIN_API.ordersCsv, { schema: { querystring: csvRangeQuerySchema } }, async (request, reply) => {
    const range = dateRange(request.query.from, request.query.to);
    if (!range?.from || !range.to)
      return reply.code(400).send({ ok: false, error: ADMIN_MESSAGES.badDateRange });
    const orders = await opts.fulfilment.store.paidBetween(range.from, range.to);
    await opts.audit.audit({
      ...ownerActor(request),
      action: 'export-orders',
      target: null,
      detail: `${range.from}..${range.to}, ${orders.length} orders`,
    });
    // Each order's own VAT; the first start's for orders stored before it was kept (server/orders order-vat.ts).
    const before = { vatRate: opts.config.seller.vatRate, vatNumber: opts.config.seller.vatNumber };
    const { vatRate: rateNow, vatNumber } = await opts.seller();
    // The VAT each refunded order's credit notes gave back, from their stored lines.
    const credited = new Map<string, number>();
    for (const { row } of orders)
      if (row.refunded > 0 && row.reference)
        credited.set(
          row.reference,
          (await opts.creditNotes(row.reference)).reduce((sum, note) => sum + note.totalVat, 0),
        );
    return csv(
      reply,
      `solas-orders-${range.from}-to-${range.to}.csv`,
      ordersCsv(orders, { before, rateNow, registeredNow: vatNumber !== null, credited }),
    );
  });

  app.get(ADMIN_API.newsletterCsv, async (request, reply) => {
    const rows = await opts.newsletter.subscribers();
    await opts.audit.audit({
      ...ownerActor(request),
      action: 'export-newsletter',
      target: null,
      detail: `${rows.length} rows`,
    });
    return csv(reply, 'solas-newsletter.csv', newsletterCsv(rows));
  });
}
