/**
 * The shop's one allocation rule (docs/product/vat.md §20.10): an amount of cents shared over lines in
 * proportion to their values by the largest remainder method. Each line first gets its exact share
 * rounded down; the cents still left go one each to the lines whose exact shares lost the most in that
 * rounding, ties to the larger line, then to the earlier one. No line gets more than its value, the shares
 * always add up to the amount (or to the lines' sum, when the amount is larger), and the same inputs
 * always give the same shares. Discount shares, refunds, credit notes and returns all use it.
 */

/** `amount` cents shared over `weights` (cents, never negative) by largest remainder; capped at their sum. */
export function allocate(amount: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`An amount to allocate is whole cents, got ${amount}`);
  for (const w of weights)
    if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`A line's value is whole cents, got ${w}`);
  const total = weights.reduce((s, w) => s + w, 0);
  if (total === 0) return weights.map(() => 0);
  if (amount >= total) return [...weights];
  // Exact share = amount * w / total; integer arithmetic keeps it exact (amounts stay far below 2^53 / 2^26).
  const shares = weights.map((w) => Math.floor((amount * w) / total));
  const remainders = weights.map((w) => (amount * w) % total);
  let left = amount - shares.reduce((s, v) => s + v, 0);
  const order = weights
    .map((_, i) => i)
    .sort(
      (a, b) => (remainders[b] ?? 0) - (remainders[a] ?? 0) || (weights[b] ?? 0) - (weights[a] ?? 0) || a - b,
    );
  for (const i of order) {
    if (left <= 0) break;
    if ((remainders[i] ?? 0) === 0) continue;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return shares;
}
