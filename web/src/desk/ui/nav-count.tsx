/**
 * A count on the desk's navigation: new reviews (docs/product/settled-choices.md §8.13) and new enquiries (§16), how the
 * owner hears of them in the desk. Read when the desk opens and whenever the route changes.
 */
import { useEffect, useState } from 'react';
import { useDeskHash } from '../desk-router';

export function NavCount({ load }: { readonly load: () => Promise<number> }) {
  const hash = useDeskHash();
  const [count, setCount] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every route change reads the count again
  useEffect(() => {
    let current = true;
    load().then(
      (n) => current && setCount(n),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [hash]);
  if (count === 0) return null;
  return (
    <span className="ml-1.5 inline-flex min-w-6 items-center justify-center rounded-full bg-wine px-1.5 text-xs font-semibold text-cream">
      {count}
      <span className="sr-only"> new</span>
    </span>
  );
}
