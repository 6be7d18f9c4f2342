/**
 * The messages between the page and the dispatch calendar's worker (dispatch-worker.ts). The page sends
 * its own clock and the server's closures: the worker has neither the page's clock (a journey's
 * page.clock, the shopper's own) nor its window, and answers with the views of every zone.
 */
import * as z from 'zod/mini';
import { closuresFromText, type DispatchViews, dispatchViews } from './dispatch-view';

export const dispatchRequestSchema = z.object({
  /** Matches the answer to its request: only the newest request's answer is shown. */
  id: z.number(),
  /** The page's Date.now(). */
  now: z.number(),
  /** window.__SOLAS_CLOSED_DATES__, or null when /runtime-env.js did not set it. */
  closedDates: z.nullable(z.string()),
});

export type DispatchRequest = z.infer<typeof dispatchRequestSchema>;

export type DispatchAnswer =
  | { readonly id: number; readonly ok: true; readonly views: DispatchViews }
  | { readonly id: number; readonly ok: false };

/** What the worker answers to a message; anything that is not a request gets a refusal (id -1). */
export function answerDispatchRequest(data: unknown): DispatchAnswer {
  const request = dispatchRequestSchema.safeParse(data);
  if (!request.success) return { id: -1, ok: false };
  const { id, now, closedDates } = request.data;
  const instant = new Date(now);
  if (Number.isNaN(instant.getTime())) return { id, ok: false };
  return { id, ok: true, views: dispatchViews(instant, closuresFromText(closedDates)) };
}
