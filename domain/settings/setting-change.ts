/**
 * The audit trail's words for a change of one setting (docs/product/desk.md §10.11, "its history"): every
 * value that changed, named as the Settings screen names it (`Legal name: “A” → “B”`), amounts in euros,
 * days and dates in words, and for a list (a zone's countries, the working days, the closures) what was
 * added and removed. Short enough for one audit row, readable on a phone.
 */
import { formatDayOfMonth, type IsoDate, parseIsoDate } from '../shared/calendar-date';
import { type Cents, formatEuro } from '../shared/money';

type Leaf = string | number | boolean | null;

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const AWAY_MODE_WORDS: Record<string, string> = {
  off: 'open as usual',
  'keep-selling': 'away, keep selling',
  'pause-sales': 'away, sales paused',
};

/** The Settings screen's label of each value, by its path with a zone's id as `*`. */
const LABELS: Record<string, string> = {
  'seller.name': 'Legal name',
  'seller.address': 'Address',
  'seller.email': 'Contact e-mail',
  'seller.orderEmail': 'E-mail for new orders',
  'seller.vatNumber': 'VAT number',
  'seller.vatRate': 'VAT rate',
  'seller.eori': 'EORI number',
  'seller.usDutyPercent': 'US duty (percent)',
  'shipping.zones.*.name': 'name',
  'shipping.zones.*.countries': 'countries',
  'shipping.zones.*.price': 'shipping price',
  'shipping.zones.*.freeFrom': 'free shipping from',
  workingDays: 'Working days',
  closures: 'Closures',
  christmasLastOrder: 'Last order date for Christmas',
  'away.mode': 'Away',
  'away.until': 'Return date',
  'away.message': 'Message to shoppers',
  'announcement.text': 'Announcement',
  'announcement.enabled': 'Announcement bar',
  'social.instagram': 'Instagram link',
  'social.facebook': 'Facebook link',
  'social.pinterest': 'Pinterest link',
  'vat.mode': 'VAT mode',
  'vat.vatNumber': 'VAT number',
  'vat.gb': 'Great Britain',
  'vat.ukVatNumber': 'UK VAT number',
};

const MONEY = new Set(['shipping.zones.*.price', 'shipping.zones.*.freeFrom']);

function isLeafList(value: unknown): value is Leaf[] {
  return Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object');
}

function dateWords(text: string): string | null {
  const date = parseIsoDate(text);
  return date === null ? null : `${formatDayOfMonth(date as IsoDate)} ${text.slice(0, 4)}`;
}

/** One value as the owner reads it. */
function show(pattern: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return 'none';
  if (MONEY.has(pattern) && typeof value === 'number') return formatEuro(value as Cents);
  if (pattern === 'seller.vatRate') return `${String(value)}%`;
  if (pattern === 'away.mode' && typeof value === 'string') return AWAY_MODE_WORDS[value] ?? value;
  if (pattern === 'announcement.enabled') return value ? 'shown' : 'hidden';
  if (pattern === 'workingDays' && typeof value === 'number') return DAY_NAMES[value - 1] ?? String(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return dateWords(value) ?? `“${value}”`;
  return String(value);
}

/** A closure as one phrase: “20 December 2026 to 2 January 2027 (Christmas)”. */
function closureWords(value: unknown): string {
  const c = value as { from?: string; to?: string; reason?: string };
  const from = dateWords(c.from ?? '') ?? String(c.from);
  const to = dateWords(c.to ?? '') ?? String(c.to);
  return `${from === to ? from : `${from} to ${to}`} (${c.reason ?? ''})`;
}

/** Flattens to `path -> value`, keeping lists of plain values (and the closures) whole. */
function flatten(value: unknown, path: string, out: Map<string, unknown>): void {
  if (value !== null && typeof value === 'object' && !isLeafList(value) && path !== 'closures') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [keyOf(v, i), v] as const)
      : Object.entries(value as Record<string, unknown>);
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

/** The zone's name as the owner last called it (after the change, else before). */
function zoneName(id: string, before: unknown, after: unknown): string {
  for (const shipping of [after, before]) {
    const zones = (shipping as { zones?: { id: string; name: string }[] } | null)?.zones ?? [];
    const zone = zones.find((z) => z.id === id);
    if (zone) return zone.name;
  }
  return id;
}

function labelOf(path: string, before: unknown, after: unknown): { label: string; pattern: string } {
  const zone = path.match(/^shipping\.zones\.([A-Z]+)(\..+)?$/);
  if (zone) {
    const pattern = `shipping.zones.*${zone[2] ?? ''}`;
    const name = zoneName(zone[1] ?? '', before, after);
    return { label: zone[2] ? `${name}: ${LABELS[pattern] ?? zone[2]}` : name, pattern };
  }
  return { label: LABELS[path] ?? path, pattern: path };
}

function listChange(pattern: string, was: unknown[], now: unknown[]): string {
  const words = (v: unknown) =>
    pattern === 'closures' ? closureWords(v) : show(pattern, v).replace(/[“”]/g, '');
  const before = was.map(words);
  const after = now.map(words);
  const added = after.filter((v) => !before.includes(v));
  const removed = before.filter((v) => !after.includes(v));
  const change = [
    added.length ? `added ${added.join(', ')}` : '',
    removed.length ? `removed ${removed.join(', ')}` : '',
  ].filter(Boolean);
  return change.length ? change.join('; ') : 'reordered';
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
    const { label, pattern } = labelOf(path, before, after);
    // A zone added or removed whole: one phrase, not each of its values.
    const zone = path.match(/^shipping\.zones\.([A-Z]+)\./)?.[1];
    const whole = zone && (was === undefined || now === undefined) ? zone : null;
    if (whole) {
      const phrase = `${zoneName(whole, before, after)}: zone ${was === undefined ? 'added' : 'removed'}`;
      if (!parts.includes(phrase)) parts.push(phrase);
    } else if (Array.isArray(was) && Array.isArray(now)) {
      parts.push(`${label}: ${listChange(pattern, was, now)}`);
    } else {
      parts.push(`${label}: ${show(pattern, was)} → ${show(pattern, now)}`);
    }
  }
  return parts.join('; ');
}
