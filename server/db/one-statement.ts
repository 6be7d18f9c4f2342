/**
 * PostgreSQL: plain inserts that must be stored all or none (a checkout's order, its lines and its test
 * session), sent as ONE statement: every insert but the last in a data-modifying WITH. A statement is
 * atomic on its own and checks its foreign keys at its end (the lines may name the order inserted beside
 * them), so the transaction's `begin` and `commit` are not needed and the checkout takes one round trip
 * instead of five. Each round trip cost the server about 65 µs of CPU in `bench:api --profile-postgres`,
 * mostly the socket write that wakes the database's backend (docs/performance.md).
 */
import { CompiledQuery } from 'kysely';

const PLACEHOLDER = /\$(\d+)/g;

/** Combined texts, and each part's count of parameters, by their parts' texts (a few shapes of checkout). */
const combined = new Map<string, { readonly text: string; readonly counts: readonly number[] }>();
const COMBINED_LIMIT = 64;

/**
 * The statement doing all of `inserts` at once, or null when one of them is not a plain insert whose
 * placeholders are $1..$n for its n parameters in order (only such texts are renumbered safely: Kysely's
 * inserts from prepared-insert.ts quote every identifier and parameterise every value).
 */
export function asOneStatement(inserts: readonly CompiledQuery[]): CompiledQuery | null {
  if (inserts.length < 2) return null;
  const key = inserts.map((q) => q.sql).join('\u0000');
  const parameters: unknown[] = [];
  for (const query of inserts) for (const value of query.parameters) parameters.push(value);
  let known = combined.get(key);
  if (known === undefined) {
    const parts: string[] = [];
    let offset = 0;
    for (const query of inserts) {
      const shifted = renumbered(query, offset);
      if (shifted === null) return null;
      parts.push(shifted);
      offset += query.parameters.length;
    }
    const last = parts.pop() as string;
    const text = `with ${parts.map((part, i) => `w${i} as (${part})`).join(', ')} ${last}`;
    known = { text, counts: inserts.map((q) => q.parameters.length) };
    if (combined.size >= COMBINED_LIMIT) combined.clear();
    combined.set(key, known);
  }
  const { counts } = known;
  const sameCounts = inserts.every((q, i) => q.parameters.length === counts[i]);
  return sameCounts ? CompiledQuery.raw(known.text, parameters) : null;
}

function renumbered(query: CompiledQuery, offset: number): string | null {
  if (!/^insert into "[a-z_]+" \(/.test(query.sql) || /\breturning\b/i.test(query.sql)) return null;
  let expected = 1;
  let inOrder = true;
  const text = query.sql.replace(PLACEHOLDER, (_, digits: string) => {
    if (Number(digits) !== expected) inOrder = false;
    expected += 1;
    return `$${Number(digits) + offset}`;
  });
  return inOrder && expected - 1 === query.parameters.length ? text : null;
}
