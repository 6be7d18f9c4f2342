/**
 * ConfirmDialog loaded on first open: Radix Dialog is about 17 KB gzip, which a page that only confirms
 * a rare action (Clear Stats) should not pay for on arrival.
 */
import { lazy, Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog';

const ConfirmDialog = lazy(() => import('./confirm-dialog').then((m) => ({ default: m.ConfirmDialog })));

export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  );
}
