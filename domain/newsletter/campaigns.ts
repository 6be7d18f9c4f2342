/**
 * The owner's newsletter campaigns and subscribers API (docs/product/states.md §5.10), shared by the server and
 * the desk: the paths, the refusals' wording, the zod/mini schemas of the bodies and the answers' shapes.
 * A campaign is a draft until it is sent; sending is paced by the server, once per confirmed subscriber.
 */
import * as z from 'zod/mini';
import { isFreeText, isSingleLineText } from '../shared/input-text';

export const CAMPAIGNS_API = {
  campaigns: '/api/admin/campaigns',
  subscribers: '/api/admin/subscribers',
  /** How many confirmed addresses wait for each product ("tell me when it's back"). */
  backInStock: '/api/admin/back-in-stock',
} as const;

export function campaignPath(id: string, action?: 'test' | 'send'): string {
  return `${CAMPAIGNS_API.campaigns}/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;
}

export function subscriberPath(email: string): string {
  return `${CAMPAIGNS_API.subscribers}/${encodeURIComponent(email)}`;
}

export const CAMPAIGN_LIMITS = {
  subjectMax: 150,
  previewMax: 200,
  bodyMax: 20_000,
  productsMax: 8,
  /** A send may be planned up to this many days ahead. */
  scheduleDaysMax: 90,
  /** The desk's subscriber list: a page at most this long; the search narrows it. */
  subscribersPage: 200,
} as const;

export const CAMPAIGN_MESSAGES = {
  subject: `subject must be 1 to ${CAMPAIGN_LIMITS.subjectMax} characters`,
  subjectLine: 'subject must be one line of text, without control or invisible formatting characters',
  preview: `preview must be at most ${CAMPAIGN_LIMITS.previewMax} characters`,
  previewLine: 'preview must be one line of text, without control or invisible formatting characters',
  body: `body must be a message of 1 to ${CAMPAIGN_LIMITS.bodyMax} characters`,
  bodyText: 'body must be text and line breaks, without control or invisible formatting characters',
  productIds: `productIds must be a list of at most ${CAMPAIGN_LIMITS.productsMax} product ids`,
  unknownProduct: 'productIds names a product the catalogue does not have',
  at: 'at must be an ISO 8601 date-time with Z or an offset (2026-12-01T09:00:00Z)',
  atRange: `at must be in the future and at most ${CAMPAIGN_LIMITS.scheduleDaysMax} days ahead`,
  notFound: 'No campaign has this id',
  notDraft: 'This campaign is no longer a draft: it was sent or is being sent',
  subscriberNotFound: 'No subscriber has this address',
} as const;

const subject = z.string({ error: CAMPAIGN_MESSAGES.subject }).check(
  z.trim(),
  z.minLength(1, { error: CAMPAIGN_MESSAGES.subject }),
  z.maxLength(CAMPAIGN_LIMITS.subjectMax, { error: CAMPAIGN_MESSAGES.subject }),
  // A line break in a subject would forge headers of every message; other controls garble it.
  z.refine(isSingleLineText, { error: CAMPAIGN_MESSAGES.subjectLine }),
);
const preview = z
  .string({ error: CAMPAIGN_MESSAGES.preview })
  .check(
    z.trim(),
    z.maxLength(CAMPAIGN_LIMITS.previewMax, { error: CAMPAIGN_MESSAGES.preview }),
    z.refine(isSingleLineText, { error: CAMPAIGN_MESSAGES.previewLine }),
  );
const body = z
  .string({ error: CAMPAIGN_MESSAGES.body })
  .check(
    z.minLength(1, { error: CAMPAIGN_MESSAGES.body }),
    z.maxLength(CAMPAIGN_LIMITS.bodyMax, { error: CAMPAIGN_MESSAGES.body }),
    z.refine(isFreeText, { error: CAMPAIGN_MESSAGES.bodyText }),
  );
const productIds = z
  .array(
    z
      .string({ error: CAMPAIGN_MESSAGES.productIds })
      .check(z.regex(/^[0-9]{1,9}$/, CAMPAIGN_MESSAGES.productIds)),
    {
      error: CAMPAIGN_MESSAGES.productIds,
    },
  )
  .check(z.maxLength(CAMPAIGN_LIMITS.productsMax, { error: CAMPAIGN_MESSAGES.productIds }));

/** POST /api/admin/campaigns. */
export const campaignCreateSchema = z.strictObject({
  subject,
  preview: z.optional(preview),
  body,
  productIds: z.optional(productIds),
});
export type CampaignCreate = z.infer<typeof campaignCreateSchema>;

/** PATCH /api/admin/campaigns/{id}: any of the fields, while a draft. */
export const campaignPatchSchema = z.strictObject({
  subject: z.optional(subject),
  preview: z.optional(preview),
  body: z.optional(body),
  productIds: z.optional(productIds),
});
export type CampaignPatch = z.infer<typeof campaignPatchSchema>;

/** POST /api/admin/campaigns/{id}/send: now, or at a chosen time. */
export const campaignSendSchema = z.strictObject({
  at: z.optional(z.iso.datetime({ offset: true, error: CAMPAIGN_MESSAGES.at })),
});

/** No body at all is "send now". */
export const campaignSendBodySchema = z.nullish(campaignSendSchema);

export const campaignParamsSchema = z.object({
  id: z.string().check(z.regex(/^cmp_[A-Za-z0-9_-]{1,40}$/, CAMPAIGN_MESSAGES.notFound)),
});

export const subscriberParamsSchema = z.object({
  email: z.string().check(z.minLength(3), z.maxLength(320)),
});

export const subscribersQuerySchema = z.object({
  q: z.optional(z.string().check(z.maxLength(320))),
});

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** A failure's reason and how many messages ended with it. */
export interface CampaignFailure {
  readonly reason: string;
  readonly count: number;
}

export interface CampaignView {
  readonly id: string;
  readonly status: CampaignStatus;
  readonly subject: string;
  readonly preview: string;
  readonly body: string;
  readonly productIds: readonly string[];
  readonly createdAt: string;
  readonly updatedAt: string;
  /** When the send starts (scheduled) or started; null for a draft. */
  readonly sendAt: string | null;
  /** When the last message was queued; null until then. */
  readonly sentAt: string | null;
  /** Confirmed subscribers when the send started (0 before). */
  readonly recipients: number;
  /** Messages the mail server accepted. */
  readonly sent: number;
  /** Messages given up, with their reasons below. */
  readonly failed: number;
  readonly failures: readonly CampaignFailure[];
  /** Recipients no longer on the list (unsubscribed or removed) since the send started. */
  readonly unsubscribed: number;
}

/** The desk's preview of a campaign: the e-mail's HTML and plain text, as a subscriber receives them. */
export interface CampaignPreview {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

export interface SubscriberView {
  readonly email: string;
  /** Where the consent was given: the form's source ('home', 'coming-soon', ...). */
  readonly source: string;
  /** When the address was given (the sign-up) and when its owner confirmed it (the double opt-in). */
  readonly signedUpAt: string;
  readonly confirmedAt: string;
}

// ------------------------------------------------------------------ the answers, as the desk parses them

export const campaignViewSchema = z.object({
  id: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  subject: z.string(),
  preview: z.string(),
  body: z.string(),
  productIds: z.readonly(z.array(z.string())),
  createdAt: z.string(),
  updatedAt: z.string(),
  sendAt: z.nullable(z.string()),
  sentAt: z.nullable(z.string()),
  recipients: z.number(),
  sent: z.number(),
  failed: z.number(),
  failures: z.readonly(z.array(z.object({ reason: z.string(), count: z.number() }))),
  unsubscribed: z.number(),
});

export const campaignResponseSchema = z.object({ ok: z.literal(true), campaign: campaignViewSchema });
export const campaignsResponseSchema = z.object({
  ok: z.literal(true),
  campaigns: z.array(campaignViewSchema),
});
export const campaignPreviewResponseSchema = z.object({
  ok: z.literal(true),
  preview: z.object({ subject: z.string(), html: z.string(), text: z.string() }),
});
export const subscribersResponseSchema = z.object({
  ok: z.literal(true),
  subscribers: z.array(
    z.object({ email: z.string(), source: z.string(), signedUpAt: z.string(), confirmedAt: z.string() }),
  ),
  total: z.number(),
});

export const backInStockWaitingSchema = z.object({
  ok: z.literal(true),
  waiting: z.record(z.string(), z.number()),
});
