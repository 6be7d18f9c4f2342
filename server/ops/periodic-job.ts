/**
 * A background job that runs shortly after start and then at an interval, for the app's lifetime: one
 * pass at a time per process, and one instance at a time when several serve one PostgreSQL database
 * (withJobLock: an instance that finds another's pass running skips its own). A failed pass is logged
 * and the next one runs as planned. Closing the app waits for the pass in flight.
 */
import type { FastifyInstance } from 'fastify';
import { withJobLock } from '../db/job-lock';

export interface PeriodicTimings {
  readonly initialDelayMs: number;
  readonly intervalMs: number;
}

export interface PeriodicJob<T> {
  /** The lock's name and the log lines' prefix. */
  readonly name: string;
  readonly timings: PeriodicTimings;
  /** One pass; `stopping` turns true when the app closes (a long pass may end early). */
  readonly run: (stopping: () => boolean) => Promise<T>;
  readonly onResult: (value: T) => void;
}

export function schedulePeriodicJob<T>(app: FastifyInstance, job: PeriodicJob<T>): void {
  const { name, timings } = job;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const run = () => {
    timer = null;
    if (stopped) return;
    running = withJobLock(app.platform.db, name, () => job.run(() => stopped))
      .then((outcome) => {
        if (!outcome.ran) app.log.debug(`${name}: another instance is running a pass; skipped`);
        else job.onResult(outcome.value);
      })
      .catch((err: unknown) => {
        app.log.error({ err }, `${name}: pass failed; will try again`);
      })
      .finally(() => {
        running = null;
        if (!stopped) schedule(timings.intervalMs);
      });
  };
  const schedule = (ms: number) => {
    timer = setTimeout(run, ms);
    timer.unref();
  };

  app.addHook('onReady', async () => {
    schedule(timings.initialDelayMs);
  });
  // preClose runs before the database is closed: the pass in flight finishes first.
  app.addHook('preClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
