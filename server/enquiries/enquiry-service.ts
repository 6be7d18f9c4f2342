/**
 * Corporate and bespoke enquiries (docs/product/enquiries.md §16): a visitor's enquiry is stored with the owner's
 * e-mail and the visitor's acknowledgement queued in the same transaction; the owner lists them, changes
 * their status and keeps notes in the desk. Desk changes run once per Idempotency-Key (§10.5) and leave an
 * audit row that never holds a note's text or an address.
 */

import type { AdminEnquiry, EnquiryPatch, EnquiryRequest } from '../../domain/enquiries/enquiries';
import {
  ENQUIRY_HONEYPOT,
  ENQUIRY_MESSAGES,
  type EnquiryStatus,
  enquiryKindOf,
} from '../../domain/enquiries/enquiry-texts';
import { irishDate, parseIsoDate } from '../../domain/shared/calendar-date';
import { type Actor, type AuditEntry, oncePerAction, type RequestClaims } from '../audit/audit-trail';
import { refuse } from '../lib/refusal';
import { outboxRow } from '../mail/outbox';
import { senderDomain } from '../mail/transport';
import type { SharedCounters } from '../security/shared-counters';
import { deskEnquiryUrl, ENQUIRY_MAIL_KINDS, enquiryAcknowledgement, enquiryOwnerMail } from './enquiry-mail';
import { adminEnquiryOf, type EnquiryCounts, type EnquiryStore } from './enquiry-store';

/**
 * Acknowledgements per address in a day, over every instance: the form can be given anyone's address, so
 * it must not become a way to fill a stranger's inbox. Enquiries beyond it are still stored and reach the
 * owner; only the acknowledgement is left out.
 */
export const ACKNOWLEDGEMENT_LIMIT = { perAddress: 3, windowMs: 24 * 60 * 60_000 } as const;
export const ACKNOWLEDGEMENT_COUNTER = 'enquiry-acknowledgement-address';

export interface EnquiryLog {
  info(obj: object, msg: string): void;
}

export interface EnquiryServiceOptions {
  readonly store: EnquiryStore;
  readonly publicUrl: string;
  readonly mailFrom: string;
  /**
   * The owner's addresses now (server/settings): new enquiries go to `orderEmail`, the shopper's
   * acknowledgement names `email`.
   */
  readonly seller: () => Promise<{ readonly email: string; readonly orderEmail: string }>;
  readonly requests: RequestClaims;
  readonly audit: (entry: AuditEntry) => Promise<void>;
  readonly counters: SharedCounters;
  readonly onMailQueued: () => void;
  readonly log: EnquiryLog;
  readonly now?: () => Date;
}

export type SubmitOutcome =
  | { readonly kind: 'stored'; readonly id: string }
  /** The hidden field was filled in: answered as a success, nothing stored or sent. */
  | { readonly kind: 'ignored' }
  | { readonly kind: 'invalid'; readonly error: string };

/** The enquiry after a change; `changed` is false when nothing differed (or the submission was a repeat). */
export interface PatchOutcome {
  readonly changed: boolean;
  readonly enquiry: AdminEnquiry;
}

/** An optional single line: empty means not given. */
function given(text: string | undefined): string | null {
  return text === undefined || text === '' ? null : text;
}

export class EnquiryService {
  constructor(private readonly o: EnquiryServiceOptions) {}

  private now(): Date {
    return this.o.now?.() ?? new Date();
  }

  async submit(body: EnquiryRequest): Promise<SubmitOutcome> {
    if ((body[ENQUIRY_HONEYPOT] ?? '') !== '') {
      this.o.log.info({}, 'enquiry: the hidden field was filled in; nothing stored');
      return { kind: 'ignored' };
    }
    const now = this.now();
    const neededBy = body.neededBy === undefined ? null : parseIsoDate(body.neededBy);
    // A real day (not 30 February), and not past on the Irish calendar: the shop's today, wherever the
    // visitor is.
    if (body.neededBy !== undefined && (neededBy === null || neededBy < irishDate(now)))
      return { kind: 'invalid', error: ENQUIRY_MESSAGES.neededBy };
    const company = given(body.company);
    const email = body.email;
    const acknowledged = await this.mayAcknowledge(email);
    const domain = senderDomain(this.o.mailFrom);
    const seller = await this.o.seller();
    const row = await this.o.store.create(
      {
        name: body.name,
        email,
        company,
        pieces: body.pieces,
        neededBy,
        budgetPerPiece: body.budgetPerPiece ?? null,
        kind: enquiryKindOf(body.kind, company),
        occasion: given(body.occasion),
        message: body.message,
      },
      (stored) => [
        outboxRow(
          {
            orderId: null,
            reference: stored.id,
            kind: ENQUIRY_MAIL_KINDS.owner,
            to: seller.orderEmail,
            // The owner's Reply answers the client (the address passed the form's check).
            replyTo: email,
            ...enquiryOwnerMail(stored, deskEnquiryUrl(this.o.publicUrl, stored.id)),
          },
          domain,
          now.getTime(),
        ),
        ...(acknowledged
          ? [
              outboxRow(
                {
                  orderId: null,
                  reference: stored.id,
                  kind: ENQUIRY_MAIL_KINDS.acknowledgement,
                  to: email,
                  ...enquiryAcknowledgement(stored, seller.email),
                },
                domain,
                now.getTime(),
              ),
            ]
          : []),
      ],
      now,
    );
    // Never the address, the name or the text (docs/product/privacy.md §12).
    this.o.log.info(
      { enquiryId: row.id, kind: row.kind, pieces: row.pieces, acknowledged },
      'enquiry: stored and e-mailed',
    );
    this.o.onMailQueued();
    return { kind: 'stored', id: row.id };
  }

  private async mayAcknowledge(email: string): Promise<boolean> {
    const count = await this.o.counters.count(
      ACKNOWLEDGEMENT_COUNTER,
      email.toLowerCase(),
      ACKNOWLEDGEMENT_LIMIT.windowMs,
    );
    return count.current <= ACKNOWLEDGEMENT_LIMIT.perAddress;
  }

  async list(status: EnquiryStatus | null): Promise<{ enquiries: AdminEnquiry[]; counts: EnquiryCounts }> {
    const [rows, counts] = await Promise.all([this.o.store.list(status), this.o.store.counts()]);
    return { enquiries: rows.map(adminEnquiryOf), counts };
  }

  async get(id: string): Promise<AdminEnquiry | null> {
    const row = await this.o.store.findEnquiry(id);
    return row ? adminEnquiryOf(row) : null;
  }

  async patch(id: string, change: EnquiryPatch, actor: Actor): Promise<PatchOutcome> {
    if (change.status === undefined && change.notes === undefined)
      refuse('invalid', ENQUIRY_MESSAGES.emptyPatch);
    return oncePerAction(
      this.o.requests,
      { action: 'enquiry-update', target: id, actor },
      async () => {
        const updated =
          (await this.o.store.update(id, change, this.now())) ??
          refuse('not-found', ENQUIRY_MESSAGES.notFound);
        if (updated.changed) {
          const moved =
            updated.before.status === updated.row.status
              ? null
              : `${updated.before.status} -> ${updated.row.status}`;
          const noted = updated.before.notes === updated.row.notes ? null : 'notes';
          await this.o.audit({
            session: actor.session,
            address: actor.address,
            name: actor.name,
            action: 'enquiry-update',
            target: id,
            detail: [moved, noted].filter(Boolean).join('; '),
          });
        }
        return { changed: updated.changed, enquiry: adminEnquiryOf(updated.row) };
      },
      // A repeat of a submission already served: the enquiry as it is now, changed by the first.
      async () => {
        const row = (await this.o.store.findEnquiry(id)) ?? refuse('not-found', ENQUIRY_MESSAGES.notFound);
        return { changed: false, enquiry: adminEnquiryOf(row) };
      },
    );
  }
}
