/** A from..to pair of query dates, as the desk's lists and exports take them. */
import { type IsoDate, parseIsoDate } from '../../domain/shared/calendar-date';

/** A from..to pair of real calendar dates, from not after to; null when either is wrong. */
export function dateRange(
  from: string | undefined,
  to: string | undefined,
): { from: IsoDate | null; to: IsoDate | null } | null {
  const f = from === undefined ? null : parseIsoDate(from);
  const t = to === undefined ? null : parseIsoDate(to);
  if ((from !== undefined && !f) || (to !== undefined && !t)) return null;
  if (f && t && f > t) return null;
  return { from: f, to: t };
}
