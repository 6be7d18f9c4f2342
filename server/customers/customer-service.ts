/**
 * The desk's Customers (docs/product/desk.md §10.15). Shoppers have no accounts: a customer is an e-mail
 * address (case-insensitive) the shop holds in a paid order, a quote, an enquiry or a newsletter sign-up.
 * Each source is read through its own feature's store, bounded (CUSTOMER_LIMITS.sourceMax rows each), and
 * joined here. Export and erasure are the privacy feature's one rule (server/privacy/privacy-store.ts),
 * reached through the app when the plugin runs; this module only adds the owner's note.
 */
import type { Kysely } from 'kysely';
import {
  CUSTOMER_LIMITS,
  type CustomerDetail,
  type CustomerSummary,
  type NEWSLETTER_STATES,
} from '../../domain/customers/customers';
import { maskEmail } from '../../domain/shared/email';
import type { Actor, AuditEntry } from '../audit/audit-trail';
import type { Database } from '../db/schema';
import { enquiriesOfEmail, enquiryClients } from '../enquiries';
import { signupAddresses, signupOfEmail } from '../newsletter';
import { customerOrderRows, ordersOfEmail } from '../orders';
import { quoteClients, quotesOfEmail } from '../quotes';
import { reviewsOfOrders } from '../reviews';
import { customerNoteOf, type StoredNote, saveCustomerNote } from './customer-store';

type NewsletterState = (typeof NEWSLETTER_STATES)[number];

interface Building {
  email: string;
  name: string | null;
  /** When the name was seen: the newest wins. */
  nameAt: string;
  orders: number;
  spent: number;
  lastOrderAt: string | null;
  newsletter: NewsletterState;
  lastSeenAt: string;
}

export interface CustomerServiceOptions {
  readonly db: Kysely<Database>;
  readonly audit: (entry: AuditEntry) => Promise<void>;
  readonly now?: () => Date;
}

export class CustomerService {
  constructor(private readonly o: CustomerServiceOptions) {}

  private now(): Date {
    return this.o.now?.() ?? new Date();
  }

  /** Every customer, the most recently seen first; `q` keeps those whose address or name contains it. */
  async list(q: string | null): Promise<CustomerSummary[]> {
    const { db } = this.o;
    const limit = CUSTOMER_LIMITS.sourceMax;
    const [orders, quotes, enquiries, signups] = await Promise.all([
      customerOrderRows(db, limit),
      quoteClients(db, limit),
      enquiryClients(db, limit),
      signupAddresses(db, limit),
    ]);
    const byKey = new Map<string, Building>();
    const entry = (email: string, at: string): Building => {
      const key = email.toLowerCase();
      let found = byKey.get(key);
      if (!found) {
        found = {
          email,
          name: null,
          nameAt: '',
          orders: 0,
          spent: 0,
          lastOrderAt: null,
          newsletter: 'none',
          lastSeenAt: at,
        };
        byKey.set(key, found);
      }
      if (at > found.lastSeenAt) found.lastSeenAt = at;
      return found;
    };
    const named = (c: Building, name: string | null, at: string) => {
      if (name && at >= c.nameAt) {
        c.name = name;
        c.nameAt = at;
      }
    };
    for (const o of orders) {
      const paidAt = o.paid_at ?? '';
      const c = entry(o.email, paidAt);
      c.orders += 1;
      c.spent += o.total - o.refunded;
      if (c.lastOrderAt === null || paidAt > c.lastOrderAt) c.lastOrderAt = paidAt;
      named(c, o.shipping_name, paidAt);
    }
    for (const row of [...quotes, ...enquiries])
      named(entry(row.email, row.created_at), row.name, row.created_at);
    for (const s of signups) entry(s.email, s.created_at).newsletter = s.status;

    const needle = q?.trim().toLowerCase() ?? '';
    return [...byKey.values()]
      .filter(
        (c) => !needle || c.email.toLowerCase().includes(needle) || c.name?.toLowerCase().includes(needle),
      )
      .sort((a, b) => (a.lastSeenAt < b.lastSeenAt ? 1 : a.lastSeenAt > b.lastSeenAt ? -1 : 0))
      .slice(0, CUSTOMER_LIMITS.listMax)
      .map((c) => ({
        email: c.email,
        name: c.name,
        orders: c.orders,
        spent: c.spent,
        lastOrderAt: c.lastOrderAt,
        newsletter: c.newsletter,
      }));
  }

  /** One customer's page, or null when the shop holds nothing about the address. */
  async get(email: string): Promise<Omit<CustomerDetail, 'ok'> | null> {
    const { db } = this.o;
    const key = email.trim().toLowerCase();
    const [orders, quotes, enquiries, signup, note] = await Promise.all([
      ordersOfEmail(db, key),
      quotesOfEmail(db, key),
      enquiriesOfEmail(db, key),
      signupOfEmail(db, key),
      customerNoteOf(db, key),
    ]);
    const reviews = await reviewsOfOrders(
      db,
      orders.map((o) => o.id),
    );
    // A checkout never paid is no order to the owner (it has no reference), but it is the person's data.
    const placed = orders.filter((o) => o.reference !== null);
    if (placed.length === 0 && quotes.length === 0 && enquiries.length === 0 && !signup && !note) return null;

    const paid = placed.filter((o) => o.paid_at !== null);
    const newest = <T>(rows: readonly T[], at: (row: T) => string, name: (row: T) => string | null) =>
      [...rows]
        .filter((r) => name(r))
        .sort((a, b) => (at(a) < at(b) ? 1 : -1))
        .map((r) => ({ name: name(r), at: at(r) }))[0];
    const names = [
      newest(
        paid,
        (o) => o.paid_at ?? '',
        (o) => o.shipping_name,
      ),
      newest(
        quotes,
        (q) => q.created_at,
        (q) => q.name,
      ),
      newest(
        enquiries,
        (e) => e.created_at,
        (e) => e.name,
      ),
    ]
      .filter((n) => n !== undefined)
      .sort((a, b) => (a.at < b.at ? 1 : -1));
    const shown =
      paid.at(-1)?.email ?? quotes.at(-1)?.email ?? enquiries.at(-1)?.email ?? signup?.email ?? key;
    const lastOrderAt = paid.reduce<string | null>(
      (last, o) => (last === null || (o.paid_at ?? '') > last ? o.paid_at : last),
      null,
    );
    const paidOrderIds = new Set(paid.map((o) => o.id));
    return {
      customer: {
        email: shown,
        name: names[0]?.name ?? null,
        orders: paid.length,
        spent: paid.reduce((sum, o) => sum + o.total - o.refunded, 0),
        lastOrderAt,
        newsletter: signup?.status ?? 'none',
        note: note?.note ?? '',
        noteUpdatedAt: note?.updatedAt ?? null,
      },
      orders: placed
        .map((o) => ({
          reference: o.reference ?? '',
          status: o.desk_status,
          total: o.total,
          refunded: o.refunded,
          createdAt: o.created_at,
          paidAt: o.paid_at,
        }))
        .reverse(),
      quotes: quotes
        .map((q) => ({
          reference: q.reference,
          total: q.total,
          validUntil: q.valid_until,
          paid: q.order_id !== null && paidOrderIds.has(q.order_id),
          createdAt: q.created_at,
        }))
        .reverse(),
      reviews: reviews.map((r) => ({
        id: r.id,
        reference: r.reference,
        productId: r.product_id,
        rating: r.rating,
        title: r.title,
        status: r.status,
        createdAt: r.created_at,
      })),
      enquiries: enquiries
        .map((e) => ({
          id: e.id,
          kind: e.kind,
          status: e.status,
          pieces: e.pieces,
          createdAt: e.created_at,
        }))
        .reverse(),
    };
  }

  /** Saves the owner's note about the address (empty: deleted), audited without its text or the address. */
  async saveNote(email: string, note: string, actor: Actor): Promise<StoredNote | null> {
    const key = email.trim().toLowerCase();
    const saved = await saveCustomerNote(this.o.db, key, note, this.now().toISOString());
    await this.o.audit({
      session: actor.session,
      address: actor.address,
      name: actor.name,
      action: 'customer-note',
      target: maskEmail(email.trim()),
      detail: saved ? 'saved' : 'deleted',
    });
    return saved;
  }
}
