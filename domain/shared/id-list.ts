/**
 * Stored lists of product ids (wishlist, comparison, recently viewed). Local storage is user-controlled
 * input: a corrupt value, an unknown id or a duplicate is dropped, never a crash. "Unknown" means not in
 * the current catalogue: a product the owner deleted from it leaves the lists on the next load.
 */
/** Whether an id is a product of the current catalogue (the catalogue index's isProductId). */
export type IsKnownId = (id: string) => boolean;

/** Known product ids from a stored JSON array, first occurrence kept, at most `max` of them. */
export function parseStoredIds(raw: string | null, max: number, isKnown: IsKnownId): readonly string[] {
  if (raw === null) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  // A plain Array.isArray check, not zod: this runs on the first render path (see domain/cart/cart.ts).
  if (!Array.isArray(json)) return [];
  const ids: string[] = [];
  for (const item of json as unknown[]) {
    if (ids.length >= max) break;
    if (typeof item === 'string' && isKnown(item) && !ids.includes(item)) ids.push(item);
  }
  return ids;
}

export function serializeIds(ids: readonly string[]): string {
  return JSON.stringify(ids);
}
