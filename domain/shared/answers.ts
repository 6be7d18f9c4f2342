/**
 * The answers every feature's API shares: a bare yes, and a refusal (`{ ok: false, error }`, what the
 * server's one error handler writes). A feature's own answers are in its domain folder.
 */
import * as z from 'zod/mini';

export const okResponseSchema = z.object({ ok: z.literal(true) });

export const refusalResponseSchema = z.object({ ok: z.literal(false), error: z.string() });
