/**
 * The daily retention pass (docs/product/privacy.md §12): personal data whose period has ended is erased
 * (PrivacyStore.applyRetention, periods in RETENTION of domain/config.ts). Scheduled like the reconcile
 * pass: shortly after start, then once a day; several instances on one PostgreSQL database take turns
 * under withJobLock, and an instance that finds another's pass running skips its own.
 */
import type { FastifyInstance } from 'fastify';
import { schedulePeriodicJob } from '../ops/periodic-job';
import type { PrivacyStore } from './privacy-store';

export interface RetentionTimings {
  readonly initialDelayMs: number;
  readonly intervalMs: number;
}

export const DEFAULT_RETENTION_TIMINGS: RetentionTimings = {
  initialDelayMs: 60_000,
  intervalMs: 24 * 60 * 60_000,
};

/** Schedules the passes for the app's lifetime (false: never, for tests that run passes themselves). */
export function scheduleRetention(
  app: FastifyInstance,
  privacy: PrivacyStore,
  timings?: Partial<RetentionTimings> | false,
): void {
  if (timings === false) return;
  schedulePeriodicJob(app, {
    name: 'retention',
    timings: { ...DEFAULT_RETENTION_TIMINGS, ...timings },
    run: () => privacy.applyRetention(),
    onResult: (result) => app.log.info(result, 'retention: personal data past its period erased'),
  });
}
