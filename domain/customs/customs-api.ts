/**
 * The customs declarations' API (docs/product/customs.md §21), shared by the server and the desk: the
 * paths, the refusals' wording and the desk's answer for one order.
 */
import * as z from 'zod/mini';
import { countryName } from '../shared/countries';
import { describeMissingCustoms, type MissingCustoms } from './customs-items';

export const CUSTOMS_API = {
  /** The day's customs data as CSV: `?date=YYYY-MM-DD`. */
  csv: '/api/admin/customs.csv',
} as const;

/** `/api/admin/orders/SOL-X/customs.pdf` (A4), `?size=a6` for a label-sized page. */
export function customsPdfPath(reference: string, size: 'a4' | 'a6' = 'a4'): string {
  const base = `/api/admin/orders/${encodeURIComponent(reference)}/customs.pdf`;
  return size === 'a6' ? `${base}?size=a6` : base;
}

/** `/api/admin/orders/SOL-X/customs`: what the desk's order page shows of its declaration. */
export function customsStatePath(reference: string): string {
  return `/api/admin/orders/${encodeURIComponent(reference)}/customs`;
}

export const CUSTOMS_MESSAGES_API = {
  notFound: 'No order has this reference',
  date: 'date must be a day written YYYY-MM-DD',
  size: 'size must be a4 or a6',
} as const;

/** Why an order to `country` has no declaration: it stays inside the EU. */
export function insideEuMessage(country: string): string {
  return `This order goes to ${countryName(country)}, inside the EU: no customs declaration is needed`;
}

/** `/api/admin/orders/SOL-X/returned-unpaid`: the parcel came back, its duty unpaid (§21.5). */
export function returnedUnpaidPath(reference: string): string {
  return `/api/admin/orders/${encodeURIComponent(reference)}/returned-unpaid`;
}

/** The refund's reason, in the order's history and the shopper's refund e-mail. */
export const RETURNED_UNPAID_REASON = 'Came back unpaid: the import duty was not paid';

export const RETURNED_UNPAID_MESSAGES = {
  notDispatched: 'Only a dispatched order can come back unpaid',
  insideEu: 'Only an order sent outside the EU can come back with its duty unpaid',
} as const;

export const NO_ADDRESS_MESSAGE = 'This order has no delivery address yet, so it has no customs declaration';

/** Why the declaration cannot be made: the products named lack their customs data. */
export function missingCustomsMessage(missing: readonly MissingCustoms[]): string {
  return `No customs declaration yet: ${describeMissingCustoms(missing)}`;
}

/** Why a dispatch outside the EU is refused (docs/product/customs.md §21.3). */
export function dispatchRefusedMessage(missing: readonly MissingCustoms[]): string {
  return `This order leaves the EU and needs a customs declaration before dispatch: ${describeMissingCustoms(missing)}`;
}

export const customsStateSchema = z.object({
  /** False for an order staying inside the EU (no declaration). */
  needed: z.boolean(),
  country: z.nullable(z.string()),
  /** Every product the declaration lacks, with why; empty when it can be printed. */
  missing: z.array(z.object({ productId: z.string(), name: z.string(), reason: z.string() })),
  /** Whether Settings holds the seller's EORI number (the CN23 asks it). */
  eori: z.boolean(),
  /** The CN23's links, A4 and A6, when it can be printed. */
  pdf: z.nullable(z.object({ a4: z.string(), a6: z.string() })),
});
export type CustomsState = z.infer<typeof customsStateSchema>;
export const customsStateResponseSchema = z.object({ ok: z.literal(true), customs: customsStateSchema });

export const customsCsvQuerySchema = z.strictObject({
  date: z
    .string({ error: CUSTOMS_MESSAGES_API.date })
    .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: CUSTOMS_MESSAGES_API.date })),
});

export const customsPdfQuerySchema = z.strictObject({
  size: z.optional(z.enum(['a4', 'a6', 'A4', 'A6'], { error: CUSTOMS_MESSAGES_API.size })),
});

/** The day's customs CSV: one row per item, the columns of a postal business upload. */
export const CUSTOMS_CSV_COLUMNS = [
  'Order reference',
  'Sender name',
  'Sender address',
  'Sender EORI',
  'Recipient name',
  'Recipient address line 1',
  'Recipient address line 2',
  'Recipient city',
  'Recipient state',
  'Recipient postcode',
  'Recipient country',
  'Category',
  'Item description',
  'Quantity',
  'Net weight (g)',
  'Value',
  'Currency',
  'HS code',
  'Country of origin',
] as const;
