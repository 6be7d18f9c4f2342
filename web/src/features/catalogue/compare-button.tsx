import { lazy, Suspense } from 'react';
import { CompareIcon } from '../../components/ui/icons';
import { preloadOnIntent } from '../../components/ui/preload-on-intent';
import { useCompare } from '../compare';
import { useLazyDialog } from './use-lazy-dialog';

const loadCompareOverlay = () => import('./compare-overlay');
const CompareOverlay = lazy(() => loadCompareOverlay().then((m) => ({ default: m.CompareOverlay })));

/**
 * Opens the compare overlay, showing how many products are picked. The overlay's code is fetched when the
 * pointer or focus reaches the button, so it is usually there by the click. Its width is fixed (min-w-36
 * holds "Compare (4)"): the prerendered page says "Compare" and the app may then add the count from the
 * shopper's storage, and the right-aligned button must not move when it does (CLS 0).
 */
export function CompareButton() {
  const { items } = useCompare();
  const overlay = useLazyDialog();
  const count = items.length;
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        {...preloadOnIntent(loadCompareOverlay)}
        onClick={overlay.show}
        className="inline-flex h-11 min-w-36 items-center justify-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-medium hover:border-wine aria-expanded:border-wine"
      >
        <CompareIcon className="h-4 w-4" />
        {count > 0 ? `Compare (${count})` : 'Compare'}
      </button>
      {overlay.mounted ? (
        <Suspense fallback={null}>
          <CompareOverlay open={overlay.open} onOpenChange={overlay.setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
