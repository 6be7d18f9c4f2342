import { useEffect, useMemo, useState } from 'react';
import type { ZoneId } from '../../../../domain/config';

type DispatchModule = typeof import('./dispatch-view');

/** Re-reads the clock this often, so the 14:00 cut-off and midnight move the dates on an open page. */
const REFRESH_MS = 60_000;

/**
 * The dispatch dates for the zone, computed in the browser after hydration (the server render and the
 * first client render give null, so they match and never show a date computed at build time); null
 * until the calendar module has loaded.
 */
export function useDispatchView(zone: ZoneId) {
  const [calendar, setCalendar] = useState<DispatchModule | null>(null);
  const [now, setNow] = useState(0);
  useEffect(() => {
    let live = true;
    import('./dispatch-view')
      .then((module) => {
        if (!live) return;
        setCalendar(module);
        setNow(Date.now());
      })
      // A chunk that failed to load leaves the placeholder: the static "made to order" copy still says
      // how long production takes, and the error tracker reports failed chunks already.
      .catch(() => undefined);
    const timer = window.setInterval(() => setNow(Date.now()), REFRESH_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, []);
  return useMemo(() => (calendar ? calendar.dispatchView(new Date(now), zone) : null), [calendar, now, zone]);
}
