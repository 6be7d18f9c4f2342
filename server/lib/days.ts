/**
 * Retention periods and the like count whole days back from now: 24 hours a day (the periods are weeks and
 * years long, so a clock change's hour does not matter).
 */
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant `days` days before `now`. */
export function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
