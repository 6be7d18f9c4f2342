import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_ZONE, type ZoneId } from '../../../../domain/config';
import type { DispatchSettings } from '../../../../domain/making/dispatch';
import { useCatalogue } from '../catalogue-snapshot';

type DispatchModule = typeof import('./dispatch-view');

/** Re-reads the clock this often, so the 14:00 cut-off and midnight move the dates on an open page. */
const REFRESH_MS = 60_000;

/** A snapshot without the owner's settings (a build's own prerender, development): the first start's. */
const FIRST_START: DispatchSettings = {
  closures: [],
  workingDays: [1, 2, 3, 4, 5],
  away: { mode: 'off', until: null },
};

/**
 * The dispatch dates for the zone and an order of `pieces` (the making queue counts them), computed in the browser after hydration (the server render and the
 * first client render give null, so they match and never show a date computed at build time); null
 * until the calendar module has loaded.
 */
export function useDispatchView(zone: ZoneId, pieces = 1) {
  // The snapshot's own object (one per snapshot): the calendar made from it is kept with it (dispatch.ts).
  const settings: DispatchSettings = useCatalogue().snapshot.shop ?? FIRST_START;
  const [calendar, setCalendar] = useState<DispatchModule | null>(null);
  const [now, setNow] = useState(0);
  useEffect(() => {
    let live = true;
    let warmUp: number | undefined;
    import('./dispatch-view')
      .then((module) => {
        if (!live) return;
        // The calendar's first run executes its code for the first time (a year's holidays, the
        // closures, the Irish clock): about 20 ms on a slow phone, cold. It runs here, in a task of its
        // own, so the render that shows the dates repeats it warm and stays short (Total Blocking Time of
        // the product page, docs/performance.md).
        warmUp = window.setTimeout(() => {
          if (!live) return;
          module.dispatchView(new Date(), DEFAULT_ZONE, FIRST_START);
          setCalendar(module);
          setNow(Date.now());
        }, 0);
      })
      // A chunk that failed to load leaves the placeholder: the static "made to order" copy still says
      // how long production takes, and the error tracker reports failed chunks already.
      .catch(() => undefined);
    const timer = window.setInterval(() => setNow(Date.now()), REFRESH_MS);
    return () => {
      live = false;
      window.clearTimeout(warmUp);
      window.clearInterval(timer);
    };
  }, []);
  return useMemo(
    () =>
      calendar ? calendar.dispatchView(new Date(now), zone, settings, undefined, Math.max(1, pieces)) : null,
    [calendar, now, zone, pieces, settings],
  );
}
