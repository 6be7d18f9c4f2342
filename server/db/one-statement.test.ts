import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { asOneStatement } from './one-statement';

const order = CompiledQuery.raw('insert into "orders" ("id", "total") values ($1, $2)', ['ord_1', 4000]);
const lines = CompiledQuery.raw(
  'insert into "order_lines" ("order_id", "position") values ($1, $2), ($3, $4)',
  ['ord_1', 0, 'ord_1', 1],
);
const session = CompiledQuery.raw('insert into "test_checkout_sessions" ("id", "order_id") values ($1, $2)', [
  'cs_1',
  'ord_1',
]);

describe('asOneStatement', () => {
  it('puts every insert but the last in a WITH, numbering the placeholders on from the ones before', () => {
    const one = asOneStatement([order, lines, session]);
    expect(one?.sql).toBe(
      'with w0 as (insert into "orders" ("id", "total") values ($1, $2)), ' +
        'w1 as (insert into "order_lines" ("order_id", "position") values ($3, $4), ($5, $6)) ' +
        'insert into "test_checkout_sessions" ("id", "order_id") values ($7, $8)',
    );
    expect(one?.parameters).toEqual(['ord_1', 4000, 'ord_1', 0, 'ord_1', 1, 'cs_1', 'ord_1']);
  });

  it('gives the same text for the same shapes with new values', () => {
    const other = CompiledQuery.raw(order.sql, ['ord_2', 5000]);
    const first = asOneStatement([order, session]);
    const second = asOneStatement([other, session]);
    expect(second?.sql).toBe(first?.sql);
    expect(second?.parameters).toEqual(['ord_2', 5000, 'cs_1', 'ord_1']);
  });

  it('leaves a single statement, and anything but a plain insert, to a transaction', () => {
    expect(asOneStatement([order])).toBeNull();
    const update = CompiledQuery.raw('update "orders" set "total" = $1 where "id" = $2', [1, 'ord_1']);
    expect(asOneStatement([order, update])).toBeNull();
    const returning = CompiledQuery.raw('insert into "orders" ("id") values ($1) returning "id"', ['ord_1']);
    expect(asOneStatement([order, returning])).toBeNull();
  });

  it('refuses a text whose placeholders are not $1..$n for its n parameters, in order', () => {
    const reordered = CompiledQuery.raw('insert into "orders" ("id", "total") values ($2, $1)', [
      4000,
      'ord_1',
    ]);
    expect(asOneStatement([reordered, session])).toBeNull();
    const short = CompiledQuery.raw('insert into "orders" ("id", "total") values ($1, $2)', ['ord_1']);
    expect(asOneStatement([short, session])).toBeNull();
  });
});
