/**
 * The input rules of domain/shared/input-text.ts as zod/mini checks for request schemas. A module of its own so
 * that the browser's pure text helpers (the cart's gift message field) do not bring zod into their chunk.
 */
import * as z from 'zod/mini';
import { INPUT_TEXT_ERRORS, isFreeText, isSingleLineText } from './input-text';

/** `z.string().check(z.maxLength(200), singleLine())`. */
export const singleLine = () => z.refine<string>(isSingleLineText, { error: INPUT_TEXT_ERRORS.singleLine });
export const freeText = () => z.refine<string>(isFreeText, { error: INPUT_TEXT_ERRORS.freeText });
