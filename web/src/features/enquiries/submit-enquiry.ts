/**
 * The enquiry form's checks and its POST (docs/product/enquiries.md §16), loaded when the visitor first focuses or
 * submits the form: zod stays off the page's first load (docs/decisions/0003). The checks are the
 * server's own schema (domain/enquiries/enquiries.ts) plus what only the form asks: a date, the occasion, what it
 * is for, and the corporate minimum.
 */
import {
  type EnquiryRequest,
  enquiryRequestSchema,
  enquirySubmitResponseSchema,
} from '../../../../domain/enquiries/enquiries';
import {
  belowCorporateMinimum,
  CORPORATE_MINIMUM_TEXT,
  ENQUIRY_API,
  ENQUIRY_FIELD_ERRORS,
  ENQUIRY_FIELD_ORDER,
  ENQUIRY_FORM_TEXT,
  ENQUIRY_HONEYPOT,
  ENQUIRY_KINDS,
  type EnquiryField,
  type EnquiryKind,
  localIsoDate,
} from '../../../../domain/enquiries/enquiry-texts';
import { parseEuroInput } from '../../../../domain/shared/euro-input';
import { trackedFetch } from '../error-tracking';

/** What the form's fields hold, as typed. */
export interface EnquiryFormValues {
  readonly kind: string;
  readonly name: string;
  readonly email: string;
  readonly company: string;
  readonly pieces: string;
  readonly neededBy: string;
  readonly budget: string;
  readonly occasion: string;
  readonly message: string;
  readonly honeypot: string;
}

export type FieldErrors = Partial<Record<EnquiryField, string>>;

export type EnquiryCheck =
  | { readonly ok: true; readonly body: EnquiryRequest }
  | { readonly ok: false; readonly errors: FieldErrors };

const isKind = (value: string): value is EnquiryKind => (ENQUIRY_KINDS as readonly string[]).includes(value);

/** The request body, or each field's message (in the form's order). */
export function checkEnquiry(values: EnquiryFormValues, today = localIsoDate(new Date())): EnquiryCheck {
  const errors: FieldErrors = {};
  const kind = isKind(values.kind) ? values.kind : undefined;
  if (!kind) errors.kind = ENQUIRY_FIELD_ERRORS.kind;
  const pieces = /^\s*\d{1,6}\s*$/.test(values.pieces) ? Number(values.pieces) : Number.NaN;
  const budget = values.budget.trim() === '' ? undefined : parseEuroInput(values.budget);
  if (budget === null || budget === 0) errors.budgetPerPiece = ENQUIRY_FIELD_ERRORS.budgetPerPiece;
  // A date field gives YYYY-MM-DD or nothing; the schema below refuses a malformed one.
  const neededBy = values.neededBy.trim();
  if (neededBy === '' || neededBy < today) errors.neededBy = ENQUIRY_FIELD_ERRORS.neededBy;
  if (values.occasion.trim() === '') errors.occasion = ENQUIRY_FIELD_ERRORS.occasion;
  const candidate = {
    name: values.name,
    email: values.email,
    ...(values.company.trim() ? { company: values.company } : {}),
    pieces,
    ...(neededBy ? { neededBy } : {}),
    ...(budget ? { budgetPerPiece: budget } : {}),
    ...(kind ? { kind } : {}),
    occasion: values.occasion,
    message: values.message,
    ...(values.honeypot ? { [ENQUIRY_HONEYPOT]: values.honeypot } : {}),
  };
  const parsed = enquiryRequestSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in ENQUIRY_FIELD_ERRORS)
        errors[field as EnquiryField] ??= ENQUIRY_FIELD_ERRORS[field as EnquiryField];
    }
  }
  if (!errors.pieces && kind && belowCorporateMinimum(kind, pieces)) errors.pieces = CORPORATE_MINIMUM_TEXT;
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors: ordered(errors) };
  return { ok: true, body: parsed.data };
}

function ordered(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {};
  for (const field of ENQUIRY_FIELD_ORDER) if (errors[field]) out[field] = errors[field];
  return out;
}

/** An enquiry that has not answered by then is reported as failed rather than spinning forever. */
const REQUEST_TIMEOUT_MS = 15_000;

/** Sends the enquiry: ok only for a 2xx that says so; a refusal that explains itself is shown as is. */
export async function postEnquiry(
  body: EnquiryRequest,
): Promise<{ ok: true } | { ok: false; message: string }> {
  let response: Response;
  try {
    response = await trackedFetch(ENQUIRY_API.submit, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    return { ok: false, message: ENQUIRY_FORM_TEXT.offline };
  }
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // A non-JSON reply (a proxy's error page) is a failure like any other.
  }
  const parsed = enquirySubmitResponseSchema.safeParse(json);
  if (response.ok && parsed.success && parsed.data.ok) return { ok: true };
  if (response.status >= 400 && response.status < 500 && parsed.success && !parsed.data.ok)
    return { ok: false, message: parsed.data.error };
  return { ok: false, message: ENQUIRY_FORM_TEXT.failed };
}
