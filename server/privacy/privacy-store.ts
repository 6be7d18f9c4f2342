/**
 * Privacy by default (docs/product.md §12): the queries that erase personal data when its period ends
 * (the daily retention pass), and the owner's export and erasure of everything stored about one
 * address. The periods are RETENTION in domain/config.ts, the ones the Privacy Policy quotes. Each
 * table is read and erased through the store that owns it; this module decides what goes and when.
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
import { RETENTION } from '../../domain/config';
import { GIFT_CARD_PEOPLE_DAYS_AFTER_EXPIRY } from '../../domain/gift-cards/gift-cards';
import { itemsSubtotal } from '../../domain/offers/discounts';
import { irishDate } from '../../domain/shared/calendar-date';
import { maskEmail } from '../../domain/shared/email';
import { recordAudit } from '../audit/audit-trail';
import { customerNoteOf, deleteCustomerNote, deleteCustomerNotesUnchangedSince } from '../customers';
import type { Database } from '../db/schema';
import { adminEnquiryOf, deleteEnquiries, enquiriesOfEmail, enquiriesUnchangedSince } from '../enquiries';
import { deleteNotesOfOrders, eraseChangeEventsOfOrders } from '../fulfilment';
import { eraseGiftCardEmail, eraseGiftCardPeopleExpiredBefore, giftCardsOfEmail } from '../gift-cards';
import {
  cancelWaitingMailOf,
  eraseMailCreatedBefore,
  eraseMailOfReferences,
  eraseSentMailOfOrders,
  eraseSentMailTo,
  mailAbout,
} from '../mail/outbox';
import {
  backInStockOfEmail,
  cartRemindersOfEmail,
  deleteBackInStockOfEmail,
  deleteCartRemindersOfEmail,
  deleteExpiredCartReminders,
  deleteSignupOfEmail,
  deleteUnconfirmedBackInStock,
  deleteUnconfirmedSignups,
  signupOfEmail,
} from '../newsletter';
import { forgetDiscountEmail } from '../offers';
import {
  anonymiseOrders,
  linesOfOrders,
  ordersHoldingPersonalData,
  ordersOfEmail,
  paymentsOfEmail,
} from '../orders';
import { eraseTestSessionsOfOrders, testSessionsOfOrders } from '../payments';
import { eraseQuotesOfEmail, eraseQuotesValidBefore, quotesOfEmail } from '../quotes';
import { eraseReturnNotesOfOrders } from '../returns';
import { anonymiseReviewsOfOrders, eraseReviewsOfOrders, reviewsOfOrders } from '../reviews';
import { purgePeopleData } from '../security/people-store';
import { sweepRateLimits } from '../security/rate-limit-store';
import { backInTouchOfEmail, deleteBackInTouchOfEmail, deleteUnconfirmedBackInTouch } from '../settings';
import { personalRecordsOfOrders } from './personal-records';

const DAY_MS = 24 * 60 * 60 * 1000;

type Db = Kysely<Database> | Transaction<Database>;

export interface RetentionResult {
  readonly unpaidCheckoutsErased: number;
  readonly paidOrdersAnonymised: number;
  readonly unconfirmedSignupsDeleted: number;
  readonly mailBodiesErased: number;
  readonly mailFilesDeleted: number;
  /** Finished rate-limit and counter windows (hashed client keys), left behind when nobody counted since. */
  readonly rateLimitWindowsDeleted: number;
  /** Enquiries a year after their last change, with their e-mails' text. */
  readonly enquiriesDeleted: number;
  /** Quotes whose client was erased, RETENTION.quoteDaysAfterValidity after their last valid day. */
  readonly quotesErased: number;
  /** "Tell me when you're back" addresses never confirmed, a week after their last confirmation e-mail. */
  readonly unconfirmedBackInTouchDeleted: number;
  /** The owner's notes about customers, unchanged for as long as paid orders are kept. */
  readonly customerNotesDeleted: number;
  /**
   * Expired WebAuthn challenges, and desk invitations 30 days past their end with the makers invited
   * by them who never registered a passkey (security/people-store.ts).
   */
  readonly deskInvitationsPurged: number;
  /** "Tell me when it's back" requests never confirmed, as unconfirmed sign-ups. */
  readonly unconfirmedBackInStockDeleted: number;
  /**
   * Cart reminders (address and cart) RETENTION.cartReminderDaysAfterSent after their e-mail, or never
   * sent and as old as an unpaid checkout's period (the reminders' own pass deletes them too).
   */
  readonly cartRemindersDeleted: number;
  /** Gift cards a year past their last valid day: their names, e-mails and message erased. */
  readonly giftCardPeopleErased: number;
}

export interface RetentionCutoffs {
  /** Orders never paid and created before this lose their personal data. */
  readonly unpaidBefore: string;
  /** Paid before this (1 January of the year after the last kept year): anonymised. */
  readonly paidBefore: string;
  /** Pending sign-ups whose last confirmation e-mail (or sign-up) is older. */
  readonly signupBefore: string;
  /** E-mails created before this lose their text. */
  readonly mailBefore: string;
  /** Enquiries unchanged since this are deleted. */
  readonly enquiryBefore: string;
  /** Quotes whose last valid day ('YYYY-MM-DD', Irish calendar) is before this lose their client's data. */
  readonly quoteValidBefore: string;
}

export function retentionCutoffs(now: Date): RetentionCutoffs {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  // A sale in year Y is kept through 31 December of Y + N: anonymised from 1 January of Y + N + 1.
  const firstKeptYear = now.getUTCFullYear() - RETENTION.paidOrderYearsAfterSale;
  return {
    unpaidBefore: daysAgo(RETENTION.unpaidCheckoutDays),
    paidBefore: new Date(Date.UTC(firstKeptYear, 0, 1)).toISOString(),
    signupBefore: daysAgo(RETENTION.unconfirmedSignupDays),
    mailBefore: daysAgo(RETENTION.mailBodyDays),
    enquiryBefore: daysAgo(RETENTION.enquiryDays),
    quoteValidBefore: irishDate(new Date(now.getTime() - RETENTION.quoteDaysAfterValidity * DAY_MS)),
  };
}

/** The last day a paid order's personal data is kept (ISO date). */
export function keptUntil(paidAt: string): string {
  return `${new Date(paidAt).getUTCFullYear() + RETENTION.paidOrderYearsAfterSale}-12-31`;
}

/** Erases the e-mail, name and address of these orders, of their test checkout sessions and e-mails. */
async function eraseOrders(db: Db, orderIds: readonly string[], nowIso: string): Promise<void> {
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
  // Their reviews lose the link to the order and the reviewer's name (docs/product.md §12).
  await anonymiseReviewsOfOrders(db, ids);
}

/** Ids of orders in batches, so a large backlog never becomes one enormous IN list. */
const BATCH = 500;

async function eraseInBatches(
  db: Kysely<Database>,
  select: (limit: number) => Promise<readonly { id: string }[]>,
  nowIso: string,
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
}

export class PrivacyStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: PrivacyStoreOptions,
  ) {}

  /** One retention pass at `now` (a parameter: tests move the clock). Safe to repeat. */
  async applyRetention(now = new Date()): Promise<RetentionResult> {
    const db = this.db;
    const nowIso = now.toISOString();
    const cut = retentionCutoffs(now);

    const stillHoldingData = (paid: boolean, before: string) => (limit: number) =>
      ordersHoldingPersonalData(db, paid, before, limit);
    const unpaidCheckoutsErased = await eraseInBatches(db, stillHoldingData(false, cut.unpaidBefore), nowIso);
    const paidOrdersAnonymised = await eraseInBatches(db, stillHoldingData(true, cut.paidBefore), nowIso);

    const unconfirmedSignupsDeleted = await deleteUnconfirmedSignups(db, cut.signupBefore);
    // The same week as the newsletter's: both are double opt-in sign-ups.
    const unconfirmedBackInTouchDeleted = await deleteUnconfirmedBackInTouch(db, cut.signupBefore);
    const unconfirmedBackInStockDeleted = await deleteUnconfirmedBackInStock(db, cut.signupBefore);

    const mailBodiesErased = await eraseMailCreatedBefore(db, cut.mailBefore);
    const mailFilesDeleted = deleteOldMailFiles(this.options.mailDir, Date.parse(cut.mailBefore));
    // Counting sweeps finished windows too, but only when somebody counts: a quiet shop keeps them until here.
    const rateLimitWindowsDeleted = await sweepRateLimits(db);
    const enquiriesDeleted = await deleteEnquiriesInBatches(db, cut.enquiryBefore);
    const quotesErased = await eraseQuotesValidBefore(db, cut.quoteValidBefore, nowIso);
    // A note outlives no order it is about: once unchanged as long as a sale's records are kept, it goes.
    const customerNotesDeleted = await deleteCustomerNotesUnchangedSince(db, cut.paidBefore);
    const deskInvitationsPurged = await purgePeopleData(db, now);
    const cartRemindersDeleted = await deleteExpiredCartReminders(db, now, {
      daysAfterSent: RETENTION.cartReminderDaysAfterSent,
      unremindedDays: RETENTION.unpaidCheckoutDays,
    });

    const giftCardPeopleErased = await eraseGiftCardPeopleExpiredBefore(
      db,
      irishDate(new Date(now.getTime() - GIFT_CARD_PEOPLE_DAYS_AFTER_EXPIRY * DAY_MS)),
    );

    return {
      giftCardPeopleErased,
      unpaidCheckoutsErased,
      paidOrdersAnonymised,
      unconfirmedSignupsDeleted,
      mailBodiesErased,
      mailFilesDeleted,
      rateLimitWindowsDeleted,
      enquiriesDeleted,
      quotesErased,
      unconfirmedBackInTouchDeleted,
      customerNotesDeleted,
      deskInvitationsPurged,
      unconfirmedBackInStockDeleted,
      cartRemindersDeleted,
    };
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
    const enquiries = await enquiriesOfEmail(db, key);
    // The owner's copy of an enquiry quotes it: its e-mails carry the enquiry's id as their reference.
    const mail = await mailAbout(
      db,
      key,
      orderIds,
      enquiries.map((e) => e.id),
    );
    const signup = await signupOfEmail(db, key);
    const backInTouch = await backInTouchOfEmail(db, key);
    const backInStock = await backInStockOfEmail(db, key);
    const cartReminders = await cartRemindersOfEmail(db, key);
    const giftCards = await giftCardsOfEmail(db, key);
    const reviews = await reviewsOfOrders(db, orderIds);
    const quotes = await quotesOfEmail(db, key);
    const note = await customerNoteOf(db, key);
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
      reviews: reviews.map((r) => ({
        reference: r.reference,
        productId: r.product_id,
        size: r.size,
        rating: r.rating,
        title: r.title,
        text: r.text,
        displayName: r.display_name,
        status: r.status,
        reply: r.reply,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
        publishedAt: r.published_at,
      })),
      // As the desk shows it, the owner's notes included: they are about the person too.
      enquiries: enquiries.map(adminEnquiryOf),
      quotes: quotes.map((q) => ({
        reference: q.reference,
        email: q.email,
        name: q.name,
        note: q.note,
        lines: JSON.parse(q.lines) as unknown,
        total: q.total,
        validUntil: q.valid_until,
        createdAt: q.created_at,
        sentAt: q.sent_at,
      })),
      backInTouch: backInTouch
        ? {
            email: backInTouch.email,
            status: backInTouch.status,
            askedAt: backInTouch.created_at,
            confirmationSentAt: backInTouch.confirmation_sent_at,
            confirmedAt: backInTouch.confirmed_at,
          }
        : null,
      newsletter: signup
        ? {
            email: signup.email,
            source: signup.source,
            status: signup.status,
            signedUpAt: signup.created_at,
            confirmationSentAt: signup.confirmation_sent_at,
            confirmedAt: signup.confirmed_at,
          }
        : null,
      // The owner's note about the person (the desk's Customers): about them, so theirs to see.
      customerNote: note ? { text: note.note, updatedAt: note.updatedAt } : null,
      backInStock: backInStock.map((r) => ({
        productId: r.product_id,
        email: r.email,
        status: r.status,
        requestedAt: r.created_at,
        confirmationSentAt: r.confirmation_sent_at,
        confirmedAt: r.confirmed_at,
      })),
      // The one reminder asked for at checkout: the consent's time and the cart it keeps.
      cartReminders: cartReminders.map((r) => ({
        email: r.email,
        lines: r.lines,
        consentedAt: r.consentedAt,
        remindedAt: r.remindedAt,
        restoredAt: r.restoredAt,
      })),
      // Cards the address bought or received: never the code (the shop keeps only its hash).
      giftCards: giftCards.map((c) => ({
        last4: c.last4,
        amount: c.amount,
        balance: c.balance,
        bought: c.buyer_email.toLowerCase() === key,
        received: c.recipient_email.toLowerCase() === key,
        buyerName: c.buyer_name,
        buyerEmail: c.buyer_email,
        recipientName: c.recipient_name,
        recipientEmail: c.recipient_email,
        message: c.message,
        sendOn: c.send_on,
        issuedAt: c.issued_at,
        expiresOn: c.expires_on,
      })),
    };
  }

  /**
   * The one erasure rule (docs/product.md §12.2), for the privacy API and the desk's Customers alike:
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
      // The person's reviews go entirely, text included: their own words may name them (§12).
      const reviewsErased = await eraseReviewsOfOrders(trx, orderIds);
      const unpaid = orders.filter((o) => o.paid_at === null).map((o) => o.id);
      // Before the orders lose the address: their e-mails to it are found by it (and their .eml files).
      const mail = await eraseSentMailTo(trx, key);
      // What still waits to go to the address, answers to it or tells of its orders is not sent now.
      await cancelWaitingMailOf(trx, key, orderIds);
      await eraseOrders(trx, orderIds, nowIso);
      const newsletterSignupsDeleted = await deleteSignupOfEmail(trx, key);
      const backInTouchDeleted = await deleteBackInTouchOfEmail(trx, key);
      const backInStockRequestsDeleted = await deleteBackInStockOfEmail(trx, key);
      const cartRemindersDeleted = await deleteCartRemindersOfEmail(trx, key);
      await forgetDiscountEmail(trx, key);
      // Enquiries hold nothing the law asks to keep: they go, with the text of their e-mails.
      const enquiryIds = (await enquiriesOfEmail(trx, key)).map((e) => e.id);
      const enquiryMail = await eraseMailOfReferences(trx, enquiryIds);
      const enquiriesErased = await deleteEnquiries(trx, enquiryIds);
      const quotesErased = await eraseQuotesOfEmail(trx, key, nowIso);
      const customerNotesDeleted = await deleteCustomerNote(trx, key);
      // A card stays usable (its code still pays: the money is the holder's); the people on it go.
      const giftCardsErased = await eraseGiftCardEmail(trx, key);
      const kept = orders
        .filter((o): o is typeof o & { paid_at: string } => o.paid_at !== null)
        .map((o) => ({ reference: o.reference, keptUntil: keptUntil(o.paid_at) }));
      return {
        giftCardsErased,
        newsletterSignupsDeleted,
        backInTouchDeleted,
        backInStockRequestsDeleted,
        cartRemindersDeleted,
        reviewsErased,
        unpaidCheckoutsErased: unpaid.length,
        ordersAnonymised: orderIds.length - unpaid.length,
        enquiriesErased,
        quotesErased,
        customerNotesDeleted,
        mailBodiesErased: new Set([...mail, ...enquiryMail].map((m) => m.id)).size,
        mailIds: [...new Set([...mail, ...enquiryMail].map((m) => m.id))],
        paidOrdersKept: kept,
      };
    });
    const { mailIds, ...rest } = result;
    return { ...rest, mailFilesDeleted: deleteMailFilesOf(this.options.mailDir, mailIds) };
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

export interface PrivacyExport {
  readonly email: string;
  readonly exportedAt: string;
  readonly orders: readonly object[];
  readonly testCheckoutSessions: readonly object[];
  readonly emails: readonly object[];
  readonly reviews: readonly object[];
  readonly enquiries: readonly object[];
  readonly quotes: readonly object[];
  readonly newsletter: object | null;
  /** The address's "tell me when you're back" request, if any. */
  readonly backInTouch: object | null;
  readonly customerNote: { readonly text: string; readonly updatedAt: string } | null;
  /** "Tell me when it's back" requests still waiting. */
  readonly backInStock: readonly object[];
  /** Cart reminders asked for at checkout, kept until a week after their e-mail. */
  readonly cartReminders: readonly object[];
  /** Gift cards the address bought or received. */
  readonly giftCards: readonly object[];
}

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
  readonly mailBodiesErased: number;
  readonly mailFilesDeleted: number;
  readonly paidOrdersKept: readonly { readonly reference: string | null; readonly keptUntil: string }[];
}

/** Enquiries unchanged since `before`, deleted with their e-mails' text, in batches. */
async function deleteEnquiriesInBatches(db: Kysely<Database>, before: string): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await enquiriesUnchangedSince(db, before, BATCH);
    if (ids.length === 0) return total;
    total += await db.transaction().execute(async (trx) => {
      await eraseMailOfReferences(trx, ids);
      return deleteEnquiries(trx, ids);
    });
    if (ids.length < BATCH) return total;
  }
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
