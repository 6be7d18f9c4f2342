/**
 * The campaigns' pace is the shop's, whatever the number of instances (docs/product/states.md §5.10): two app
 * instances on one database, each running its own periodic pass, queue one batch per interval between
 * them, not one each. On SQLite the second instance opens the same file.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../tests/support/test-app';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestApp, type TestApp } from '../../tests/support/test-shop';
import { DEFAULT_CAMPAIGN_TIMINGS } from './campaign-job';
import { newToken } from './newsletter-store';

const SUBSCRIBERS = 30;
const INTERVAL = DEFAULT_CAMPAIGN_TIMINGS.intervalMs;

describe.each(TEST_DIALECTS)('the campaign pace across two instances (%s)', (dialect) => {
  let shop: TestApp;
  let second: FastifyInstance;
  let clock = Date.now() - 600_000;
  const now = () => new Date(clock);

  beforeAll(async () => {
    // 60 a minute at the pass's 10 s: a batch of 10 per interval for the whole shop.
    shop = await startTestApp(dialect, { NEWSLETTER_PER_MINUTE: '60' }, { campaigns: false, now });
    second = await buildTestApp(shop.env, { campaigns: false, now });
  });

  afterAll(async () => {
    await second.close();
    await shop.stop();
  });

  it('queues one batch per interval between them, whichever instance runs the pass', async () => {
    const at = now().toISOString();
    await shop.app.platform.db
      .insertInto('newsletter_signups')
      .values(
        Array.from({ length: SUBSCRIBERS }, (_, i) => ({
          email: `pace-${i}@example.ie`,
          email_key: `pace-${i}@example.ie`,
          source: 'home',
          created_at: at,
          status: 'confirmed' as const,
          token: newToken(),
          confirmation_sent_at: at,
          confirmed_at: at,
        })),
      )
      .execute();
    const a = shop.app.newsletter.campaigns;
    const b = second.newsletter.campaigns;
    const campaign = await a.create({ subject: 'Paced', body: 'Hello' });
    await a.send(campaign.id, undefined);

    expect(await a.pass()).toMatchObject({ started: 1, queued: 10 });
    // The other instance's pass, half an interval later: the shop's batch for this interval is spent.
    clock += INTERVAL / 2;
    expect(await b.pass()).toMatchObject({ queued: 0 });
    // A whole interval after the first: the next batch, on whichever instance.
    clock += INTERVAL / 2 + 1;
    expect(await b.pass()).toMatchObject({ queued: 10 });
    clock += INTERVAL / 2;
    expect(await a.pass()).toMatchObject({ queued: 0 });
    clock += INTERVAL / 2 + 1;
    expect(await a.pass()).toMatchObject({ queued: 10, finished: 1 });
    expect(await b.get(campaign.id)).toMatchObject({ status: 'sent', recipients: SUBSCRIBERS });
  });
});
