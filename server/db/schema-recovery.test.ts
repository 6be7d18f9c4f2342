/** What counts as "the database came back empty" (the outage suite, ops/database-outage.test.ts, drives it). */
import { describe, expect, it } from 'vitest';
import { isSchemaMissing } from './schema-recovery';

describe('isSchemaMissing', () => {
  it("is each dialect's missing-table error, and nothing else", () => {
    expect(isSchemaMissing({ code: 'SQLITE_ERROR', message: 'no such table: orders' })).toBe(true);
    expect(isSchemaMissing({ code: '42P01', message: 'relation "orders" does not exist' })).toBe(true);
    expect(isSchemaMissing({ code: 'SQLITE_ERROR', message: 'near "selct": syntax error' })).toBe(false);
    expect(isSchemaMissing({ code: '23505', message: 'duplicate key' })).toBe(false);
    expect(isSchemaMissing(new Error('no such table: orders'))).toBe(false);
    expect(isSchemaMissing(null)).toBe(false);
  });
});
