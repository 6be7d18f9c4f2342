/**
 * The newsletter's campaigns (docs/product/states.md §5.10) and how each reaches its subscribers exactly once:
 * - sending a draft schedules it (one conditional update: a second "send" finds no draft);
 * - when it is due, one transaction renders it, fixes its recipients (one `campaign_recipients` row per
 *   confirmed sign-up, unique per campaign) and marks it sending;
 * - then, pass after pass, a paced batch of waiting rows each become one outbox message, in the
 *   transaction that marks the row queued: a crash before the commit leaves the row waiting and no
 *   message, after it the message and no waiting row. The outbox then delivers each once.
 * A row whose sign-up is gone when its turn comes (unsubscribed, erased) is skipped; a message still
 * waiting in the outbox is deleted by the unsubscribe itself (newsletter-store.ts).
 * This store reads the outbox's delivery states to count a campaign's messages (the outbox table is the
 * mail floor's; only its status and error are read, by the ids this store recorded).
 */
import type { Kysely, Updateable } from 'kysely';
import {
  CAMPAIGN_STATUSES,
  type CampaignCreate,
  type CampaignPatch,
  type CampaignStatus,
  type CampaignView,
} from '../../domain/newsletter/campaigns';
import type { Database } from '../db/schema';
import { randomAlphanumeric } from '../lib/ids';
import { deliveryOutcomes, enqueueOneMail, outboxRow, type QueuedMail } from '../mail/outbox';
import type { RenderedCampaign } from './campaign-mail';
import { confirmedSignupIds, issueSignupKey, lockConfirmedSignup, signupIds } from './newsletter-store';
import type { NewsletterCampaignsTable } from './tables';

type Row = NewsletterCampaignsTable;

export type CampaignChange<T> = { ok: true; value: T } | { ok: false; reason: 'not-found' | 'not-draft' };

/** A recipient whose message is being queued: its sign-up's address and its message's unsubscribe key. */
export interface CampaignRecipient {
  readonly email: string;
  readonly token: string;
}

export interface QueueOutcome {
  readonly queued: number;
  readonly skipped: number;
  /** True once no recipient of the campaign is waiting (the campaign is then marked sent). */
  readonly finished: boolean;
}

function productIdsOf(json: string): string[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function statusOf(value: string): CampaignStatus {
  return (CAMPAIGN_STATUSES as readonly string[]).includes(value) ? (value as CampaignStatus) : 'draft';
}

export class CampaignStore {
  constructor(private readonly db: Kysely<Database>) {}

  async create(input: CampaignCreate, now: Date): Promise<CampaignView> {
    const at = now.toISOString();
    const id = `cmp_${randomAlphanumeric(20)}`;
    await this.db
      .insertInto('newsletter_campaigns')
      .values({
        id,
        subject: input.subject,
        preview: input.preview ?? '',
        body: input.body,
        product_ids: JSON.stringify(input.productIds ?? []),
        status: 'draft',
        send_at: null,
        started_at: null,
        sent_at: null,
        html_body: null,
        text_body: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const view = await this.view(id);
    if (!view) throw new Error('campaign vanished right after it was created');
    return view;
  }

  /** A draft's new fields; refused once it is no longer a draft. */
  async patch(id: string, changes: CampaignPatch, now: Date): Promise<CampaignChange<CampaignView>> {
    const set: Updateable<Row> = { updated_at: now.toISOString() };
    if (changes.subject !== undefined) set.subject = changes.subject;
    if (changes.preview !== undefined) set.preview = changes.preview;
    if (changes.body !== undefined) set.body = changes.body;
    if (changes.productIds !== undefined) set.product_ids = JSON.stringify(changes.productIds);
    return this.changeDraft(id, set);
  }

  /** Plans the send of a draft at `at`: the periodic pass starts it once due. Only once per campaign. */
  async schedule(id: string, at: Date, now: Date): Promise<CampaignChange<CampaignView>> {
    return this.changeDraft(id, {
      status: 'scheduled',
      send_at: at.toISOString(),
      updated_at: now.toISOString(),
    });
  }

  /** Writes `set` to a campaign while it is a draft (the conditional update is the guard); refused after. */
  private async changeDraft(id: string, set: Updateable<Row>): Promise<CampaignChange<CampaignView>> {
    const updated = await this.db
      .updateTable('newsletter_campaigns')
      .set(set)
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return this.refusal(id);
    const view = await this.view(id);
    return view ? { ok: true, value: view } : { ok: false, reason: 'not-found' };
  }

  private async refusal(id: string): Promise<{ ok: false; reason: 'not-found' | 'not-draft' }> {
    const row = await this.db
      .selectFrom('newsletter_campaigns')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return { ok: false, reason: row ? 'not-draft' : 'not-found' };
  }

  /** The campaign's stored fields (the service renders and previews from them). */
  async row(id: string) {
    const row = await this.db
      .selectFrom('newsletter_campaigns')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? { ...row, productIds: productIdsOf(row.product_ids) } : undefined;
  }

  /** Newest first, with their counts. Bounded: the desk lists the latest 100. */
  async list(): Promise<CampaignView[]> {
    const rows = await this.db
      .selectFrom('newsletter_campaigns')
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(100)
      .execute();
    const views = await Promise.all(rows.map((r) => this.view(r.id)));
    return views.filter((v): v is CampaignView => v !== undefined);
  }

  async view(id: string): Promise<CampaignView | undefined> {
    const row = await this.db
      .selectFrom('newsletter_campaigns')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const delivery = await deliveryOutcomes(
      this.db,
      this.db.selectFrom('campaign_recipients').select('outbox_id').where('campaign_id', '=', id),
    );
    const gone = await this.db
      .selectFrom('campaign_recipients')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('campaign_id', '=', id)
      .where('signup_id', 'not in', signupIds(this.db))
      .executeTakeFirst();
    const { sent, failed: failures } = delivery;
    return {
      id: row.id,
      status: statusOf(row.status),
      subject: row.subject,
      preview: row.preview,
      body: row.body,
      productIds: productIdsOf(row.product_ids),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      sendAt: row.send_at,
      sentAt: row.sent_at,
      recipients: Number(row.recipients),
      sent,
      failed: failures.reduce((sum, f) => sum + f.count, 0),
      failures,
      unsubscribed: Number(gone?.n ?? 0),
    };
  }

  /** Scheduled campaigns whose time has come, oldest first. */
  async due(now: Date): Promise<string[]> {
    const rows = await this.db
      .selectFrom('newsletter_campaigns')
      .select('id')
      .where('status', '=', 'scheduled')
      .where('send_at', '<=', now.toISOString())
      .orderBy('send_at')
      .limit(10)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Campaigns being sent, oldest first. */
  async sending(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('newsletter_campaigns')
      .select('id')
      .where('status', '=', 'sending')
      .orderBy('started_at')
      .limit(10)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * How many recipients of any campaign were queued (or skipped) after `since`: what the shop spent of
   * its pace, whichever instance queued them (the pace is the shop's, not each instance's).
   */
  async queuedSince(since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('campaign_recipients')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
      .where('queued_at', '>', since.toISOString())
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Starts a due campaign in one transaction: its rendering, its recipients (every confirmed sign-up at
   * this moment) and its state. False when it was started already (by another instance).
   */
  async start(id: string, rendered: RenderedCampaign, now: Date): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('newsletter_campaigns')
        .set({
          status: 'sending',
          started_at: now.toISOString(),
          updated_at: now.toISOString(),
          html_body: rendered.html,
          text_body: rendered.text,
        })
        .where('id', '=', id)
        .where('status', '=', 'scheduled')
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) return false;
      await trx
        .insertInto('campaign_recipients')
        .columns(['signup_id', 'campaign_id', 'status'])
        .expression(
          confirmedSignupIds(trx)
            .select((eb) => [eb.val(id).as('campaign_id'), eb.val('waiting').as('status')])
            .orderBy('id'),
        )
        .onConflict((oc) => oc.columns(['campaign_id', 'signup_id']).doNothing())
        .execute();
      const count = await trx
        .selectFrom('campaign_recipients')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .where('campaign_id', '=', id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('newsletter_campaigns')
        .set({ recipients: Number(count.n) })
        .where('id', '=', id)
        .execute();
      return true;
    });
  }

  /**
   * Queues up to `limit` waiting recipients of a campaign being sent, each in one transaction with its
   * row: the row turns queued (only if still waiting: of two instances, one wins) and gets its one outbox
   * message. A sign-up no longer confirmed is skipped. When none is left waiting, the campaign is sent.
   */
  async queueBatch(
    id: string,
    limit: number,
    mailFor: (recipient: CampaignRecipient, rendered: RenderedCampaign, subject: string) => QueuedMail,
    senderDomain: string,
    now: () => Date,
    afterEach?: () => void,
  ): Promise<QueueOutcome> {
    const campaign = await this.db
      .selectFrom('newsletter_campaigns')
      .select(['subject', 'html_body', 'text_body', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (campaign?.status !== 'sending') return { queued: 0, skipped: 0, finished: true };
    const rendered: RenderedCampaign = { html: campaign.html_body ?? '', text: campaign.text_body ?? '' };
    const waiting = await this.db
      .selectFrom('campaign_recipients')
      .select(['id', 'signup_id'])
      .where('campaign_id', '=', id)
      .where('status', '=', 'waiting')
      .orderBy('id')
      .limit(limit)
      .execute();
    let queued = 0;
    let skipped = 0;
    for (const row of waiting) {
      const outcome = await this.db.transaction().execute(async (trx) => {
        const at = now();
        // Read again inside the transaction (and locked): an unsubscribe a moment ago wins.
        const recipient = (await lockConfirmedSignup(trx, row.signup_id)) ?? null;
        const claimed = await trx
          .updateTable('campaign_recipients')
          .set({ status: recipient ? 'queued' : 'skipped', queued_at: at.toISOString() })
          .where('id', '=', row.id)
          .where('status', '=', 'waiting')
          .executeTakeFirst();
        if (claimed.numUpdatedRows === 0n) return 'taken' as const;
        if (!recipient) return 'skipped' as const;
        // The message's own unsubscribe key (only its hash is kept).
        const token = await issueSignupKey(trx, row.signup_id, at);
        const mail = outboxRow(
          mailFor({ ...recipient, token }, rendered, campaign.subject),
          senderDomain,
          at.getTime(),
        );
        const outboxId = await enqueueOneMail(trx, mail);
        await trx
          .updateTable('campaign_recipients')
          .set({ outbox_id: outboxId })
          .where('id', '=', row.id)
          .execute();
        return 'queued' as const;
      });
      if (outcome === 'queued') {
        queued += 1;
        afterEach?.();
      }
      if (outcome === 'skipped') skipped += 1;
    }
    const left = await this.db
      .selectFrom('campaign_recipients')
      .select('id')
      .where('campaign_id', '=', id)
      .where('status', '=', 'waiting')
      .limit(1)
      .executeTakeFirst();
    if (left) return { queued, skipped, finished: false };
    const at = now().toISOString();
    await this.db
      .updateTable('newsletter_campaigns')
      .set({ status: 'sent', sent_at: at, updated_at: at, html_body: null, text_body: null })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .execute();
    return { queued, skipped, finished: true };
  }
}
