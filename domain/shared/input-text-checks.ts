/**
 * The input rules of domain/shared/input-text.ts as zod/mini checks for request schemas. A module of its own so
 * that the browser's pure text helpers (the cart's gift message field) do not bring zod into their chunk.
 */
import * as z from 'zod/mini';
import { INPUT_TEXT_ERRORS, isFreeText, isSingleLineText } from './input-text';

/** `z.string().check(z.maxLength(200), singleLine())`. */
export const singleLine = () => z.refine<string>(isSingleLineText, { error: INPUT_TEXT_ERRORS.singleLine });
export const freeText = () => z.refine<string>(isFreeText, { error: INPUT_TEXT_ERRORS.freeText });

/**
 * A check's message that says what is wrong but not which item of a list (`giftCards[1].amount`): the
 * server's validation (server/lib/validation.ts) puts the field's path in front when the field sits in a
 * list. Pass as a refine's params.
 */
export const NAMED_IN_LISTS = { fieldless: true } as const;
