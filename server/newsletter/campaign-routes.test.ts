/**
 * The owner's newsletter campaigns through the real app, on both databases, with the default transport
 * (one .eml file per message): drafts, preview, test, the paced send to confirmed subscribers only, once
 * each, the RFC 8058 headers and their one-click POST, an unsubscribe in the middle of a send, and the
 * desk's subscriber list. The periodic pass is driven by the tests (`pass()`), not by a timer.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES } from '../../domain/newsletter/campaigns';
import { shopSuite } from '../../tests/support/shop-suite';
import { outboxSettled, TEST_PUBLIC_URL } from '../../tests/support/test-app';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { startTestApp } from '../../tests/support/test-shop';
import { OUTBOX_DIR } from '../platform';
import { DEFAULT_CAMPAIGN_TIMINGS } from './campaign-job';
import { NEWSLETTER_MAIL_KINDS } from './mail-kinds';

const ADMIN_TOKEN = 'campaigns-test-admin-token';
const OWNER = 'owner@solas.test';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}`, origin: TEST_PUBLIC_URL };

interface Eml {
  readonly file: string;
  readonly raw: string;
  readonly to: string;
  readonly subject: string;
  readonly listUnsubscribe: string | null;
}

describe.each(TEST_DIALECTS)('newsletter campaigns (%s)', (dialect) => {
  // The shop's clock, moved one pass interval on before each pass (the pace counts what was queued within
  // the last interval). It starts half an hour back: the outbox sends what is due by the real clock.
  let clock = Date.now() - 1_800_000;

  // 6 a minute at the pass's 10 s: one message per pass, so a test sees the send halfway.
  const shop = shopSuite(() =>
    startTestApp(
      dialect,
      { ADMIN_TOKEN, OWNER_EMAIL: OWNER, NEWSLETTER_PER_MINUTE: '6', RATE_LIMITS: 'off' },
      { campaigns: false, now: () => new Date(clock) },
    ),
  );

  /** Every .eml the shop wrote so far, in the order queued. */
  function mails(): Eml[] {
    const dir = path.join(shop.dataDir, OUTBOX_DIR);
    let files: string[] = [];
    try {
      files = readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort();
    } catch {
      return [];
    }
    return files.map((file) => {
      // Unfolded: a long header continues on indented lines.
      const raw = readFileSync(path.join(dir, file), 'utf8').replace(/\r?\n[ \t]+/g, ' ');
      return {
        file,
        raw,
        to: /^To: (.+?)\r?$/m.exec(raw)?.[1] ?? '',
        subject: /^Subject: (.+?)\r?$/m.exec(raw)?.[1] ?? '',
        listUnsubscribe: /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(raw)?.[1] ?? null,
      };
    });
  }

  const campaignMails = () =>
    mails().filter((m) => m.file.includes(NEWSLETTER_MAIL_KINDS.campaign) && !m.file.includes('test'));

  /** The token of an e-mail to `email` that has a link, the newest first (the database keeps only hashes). */
  async function mailedToken(email: string): Promise<string> {
    const rows = await shop.app.platform.db
      .selectFrom('outbox')
      .select('text_body')
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .execute();
    // A waiting e-mail still has its text; a sent one is in its .eml file.
    const texts = [
      ...rows.map((r) => r.text_body),
      ...mails()
        .filter((m) => m.to === email)
        .reverse()
        .map((m) => m.listUnsubscribe ?? ''),
    ];
    for (const text of texts) {
      const token = /token=([A-Za-z0-9_-]{32})/.exec(text)?.[1];
      if (token) return token;
    }
    throw new Error(`no link mailed to ${email}`);
  }

  /** A confirmed subscriber (the double opt-in done as its links do it). */
  async function subscribe(email: string, confirm = true): Promise<void> {
    await shop.app.newsletter.store.signUp(email, 'home');
    if (!confirm) return;
    expect(await shop.app.newsletter.store.confirm(await mailedToken(email))).toBe('confirmed');
  }

  async function create(payload: object) {
    return shop.app.inject({ method: 'POST', url: '/api/admin/campaigns', headers: auth, payload });
  }

  async function campaign(id: string) {
    const res = await shop.app.inject({ method: 'GET', url: `/api/admin/campaigns/${id}`, headers: auth });
    return res.json().campaign;
  }

  /** The next periodic pass, one interval after the last. */
  function pass() {
    clock += DEFAULT_CAMPAIGN_TIMINGS.intervalMs;
    return shop.app.newsletter.campaigns.pass();
  }

  /** Passes until the campaign is sent, then the outbox settled: every message written. */
  async function sendAll(id: string): Promise<void> {
    for (let i = 0; i < 50 && (await campaign(id)).status !== 'sent'; i += 1) {
      await pass();
    }
    await outboxSettled(shop.app);
  }

  let draftId = '';

  it('keeps a draft (201), refuses a bad body naming the field, and an unknown product', async () => {
    const res = await create({
      subject: 'New autumn bracelets',
      preview: 'Three new designs',
      body: '# Hello\n\nOur **autumn** pieces are here. <script>alert(1)</script>',
      productIds: ['1', '5'],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.ok).toBe(true);
    expect(body.campaign).toMatchObject({
      status: 'draft',
      recipients: 0,
      sent: 0,
      failed: 0,
      unsubscribed: 0,
    });
    expect(body.campaign.id).toMatch(/^cmp_/);
    draftId = body.campaign.id;

    const noSubject = await create({ subject: '', body: 'x' });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json()).toEqual({ ok: false, error: expect.stringContaining('subject') });
    // A line break in a subject would forge headers in every message; a control garbles it.
    for (const subject of ['Hello\r\nBcc: everyone@example.ie', 'Hello\u0007there']) {
      const res = await create({ subject, body: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ ok: false, error: CAMPAIGN_MESSAGES.subjectLine });
    }
    const unknown = await create({ subject: 'x', body: 'x', productIds: ['99999'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(CAMPAIGN_MESSAGES.unknownProduct);
  });

  it('changes a draft, and previews it rendered: Markdown as HTML, typed markup as text, product blocks', async () => {
    const patched = await shop.app.inject({
      method: 'PATCH',
      url: `/api/admin/campaigns/${draftId}`,
      headers: auth,
      payload: { subject: 'Autumn is here' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().campaign.subject).toBe('Autumn is here');
    const res = await shop.app.inject({
      method: 'GET',
      url: `/api/admin/campaigns/${draftId}/preview`,
      headers: auth,
    });
    const { preview } = res.json();
    expect(preview.html).toContain('<h1>Hello</h1>');
    expect(preview.html).toContain('<strong>autumn</strong>');
    expect(preview.html).not.toContain('<script>');
    expect(preview.html).toContain('&lt;script&gt;');
    const products = shop.app.catalogue.source.current().products;
    for (const id of ['1', '5']) {
      const product = products.find((p) => p.id === id);
      expect(preview.html).toContain(product?.name);
      expect(preview.html).toContain(`${TEST_PUBLIC_URL}/product/${id}`);
      expect(preview.text).toContain(`${TEST_PUBLIC_URL}/product/${id}`);
    }
    // JPEG (Outlook shows no WebP), from the shop itself.
    expect(preview.html).toMatch(/<img src="http:\/\/shop\.test\/media\/mail\/[a-z0-9-]+-480\.jpg"/);
    expect(preview.html).not.toContain('.webp');
  });

  it('sends a test to the owner only (202)', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${draftId}/test`,
      headers: auth,
    });
    expect(res.statusCode).toBe(202);
    await outboxSettled(shop.app);
    const tests = mails().filter((m) => m.file.includes(NEWSLETTER_MAIL_KINDS.campaignTest));
    expect(tests).toHaveLength(1);
    expect(tests[0]?.to).toBe(OWNER);
    expect(tests[0]?.subject).toBe('[TEST] Autumn is here');
  });

  it('sends once (202, then 409) to confirmed subscribers only, each with its own one-click unsubscribe', async () => {
    await subscribe('aoife@example.ie');
    await subscribe('brian@example.ie');
    await subscribe('pending@example.ie', false);
    const send = () =>
      shop.app.inject({ method: 'POST', url: `/api/admin/campaigns/${draftId}/send`, headers: auth });
    expect((await send()).statusCode).toBe(202);
    const again = await send();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ ok: false, error: CAMPAIGN_MESSAGES.notDraft });
    const refused = await shop.app.inject({
      method: 'PATCH',
      url: `/api/admin/campaigns/${draftId}`,
      headers: auth,
      payload: { subject: 'Too late' },
    });
    expect(refused.statusCode).toBe(409);

    await sendAll(draftId);
    const sent = campaignMails();
    expect(sent.map((m) => m.to).sort()).toEqual(['aoife@example.ie', 'brian@example.ie']);
    const links = new Set<string>();
    for (const mail of sent) {
      expect(mail.listUnsubscribe).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/newsletter/unsubscribe\\?token=`));
      expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
      links.add(mail.listUnsubscribe ?? '');
    }
    expect(links.size).toBe(2);
    expect(await campaign(draftId)).toMatchObject({
      status: 'sent',
      recipients: 2,
      sent: 2,
      failed: 0,
      unsubscribed: 0,
    });
    // Passes after the end queue nothing more.
    await pass();
    await outboxSettled(shop.app);
    expect(campaignMails()).toHaveLength(2);
  });

  it('unsubscribes on the one-click POST (2xx, never on a GET), and the address gets no further campaign', async () => {
    const aoife = campaignMails().find((m) => m.to === 'aoife@example.ie');
    const url = new URL(aoife?.listUnsubscribe ?? '');
    const get = await shop.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(get.statusCode).toBe(200);
    expect(await shop.app.newsletter.store.subscribers()).toHaveLength(2);
    // A mail provider's server: no Origin, no cookie.
    const post = await shop.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBeGreaterThanOrEqual(200);
    expect(post.statusCode).toBeLessThan(300);
    expect((await shop.app.newsletter.store.subscribers()).map((s) => s.email)).toEqual(['brian@example.ie']);
    expect((await campaign(draftId)).unsubscribed).toBe(1);

    const next = (await create({ subject: 'Second', body: 'Again' })).json().campaign.id;
    await shop.app.inject({
      method: 'POST',
      url: `/api/admin/campaigns/${next}/send`,
      headers: auth,
      payload: {},
    });
    await sendAll(next);
    const second = campaignMails().filter((m) => m.subject === 'Second');
    expect(second.map((m) => m.to)).toEqual(['brian@example.ie']);
  });

  it('stops the message of someone who unsubscribes in the middle of a send, and mails nobody twice', async () => {
    await subscribe('ciara@example.ie');
    await subscribe('donal@example.ie');
    const id = (await create({ subject: 'Third', body: 'Paced' })).json().campaign.id;
    await shop.app.inject({ method: 'POST', url: `/api/admin/campaigns/${id}/send`, headers: auth });
    // Starts and queues the first of three (one per pass at this pace): brian, ciara, donal.
    expect(await pass()).toMatchObject({ started: 1, queued: 1 });
    const halfway = await campaign(id);
    expect(halfway).toMatchObject({ status: 'sending', recipients: 3 });
    expect(await shop.app.newsletter.store.unsubscribe(await mailedToken('ciara@example.ie'))).toBe(true);
    // Two passes at once (two instances): each row is queued once whoever gets it.
    clock += DEFAULT_CAMPAIGN_TIMINGS.intervalMs;
    await Promise.all([shop.app.newsletter.campaigns.pass(), shop.app.newsletter.campaigns.pass()]);
    await sendAll(id);
    const third = campaignMails().filter((m) => m.subject === 'Third');
    expect(third.map((m) => m.to).sort()).toEqual(['brian@example.ie', 'donal@example.ie']);
    expect(await campaign(id)).toMatchObject({ status: 'sent', recipients: 3, sent: 2, unsubscribed: 1 });
  });

  it('refuses a send time in the past or too far ahead, and schedules one in the future', async () => {
    const id = (await create({ subject: 'Later', body: 'Soon' })).json().campaign.id;
    const send = (at: string) =>
      shop.app.inject({
        method: 'POST',
        url: `/api/admin/campaigns/${id}/send`,
        headers: auth,
        payload: { at },
      });
    expect((await send('2001-01-01T00:00:00Z')).statusCode).toBe(400);
    expect((await send('not a time')).json()).toEqual({ ok: false, error: CAMPAIGN_MESSAGES.at });
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await send(at);
    expect(scheduled.statusCode).toBe(202);
    expect(scheduled.json().campaign).toMatchObject({ status: 'scheduled', sendAt: at });
    // Not due yet: a pass leaves it alone.
    expect(await pass()).toMatchObject({ started: 0 });
    expect((await campaign(id)).status).toBe('scheduled');
  });

  it('lists, searches and removes subscribers, with where and when consent was given', async () => {
    const list = await shop.app.inject({ method: 'GET', url: '/api/admin/subscribers', headers: auth });
    const body = list.json();
    expect(body.ok).toBe(true);
    expect(body.total).toBe(2);
    expect(body.subscribers.map((s: { email: string }) => s.email)).toEqual([
      'donal@example.ie',
      'brian@example.ie',
    ]);
    expect(body.subscribers[0]).toMatchObject({
      source: 'home',
      confirmedAt: expect.any(String),
      signedUpAt: expect.any(String),
    });
    const found = await shop.app.inject({
      method: 'GET',
      url: '/api/admin/subscribers?q=BRI',
      headers: auth,
    });
    expect(found.json()).toMatchObject({ total: 1, subscribers: [{ email: 'brian@example.ie' }] });
    const wildcard = await shop.app.inject({
      method: 'GET',
      url: '/api/admin/subscribers?q=%25',
      headers: auth,
    });
    expect(wildcard.json().total).toBe(0);
    const removed = await shop.app.inject({
      method: 'DELETE',
      url: '/api/admin/subscribers/brian%40example.ie',
      headers: auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    const again = await shop.app.inject({
      method: 'DELETE',
      url: '/api/admin/subscribers/brian%40example.ie',
      headers: auth,
    });
    expect(again.statusCode).toBe(404);
    expect((await shop.app.newsletter.store.subscribers()).map((s) => s.email)).toEqual(['donal@example.ie']);
  });

  it('answers 401 without the owner', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/api/admin/campaigns' });
    expect(res.statusCode).toBe(401);
  });
});
