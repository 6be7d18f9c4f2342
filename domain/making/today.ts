/**
 * The desk's Today and Settings (docs/product/desk.md §10.11): the owner's settings, what to make and dispatch
 * today, late orders and the shop's health. Shared by the server's routes and the desk, like admin-api.ts.
 */
import * as z from 'zod/mini';
import { sizeCodeSchema } from '../checkout/checkout';
import { ORDER_CHANNELS } from '../checkout/order-channels';
import { EARLY_BIRD_LIMITS } from '../offers/early-bird';
import { parseIsoDate } from '../shared/calendar-date';
import { MAKING_CAPACITY } from './making-queue';

export const TODAY_API = {
  today: '/api/admin/today',
  settings: '/api/admin/settings',
  /** POST: the failed e-mail goes back into the outbox and is tried again. */
  outboxRetry: '/api/admin/outbox/:id/retry',
} as const;

export function outboxRetryPath(id: number): string {
  return TODAY_API.outboxRetry.replace(':id', String(id));
}

export const SETTINGS_MESSAGES = {
  capacity: `Making capacity must be a whole number of pieces from ${MAKING_CAPACITY.min} to ${MAKING_CAPACITY.max}`,
  earlyBird: 'The early-bird price is its percent, minimum pieces and last day, or null for none',
  earlyBirdPercent: `Early-bird percent must be a whole number from ${EARLY_BIRD_LIMITS.percent.min} to ${EARLY_BIRD_LIMITS.percent.max}`,
  earlyBirdMinPieces: `Early-bird minimum must be a whole number of pieces from ${EARLY_BIRD_LIMITS.minPieces.min} to ${EARLY_BIRD_LIMITS.minPieces.max}`,
  earlyBirdUntil: 'Early-bird last day must be a date written YYYY-MM-DD',
  nothingToChange: 'Give at least one setting to change',
  outboxNotFound: 'There is no failed e-mail with that number',
} as const;

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const count = z.number().check(z.int(), z.gte(0));

const wholeIn = (range: { readonly min: number; readonly max: number }, error: string) =>
  z.number({ error }).check(z.int({ error }), z.gte(range.min, { error }), z.lte(range.max, { error }));

/** The early-bird price (domain/offers/early-bird.ts): every part named in its own message. */
export const earlyBirdTermsSchema = z.strictObject(
  {
    percent: wholeIn(EARLY_BIRD_LIMITS.percent, SETTINGS_MESSAGES.earlyBirdPercent),
    minPieces: wholeIn(EARLY_BIRD_LIMITS.minPieces, SETTINGS_MESSAGES.earlyBirdMinPieces),
    until: z
      .string({ error: SETTINGS_MESSAGES.earlyBirdUntil })
      .check(z.refine((text) => parseIsoDate(text) !== null, { error: SETTINGS_MESSAGES.earlyBirdUntil })),
  },
  { error: SETTINGS_MESSAGES.earlyBird },
);

export const shopSettingsSchema = z.object({
  /** Pieces the maker makes per working day: sets the dispatch dates (domain/making/making-queue.ts). */
  makingCapacityPerDay: z.number().check(z.int()),
  /** The early-bird bulk price; null: none. */
  earlyBird: z.nullable(earlyBirdTermsSchema),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

export const capacitySchema = wholeIn(MAKING_CAPACITY, SETTINGS_MESSAGES.capacity);

/** PATCH /api/admin/settings: the settings to change (each optional; at least one). */
export const settingsPatchSchema = z
  .strictObject({
    makingCapacityPerDay: z.optional(capacitySchema),
    earlyBird: z.optional(z.nullable(earlyBirdTermsSchema)),
  })
  .check(z.refine((patch) => Object.keys(patch).length > 0, { error: SETTINGS_MESSAGES.nothingToChange }));
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export const settingsResponseSchema = z.object({ ok: z.literal(true), settings: shopSettingsSchema });
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

export const makeLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  /** Null for a quote's custom line: a bespoke design has no bracelet size. */
  size: z.nullable(sizeCodeSchema),
  pieces: count,
  /** The orders these pieces are for, in the order they are due (each once). */
  orders: z.array(z.string()),
  /** An exchange's replacement (docs/product/exchanges.md): made first, ahead of new orders. */
  remake: z.optional(z.boolean()),
});
export type MakeLine = z.infer<typeof makeLineSchema>;

/** How far "Dispatch today" looks ahead: the orders due on the next this many working days. */
export const DISPATCH_AHEAD_WORKING_DAYS = 3;

export const dueOrderSchema = z.object({
  reference: z.string(),
  dispatchBy: isoDay,
  /** A quote's or the owner's own order (docs/product/orders.md §10.17); absent for a web order. */
  channel: z.optional(z.enum(ORDER_CHANNELS)),
  /** True when it leaves the EU and needs its customs declaration (docs/product/customs.md §21.3). */
  customs: z.optional(z.boolean()),
});
export type DueOrder = z.infer<typeof dueOrderSchema>;

export const outboxHealthSchema = z.object({
  waiting: count,
  failed: count,
  /** Age of the oldest e-mail waiting or failed; null when there is none. */
  oldestAgeSeconds: z.nullable(count),
  /** The newest failed e-mails (a few), for "Send again". */
  failedMail: z.array(
    z.object({
      id: count,
      reference: z.nullable(z.string()),
      kind: z.string(),
      createdAt: z.string(),
      error: z.nullable(z.string()),
    }),
  ),
});
export type OutboxHealth = z.infer<typeof outboxHealthSchema>;

/** One step the desk took on an order today, and who took it (docs/product/desk.md §10.11). */
export const deskStepSchema = z.object({
  at: z.string(),
  reference: z.string(),
  /** A few words, never the shopper's data: "Production started", "Refunded €12.00". */
  what: z.string(),
  /** The person's name, "API token", or null for a step recorded before people signed in. */
  by: z.nullable(z.string()),
});
export type DeskStep = z.infer<typeof deskStepSchema>;

/** How many of today's steps Today lists. */
export const DESK_STEPS_SHOWN = 12;

/** A material the queue needs more of than is on hand (docs/product/materials.md §23). */
const shortageSchema = z.object({
  materialId: z.string(),
  name: z.string(),
  needed: z.number(),
  onHand: z.number(),
  shortBy: z.number(),
});

export const todayResponseSchema = z.object({
  ok: z.literal(true),
  /** The Irish date the answer is for. */
  date: isoDay,
  capacity: count,
  /** Pieces by product and size over the orders due first, up to the day's capacity. */
  make: z.array(makeLineSchema),
  /** Orders due for dispatch today. */
  dispatch: z.array(dueOrderSchema),
  /** Orders due on the next DISPATCH_AHEAD_WORKING_DAYS working days, by date. */
  upcoming: z.array(dueOrderSchema),
  /** Orders past their dispatch-by date, the oldest first. */
  late: z.array(dueOrderSchema),
  outbox: outboxHealthSchema,
  /** The desk's steps on orders since midnight (Irish time), newest first. */
  doneToday: z.array(deskStepSchema),
  health: z.object({
    database: z.object({ dialect: z.string(), reachable: z.boolean() }),
    /** The transport's description; ok while no e-mail is retrying or failed. */
    mail: z.object({ transport: z.string(), ok: z.boolean() }),
    lastPaymentEventAt: z.nullable(z.string()),
    lastReconcileAt: z.nullable(z.string()),
    /** Pieces paid and not dispatched. */
    queuedPieces: count,
  }),
  /** "Can I make these?": what the queue's orders need beyond what is on hand (the materials feature). */
  shortages: z.optional(z.array(shortageSchema)),
  canMake: z.optional(
    z.object({
      /** The first order of the queue the shortages block; null when every order can be made. */
      firstBlocked: z.nullable(z.string()),
      /** Materials at or below their low-stock level, with what to buy to reach it again. */
      lowStock: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          unit: z.string(),
          onHand: z.number(),
          reserved: z.number(),
          lowStock: z.number(),
          toBuy: z.number(),
        }),
      ),
    }),
  ),
});
export type TodayResponse = z.infer<typeof todayResponseSchema>;
