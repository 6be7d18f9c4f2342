/**
 * The cart reminder's API schemas (./cart-reminder.ts says what the routes do): the stored lines the
 * server reads back, and the answer the browser parses. Apart, so zod loads with the request only.
 */
import * as z from 'zod/mini';
import { SIZE_CODES, type SizeCode } from '../config';
import { UNAVAILABLE_REASONS } from './cart-reminder';

const sizeSchema = z.enum(SIZE_CODES as [SizeCode, ...SizeCode[]]);

export const reminderLineSchema = z.object({
  id: z.string(),
  size: sizeSchema,
  quantity: z.number(),
});

export const restoredCartSchema = z.object({
  ok: z.literal(true),
  used: z.boolean(),
  lines: z.readonly(
    z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        size: sizeSchema,
        quantity: z.number(),
        unitPrice: z.number(),
      }),
    ),
  ),
  unavailable: z.readonly(
    z.array(z.object({ id: z.string(), name: z.string(), reason: z.enum(UNAVAILABLE_REASONS) })),
  ),
});

export const restoreResponseSchema = z.union([
  restoredCartSchema,
  z.object({ ok: z.literal(false), error: z.string() }),
]);
