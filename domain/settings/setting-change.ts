/**
 * The audit trail's words for a change of one setting (docs/product.md §10.11, "its history"): every
 * value that changed, as `path: before -> after`, and for a list of plain values (a zone's countries,
 * the working days) what was added and removed. Short enough for one audit row, readable on a phone.
 */

type Leaf = string | number | boolean | null;

function isLeafList(value: unknown): value is Leaf[] {
  return Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object');
}

function show(value: unknown): string {
  if (value === undefined) return 'none';
  if (value === null) return 'none';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Flattens to `path -> value`, keeping lists of plain values whole. */
function flatten(value: unknown, path: string, out: Map<string, unknown>): void {
  if (value !== null && typeof value === 'object' && !isLeafList(value)) {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [keyOf(v, i), v] as const)
      : Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) out.set(path, Array.isArray(value) ? '[]' : '{}');
    for (const [key, inner] of entries) flatten(inner, path ? `${path}.${key}` : String(key), out);
    return;
  }
  out.set(path, value);
}

/** A zone is named by its id, anything else in a list by its place. */
function keyOf(value: unknown, index: number): string {
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'string') return value.id;
  return String(index);
}

export function describeSettingChange(name: string, before: unknown, after: unknown): string {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  flatten(before, name, a);
  flatten(after, name, b);
  const parts: string[] = [];
  for (const path of new Set([...a.keys(), ...b.keys()])) {
    const was = a.get(path);
    const now = b.get(path);
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    if (isLeafList(was) && isLeafList(now)) {
      const added = now.filter((v) => !was.includes(v));
      const removed = was.filter((v) => !now.includes(v));
      const change = [
        added.length ? `+${added.join(' +')}` : '',
        removed.length ? `-${removed.join(' -')}` : '',
      ].filter(Boolean);
      parts.push(`${path}: ${change.length ? change.join(' ') : `${show(was)} -> ${show(now)}`}`);
    } else {
      parts.push(`${path}: ${show(was)} -> ${show(now)}`);
    }
  }
  return parts.join('; ');
}
