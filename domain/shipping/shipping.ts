/**
 * Labels through a carrier's API (docs/product/shipping.md §22): the routes, the schemas both the desk and the
 * server parse, the messages, and the rules that need no database: whether a destination leaves the EU
 * (customs items then go with the label), a parcel's weight, and what a tracking status means.
 */
import * as z from 'zod/mini';
import { isOutsideEu } from '../customs/customs-items';
import { CARRIERS, type Carrier } from '../orders/admin-api';

// ---------------------------------------------------------------------------------------------- paths

export const SHIPPING_API = {
  /** The batch of labels as one PDF (`?layout=a4` for four to a page). */
  labels: '/api/admin/labels',
  /** Today's labels as one PDF (`?layout=a4` for four to a page). */
  todaysPdf: '/api/admin/labels/today.pdf',
  /** The provider's tracking events (ShipEngine's `track` webhook). */
  webhook: '/api/shipping/webhook',
} as const;

/** `/api/admin/orders/SOL-.../label`: POST buys, DELETE voids, GET is the label's PDF. */
export function labelPath(reference: string): string {
  return `/api/admin/orders/${encodeURIComponent(reference)}/label`;
}

/** What the desk asks of an order's label (GET). */
export function labelInfoPath(reference: string): string {
  return `${labelPath(reference)}/info`;
}

/** The header the tracking webhook carries its shared secret in (set on the webhook at ShipEngine). */
export const WEBHOOK_SECRET_HEADER = 'x-solas-webhook-secret';

// ------------------------------------------------------------------------------------------- schemas

export const labelSchema = z.object({
  carrier: z.enum(CARRIERS),
  trackingNumber: z.string(),
  /** The label's PDF (owner only). */
  url: z.string(),
});
export type Label = z.infer<typeof labelSchema>;

export const labelResponseSchema = z.object({ label: labelSchema });
export type LabelResponse = z.infer<typeof labelResponseSchema>;

/** An order's live label as the desk shows it, or null. */
export const orderLabelSchema = z.object({
  label: z.nullable(
    z.object({
      carrier: z.enum(CARRIERS),
      trackingNumber: z.string(),
      url: z.string(),
      test: z.boolean(),
      createdAt: z.string(),
      /** Whether it may still be voided (the carrier has not taken the parcel). */
      voidable: z.boolean(),
    }),
  ),
});
export type OrderLabel = z.infer<typeof orderLabelSchema>;

export const MAX_BATCH_LABELS = 50;

const reference = z.string().check(z.trim(), z.minLength(1), z.maxLength(40), z.regex(/^[A-Za-z0-9_-]+$/));

export const labelsBatchRequestSchema = z.strictObject({
  references: z.array(reference).check(z.minLength(1), z.maxLength(MAX_BATCH_LABELS)),
});
export type LabelsBatchRequest = z.infer<typeof labelsBatchRequestSchema>;

export const LABEL_LAYOUTS = ['a6', 'a4'] as const;
export type LabelLayout = (typeof LABEL_LAYOUTS)[number];
export const labelsBatchQuerySchema = z.strictObject({ layout: z.optional(z.enum(LABEL_LAYOUTS)) });

/**
 * ShipEngine's `track` webhook (its `API_TRACK` resource): only the fields the shop reads. Anything else
 * it sends is ignored, so a new field never refuses an event.
 */
export const trackEventSchema = z.object({
  resource_type: z.string(),
  data: z.optional(
    z.object({
      tracking_number: z.string().check(z.minLength(1), z.maxLength(100)),
      status_code: z.string().check(z.maxLength(4)),
    }),
  ),
});
export type TrackEvent = z.infer<typeof trackEventSchema>;

// -------------------------------------------------------------------------------------------- messages

export const SHIPPING_MESSAGES = {
  notFound: 'No such order',
  alreadyLabelled: 'This order already has a label: void it first to buy another',
  notReady: 'Only a paid order that is not dispatched yet can get a label',
  noAddress: 'This order has no delivery address to put on a label',
  noLabel: 'This order has no label',
  notVoidable: 'The carrier already has this parcel: the label can no longer be voided',
  voidRefused: 'The carrier did not void the label',
  providerFailed: 'The carrier did not make the label; nothing was bought. Try again in a minute.',
  batchUnknown: 'These orders have no label',
  noneToday: 'No label was bought today',
  webhookRefused: 'Unknown webhook secret',
} as const;

// --------------------------------------------------------------------------------------------- rules

/**
 * Whether a parcel to `country` (ISO 3166-1 alpha-2) leaves the EU and so carries customs items: the
 * customs declarations' own rule (membership of the customs union, not the shop's zones).
 */
export function leavesEu(country: string): boolean {
  return isOutsideEu(country);
}

/** The packaging of one parcel (box, tissue, card) in grams, added to its pieces' weight. */
export const PACKAGING_GRAMS = 60;

/** A parcel's weight on the label: its lines' net weight (each line's pieces together) and the packaging. */
export function parcelGrams(lines: readonly { readonly weightGrams: number }[]): number {
  return PACKAGING_GRAMS + lines.reduce((sum, l) => sum + l.weightGrams, 0);
}

/**
 * ShipEngine's tracking status codes: NY not yet in system, AC accepted, IT in transit, DE delivered, EX
 * exception, AT delivery attempt, UN unknown. Before the carrier has scanned the parcel a label may be voided.
 */
export function carrierHasParcel(statusCode: string | null): boolean {
  return statusCode !== null && !['NY', 'UN', ''].includes(statusCode);
}

export const DELIVERED_STATUS = 'DE';

/** The shop's carrier for a ShipEngine carrier code (`an_post`, `dpd_ie`, `ups`, `dhl_express`...). */
export function carrierOfCode(code: string): Carrier {
  const c = code.toLowerCase();
  if (c.includes('an_post') || c.includes('anpost')) return 'an_post';
  if (c.includes('dpd')) return 'dpd';
  if (c.includes('gls')) return 'gls';
  if (c.includes('ups')) return 'ups';
  if (c.includes('dhl')) return 'dhl';
  return 'other';
}

/** How long a label's PDF (which prints the shopper's name and address) is kept: its use is the printing. */
export const LABEL_PDF_RETENTION_DAYS = 90;
