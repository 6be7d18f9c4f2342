import { useEffect, useState } from 'react';
import type { ZoneId } from '../../../../domain/config';
import { requestDispatchViews } from './dispatch-calendar';
import type { DispatchView, DispatchViews } from './dispatch-view';

/** Re-reads the clock this often, so the 14:00 cut-off and midnight move the dates on an open page. */
const REFRESH_MS = 60_000;

/**
 * The dispatch dates for the zone, computed after hydration (the server render and the first client
 * render give null, so they match and never show a date computed at build time); null until the
 * calendar has answered. The calendar answers for every zone at once, so the cart's destination select
 * shows another zone's dates in the same render.
 */
export function useDispatchView(zone: ZoneId): DispatchView | null {
  const [views, setViews] = useState<DispatchViews | null>(null);
  useEffect(() => {
    let live = true;
    const refresh = () => {
      requestDispatchViews(Date.now())
        .then((next) => {
          if (live) setViews(next);
        })
        // A calendar that failed to load leaves the placeholder: the static "made to order" copy still
        // says how long production takes, and the error tracker reports failed chunks already.
        .catch(() => undefined);
    };
    // The first request starts the worker (a few ms of main thread on a slow phone): in a task of its
    // own, not in the effects pass that ends hydration.
    const first = window.setTimeout(refresh, 0);
    const timer = window.setInterval(refresh, REFRESH_MS);
    return () => {
      live = false;
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, []);
  return views ? views[zone] : null;
}
