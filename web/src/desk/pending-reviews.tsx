/**
 * The count of new reviews on the desk's navigation (docs/product.md §8.13): how the owner hears of them,
 * instead of an e-mail. Read when the desk opens and whenever the route changes.
 */
import { useEffect, useState } from 'react';
import { useDeskHash } from './desk-router';
import { reviewsApi } from './reviews-api';

export function PendingReviews() {
  const hash = useDeskHash();
  const [pending, setPending] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every route change reads the count again
  useEffect(() => {
    let current = true;
    reviewsApi.pendingCount().then(
      (n) => current && setPending(n),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [hash]);
  if (pending === 0) return null;
  return (
    <span className="ml-1.5 inline-flex min-w-6 items-center justify-center rounded-full bg-wine px-1.5 text-xs font-semibold text-cream">
      {pending}
      <span className="sr-only"> new</span>
    </span>
  );
}
