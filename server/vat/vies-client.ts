/**
 * The check of a business buyer's VAT number against VIES (docs/product/vat.md §20; Directive 2006/112/EC
 * art. 138 needs the buyer's valid number; Council Regulation 904/2010 gives VIES): POST
 * {VIES_URL}/check-vat-number with the owner's number as requester, so a valid answer carries a
 * consultation number the order keeps as proof. No answer within 5 s, an error answer, or no VIES_URL:
 * 'unavailable' (the checkout charges VAT and marks the order). In TEST MODE with no VIES_URL, the built-in
 * test register answers instead (domain/vat/vies-test-register.ts). A number of the wrong form never leaves.
 * Logs never hold the number in full.
 */
import * as z from 'zod/mini';
import { parseVatNumber } from '../../domain/vat/vat-number';
import { VIES_TEST_CONSULTATION, VIES_TEST_REGISTER } from '../../domain/vat/vies-test-register';

export const VIES_TIMEOUT_MS = 5_000;

export type ViesAnswer =
  | {
      readonly status: 'valid';
      readonly vatNumber: string;
      readonly country: string;
      readonly name: string | null;
      readonly address: string | null;
      /** VIES's requestIdentifier: the consultation number. */
      readonly consultation: string | null;
    }
  | { readonly status: 'invalid'; readonly reason: 'format' | 'register' }
  | { readonly status: 'unavailable' };

const answerSchema = z.object({
  valid: z.boolean(),
  requestIdentifier: z.optional(z.nullable(z.string())),
  name: z.optional(z.nullable(z.string())),
  address: z.optional(z.nullable(z.string())),
});

/** VIES writes "---" for a name or address a member state does not give. */
function shown(text: string | null | undefined): string | null {
  const t = text?.trim() ?? '';
  return t === '' || t === '---' ? null : t;
}

export interface ViesClient {
  check(vatNumber: string, requester: string | null): Promise<ViesAnswer>;
}

export function viesClient(
  baseUrl: string | null,
  options: {
    readonly timeoutMs?: number;
    readonly fetch?: typeof fetch;
    /** Told why VIES did not answer (the owner refunds the VAT of such orders by hand). */
    readonly log?: { warn(obj: object, msg: string): void };
    /** TEST MODE with no VIES_URL: the built-in test register answers (never with a real VIES). */
    readonly testRegister?: boolean;
  } = {},
): ViesClient {
  const doFetch = options.fetch ?? fetch;
  const silent = (why: string): ViesAnswer => {
    options.log?.warn({ why }, 'vies: no answer, VAT charged');
    return { status: 'unavailable' };
  };
  return {
    async check(vatNumber, requester) {
      const parsed = parseVatNumber(vatNumber);
      if (parsed === null) return { status: 'invalid', reason: 'format' };
      if (baseUrl === null)
        return options.testRegister ? fromTestRegister(parsed) : { status: 'unavailable' };
      const own = requester === null ? null : parseVatNumber(requester);
      try {
        const res = await doFetch(`${baseUrl}/check-vat-number`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            countryCode: parsed.prefix,
            vatNumber: parsed.number,
            ...(own ? { requesterMemberStateCode: own.prefix, requesterNumber: own.number } : {}),
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? VIES_TIMEOUT_MS),
        });
        if (!res.ok) return silent(`status ${res.status}`);
        const body = answerSchema.safeParse(await res.json());
        if (!body.success) return silent('an answer of another form');
        if (!body.data.valid) return { status: 'invalid', reason: 'register' };
        return {
          status: 'valid',
          vatNumber: `${parsed.prefix}${parsed.number}`,
          country: parsed.country,
          name: shown(body.data.name),
          address: shown(body.data.address),
          consultation: shown(body.data.requestIdentifier),
        };
      } catch (err) {
        // A timeout, a refused connection, a body that is not JSON: VIES did not answer.
        return silent(err instanceof Error ? err.name : 'no answer');
      }
    },
  };
}

/** The built-in test register's answer: a listed number is valid, any other of the right form is not. */
function fromTestRegister(parsed: { prefix: string; country: string; number: string }): ViesAnswer {
  const vatNumber = `${parsed.prefix}${parsed.number}`;
  const trader = VIES_TEST_REGISTER[vatNumber];
  if (!trader) return { status: 'invalid', reason: 'register' };
  return {
    status: 'valid',
    vatNumber,
    country: parsed.country,
    name: trader.name,
    address: trader.address,
    consultation: VIES_TEST_CONSULTATION,
  };
}
