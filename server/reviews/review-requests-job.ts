/**
 * The review requests' periodic pass (docs/product/settled-choices.md §8.13): orders dispatched REVIEW_REQUEST_DELAY_DAYS
 * ago that nobody marked delivered get their one request e-mail. Every 15 minutes, one instance at a time
 * (ops/periodic-job.ts); the request's own primary key keeps it to one e-mail whatever runs it.
 */
import type { FastifyInstance } from 'fastify';
import { schedulePeriodicJob } from '../ops/periodic-job';
import type { ReviewService } from './review-service';

export interface ReviewRequestTimings {
  readonly initialDelayMs: number;
  readonly intervalMs: number;
}

export const DEFAULT_REVIEW_REQUEST_TIMINGS: ReviewRequestTimings = {
  initialDelayMs: 90_000,
  intervalMs: 15 * 60_000,
};

export function scheduleReviewRequests(
  app: FastifyInstance,
  reviews: ReviewService,
  timings?: Partial<ReviewRequestTimings> | false,
): void {
  if (timings === false) return;
  schedulePeriodicJob(app, {
    name: 'review-requests',
    timings: { ...DEFAULT_REVIEW_REQUEST_TIMINGS, ...timings },
    run: () => reviews.requestDue(),
    onResult: (queued) => {
      if (queued > 0) app.log.info({ queued }, 'review-requests: request e-mails queued');
    },
  });
}
