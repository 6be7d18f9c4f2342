/**
 * Stored lists of product ids (wishlist, comparison, recently viewed). Local storage is user-controlled
 * input: a corrupt value, an unknown id or a duplicate is dropped, never a crash.
 */
import * as z from 'zod/mini';
import { isProductId } from './catalogue';

const StoredIds = z.array(z.unknown());

/** Known product ids from a stored JSON array, first occurrence kept, at most `max` of them. */
export function parseStoredIds(raw: string | null, max: number): readonly string[] {
  if (raw === null) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  const parsed = StoredIds.safeParse(json);
  if (!parsed.success) return [];
  const ids: string[] = [];
  for (const item of parsed.data) {
    if (ids.length >= max) break;
    if (typeof item === 'string' && isProductId(item) && !ids.includes(item)) ids.push(item);
  }
  return ids;
}

export function serializeIds(ids: readonly string[]): string {
  return JSON.stringify(ids);
}
