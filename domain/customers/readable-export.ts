/**
 * The desk's download of what the shop holds about a person (docs/product/desk.md §10.15): the privacy
 * export made readable for the owner and the person she sends it to. The JSON stays (the law asks for a
 * machine-readable copy) with readable keys ("Paid at", "Total (EUR)") and amounts in euros instead of
 * cents; a plain-text summary of the same goes beside it; both are named after the person and the day.
 */
import { formatIrishDateTime } from '../shared/calendar-date';
import { type Cents, formatEuro } from '../shared/money';

/** The keys that hold cents in the export's rows (orders, their lines and returns, quotes, carts). */
const MONEY_KEYS = new Set([
  'subtotal',
  'shipping',
  'giftWrap',
  'total',
  'unitPrice',
  'lineTotal',
  'amount',
  'refunded',
  'discount',
  'price',
]);

/** A few names the code gives that read badly split: the words the shop uses for them. */
const KEY_WORDS: Record<string, string> = {
  email: 'E-mail',
  emails: 'E-mails sent',
  testCheckoutSessions: 'Test checkout sessions',
  backInTouch: 'Tell me when you’re back',
  backInStock: 'Back in stock requests',
  productId: 'Product number',
  id: 'Number',
};

/** `giftWrap` -> `Gift wrap`; a money key gains ` (EUR)`. */
export function readableKey(key: string, money = false): string {
  const words =
    KEY_WORDS[key] ??
    key
      .replace(/_/g, ' ')
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .replace(/^./, (c) => c.toUpperCase());
  return money ? `${words} (EUR)` : words;
}

/** Cents as euros, a number with two decimals' worth (1250 -> 12.5), as the orders CSV gives them. */
const euros = (cents: number) => Math.round(cents) / 100;

function readableValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(readableValue);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    const money = MONEY_KEYS.has(key) && typeof inner === 'number';
    out[readableKey(key, money)] = money ? euros(inner) : readableValue(inner);
  }
  return out;
}

/** The export (without the API's `ok`) with readable keys and euros, in the order the export gives. */
export function readableExport(data: Record<string, unknown>): Record<string, unknown> {
  const { ok: _ok, ...rest } = data;
  return readableValue(rest) as Record<string, unknown>;
}

/** `personal-data-ciara-walsh-example-ie-2026-11-27`: the person and the day, safe in a file name. */
export function exportFileName(email: string, exportedAt: string): string {
  const who = email
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `personal-data-${who}-${exportedAt.slice(0, 10)}`;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function line(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return `${key}: none`;
  if (typeof value === 'number' && key.endsWith(' (EUR)'))
    return `${key.slice(0, -6)}: ${formatEuro(Math.round(value * 100) as Cents)}`;
  if (typeof value === 'boolean') return `${key}: ${value ? 'yes' : 'no'}`;
  if (typeof value === 'string' && ISO_INSTANT.test(value))
    return `${key}: ${formatIrishDateTime(new Date(value))} (Irish time)`;
  return `${key}: ${String(value).replace(/\s*\n\s*/g, ' / ')}`;
}

function summaryLines(value: unknown, indent: string, out: string[]): void {
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(inner)) {
      if (inner.length === 0) {
        out.push(`${indent}${key}: none`);
        continue;
      }
      out.push(`${indent}${key}:`);
      inner.forEach((item, i) => {
        if (item !== null && typeof item === 'object') {
          out.push(`${indent}  ${i + 1}.`);
          summaryLines(item, `${indent}    `, out);
        } else {
          out.push(`${indent}  - ${String(item)}`);
        }
      });
    } else if (inner !== null && typeof inner === 'object') {
      out.push(`${indent}${key}:`);
      summaryLines(inner, `${indent}  `, out);
    } else {
      out.push(`${indent}${line(key, inner)}`);
    }
  }
}

/** The readable export as plain text: one line a value, lists numbered, amounts in euros, times Irish. */
export function exportSummary(readable: Record<string, unknown>, shopName: string): string {
  const email = readable[readableKey('email')];
  const out = [
    `What ${shopName} holds about ${typeof email === 'string' ? email : 'this person'}`,
    'A readable summary; the .json file beside it holds the same, for a computer to read.',
    '',
  ];
  for (const [key, inner] of Object.entries(readable)) {
    if (Array.isArray(inner) || (inner !== null && typeof inner === 'object')) {
      out.push('');
      summaryLines({ [key]: inner }, '', out);
    } else {
      out.push(line(key, inner));
    }
  }
  return `${out.join('\n')}\n`;
}
