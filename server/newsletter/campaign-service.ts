/**
 * The newsletter's campaigns (docs/product/states.md §5.10): drafts checked against the catalogue, the desk's
 * preview and test send, and the send itself, paced by the periodic pass (campaign-job.ts): each pass
 * starts what is due and queues what is left of one batch of `perMinute` per minute of its interval,
 * once the messages queued by any instance within the last interval are counted.
 */
import type { CatalogueProduct } from '../../domain/catalogue/snapshot';
import {
  CAMPAIGN_LIMITS,
  CAMPAIGN_MESSAGES,
  type CampaignCreate,
  type CampaignPatch,
  type CampaignPreview,
  type CampaignView,
} from '../../domain/newsletter/campaigns';
import { refuse } from '../lib/refusal';
import { type enqueueMail, outboxRow, type QueuedMail } from '../mail/outbox';
import { campaignMessage, type RenderedCampaign, renderCampaign } from './campaign-mail';
import type { CampaignRecipient, CampaignStore } from './campaign-store';
import { NEWSLETTER_MAIL_KINDS } from './mail-kinds';
import { NEWSLETTER_PATHS, newsletterLinks } from './newsletter-mail';

export interface CampaignServiceOptions {
  readonly store: CampaignStore;
  /** The catalogue's products now (every status). */
  readonly products: () => readonly CatalogueProduct[];
  readonly publicUrl: string;
  readonly senderDomain: string;
  /** Where a test goes: the owner's address for orders and enquiries, as her settings say now. */
  readonly ownerEmail: () => Promise<string>;
  /** Messages queued per minute while a campaign is sent. */
  readonly perMinute: number;
  /** How often the pass runs; each queues its share of `perMinute`. */
  readonly intervalMs: number;
  readonly onMailQueued: () => void;
  /** Called after each message is queued (the crash tests' fault point). */
  readonly onRecipientQueued?: () => void;
  readonly now?: () => Date;
  /** The database handle a test mail is queued through. */
  readonly queue: (rows: Parameters<typeof enqueueMail>[1]) => Promise<void>;
}

/** Why the store would not change a campaign, in the owner's words. */
function refuseCampaign(reason: 'not-found' | 'not-draft'): never {
  return reason === 'not-found'
    ? refuse('not-found', CAMPAIGN_MESSAGES.notFound)
    : refuse('conflict', CAMPAIGN_MESSAGES.notDraft);
}

export interface PassResult {
  readonly started: number;
  readonly queued: number;
  readonly skipped: number;
  readonly finished: number;
}

export class CampaignService {
  constructor(private readonly o: CampaignServiceOptions) {}

  private now(): Date {
    return this.o.now?.() ?? new Date();
  }

  /** How many messages one pass queues: the pace's share of the pass's interval, at least one. */
  get batchSize(): number {
    return Math.max(1, Math.round((this.o.perMinute * this.o.intervalMs) / 60_000));
  }

  private unknownProduct(ids: readonly string[] | undefined): boolean {
    if (!ids || ids.length === 0) return false;
    const known = new Set(this.o.products().map((p) => p.id));
    return ids.some((id) => !known.has(id));
  }

  async create(input: CampaignCreate): Promise<CampaignView> {
    if (this.unknownProduct(input.productIds)) refuse('invalid', CAMPAIGN_MESSAGES.unknownProduct);
    return this.o.store.create(input, this.now());
  }

  async patch(id: string, changes: CampaignPatch): Promise<CampaignView> {
    if (this.unknownProduct(changes.productIds)) refuse('invalid', CAMPAIGN_MESSAGES.unknownProduct);
    const outcome = await this.o.store.patch(id, changes, this.now());
    return outcome.ok ? outcome.value : refuseCampaign(outcome.reason);
  }

  async get(id: string): Promise<CampaignView> {
    return (await this.o.store.view(id)) ?? refuse('not-found', CAMPAIGN_MESSAGES.notFound);
  }

  list(): Promise<CampaignView[]> {
    return this.o.store.list();
  }

  /** The products of a campaign's blocks, in its order; one the catalogue no longer has is left out. */
  private blocks(ids: readonly string[]): CatalogueProduct[] {
    const byId = new Map(this.o.products().map((p) => [p.id, p]));
    return ids.map((id) => byId.get(id)).filter((p): p is CatalogueProduct => p !== undefined);
  }

  private render(campaign: { subject: string; preview: string; body: string; productIds: string[] }) {
    return renderCampaign(this.o.publicUrl, campaign, this.blocks(campaign.productIds));
  }

  /** The unsubscribe link of a message that goes to nobody on the list: its page says the link is not valid. */
  private get sampleUnsubscribe(): string {
    return `${this.o.publicUrl}${NEWSLETTER_PATHS.unsubscribe}`;
  }

  /** The e-mail as a subscriber would receive it (a sent campaign: as it was rendered from today's catalogue). */
  async preview(id: string): Promise<CampaignPreview> {
    const row = (await this.o.store.row(id)) ?? refuse('not-found', CAMPAIGN_MESSAGES.notFound);
    return campaignMessage(row.subject, this.render(row), this.sampleUnsubscribe);
  }

  /** One copy to the owner, marked as a test. */
  async test(id: string): Promise<CampaignView> {
    const row = await this.o.store.row(id);
    const view = await this.o.store.view(id);
    if (!row || !view) return refuse('not-found', CAMPAIGN_MESSAGES.notFound);
    const message = campaignMessage(`[TEST] ${row.subject}`, this.render(row), this.sampleUnsubscribe);
    const mail: QueuedMail = {
      orderId: null,
      reference: row.id,
      kind: NEWSLETTER_MAIL_KINDS.campaignTest,
      to: await this.o.ownerEmail(),
      ...message,
    };
    await this.o.queue([outboxRow(mail, this.o.senderDomain, this.now().getTime())]);
    this.o.onMailQueued();
    return view;
  }

  /** Sends a draft now or at `at`; a campaign already sent or on its way is refused (409). */
  async send(id: string, at: string | undefined): Promise<CampaignView> {
    const now = this.now();
    let when = now;
    if (at !== undefined) {
      when = new Date(at);
      const latest = now.getTime() + CAMPAIGN_LIMITS.scheduleDaysMax * 86_400_000;
      // A time a minute in the past is "now": the owner's clock and the server's differ a little.
      if (when.getTime() < now.getTime() - 60_000 || when.getTime() > latest)
        refuse('invalid', CAMPAIGN_MESSAGES.atRange);
      if (when < now) when = now;
    }
    const outcome = await this.o.store.schedule(id, when, now);
    return outcome.ok ? outcome.value : refuseCampaign(outcome.reason);
  }

  private mailFor(
    campaignId: string,
  ): (recipient: CampaignRecipient, rendered: RenderedCampaign, subject: string) => QueuedMail {
    return (recipient, rendered, subject) => {
      const links = newsletterLinks(this.o.publicUrl, recipient.token);
      return {
        orderId: null,
        reference: campaignId,
        kind: NEWSLETTER_MAIL_KINDS.campaign,
        to: recipient.email,
        ...campaignMessage(subject, rendered, links.unsubscribe),
        listUnsubscribe: links.unsubscribe,
      };
    };
  }

  /**
   * One pass: starts the campaigns that are due, then queues one paced batch across those being sent.
   * Safe to repeat anywhere at any time: every step is a conditional change of its own row.
   */
  async pass(stopping: () => boolean = () => false): Promise<PassResult> {
    let started = 0;
    for (const id of await this.o.store.due(this.now())) {
      const row = await this.o.store.row(id);
      if (!row) continue;
      if (await this.o.store.start(id, this.render(row), this.now())) started += 1;
    }
    let queued = 0;
    let skipped = 0;
    let finished = 0;
    const sending = await this.o.store.sending();
    if (sending.length === 0) return { started, queued, skipped, finished };
    // The shop's pace, whatever the number of instances: what any pass queued within the last interval
    // (read from the recipients' rows) comes off this pass's batch. Passes never overlap (the periodic
    // job's lock), so each one sees what the one before it committed.
    const since = new Date(this.now().getTime() - this.o.intervalMs);
    let budget = this.batchSize - (await this.o.store.queuedSince(since));
    for (const id of sending) {
      if (stopping() || budget <= 0) break;
      const outcome = await this.o.store.queueBatch(
        id,
        budget,
        this.mailFor(id),
        this.o.senderDomain,
        () => this.now(),
        this.o.onRecipientQueued,
      );
      budget -= outcome.queued + outcome.skipped;
      queued += outcome.queued;
      skipped += outcome.skipped;
      if (outcome.finished) finished += 1;
    }
    if (queued > 0) this.o.onMailQueued();
    return { started, queued, skipped, finished };
  }
}
