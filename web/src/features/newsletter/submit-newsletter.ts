/**
 * The newsletter form's submit path (validation and the POST), loaded when the shopper first focuses or
 * submits the form, so the home page's initial JS carries only the form itself.
 */
import {
  interpretNewsletterReply,
  NEWSLETTER_ENDPOINT,
  type NewsletterRequest,
} from '../../../../domain/newsletter/newsletter';
import { NEWSLETTER_MESSAGES } from '../../../../domain/newsletter/newsletter-messages';
import { trackedFetch } from '../error-tracking';

export { newsletterRequest } from '../../../../domain/newsletter/newsletter';

/** A sign-up that has not answered by then is reported as failed rather than spinning forever. */
const REQUEST_TIMEOUT_MS = 15_000;

export async function postSignup(
  body: NewsletterRequest,
): Promise<{ ok: true } | { ok: false; message: string }> {
  let response: Response;
  try {
    response = await trackedFetch(NEWSLETTER_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    return { ok: false, message: NEWSLETTER_MESSAGES.offline };
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // A non-JSON reply (a proxy's error page) is a failure like any other.
  }
  return interpretNewsletterReply(response.status, json);
}
