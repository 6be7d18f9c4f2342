/**
 * The campaigns' periodic pass (docs/product/states.md §5.10): starts the campaigns that are due and queues the
 * next paced batch of their messages. Every few seconds, one instance at a time (ops/periodic-job.ts);
 * each recipient's own row keeps it to one message whatever runs the pass.
 */
import type { FastifyInstance } from 'fastify';
import { schedulePeriodicJob } from '../ops/periodic-job';
import type { CampaignService } from './campaign-service';

export interface CampaignTimings {
  readonly initialDelayMs: number;
  readonly intervalMs: number;
}

export const DEFAULT_CAMPAIGN_TIMINGS: CampaignTimings = {
  initialDelayMs: 5_000,
  intervalMs: 10_000,
};

export function scheduleCampaigns(
  app: FastifyInstance,
  campaigns: CampaignService,
  timings: CampaignTimings,
  /** Also run by each pass: the back-in-stock e-mails of products active again (their count). */
  backInStock: () => Promise<number>,
): void {
  schedulePeriodicJob(app, {
    name: 'newsletter-campaigns',
    timings,
    run: async (stopping) => ({ ...(await campaigns.pass(stopping)), backInStock: await backInStock() }),
    onResult: (result) => {
      if (result.started + result.queued + result.skipped + result.finished + result.backInStock > 0)
        app.log.info(result, 'newsletter-campaigns: e-mails queued');
    },
  });
}
