import { beforeEach, describe, expect, it, vi } from 'vitest';
import { processShopPerTest } from '../../tests/support/process-shop';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { DEFAULT_OUTBOX_TIMINGS } from '../mail/outbox';
import { NEWSLETTER_MAIL_KINDS } from './mail-kinds';
import { newToken } from './newsletter-store';

const ADMIN_TOKEN = 'campaign-crash-admin-token-0123456789';
/**
 * Enough that the kill lands in the middle of one batch, with messages queued before it and left after
 * it; the rule (each subscriber mailed exactly once) does not grow with the list.
 */
const SUBSCRIBERS = 200;
const HALFWAY = SUBSCRIBERS / 2;
/** Writing the list and sending the campaign take well under this after the start. */
const FIRST_PASS_AFTER_SEND_MS = 2_000;

const shop = processShopPerTest({
  OWNER_EMAIL: 'owner@solas.test',
  MAIL_FROM: 'news@solas.test',
  ADMIN_TOKEN,
  // The whole list in one pass: the kill lands in the middle of one batch.
  NEWSLETTER_PER_MINUTE: '10000',
});
const { start, withDb } = shop;

const addressOf = (i: number) => `reader-${String(i).padStart(3, '0')}@example.ie`;

describe.each(TEST_DIALECTS)('a campaign send killed halfway on %s', (dialect) => {
  beforeEach(async () => {
    await shop.useDatabase(dialect);
  });

  it('resumes after the restart and mails each of 200 subscribers exactly once', async () => {
    // The first start migrates the database; the list is written straight into it. Its first pass comes
    // once the campaign is sent (the shop's own waits 5 s; were it earlier, the next pass would send it).
    const first = await start({
      FAULT_INJECT: `newsletter:recipient-queued#${HALFWAY}`,
      CAMPAIGN_FIRST_PASS_MS: String(FIRST_PASS_AFTER_SEND_MS),
    });
    const now = new Date().toISOString();
    await withDb(async (db) => {
      await db
        .insertInto('newsletter_signups')
        .values(
          Array.from({ length: SUBSCRIBERS }, (_, i) => ({
            email: addressOf(i),
            email_key: addressOf(i),
            source: 'home',
            created_at: now,
            status: 'confirmed' as const,
            token: newToken(),
            confirmation_sent_at: now,
            confirmed_at: now,
          })),
        )
        .execute();
    });
    // A script's call: the Bearer token, no browser Origin.
    const headers = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const created = await fetch(`${first.url}/api/admin/campaigns`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 'Two hundred', body: 'Hello *all*.' }),
    });
    expect(created.status).toBe(201);
    const { campaign } = (await created.json()) as { campaign: { id: string } };
    const sent = await fetch(`${first.url}/api/admin/campaigns/${campaign.id}/send`, {
      method: 'POST',
      headers,
    });
    expect(sent.status).toBe(202);

    // The pass starts within seconds and dies at the 100th message queued.
    const exit = await vi.waitFor(() => first.exited, { timeout: 60_000, interval: 200 });
    expect(exit, first.output()).toEqual({ code: null, signal: 'SIGKILL' });
    expect(first.output()).toContain('FAULT_INJECT: killing the process now');
    const halfway = await withDb((db) =>
      db.selectFrom('outbox').select('id').where('kind', '=', NEWSLETTER_MAIL_KINDS.campaign).execute(),
    );
    expect(halfway).toHaveLength(HALFWAY);
    // A message the killed sender held stays leased for one lease: move the stored clock past it.
    await withDb((db) =>
      db
        .updateTable('outbox')
        .set((eb) => ({ locked_until_ms: eb('locked_until_ms', '-', DEFAULT_OUTBOX_TIMINGS.leaseMs) }))
        .where('locked_until_ms', 'is not', null)
        .execute(),
    );

    // The restart's first pass at once: the campaign it resumes is already due.
    const second = await start({ CAMPAIGN_FIRST_PASS_MS: '0' });
    await vi.waitFor(
      async () => {
        const res = await fetch(`${second.url}/api/admin/campaigns/${campaign.id}`, { headers });
        const body = (await res.json()) as { campaign: { status: string; sent: number } };
        expect(body.campaign).toMatchObject({ status: 'sent', sent: SUBSCRIBERS });
      },
      { timeout: 90_000, interval: 500 },
    );

    // One outbox row per subscriber, all sent.
    const rows = await withDb((db) =>
      db
        .selectFrom('outbox')
        .select(['recipient', 'status'])
        .where('kind', '=', NEWSLETTER_MAIL_KINDS.campaign)
        .execute(),
    );
    expect(rows).toHaveLength(SUBSCRIBERS);
    expect(new Set(rows.map((r) => r.recipient)).size).toBe(SUBSCRIBERS);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    // At the mail server: one Message-ID per subscriber (a message accepted just before the kill may
    // arrive twice with the same Message-ID, which receiving servers de-duplicate; never two different).
    const ids = new Map<string, Set<string>>();
    for (const mail of shop.smtp().messages) {
      if (mail.parsed.subject !== 'Two hundred') continue;
      for (const to of mail.envelopeTo) {
        const set = ids.get(to) ?? new Set<string>();
        set.add(mail.parsed.messageId ?? '');
        ids.set(to, set);
      }
    }
    expect(ids.size).toBe(SUBSCRIBERS);
    expect([...ids.values()].every((set) => set.size === 1)).toBe(true);
  }, 240_000);
});
