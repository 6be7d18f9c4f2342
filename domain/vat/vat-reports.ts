/**
 * The accountant's papers (docs/product/vat.md §20), from the stored invoices and credit notes alone, so
 * their figures are the sums of the orders': the OSS return of a quarter (per member state of
 * consumption and rate, credit notes of the quarter netted; Directive 2006/112/EC arts. 369f-369g,
 * Revenue's OSS guidance), the Irish VAT3 of a two-month period (T1 VAT on sales, E1 intra-Community
 * supplies of goods; VATCA 2010), and the VIES statement of a quarter (per customer VAT number, the
 * value of intra-Community supplies; art. 262). Amounts in euro cents.
 */
import * as z from 'zod/mini';
import { type IsoDate, isoDate } from '../shared/calendar-date';
import type { VatScheme } from './vat-breakdown';

export const VAT_REPORTS_API = {
  oss: '/api/admin/vat/oss',
  ossCsv: '/api/admin/vat/oss.csv',
  vat3: '/api/admin/vat/vat3',
  vat3Csv: '/api/admin/vat/vat3.csv',
  vies: '/api/admin/vat/vies',
  viesCsv: '/api/admin/vat/vies.csv',
  threshold: '/api/admin/vat/threshold',
} as const;

export const VAT_REPORT_MESSAGES = {
  quarter: 'quarter: a quarter is written YYYY-Qn with a year from 2000 to 2100, e.g. 2026-Q4',
  period:
    'period: a VAT3 period is the month it starts, written YYYY-MM with a year from 2000 to 2100 and an odd month (2026-11 for November and December)',
} as const;

/**
 * The years a report may ask for: the shop's papers start this century, and a year outside (0000, 9999)
 * has no calendar date the database or the Irish clock can hold.
 */
export const REPORT_YEARS = { first: 2000, last: 2100 } as const;

function reportYear(text: string | undefined): number | null {
  const year = Number(text);
  return year >= REPORT_YEARS.first && year <= REPORT_YEARS.last ? year : null;
}

/** A calendar span of Irish days, [from, to). */
export interface ReportSpan {
  readonly from: IsoDate;
  readonly to: IsoDate;
}

export function quarterSpan(text: string): ReportSpan | null {
  const m = /^(\d{4})-Q([1-4])$/.exec(text);
  const year = reportYear(m?.[1]);
  if (!m || year === null) return null;
  const q = Number(m[2]);
  return {
    from: isoDate(year, (q - 1) * 3 + 1, 1),
    to: q === 4 ? isoDate(year + 1, 1, 1) : isoDate(year, q * 3 + 1, 1),
  };
}

/**
 * The two months that start with `text` (YYYY-MM). Revenue's bi-monthly periods start in odd months;
 * the contract's example 2026-11 is November-December.
 */
export function vat3Span(text: string): ReportSpan | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(text);
  const year = reportYear(m?.[1]);
  if (!m || year === null) return null;
  const month = Number(m[2]);
  if (month % 2 === 0) return null;
  return {
    from: isoDate(year, month, 1),
    to: month === 11 ? isoDate(year + 1, 1, 1) : isoDate(year, month + 2, 1),
  };
}

export const quarterQuerySchema = z.object({
  quarter: z
    .string({ error: VAT_REPORT_MESSAGES.quarter })
    .check(z.refine((t) => quarterSpan(t) !== null, { error: VAT_REPORT_MESSAGES.quarter })),
});
export const periodQuerySchema = z.object({
  period: z
    .string({ error: VAT_REPORT_MESSAGES.period })
    .check(z.refine((t) => vat3Span(t) !== null, { error: VAT_REPORT_MESSAGES.period })),
});

/** What a report reads of an invoice or a credit note (a credit note's amounts negative). */
export interface ReportEntry {
  readonly country: string;
  readonly scheme: VatScheme;
  readonly buyerVatNumber: string | null;
  readonly lines: readonly { readonly rate: number; readonly net: number; readonly vat: number }[];
  /** -1 for a credit note. */
  readonly sign: 1 | -1;
  /** When the invoice or credit note was issued (ISO instant). */
  readonly issuedAt: string;
}

export interface OssRow {
  readonly country: string;
  readonly rate: number;
  readonly taxable: number;
  readonly vat: number;
}

export interface OssReport {
  readonly rows: OssRow[];
  readonly totals: { readonly taxable: number; readonly vat: number; readonly nil: boolean };
}

export function ossReport(entries: readonly ReportEntry[]): OssReport {
  const rows = new Map<string, { country: string; rate: number; taxable: number; vat: number }>();
  for (const entry of entries) {
    if (entry.scheme !== 'oss') continue;
    for (const line of entry.lines) {
      const key = `${entry.country}:${line.rate}`;
      const row = rows.get(key) ?? { country: entry.country, rate: line.rate, taxable: 0, vat: 0 };
      row.taxable += entry.sign * line.net;
      row.vat += entry.sign * line.vat;
      rows.set(key, row);
    }
  }
  const list = [...rows.values()].sort((a, b) => a.country.localeCompare(b.country) || a.rate - b.rate);
  const taxable = list.reduce((s, r) => s + r.taxable, 0);
  const vat = list.reduce((s, r) => s + r.vat, 0);
  return { rows: list, totals: { taxable, vat, nil: list.length === 0 } };
}

export interface Vat3Row {
  /** The VAT3 form's box. */
  readonly box: 'T1' | 'T2' | 'E1' | 'E2' | 'ES1' | 'ES2';
  readonly label: string;
  readonly amount: number;
}

/**
 * The VAT3 figures of the shop's sales: T1 the Irish VAT on sales (domestic scheme), E1 the value of
 * intra-Community supplies of goods; T2 (VAT on purchases), E2 (goods from other states) and ES1/ES2
 * (services) are the accountant's from the purchase invoices, answered as 0 here.
 */
export function vat3Report(entries: readonly ReportEntry[]): {
  rows: Vat3Row[];
  totals: { t1: number; e1: number };
} {
  let t1 = 0;
  let e1 = 0;
  for (const entry of entries) {
    for (const line of entry.lines) {
      if (entry.scheme === 'domestic') t1 += entry.sign * line.vat;
      if (entry.scheme === 'intra_community') e1 += entry.sign * line.net;
    }
  }
  return {
    rows: [
      { box: 'T1', label: 'VAT on sales', amount: t1 },
      { box: 'T2', label: 'VAT on purchases (from the purchase invoices)', amount: 0 },
      { box: 'E1', label: 'Intra-EU supplies of goods', amount: e1 },
      { box: 'E2', label: 'Intra-EU acquisitions of goods (from the purchase invoices)', amount: 0 },
      { box: 'ES1', label: 'Intra-EU supplies of services', amount: 0 },
      { box: 'ES2', label: 'Intra-EU acquisitions of services (from the purchase invoices)', amount: 0 },
    ],
    totals: { t1, e1 },
  };
}

export interface ViesRow {
  readonly vatNumber: string;
  readonly country: string;
  readonly value: number;
}

export function viesReport(entries: readonly ReportEntry[]): { rows: ViesRow[]; totals: { value: number } } {
  const rows = new Map<string, { vatNumber: string; country: string; value: number }>();
  for (const entry of entries) {
    if (entry.scheme !== 'intra_community' || entry.buyerVatNumber === null) continue;
    const row = rows.get(entry.buyerVatNumber) ?? {
      vatNumber: entry.buyerVatNumber,
      country: entry.country,
      value: 0,
    };
    for (const line of entry.lines) row.value += entry.sign * line.net;
    rows.set(entry.buyerVatNumber, row);
  }
  const list = [...rows.values()].sort((a, b) => a.vatNumber.localeCompare(b.vatNumber));
  return { rows: list, totals: { value: list.reduce((s, r) => s + r.value, 0) } };
}

export const ossAnswerSchema = z.object({
  ok: z.literal(true),
  rows: z.array(z.object({ country: z.string(), rate: z.number(), taxable: z.number(), vat: z.number() })),
  totals: z.object({ taxable: z.number(), vat: z.number(), nil: z.boolean() }),
});
export const vat3AnswerSchema = z.object({
  ok: z.literal(true),
  rows: z.array(z.object({ box: z.string(), label: z.string(), amount: z.number() })),
  totals: z.object({ t1: z.number(), e1: z.number() }),
});
export const viesAnswerSchema = z.object({
  ok: z.literal(true),
  rows: z.array(z.object({ vatNumber: z.string(), country: z.string(), value: z.number() })),
  totals: z.object({ value: z.number() }),
});

/** GET /api/admin/vat/threshold: the distance sales, the threshold, its state and the desk's notice. */
export const thresholdAnswerSchema = z.object({
  ok: z.literal(true),
  thisYear: z.number(),
  lastYear: z.number(),
  threshold: z.number(),
  state: z.enum(['below', 'approaching', 'crossed']),
  notice: z.nullable(z.string()),
});
