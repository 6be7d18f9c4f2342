/**
 * Newsletter sign-up contract (docs/product/states.md §5.10: stored on the server, deduplicated case-insensitively):
 * POST /api/newsletter {email, source} -> 200 {ok: true} or 4xx/5xx {ok: false, error}. The browser checks
 * the address with checkEmail first (docs/product/texts.md §3.2); the server checks it again.
 */
import * as z from 'zod/mini';
import { checkEmail } from '../shared/email';
import { NEWSLETTER_MESSAGES, NEWSLETTER_SOURCES, type NewsletterSource } from './newsletter-messages';

export const NEWSLETTER_ENDPOINT = '/api/newsletter';

export const newsletterRequestSchema = z.strictObject({
  email: z.string().check(z.maxLength(1000)),
  source: z.enum(NEWSLETTER_SOURCES),
});
export type NewsletterRequest = z.infer<typeof newsletterRequestSchema>;

export const newsletterResponseSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;

/** The request body for a raw input, or the first validation message (the one the form shows). */
export function newsletterRequest(
  raw: string,
  source: NewsletterSource,
): { ok: true; body: NewsletterRequest } | { ok: false; message: string } {
  const check = checkEmail(raw);
  if (!check.ok) return { ok: false, message: check.message };
  return { ok: true, body: { email: check.email, source } };
}

/**
 * What the form shows for a server reply. Success only for a 2xx that says ok: true; a 4xx that explains
 * itself (a validation message) is shown as is; anything else is a generic failure, never a false success.
 */
export function interpretNewsletterReply(
  status: number,
  body: unknown,
): { ok: true } | { ok: false; message: string } {
  const parsed = newsletterResponseSchema.safeParse(body);
  if (status >= 200 && status < 300 && parsed.success && parsed.data.ok) return { ok: true };
  if (status >= 400 && status < 500 && parsed.success && !parsed.data.ok && parsed.data.error.trim() !== '') {
    return { ok: false, message: parsed.data.error };
  }
  return { ok: false, message: NEWSLETTER_MESSAGES.failed };
}
