/**
 * Privacy by default (docs/product/privacy.md §12): the queries that erase personal data when its period ends
 * (the daily retention pass), and the owner's export and erasure of everything stored about one
 * address. The periods are RETENTION in domain/config.ts, the ones the Privacy Policy quotes. Each
 * table is read and erased through the store that owns it. The orders', payments', offers', e-mails' and
 * the desk's own are decided here; every other feature declares its part (`personalData` in its
 * declaration, platform.ts `PersonalDataPart`), and this module composes the parts: one export, one
 * erasure in one transaction, one retention pass.
 *
 * Erasing personal data keeps the row: an order keeps its amounts, lines and reference (revenue records
 * and statistics), an e-mail keeps that it was sent, when and of what kind. What goes is the e-mail
 * address (set to '' where the column is NOT NULL), the name, the address and e-mail text.
 * "Never paid" is `paid_at is null`, whatever statuses orders gain later; a paid order's period counts
 * from the year of its payment.
 */

import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import * as z from 'zod/mini';
import { RETENTION } from '../../domain/config';
import { erasureResponseSchema } from '../../domain/customers/customers';
import { itemsSubtotal } from '../../domain/offers/discounts';
import { maskEmail } from '../../domain/shared/email';
import { recordAudit } from '../audit/audit-trail';
import type { Database } from '../db/schema';
import { deleteNotesOfOrders, eraseChangeEventsOfOrders } from '../fulfilment';
import {
  cancelWaitingMailOf,
  eraseMailCreatedBefore,
  eraseMailOfReferences,
  eraseSentMailOfOrders,
  eraseSentMailTo,
  mailAbout,
} from '../mail/outbox';
import { forgetDiscountEmail } from '../offers';
import {
  anonymiseOrders,
  linesOfOrders,
  ordersHoldingPersonalData,
  ordersOfEmail,
  paymentsOfEmail,
} from '../orders';
import { eraseTestSessionsOfOrders, testSessionsOfOrders } from '../payments';
import type { DataSubject, PersonalDataPart } from '../platform';
import { eraseReturnNotesOfOrders } from '../returns';
import { purgePeopleData } from '../security/people-store';
import { sweepRateLimits } from '../security/rate-limit-store';
import { personalRecordsOfOrders } from './personal-records';

const DAY_MS = 24 * 60 * 60 * 1000;

const ERASURE_COUNTS = z.omit(erasureResponseSchema, { ok: true });

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What a retention pass erased, by kind: the orders', e-mails' and the desk's counts below, and each
 * feature's own (its `applyRetention`), for the pass's log line.
 */
export type RetentionResult = Readonly<Record<string, number>>;

export interface RetentionCutoffs {
  /** Orders never paid and created before this lose their personal data. */
  readonly unpaidBefore: string;
  /** Paid before this (1 January of the year after the last kept year): anonymised. */
  readonly paidBefore: string;
  /** E-mails created before this lose their text. */
  readonly mailBefore: string;
}

export function retentionCutoffs(now: Date): RetentionCutoffs {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  // A sale in year Y is kept through 31 December of Y + N: anonymised from 1 January of Y + N + 1.
  const firstKeptYear = now.getUTCFullYear() - RETENTION.paidOrderYearsAfterSale;
  return {
    unpaidBefore: daysAgo(RETENTION.unpaidCheckoutDays),
    paidBefore: new Date(Date.UTC(firstKeptYear, 0, 1)).toISOString(),
    mailBefore: daysAgo(RETENTION.mailBodyDays),
  };
}

/** The last day a paid order's personal data is kept (ISO date). */
export function keptUntil(paidAt: string): string {
  return `${new Date(paidAt).getUTCFullYear() + RETENTION.paidOrderYearsAfterSale}-12-31`;
}

/**
 * Erases the e-mail, name and address of these orders, of their test checkout sessions and e-mails, and
 * what the features erase with them (`eraseWithOrders`).
 */
async function eraseOrders(
  db: Db,
  orderIds: readonly string[],
  nowIso: string,
  parts: readonly PersonalDataPart[],
): Promise<void> {
  if (orderIds.length === 0) return;
  const ids = [...orderIds];
  // With the orders go their withdrawal notices' signatures and reasons.
  await anonymiseOrders(db, ids, nowIso);
  // What else names the shopper: the owner's private notes, and the before and after of the desk's changes.
  await deleteNotesOfOrders(db, ids);
  await eraseChangeEventsOfOrders(db, ids);
  // A return stays (its lines and reason count in Numbers); the owner's notes on it may name the shopper.
  await eraseReturnNotesOfOrders(db, ids);
  // The built-in test checkout's own copy of the same data follows its order.
  await eraseTestSessionsOfOrders(db, ids);
  await eraseSentMailOfOrders(db, ids);
  for (const part of parts) await part.eraseWithOrders?.(db, ids, nowIso);
}

/** Ids of orders in batches, so a large backlog never becomes one enormous IN list. */
const BATCH = 500;

async function eraseInBatches(
  db: Kysely<Database>,
  select: (limit: number) => Promise<readonly { id: string }[]>,
  nowIso: string,
  parts: readonly PersonalDataPart[],
): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await select(BATCH);
    if (rows.length === 0) return total;
    await db.transaction().execute((trx) =>
      eraseOrders(
        trx,
        rows.map((r) => r.id),
        nowIso,
        parts,
      ),
    );
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}

/** .eml files (the default mail transport) last written before `before`; deleted, counted. */
export function deleteOldMailFiles(dir: string | null, beforeMs: number): number {
  if (!dir) return 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0; // No e-mail written yet.
  }
  let deleted = 0;
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(dir, name);
    try {
      if (statSync(file).mtimeMs < beforeMs) {
        rmSync(file, { force: true });
        deleted += 1;
      }
    } catch {
      // Gone meanwhile.
    }
  }
  return deleted;
}

/** .eml files of these outbox rows (their names start with the zero-padded row id). */
function deleteMailFilesOf(dir: string | null, outboxIds: readonly number[]): number {
  if (!dir || outboxIds.length === 0) return 0;
  const prefixes = new Set(outboxIds.map((id) => `${String(id).padStart(6, '0')}-`));
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  let deleted = 0;
  for (const name of names) {
    const prefix = name.slice(0, name.indexOf('-') + 1);
    if (name.endsWith('.eml') && prefixes.has(prefix)) {
      rmSync(path.join(dir, name), { force: true });
      deleted += 1;
    }
  }
  return deleted;
}

/** Who asked for an export or erasure: the session's label ('token' for the owner's script) and address. */
export interface PrivacyActor {
  readonly session: string;
  readonly address: string;
  readonly name?: string | undefined;
}

export interface PrivacyStoreOptions {
  /** Where the default transport writes .eml files; null with SMTP. */
  readonly mailDir: string | null;
  /** The features' parts (their declarations' `personalData`), in app.ts's order. */
  readonly parts: readonly PersonalDataPart[];
}

export class PrivacyStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: PrivacyStoreOptions,
  ) {}

  /** One retention pass at `now` (a parameter: tests move the clock). Safe to repeat. */
  async applyRetention(now = new Date()): Promise<RetentionResult> {
    const db = this.db;
    const { parts } = this.options;
    const nowIso = now.toISOString();
    const cut = retentionCutoffs(now);

    const stillHoldingData = (paid: boolean, before: string) => (limit: number) =>
      ordersHoldingPersonalData(db, paid, before, limit);
    const unpaidCheckoutsErased = await eraseInBatches(
      db,
      stillHoldingData(false, cut.unpaidBefore),
      nowIso,
      parts,
    );
    const paidOrdersAnonymised = await eraseInBatches(
      db,
      stillHoldingData(true, cut.paidBefore),
      nowIso,
      parts,
    );

    const mailBodiesErased = await eraseMailCreatedBefore(db, cut.mailBefore);
    const mailFilesDeleted = deleteOldMailFiles(this.options.mailDir, Date.parse(cut.mailBefore));
    // Counting sweeps finished windows too, but only when somebody counts: a quiet shop keeps them until here.
    const rateLimitWindowsDeleted = await sweepRateLimits(db);
    // Expired WebAuthn challenges, and desk invitations 30 days past their end with the makers invited by
    // them who never registered a passkey (security/people-store.ts).
    const deskInvitationsPurged = await purgePeopleData(db, now);

    let counts: Record<string, number> = {
      unpaidCheckoutsErased,
      paidOrdersAnonymised,
      mailBodiesErased,
      mailFilesDeleted,
      rateLimitWindowsDeleted,
      deskInvitationsPurged,
    };
    for (const part of parts) {
      if (part.applyRetention) counts = { ...counts, ...(await part.applyRetention(db, now)) };
    }
    return counts;
  }

  /** Everything stored about an address (case-insensitive), for the owner to hand to the person. */
  async exportFor(email: string, by: PrivacyActor): Promise<PrivacyExport> {
    const key = email.trim().toLowerCase();
    const db = this.db;
    await auditPrivacy(db, by, 'privacy-export', email);
    const orders = await ordersOfEmail(db, key);
    const orderIds = orders.map((o) => o.id);
    const lines = await linesOfOrders(db, orderIds);
    const recordsOf = await personalRecordsOfOrders(db, orderIds);
    const sessions = await testSessionsOfOrders(db, orderIds);
    const who: DataSubject = { email: key, orderIds };
    // The orderless e-mails the features send about the person (an enquiry's: its id is the reference).
    const mail = await mailAbout(db, key, orderIds, await this.mailReferences(db, key));
    let parts: Record<string, unknown> = {};
    for (const part of this.options.parts) {
      if (part.exportOf) parts = { ...parts, ...(await part.exportOf(db, who)) };
    }
    return {
      email: key,
      exportedAt: new Date().toISOString(),
      orders: orders.map((o) => ({
        reference: o.reference,
        status: o.status,
        email: o.email,
        name: o.shipping_name,
        address: o.shipping_address === null ? null : (JSON.parse(o.shipping_address) as unknown),
        zone: o.zone,
        currency: o.currency,
        subtotal: itemsSubtotal(o),
        shipping: o.shipping,
        giftWrap: o.gift_wrap,
        total: o.total,
        createdAt: o.created_at,
        paidAt: o.paid_at,
        keptUntil: o.paid_at === null ? null : keptUntil(o.paid_at),
        giftMessage: o.gift_message,
        // The owner's notes and changes, the withdrawal notice and the returns: about the person too.
        ...recordsOf(o.id),
        lines: lines
          .filter((l) => l.order_id === o.id)
          .map((l) => ({
            name: l.name,
            unitPrice: l.unit_price,
            quantity: l.quantity,
            lineTotal: l.line_total,
          })),
      })),
      testCheckoutSessions: sessions.map((s) => ({
        email: s.customer_email,
        name: s.shipping_name,
        address: s.shipping_address === null ? null : (JSON.parse(s.shipping_address) as unknown),
        createdAt: s.created_at,
        status: s.status,
      })),
      emails: mail.map((m) => ({
        kind: m.kind,
        to: m.recipient,
        subject: m.subject,
        text: m.text_body,
        status: m.status,
        createdAt: m.created_at,
        sentAt: m.sent_at,
      })),
      ...parts,
    };
  }

  /**
   * The one erasure rule (docs/product/privacy.md §12.2), for the privacy API and the desk's Customers alike:
   * refused (ErasureRefused, naming the order) while one of the address's orders is paid and not yet
   * delivered, since the shop still owes that parcel. Otherwise the newsletter sign-up, reviews, enquiries,
   * the owner's note and the quotes' client data go, the text of every e-mail already sent to the address
   * goes, and every order is anonymised: what the accounts must keep (reference, items, amounts, VAT,
   * dates, country) stays, listed in the answer with the day those records end.
   * Every other feature's table holding an address is erased here, and only here.
   */
  async eraseFor(email: string, by: PrivacyActor, now = new Date()): Promise<ErasureResult> {
    const key = email.trim().toLowerCase();
    const nowIso = now.toISOString();
    const result = await this.db.transaction().execute(async (trx) => {
      const orders = await paymentsOfEmail(trx, key);
      const owed = orders.find(
        (o) =>
          o.paid_at !== null &&
          o.delivered_at === null &&
          o.desk_status !== 'refunded' &&
          o.desk_status !== 'cancelled',
      );
      if (owed) throw new ErasureRefused(owed.reference ?? owed.id);
      await auditPrivacy(trx, by, 'privacy-erase', email);
      const orderIds = orders.map((o) => o.id);
      const who: DataSubject = { email: key, orderIds };
      // Found before the features erase what they hold: the references their records gave their e-mails.
      const references = await this.mailReferences(trx, key);
      // Each feature's part, while the orders still name the person (the reviews are found by their order).
      let counts: Record<string, number> = {};
      for (const part of this.options.parts) {
        if (part.erase) counts = { ...counts, ...(await part.erase(trx, who, nowIso)) };
      }
      const unpaid = orders.filter((o) => o.paid_at === null).map((o) => o.id);
      // Before the orders lose the address: their e-mails to it are found by it (and their .eml files).
      const mail = await eraseSentMailTo(trx, key);
      // What still waits to go to the address, answers to it or tells of its orders is not sent now.
      await cancelWaitingMailOf(trx, key, orderIds);
      await eraseOrders(trx, orderIds, nowIso, this.options.parts);
      await forgetDiscountEmail(trx, key);
      // The features' orderless records (enquiries) hold nothing the law asks to keep: their e-mails' text goes.
      const recordMail = await eraseMailOfReferences(trx, references);
      const kept = orders
        .filter((o): o is typeof o & { paid_at: string } => o.paid_at !== null)
        .map((o) => ({ reference: o.reference, keptUntil: keptUntil(o.paid_at) }));
      return {
        ...counts,
        unpaidCheckoutsErased: unpaid.length,
        ordersAnonymised: orderIds.length - unpaid.length,
        mailBodiesErased: new Set([...mail, ...recordMail].map((m) => m.id)).size,
        mailIds: [...new Set([...mail, ...recordMail].map((m) => m.id))],
        paidOrdersKept: kept,
      };
    });
    const { mailIds, ...rest } = result;
    // Every count the answer names (domain/customers/customers.ts), the features' included: a part that
    // stopped giving one fails here rather than answering without it.
    return ERASURE_COUNTS.parse({
      ...rest,
      mailFilesDeleted: deleteMailFilesOf(this.options.mailDir, mailIds),
    });
  }

  /** The references of the orderless e-mails the features sent about the address. */
  private async mailReferences(db: Kysely<Database>, key: string): Promise<string[]> {
    const references: string[] = [];
    for (const part of this.options.parts) {
      if (part.mailReferences) references.push(...(await part.mailReferences(db, key)));
    }
    return references;
  }
}

/** An erasure refused: this order (its reference) is paid and not yet delivered. */
export class ErasureRefused extends Error {
  constructor(readonly reference: string) {
    super(
      `Order ${reference} is paid but not yet delivered: erase this customer once it is delivered, refunded or cancelled.`,
    );
    this.name = 'ErasureRefused';
  }
}

/**
 * Everything stored about an address: the orders', payments' and e-mails' rows below, and each feature's
 * own fields (its `exportOf`: reviews, enquiries, quotes, newsletter, backInTouch, customerNote,
 * backInStock, cartReminders).
 */
export type PrivacyExport = {
  readonly email: string;
  readonly exportedAt: string;
  readonly orders: readonly object[];
  readonly testCheckoutSessions: readonly object[];
  readonly emails: readonly object[];
} & Readonly<Record<string, unknown>>;

export interface ErasureResult {
  /** Gift cards the address bought or received: names, e-mails and message erased, the card still usable. */
  readonly giftCardsErased: number;
  readonly newsletterSignupsDeleted: number;
  /** The address's "tell me when you're back" request, deleted. */
  readonly backInTouchDeleted: number;
  /** "Tell me when it's back" requests of the address, deleted. */
  readonly backInStockRequestsDeleted: number;
  /** The address's cart reminders (consent, address and cart), deleted. */
  readonly cartRemindersDeleted: number;
  /** Reviews written from the address's orders, deleted with their text. */
  readonly reviewsErased: number;
  /** The address's corporate and bespoke enquiries, deleted. */
  readonly enquiriesErased: number;
  readonly unpaidCheckoutsErased: number;
  /** Paid orders anonymised: kept for the accounts without the person (listed in paidOrdersKept). */
  readonly ordersAnonymised: number;
  /** The owner's note about the customer (0 or 1). */
  readonly customerNotesDeleted: number;
  /** Quotes made for the address, their client's data erased (a paid one's order is kept as orders are). */
  readonly quotesErased: number;
  /** Labels of the address's orders whose PDF (the name and address printed) went. */
  readonly shippingLabelPdfsErased: number;
  readonly mailBodiesErased: number;
  readonly mailFilesDeleted: number;
  readonly paidOrdersKept: readonly { readonly reference: string | null; readonly keptUntil: string }[];
}

/**
 * The audit row of an export or erasure, as the desk's CSV exports write theirs: who and when, and the
 * address masked ("a***@example.ie"), so the trail itself holds no one's address.
 */
async function auditPrivacy(
  db: Kysely<Database> | Transaction<Database>,
  by: PrivacyActor,
  action: 'privacy-export' | 'privacy-erase',
  email: string,
): Promise<void> {
  await recordAudit(db, new Date().toISOString(), {
    session: by.session,
    address: by.address,
    name: by.name,
    action,
    target: maskEmail(email.trim()),
    detail: null,
  });
}
