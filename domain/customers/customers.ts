/**
 * The desk's Customers (docs/product/desk.md §10.15): one row per e-mail address the shop holds, built from its
 * orders, quotes, enquiries and newsletter sign-ups (shoppers have no accounts), a customer's page, the
 * owner's note about them, and their privacy rights (export, erasure) as buttons. Shared by the server and
 * the desk: paths, limits, wording and the zod/mini schemas of every request and answer. Amounts are cents.
 */
import * as z from 'zod/mini';
import { checkEmail } from '../shared/email';
import { freeText } from '../shared/input-text-checks';

export const CUSTOMER_API = {
  list: '/api/admin/customers',
} as const;

/** `/api/admin/customers/a%40b.ie`, and its `export` and `note`. */
export function adminCustomerPath(email: string, action?: 'export' | 'note'): string {
  const base = `${CUSTOMER_API.list}/${encodeURIComponent(email)}`;
  return action ? `${base}/${action}` : base;
}

export const CUSTOMER_LIMITS = {
  /** The search box's longest text. */
  queryMax: 200,
  /** The owner's note about one customer. */
  noteMax: 2000,
  /** Rows the list answers with (the most recent first): a search finds the others. */
  listMax: 500,
  /** Rows read from each source per list: bounds the work of one request on a large shop. */
  sourceMax: 20_000,
} as const;

export const CUSTOMER_MESSAGES = {
  email: 'email must be a customer’s e-mail address',
  q: `q must be at most ${CUSTOMER_LIMITS.queryMax} characters`,
  note: `note must be text of at most ${CUSTOMER_LIMITS.noteMax} characters`,
  notFound: 'No customer with this e-mail address.',
} as const;

/**
 * What an erasure keeps of an anonymised order, and why (docs/product/privacy.md §12.2): the desk's confirmation
 * quotes it.
 */
export const ERASURE_KEEPS =
  'Orders are kept without the person: reference, items, amounts, VAT, dates and country stay for the accounts (6 years, Taxes Consolidation Act 1997 s.886 and the VAT records rules).';

export const customerEmailParamsSchema = z.object({
  email: z.string({ error: CUSTOMER_MESSAGES.email }).check(
    z.maxLength(1000, { error: CUSTOMER_MESSAGES.email }),
    z.trim(),
    z.refine((t) => checkEmail(t).ok, { error: CUSTOMER_MESSAGES.email }),
  ),
});

export const customerListQuerySchema = z.object({
  q: z.optional(
    z
      .string({ error: CUSTOMER_MESSAGES.q })
      .check(z.maxLength(CUSTOMER_LIMITS.queryMax, { error: CUSTOMER_MESSAGES.q })),
  ),
});

export const customerNoteSchema = z.strictObject({
  note: z
    .string({ error: CUSTOMER_MESSAGES.note })
    .check(z.trim(), z.maxLength(CUSTOMER_LIMITS.noteMax, { error: CUSTOMER_MESSAGES.note }), freeText()),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

export const NEWSLETTER_STATES = ['none', 'pending', 'confirmed'] as const;

export const customerSummarySchema = z.object({
  email: z.string(),
  name: z.nullable(z.string()),
  /** Paid orders. */
  orders: z.number(),
  /** Paid, less refunds, cents. */
  spent: z.number(),
  lastOrderAt: z.nullable(z.string()),
  newsletter: z.enum(NEWSLETTER_STATES),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customersResponseSchema = z.object({
  ok: z.literal(true),
  customers: z.array(customerSummarySchema),
});

export const customerOrderSchema = z.object({
  reference: z.string(),
  status: z.string(),
  total: z.number(),
  refunded: z.number(),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
});
export const customerQuoteSchema = z.object({
  reference: z.string(),
  total: z.number(),
  validUntil: z.string(),
  paid: z.boolean(),
  createdAt: z.string(),
});
export const customerReviewSchema = z.object({
  id: z.string(),
  reference: z.nullable(z.string()),
  productId: z.string(),
  rating: z.number(),
  title: z.nullable(z.string()),
  status: z.string(),
  createdAt: z.string(),
});
export const customerEnquirySchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.string(),
  pieces: z.number(),
  createdAt: z.string(),
});

export const customerDetailSchema = z.object({
  ok: z.literal(true),
  customer: z.extend(customerSummarySchema, {
    note: z.string(),
    noteUpdatedAt: z.nullable(z.string()),
  }),
  orders: z.array(customerOrderSchema),
  quotes: z.array(customerQuoteSchema),
  reviews: z.array(customerReviewSchema),
  enquiries: z.array(customerEnquirySchema),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const customerNoteResponseSchema = z.object({
  ok: z.literal(true),
  note: z.string(),
  noteUpdatedAt: z.nullable(z.string()),
});

/**
 * The privacy export's answer: every table's rows about an address. Loose on purpose: a key this schema
 * does not name still leaves (an export that silently dropped a field would hide personal data).
 */
export const privacyExportResponseSchema = z.looseObject({
  ok: z.literal(true),
  email: z.string(),
  exportedAt: z.string(),
  // Rows as each table gives them (server/privacy/privacy-store.ts, docs/product/privacy.md §12.2).
  orders: z.readonly(z.array(z.unknown())),
  emails: z.readonly(z.array(z.unknown())),
});

/**
 * The desk's download of the same (domain/customers/readable-export.ts): readable keys, euros. Loose for
 * the same reason as above.
 */
export const readableExportResponseSchema = z.looseObject({
  'E-mail': z.string(),
  'Exported at': z.string(),
  Orders: z.readonly(z.array(z.unknown())),
  'E-mails sent': z.readonly(z.array(z.unknown())),
});
/** The download's answer: the JSON above, or (`?as=summary`) its plain-text summary. */
export const readableExportAnswerSchema = z.union([readableExportResponseSchema, z.string()]);

/** An erasure's answer: what went, by kind, and the paid orders kept for the accounts until when. */
export const erasureResponseSchema = z.object({
  ok: z.literal(true),
  newsletterSignupsDeleted: z.number(),
  backInTouchDeleted: z.number(),
  backInStockRequestsDeleted: z.number(),
  cartRemindersDeleted: z.number(),
  reviewsErased: z.number(),
  enquiriesErased: z.number(),
  unpaidCheckoutsErased: z.number(),
  ordersAnonymised: z.number(),
  customerNotesDeleted: z.number(),
  giftCardsErased: z.number(),
  quotesErased: z.number(),
  /** Labels whose PDF (the name and address printed) went (docs/product/shipping.md §22). */
  shippingLabelPdfsErased: z.number(),
  mailBodiesErased: z.number(),
  mailFilesDeleted: z.number(),
  paidOrdersKept: z.readonly(z.array(z.object({ reference: z.nullable(z.string()), keptUntil: z.string() }))),
});
export type ErasureAnswer = z.infer<typeof erasureResponseSchema>;
