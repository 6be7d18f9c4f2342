/**
 * The one way a service says no. A service returns its result or throws a Refusal naming why in the
 * shop's words; the one error handler (api-support.ts) answers it as `{ ok: false, error, ...extra }` with
 * the status of its reason. No service knows an HTTP status, and no route maps one by hand.
 */

/** Why a request was refused, by what the requester can do about it. */
export type RefusalReason =
  /** The request itself is wrong (a field, a combination of fields). */
  | 'invalid'
  /** The person may not do this (a role, a signed link that does not match). */
  | 'forbidden'
  /** What the request names does not exist. */
  | 'not-found'
  /** The thing exists but its state does not allow this now (sold out, dispatched, changed elsewhere). */
  | 'conflict'
  /** It existed and is gone for good (an expired link). */
  | 'gone'
  /** A provider the shop relies on (the payment provider) failed: try again later. */
  | 'upstream';

export const REFUSAL_STATUS: Readonly<Record<RefusalReason, number>> = {
  invalid: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  upstream: 502,
};

export class Refusal extends Error {
  override readonly name = 'Refusal';

  constructor(
    readonly reason: RefusalReason,
    message: string,
    /** Fields the answer carries beside `error` (the current version of what changed elsewhere, say). */
    readonly extra?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }

  get statusCode(): number {
    return REFUSAL_STATUS[this.reason];
  }
}

/** Throws the refusal; typed `never` so a service can write `return refuse(...)` or `?? refuse(...)`. */
export function refuse(
  reason: RefusalReason,
  message: string,
  extra?: Readonly<Record<string, unknown>>,
): never {
  throw new Refusal(reason, message, extra);
}

/** The answer's body: the shop's `{ ok: false, error }`, and the refusal's extra fields. */
export function refusalBody(refusal: Refusal): { ok: false; error: string } & Record<string, unknown> {
  return { ...refusal.extra, ok: false, error: refusal.message };
}
