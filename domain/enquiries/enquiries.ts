/**
 * The enquiries API's schemas (docs/product/enquiries.md §16), shared by the server, the shop's form (loaded when the
 * visitor starts filling it in) and the desk. zod/mini keeps the browser's chunks small; request bodies
 * are strict, and every refusal names its field (domain/enquiries/enquiry-texts.ts).
 */
import * as z from 'zod/mini';
import { checkEmail } from '../shared/email';
import { freeText, singleLine } from '../shared/input-text-checks';
import {
  ENQUIRY_HONEYPOT,
  ENQUIRY_KINDS,
  ENQUIRY_LIMITS,
  ENQUIRY_MESSAGES,
  ENQUIRY_STATUSES,
} from './enquiry-texts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Characters as a person counts them (an emoji is one). */
function length(text: string): number {
  return [...text].length;
}

const line = (max: number, message: string, min = 0) =>
  z.string({ error: message }).check(
    z.trim(),
    z.refine((t) => length(t) >= min && length(t) <= max, { error: message }),
    singleLine(),
  );

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .check(z.int({ error: message }), z.gte(min, { error: message }), z.lte(max, { error: message }));

export const enquiryRequestSchema = z.strictObject({
  name: line(ENQUIRY_LIMITS.nameMax, ENQUIRY_MESSAGES.name, 1),
  email: z.string({ error: ENQUIRY_MESSAGES.email }).check(
    z.maxLength(1000, { error: ENQUIRY_MESSAGES.email }),
    z.trim(),
    z.refine((t) => checkEmail(t).ok, { error: ENQUIRY_MESSAGES.email }),
  ),
  company: z.optional(line(ENQUIRY_LIMITS.companyMax, ENQUIRY_MESSAGES.company)),
  pieces: wholeNumber(1, ENQUIRY_LIMITS.piecesMax, ENQUIRY_MESSAGES.pieces),
  // The shape here; that it is a real day, today or later on the shop's (Irish) calendar, is the service's
  // check (it needs the shop's clock, and the calendar module stays out of the form's chunk).
  neededBy: z.optional(
    z
      .string({ error: ENQUIRY_MESSAGES.neededBy })
      .check(z.regex(ISO_DATE, { error: ENQUIRY_MESSAGES.neededBy })),
  ),
  budgetPerPiece: z.optional(wholeNumber(1, ENQUIRY_LIMITS.budgetMax, ENQUIRY_MESSAGES.budgetPerPiece)),
  kind: z.optional(z.enum(ENQUIRY_KINDS, { error: ENQUIRY_MESSAGES.kind })),
  occasion: z.optional(line(ENQUIRY_LIMITS.occasionMax, ENQUIRY_MESSAGES.occasion)),
  message: z.string({ error: ENQUIRY_MESSAGES.message }).check(
    z.trim(),
    z.refine((t) => length(t) >= 1 && length(t) <= ENQUIRY_LIMITS.messageMax, {
      error: ENQUIRY_MESSAGES.message,
    }),
    freeText(),
  ),
  [ENQUIRY_HONEYPOT]: z.optional(
    z
      .string({ error: ENQUIRY_MESSAGES.honeypot })
      .check(z.maxLength(ENQUIRY_LIMITS.honeypotMax, { error: ENQUIRY_MESSAGES.honeypot })),
  ),
});
export type EnquiryRequest = z.output<typeof enquiryRequestSchema>;

export const enquiryStatusSchema = z.enum(ENQUIRY_STATUSES, { error: ENQUIRY_MESSAGES.status });

export const enquiryPatchSchema = z.strictObject({
  status: z.optional(enquiryStatusSchema),
  notes: z.optional(
    z.string({ error: ENQUIRY_MESSAGES.notes }).check(
      z.trim(),
      z.refine((t) => length(t) <= ENQUIRY_LIMITS.notesMax, { error: ENQUIRY_MESSAGES.notes }),
      freeText(),
    ),
  ),
});
export type EnquiryPatch = z.output<typeof enquiryPatchSchema>;

export const enquiryListQuerySchema = z.object({ status: z.optional(enquiryStatusSchema) });
export const enquiryParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

/** An enquiry as the desk's API answers it. Amounts in cents; dates as the visitor gave them. */
export const adminEnquirySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.nullable(z.string()),
  pieces: z.number(),
  neededBy: z.nullable(z.string()),
  budgetPerPiece: z.nullable(z.number()),
  kind: z.enum(ENQUIRY_KINDS),
  occasion: z.nullable(z.string()),
  message: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  notes: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminEnquiry = z.infer<typeof adminEnquirySchema>;

export const enquiryCountsSchema = z.object({
  new: z.number(),
  quoted: z.number(),
  won: z.number(),
  lost: z.number(),
});

export const enquiriesResponseSchema = z.object({
  ok: z.literal(true),
  enquiries: z.array(adminEnquirySchema),
  counts: enquiryCountsSchema,
});
export type EnquiriesResponse = z.infer<typeof enquiriesResponseSchema>;

export const enquiryResponseSchema = z.object({ ok: z.literal(true), enquiry: adminEnquirySchema });

export const enquiryPatchResponseSchema = z.object({
  ok: z.literal(true),
  changed: z.boolean(),
  enquiry: adminEnquirySchema,
});

export const enquirySubmitResponseSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
