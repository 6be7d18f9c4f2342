/**
 * The dispatch dates on the product page and in the cart (docs/product/dispatch-dates.md §14). Both reserve their
 * height before the dates exist (server render, hydration, the calendar chunk loading), so nothing below
 * them moves when the dates appear: a skeleton of the same lines stands in until then.
 */
import { memo } from 'react';
import type { ZoneId } from '../../../../domain/config';
import { useCartZone } from '../cart';
import type { DispatchView } from './dispatch-view';
import { useDispatchView } from './use-dispatch-view';

const SKELETON_WIDTHS = ['w-3/4', 'w-2/3', 'w-1/2'] as const;

function Skeleton() {
  return (
    <span aria-hidden="true" className="block space-y-2 py-0.5">
      {SKELETON_WIDTHS.map((width) => (
        <span key={width} className={`block h-4 rounded bg-line/60 ${width}`} />
      ))}
    </span>
  );
}

/** The closure banner, the away note, the Christmas notice, or (none applying) the cut-off rule. */
function Notices({ view }: { view: DispatchView }) {
  return (
    <>
      {view.closure ? (
        <p
          role="status"
          className="mt-2 rounded-lg border border-wine/30 bg-wine/5 px-3 py-1.5 text-wine-dark"
        >
          {view.closure}
        </p>
      ) : null}
      {view.away ? <p className="mt-1 font-medium text-wine-dark">{view.away}</p> : null}
      {view.christmas ? (
        <p className={`mt-1 ${view.christmas.passed ? 'text-muted' : 'font-medium text-wine-dark'}`}>
          {view.christmas.text}
        </p>
      ) : null}
      {!view.closure && !view.away && !view.christmas ? (
        <p className="mt-1 text-muted">{view.cutOffNote}</p>
      ) : null}
    </>
  );
}

/** "Order now, dispatched by Thursday 26 November", the delivery window to the cart's zone, a notice. */
export function ProductDispatch() {
  const view = useDispatchView(useCartZone());
  return (
    <div
      data-testid="product-dispatch"
      aria-busy={view === null}
      className="mt-3 min-h-[8.5rem] text-sm sm:min-h-[5.25rem]"
    >
      {view ? (
        <>
          <p className="font-medium">Order now, dispatched by {view.dispatchBy}</p>
          <p className="text-muted">{view.delivery}</p>
          <Notices view={view} />
        </>
      ) : (
        <Skeleton />
      )}
    </div>
  );
}

/**
 * The cart summary's estimate: dispatch date, delivery window for the chosen zone, a notice. memo: the
 * summary re-renders for gift wrap and the totals, which change nothing here.
 */
export const CartDispatch = memo(function CartDispatch({
  zone,
  pieces = 1,
}: {
  zone: ZoneId;
  /** The cart's pieces: a large order behind the making queue may take longer. */
  pieces?: number;
}) {
  const view = useDispatchView(zone, pieces);
  return (
    <div
      data-testid="cart-dispatch"
      aria-busy={view === null}
      className="mt-1 min-h-[9.5rem] lg:min-h-[8.5rem]"
    >
      {view ? (
        <>
          <p>
            Dispatched by <strong className="font-medium">{view.dispatchBy}</strong>
          </p>
          <p className="text-muted">{view.delivery}</p>
          <Notices view={view} />
        </>
      ) : (
        <Skeleton />
      )}
    </div>
  );
});
