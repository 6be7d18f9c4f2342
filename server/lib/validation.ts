/**
 * Request validation: routes declare their body, query and params as zod schemas (typed through
 * fastify-type-provider-zod), Fastify validates before the handler runs, and this is the one place that
 * words a failure. The error handler (api-support.ts) answers it as 400 `{ ok: false, error }` with the
 * first problem's message.
 *
 * A schema's own message (written for a person, e.g. "Quantity must be a whole number from 1 to 10")
 * is kept as it is. Where the schema has none, zod's wording gets the field's path in front
 * (`items[0].quantity: Invalid input: expected number, received string`), and a body that is not an
 * object at all is said so plainly. The wording is chosen while zod parses (its contextual error map
 * runs only where the schema has no message of its own), so the two cannot be confused afterwards.
 *
 * Why not fastify-type-provider-zod's own validatorCompiler: it parses with no error map and hands on
 * only each issue's final message and `instancePath` (`/items/0/q`), so afterwards a schema's message
 * cannot be told from zod's, index 0 from a key "0", nor `a/b` from `a.b`; and its wording is English
 * only once some module has built a classic zod schema (zod/mini installs no locale), "Invalid input"
 * before. zod's one remaining hook, `config({ customError })`, would reword every parse in the process.
 */
import type { FastifyError, FastifySchemaCompiler } from 'fastify';
import { type $ZodRawIssue, type $ZodType, type output, safeParse } from 'zod/v4/core';
import { en } from 'zod/v4/locales';
import { GIFT_CARD_NAMED_BY_PATH } from '../../domain/gift-cards/gift-cards';
import { INPUT_TEXT_ERRORS } from '../../domain/shared/input-text';
import { NAMED_IN_LISTS } from '../../domain/shared/input-text-checks';

/** zod's English wording, whichever of zod's builds the rest of the process has loaded. */
const english = en().localeError;

export const VALIDATION_MESSAGES = {
  notAnObject: 'The request body must be a JSON object',
  invalid: 'The request is not valid',
} as const;

/** `items[0].quantity`: how the shop's messages name a field. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/** The message of an issue the schema left unworded. */
function shopWording(issue: $ZodRawIssue): string {
  const path = issue.path ?? [];
  if (path.length === 0 && issue.code === 'invalid_type') return VALIDATION_MESSAGES.notAnObject;
  const zodWording = english(issue);
  const text = (typeof zodWording === 'string' ? zodWording : zodWording?.message) ?? 'Invalid input';
  const where = fieldPath(path);
  return where ? `${where}: ${text}` : text;
}

/** Schema messages that say what is wrong but not where (one check shared by many fields): named here. */
const FIELDLESS_MESSAGES: ReadonlySet<string> = new Set(Object.values(INPUT_TEXT_ERRORS));

/**
 * Messages the contract wants after their field's path, also where a type check words them (a string for
 * a number, a field missing), which can carry no params: by message, wherever the field stands, or only
 * in a list (domain/gift-cards/gift-cards.ts says why each).
 */
const NAMED_BY_PATH: ReadonlySet<string> = new Set(GIFT_CARD_NAMED_BY_PATH.always);
const NAMED_BY_PATH_IN_LISTS: ReadonlySet<string> = new Set(GIFT_CARD_NAMED_BY_PATH.inLists);

/** A check marked NAMED_IN_LISTS whose field is one item of a list: only the path says which item. */
function namedInList(issue: {
  message: string;
  path: readonly PropertyKey[];
  params?: Record<string, unknown>;
}): boolean {
  return (
    (issue.params?.fieldless === NAMED_IN_LISTS.fieldless || NAMED_BY_PATH_IN_LISTS.has(issue.message)) &&
    issue.path.some((p) => typeof p === 'number')
  );
}

function finalMessage(issue: {
  message: string;
  path: readonly PropertyKey[];
  params?: Record<string, unknown>;
}): string {
  const where = fieldPath(issue.path);
  return where &&
    (FIELDLESS_MESSAGES.has(issue.message) || NAMED_BY_PATH.has(issue.message) || namedInList(issue))
    ? `${where}: ${issue.message}`
    : issue.message;
}

/** Fastify's validator for zod schemas; each failure's issues carry their final message. */
export const zodValidatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data, { error: shopWording });
    if (result.success) return { value: result.data };
    return {
      error: result.error.issues.map((issue) => ({
        keyword: issue.code,
        instancePath: `/${issue.path.map(String).join('/')}`,
        schemaPath: '#',
        params: {},
        message: finalMessage(issue),
      })),
    };
  };

/** The 400's message for a failed validation, or null when `error` is not one. */
export function validationMessage(error: FastifyError): string | null {
  if (!error.validation) return null;
  return error.validation[0]?.message ?? VALIDATION_MESSAGES.invalid;
}

/**
 * Validation of one value that no route schema covers (a multipart form's field, a cell of an imported
 * CSV), worded as a route's failure would be, with `field` in front of the path.
 */
export function validateField<S extends $ZodType>(
  schema: S,
  value: unknown,
  field: string,
): { readonly ok: true; readonly value: output<S> } | { readonly ok: false; readonly message: string } {
  const result = safeParse(schema, value, {
    error: (issue) => shopWording({ ...issue, path: [field, ...(issue.path ?? [])] }),
  });
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  return {
    ok: false,
    message: issue
      ? finalMessage({ message: issue.message, path: [field, ...issue.path] })
      : VALIDATION_MESSAGES.invalid,
  };
}
