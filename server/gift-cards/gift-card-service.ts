/**
 * Gift cards as a payment the shop owns (docs/product/gift-cards.md §19). The checkout calls this face inside its own
 * transaction: `reserve` when it creates a session, `release` when the session expires or is cancelled,
 * `spend` when the order is paid, `restore` when a refund goes back to the cards, `issueForOrder` when an
 * order that bought cards is paid. The desk issues cards without payment, disables and reissues them and
 * sends a card's e-mail to a corrected address. Every movement is a ledger row beside the balance it
 * changed, in one transaction.
 */
import type { Transaction } from 'kysely';
import { BRAND } from '../../domain/config';
import type { AdminGiftCard, AdminGiftCardDetail, GiftCardLine } from '../../domain/gift-cards/gift-card-api';
import {
  checkSendOn,
  GIFT_CARD_MESSAGES,
  type GiftCardStatus,
  giftCardExpired,
  giftCardExpiresOn,
  giftCardLast4,
  newGiftCardCode,
  parseGiftCardCode,
  splitAcrossCards,
} from '../../domain/gift-cards/gift-cards';
import { irishDate } from '../../domain/shared/calendar-date';
import {
  type Actor,
  type AuditEntry,
  oncePerSubmission,
  type RequestClaims,
  recordAudit,
  submissionSlot,
} from '../audit/audit-trail';
import type { Database } from '../db/schema';
import { hashKey, randomAlphanumeric } from '../lib/ids';
import { refuse } from '../lib/refusal';
import { enqueueOneMail, outboxRow } from '../mail/outbox';
import { senderDomain } from '../mail/transport';
import { giftCardMail } from './gift-card-mail';
import type { GiftCardLedgerRow, GiftCardRow, GiftCardStore } from './gift-card-store';

/**
 * The life of a hosted checkout that gift cards pay part of (the provider is asked to end it then): an
 * abandoned checkout holds a card's money for an hour, not the provider's default day.
 */
export const GIFT_CARD_CHECKOUT_MS = 60 * 60 * 1000;

/**
 * How long a checkout holds a card's money when the shop never hears of the session's end: the hosted
 * checkout's own life and a few minutes' margin (a payment completed at its last second is still confirmed).
 */
export const GIFT_CARD_HOLD_MS = GIFT_CARD_CHECKOUT_MS + 5 * 60 * 1000;

type Tx = Transaction<Database>;

/** Thrown inside the checkout's transaction when a code cannot pay: the whole checkout rolls back. */
export class GiftCardRefused extends Error {
  /** `index`: the refused code's place in `giftCardCodes`, for the 400 naming `giftCardCodes[i]`. */
  constructor(readonly index: number) {
    super(GIFT_CARD_MESSAGES.invalidCode);
  }
}

/** What a code is worth now; null for unknown, disabled and expired alike (one answer for all three). */
export interface GiftCardLookUp {
  readonly id: string;
  readonly last4: string;
  readonly balance: number;
  readonly expiresOn: string;
}

/** One card's part of a checkout's payment. */
export interface GiftCardPayment {
  readonly cardId: string;
  readonly last4: string;
  readonly amount: number;
}

/** A card an order bought, as its refund and the desk's order see it (cents). */
export interface BoughtGiftCard {
  readonly id: string;
  readonly last4: string;
  readonly amount: number;
  /** What a refund may still take back of it: its balance, 0 once disabled. */
  readonly unspent: number;
  readonly sendOn: string;
  readonly status: GiftCardStatus | 'voided';
  /** What refunds of the order voided of it. */
  readonly voided: number;
}

export interface IssuedGiftCard {
  readonly id: string;
  readonly last4: string;
  readonly amount: number;
  readonly sendOn: string;
  readonly expiresOn: string;
}

export interface GiftCardServiceOptions {
  readonly store: GiftCardStore;
  readonly publicUrl: string;
  readonly mailFrom: string;
  readonly requests: RequestClaims;
  readonly audit: (entry: AuditEntry) => Promise<void>;
  /** Sends what was just queued at once rather than at the outbox's next poll. */
  readonly wakeOutbox?: () => void;
  readonly now?: () => Date;
}

/** `held`: what checkouts not yet ended hold of the card; all of what is left held is not spent (§19.5). */
export function giftCardStatus(row: GiftCardRow, held: number): GiftCardStatus {
  if (row.disabled_at !== null) return 'disabled';
  if (row.sent_at === null) return 'scheduled';
  if (row.balance > 0) return 'sent';
  return held > 0 ? 'held' : 'spent';
}

export function adminGiftCardOf(row: GiftCardRow, held: number): AdminGiftCard {
  return {
    id: row.id,
    last4: row.last4,
    amount: row.amount,
    balance: row.balance,
    issuedAt: row.issued_at,
    expiresOn: row.expires_on,
    status: giftCardStatus(row, held),
    recipientName: row.recipient_name,
    recipientEmail: row.recipient_email,
    buyerName: row.buyer_name,
    buyerEmail: row.buyer_email,
    sendOn: row.send_on,
    orderReference: row.order_reference,
    free: row.free === 1,
  };
}

function newCardId(): string {
  return `gc_${randomAlphanumeric(20)}`;
}

export class GiftCardService {
  private readonly now: () => Date;

  constructor(private readonly o: GiftCardServiceOptions) {
    this.now = o.now ?? (() => new Date());
  }

  get store(): GiftCardStore {
    return this.o.store;
  }

  /** A card that can pay now, by its code (with or without dashes, any case), or null. */
  async lookUp(code: string, db: Tx | undefined = undefined): Promise<GiftCardLookUp | null> {
    const normal = parseGiftCardCode(code);
    if (normal === null) return null;
    const row = await this.o.store.byHash(hashKey(normal), db);
    if (!row || row.disabled_at !== null || giftCardExpired(row.expires_on, this.now())) return null;
    return { id: row.id, last4: row.last4, balance: row.balance, expiresOn: row.expires_on };
  }

  /**
   * Holds what the cards pay of `amountDue` for the session, each card in the order given up to its
   * balance; answers the parts and the rest for the hosted checkout. A code that cannot pay throws
   * GiftCardRefused (the caller's transaction rolls back). Cards are locked in id order, so two checkouts
   * naming the same cards in another order never deadlock; the conditional take keeps every balance at or
   * above zero across instances.
   */
  async reserve(
    tx: Tx,
    input: { codes: readonly string[]; amountDue: number; sessionId: string; expiresAt?: Date },
  ): Promise<{ parts: GiftCardPayment[]; rest: number }> {
    const now = this.now();
    const found: { index: number; id: string }[] = [];
    for (const [index, code] of input.codes.entries()) {
      const card = await this.lookUp(code, tx);
      if (!card) throw new GiftCardRefused(index);
      // The same card typed twice pays once.
      if (!found.some((f) => f.id === card.id)) found.push({ index, id: card.id });
    }
    const locked = new Map<string, GiftCardRow>();
    for (const { id } of [...found].sort((a, b) => (a.id < b.id ? -1 : 1))) {
      const row = await this.o.store.lock(tx, id);
      if (row) locked.set(id, row);
    }
    const cards = found.map((f) => {
      const row = locked.get(f.id);
      if (!row || row.disabled_at !== null) throw new GiftCardRefused(f.index);
      return { ...f, last4: row.last4, balance: row.balance };
    });
    const { parts, rest } = splitAcrossCards(cards, input.amountDue);
    const expiresAt = input.expiresAt ?? new Date(now.getTime() + GIFT_CARD_HOLD_MS);
    for (const [position, { card, amount }] of parts.entries()) {
      if (!(await this.o.store.take(tx, card.id, amount))) throw new GiftCardRefused(card.index);
      await this.o.store.insertReservation(tx, {
        sessionId: input.sessionId,
        cardId: card.id,
        position,
        amount,
        expiresAt,
        now,
      });
      await this.o.store.record(tx, {
        cardId: card.id,
        kind: 'reserved',
        amount: -amount,
        reference: input.sessionId,
        at: now,
      });
    }
    return {
      parts: parts.map(({ card, amount }) => ({ cardId: card.id, last4: card.last4, amount })),
      rest,
    };
  }

  /**
   * The session expired or was cancelled: its holds go back to the cards. A card disabled and reissued
   * while it was held gives the hold to the card that now holds its balance (following `replaced_by`),
   * never back to the disabled one nobody can spend. Answers the cents released.
   */
  async release(tx: Tx, sessionId: string): Promise<number> {
    const now = this.now();
    let released = 0;
    for (const r of await this.o.store.reservations(sessionId, tx)) {
      if (r.state !== 'reserved') continue;
      if (!(await this.o.store.settle(tx, sessionId, r.card_id, 'released', null, now))) continue;
      const holder = await this.balanceHolder(tx, r.card_id);
      await this.o.store.give(tx, holder, r.amount);
      await this.o.store.record(tx, {
        cardId: holder,
        kind: 'released',
        amount: r.amount,
        reference: sessionId,
        at: now,
      });
      released += r.amount;
    }
    return released;
  }

  /**
   * The cards that held `id`'s balance in turn, each row locked: itself, then each reissue; the last holds
   * it now. The one rule for money coming back to a card (`release`, `restore`): never to a disabled card
   * that was reissued, which nobody can spend.
   */
  private async balanceChain(tx: Tx, id: string): Promise<GiftCardRow[]> {
    const chain: GiftCardRow[] = [];
    let current: string | null = id;
    // A reissue is a new card, so the chain is short and has no loop; the bound only guards bad data.
    for (let step = 0; step < 100 && current !== null; step++) {
      const row = await this.o.store.lock(tx, current);
      if (!row) break;
      chain.push(row);
      current = row.disabled_at !== null ? row.replaced_by : null;
    }
    return chain;
  }

  /** The card holding `id`'s balance now: itself, or the last of its reissues. */
  private async balanceHolder(tx: Tx, id: string): Promise<string> {
    return (await this.balanceChain(tx, id)).at(-1)?.id ?? id;
  }

  /**
   * The order was paid: each hold of its session becomes a spend on the order. The ledger shows the hold
   * released and the spend on the order (the balance is unchanged: the hold had already taken it).
   * A hold that had expired and been released is taken again, within the balance; what cannot be taken
   * is answered as `short` for the checkout to flag the order.
   */
  async spend(
    tx: Tx,
    sessionId: string,
    orderReference: string,
  ): Promise<{ parts: GiftCardPayment[]; short: number }> {
    const now = this.now();
    const parts: GiftCardPayment[] = [];
    let short = 0;
    for (const r of await this.o.store.reservations(sessionId, tx)) {
      if (r.state === 'spent') continue;
      const row = await this.o.store.lock(tx, r.card_id);
      if (!row) continue;
      if (r.state === 'released') {
        // The hold ran out before the payment arrived: take it again if the card still has it.
        if (!(await this.o.store.take(tx, r.card_id, r.amount))) {
          short += r.amount;
          continue;
        }
        await this.o.store.record(tx, {
          cardId: r.card_id,
          kind: 'reserved',
          amount: -r.amount,
          reference: sessionId,
          at: now,
        });
      }
      // Taken again or still held: the ledger shows the hold released, then spent on the order.
      await this.o.store.record(tx, {
        cardId: r.card_id,
        kind: 'released',
        amount: r.amount,
        reference: sessionId,
        at: now,
      });
      await this.o.store.settleAny(tx, sessionId, r.card_id, orderReference, now);
      await this.o.store.record(tx, {
        cardId: r.card_id,
        kind: 'spent',
        amount: -r.amount,
        reference: orderReference,
        at: now,
      });
      parts.push({ cardId: r.card_id, last4: row.last4, amount: r.amount });
    }
    return { parts, short };
  }

  /**
   * A refund back to the cards that paid the order: the most recently added card first, each up to what it
   * paid less what earlier refunds gave back; the expiry is unchanged. A card disabled and reissued since
   * gets it on the card that now holds its balance (`balanceChain`, as `release`), and what went back is
   * counted over the whole chain. Idempotent per refund id. Answers what was restored (the caller refunds
   * the rest elsewhere).
   */
  async restore(
    tx: Tx,
    input: { orderReference: string; amount: number; refundId: string; person?: string },
  ): Promise<{ restored: number; parts: GiftCardPayment[] }> {
    const now = this.now();
    const spent = await this.o.store.reservationsOfOrder(input.orderReference, tx);
    let left = Math.max(0, input.amount);
    const parts: GiftCardPayment[] = [];
    const reason = restoreReason(input.orderReference);
    for (const r of [...spent].reverse()) {
      if (left === 0) break;
      const chain = await this.balanceChain(tx, r.card_id);
      const holder = chain.at(-1);
      if (!holder) continue;
      const restored: GiftCardLedgerRow[] = [];
      for (const card of chain) {
        restored.push(...(await this.o.store.ledger(card.id, tx)).filter((l) => l.kind === 'restored'));
      }
      if (restored.some((l) => l.reference === input.refundId)) continue;
      const back = restored.filter((l) => l.reason === reason).reduce((sum, l) => sum + l.amount, 0);
      const amount = Math.min(left, r.amount - back);
      if (amount <= 0) continue;
      await this.o.store.give(tx, holder.id, amount);
      await this.o.store.record(tx, {
        cardId: holder.id,
        kind: 'restored',
        amount,
        reference: input.refundId,
        person: input.person ?? null,
        reason,
        at: now,
      });
      parts.push({ cardId: holder.id, last4: holder.last4, amount });
      left -= amount;
    }
    return { restored: input.amount - left, parts };
  }

  /**
   * The cards an order bought as its refund sees them (docs/product/gift-cards.md §19.3, "A refund of cards
   * bought"): what is unspent on each (its balance: what a checkout holds may yet be spent) and what
   * refunds voided of it. Sold cards only: a free issue, a reissue or a refund's card is no line of it.
   */
  async boughtByOrder(orderReference: string, db: Tx | undefined = undefined): Promise<BoughtGiftCard[]> {
    const rows = await this.o.store.byOrder(orderReference, db);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const reason = voidReason(orderReference);
    const out: { card: BoughtGiftCard; issued: number }[] = [];
    for (const row of rows) {
      // A free issue or a refund's card is no line of the order; a reissue (same order) is its card's balance.
      if (row.free !== 0 || row.refund_id !== null || rows.some((r) => r.replaced_by === row.id)) continue;
      // The card holding the line's balance now: itself, or the last of its reissues.
      let holder = row;
      for (let step = 0; step < 100 && holder.disabled_at !== null && holder.replaced_by !== null; step++) {
        const next = byId.get(holder.replaced_by);
        if (!next) break;
        holder = next;
      }
      const voided = (await this.o.store.ledger(holder.id, db))
        .filter((l) => l.kind === 'adjusted' && l.reason === reason)
        .reduce((sum, l) => sum - l.amount, 0);
      const held = await this.o.store.held(holder.id, db);
      // Cards of one payment share its instant: their 'issued' rows keep the order they were bought in.
      const issued = (await this.o.store.ledger(row.id, db))[0]?.id ?? 0;
      out.push({
        issued,
        card: {
          id: holder.id,
          last4: holder.last4,
          amount: row.amount,
          unspent: holder.disabled_at !== null ? 0 : holder.balance,
          sendOn: row.send_on,
          status: voided > 0 && holder.disabled_at !== null ? 'voided' : giftCardStatus(holder, held),
          voided,
        },
      });
    }
    return out.sort((a, b) => a.issued - b.issued).map((o) => o.card);
  }

  /**
   * A refund takes back what is unspent of cards the order bought (planGiftCardRefund), in the refund's
   * own transaction: each card's part leaves its balance as an 'adjusted' row naming the refund, and a card
   * left with nothing is voided (disabled; a scheduled card's e-mail is never sent, its code forgotten).
   * Once per refund id. A card spent since the plan (a checkout on another instance) gives what it still
   * has: answered as `short`, for the caller to log.
   */
  async voidForRefund(
    tx: Tx,
    input: {
      orderReference: string;
      refundId: string;
      parts: readonly { readonly cardId: string; readonly amount: number }[];
      person: string | null;
    },
  ): Promise<{ voided: number; short: number }> {
    const now = this.now();
    const reason = voidReason(input.orderReference);
    let voided = 0;
    let short = 0;
    for (const part of [...input.parts].sort((a, b) => (a.cardId < b.cardId ? -1 : 1))) {
      const row = await this.o.store.lock(tx, part.cardId);
      if (!row) continue;
      const ledger = await this.o.store.ledger(row.id, tx);
      if (ledger.some((l) => l.reference === input.refundId && l.reason === reason)) continue;
      const take = Math.min(part.amount, row.disabled_at !== null ? 0 : row.balance);
      short += part.amount - take;
      if (take > 0) {
        await this.o.store.take(tx, row.id, take);
        await this.o.store.record(tx, {
          cardId: row.id,
          kind: 'adjusted',
          amount: -take,
          reference: input.refundId,
          person: input.person,
          reason,
          at: now,
        });
        voided += take;
      }
      if (row.disabled_at === null && row.balance - take === 0)
        await this.o.store.disable(tx, row.id, now, null);
    }
    return { voided, short };
  }

  /**
   * A refund's gift-card part as a new card (docs/product/gift-cards.md §19.3, "Refunds"), when the owner
   * chooses it over restoring the cards that paid: issued like her free issue, but as the refund's (its
   * 'issued' row names the refund, Numbers counts it neither sold nor issued free), five years from
   * today, its code e-mailed at once through the outbox to the order's address, and audited, all in the
   * refund's transaction. Once per refund id: a refund that issued its card answers that card again (the
   * unique `refund_id` guards two instances).
   */
  async issueForRefund(
    tx: Tx,
    input: {
      orderReference: string;
      refundId: string;
      amount: number;
      recipientName: string;
      recipientEmail: string;
      actor: Actor;
    },
  ): Promise<{ id: string; last4: string; amount: number }> {
    const already = await this.o.store.byRefund(input.refundId, tx);
    if (already) return { id: already.id, last4: already.last4, amount: already.amount };
    const person = input.actor.name ?? input.actor.session;
    const reason = refundCardReason(input.orderReference, input.refundId);
    const issued = await this.issue(tx, {
      line: {
        amount: input.amount,
        recipientName: input.recipientName,
        recipientEmail: input.recipientEmail,
        message: `Your refund of order ${input.orderReference}`,
      },
      buyerName: BRAND.name,
      buyerEmail: '',
      orderReference: null,
      refundId: input.refundId,
      free: false,
      person,
      reason,
    });
    await recordAudit(tx, this.now().toISOString(), {
      ...auditOf(input.actor),
      action: 'gift-card-refund',
      target: issued.id,
      detail: `${issued.amount} cents: ${reason}`,
    });
    return { id: issued.id, last4: issued.last4, amount: issued.amount };
  }

  /**
   * The order that bought cards was paid: each card is issued with a new code, and the recipient's e-mail
   * is queued now when its day is today (otherwise on its day, by the send pass). Answers the cards as the
   * buyer's confirmation shows them: the last 4 only.
   */
  async issueForOrder(
    tx: Tx,
    input: {
      orderReference: string;
      buyer: { name: string; email: string };
      cards: readonly GiftCardLine[];
    },
  ): Promise<IssuedGiftCard[]> {
    const out: IssuedGiftCard[] = [];
    for (const line of input.cards) {
      out.push(
        await this.issue(tx, {
          line,
          buyerName: input.buyer.name,
          buyerEmail: input.buyer.email,
          orderReference: input.orderReference,
          free: false,
          person: null,
          reason: null,
        }),
      );
    }
    return out;
  }

  private async issue(
    tx: Tx,
    i: {
      line: GiftCardLine;
      /** A reissue's balance to spend at once, when a checkout still holds part of it (default: the amount). */
      balance?: number;
      buyerName: string;
      buyerEmail: string;
      orderReference: string | null;
      /** A refund's gift-card part (issueForRefund). */
      refundId?: string;
      free: boolean;
      person: string | null;
      reason: string | null;
    },
  ): Promise<IssuedGiftCard> {
    const now = this.now();
    // The checkout checked the day when the order was made; a payment a day later still sends on that day
    // (or at once when it has passed).
    const sendOn = i.line.sendOn ?? irishDate(now);
    const code = newGiftCardCode();
    const id = newCardId();
    const expiresOn = giftCardExpiresOn(now);
    const dueNow = sendOn <= irishDate(now);
    await this.o.store.insert(
      tx,
      {
        id,
        codeHash: hashKey(code),
        last4: giftCardLast4(code),
        amount: i.line.amount,
        ...(i.balance !== undefined ? { balance: i.balance } : {}),
        buyerName: i.buyerName,
        buyerEmail: i.buyerEmail,
        recipientName: i.line.recipientName,
        recipientEmail: i.line.recipientEmail,
        message: i.line.message ?? '',
        sendOn,
        pendingCode: dueNow ? null : code,
        orderReference: i.orderReference,
        ...(i.refundId !== undefined ? { refundId: i.refundId } : {}),
        free: i.free,
        expiresOn,
        issuedAt: now,
      },
      i.person,
      i.reason,
    );
    if (dueNow) {
      const row = await this.o.store.byId(id, tx);
      if (row) await this.queueMail(tx, row, code, now);
    }
    return { id, last4: giftCardLast4(code), amount: i.line.amount, sendOn, expiresOn };
  }

  /** Queues the recipient's e-mail once (the claim), in the caller's transaction. */
  private async queueMail(tx: Tx, row: GiftCardRow, code: string, now: Date): Promise<boolean> {
    if (!(await this.o.store.claimMail(tx, row.id, now))) return false;
    const mail = giftCardMail({
      cardId: row.id,
      code,
      // What the code pays now: a reissue whose part a checkout still holds says no more than it has.
      amount: row.balance,
      recipientName: row.recipient_name,
      recipientEmail: row.recipient_email,
      fromName: row.buyer_name,
      message: row.message,
      expiresOn: row.expires_on,
      publicUrl: this.o.publicUrl,
      reference: row.order_reference ?? row.id,
      issuedAt: row.issued_at,
      free: row.free === 1,
    });
    const mailId = await enqueueOneMail(tx, outboxRow(mail, senderDomain(this.o.mailFrom), now.getTime()));
    await this.o.store.setMail(tx, row.id, mailId);
    return true;
  }

  /** The send pass: every card whose day has come gets its one e-mail. Answers how many were queued. */
  async sendDue(stopping: () => boolean = () => false): Promise<number> {
    const now = this.now();
    const today = irishDate(now);
    let queued = 0;
    for (let round = 0; round < 100 && !stopping(); round += 1) {
      const due = await this.o.store.dueMail(today);
      if (due.length === 0) break;
      for (const row of due) {
        const code = row.pending_code;
        if (code === null) continue;
        if (await this.o.store.transaction((tx) => this.queueMail(tx, row, code, now))) queued += 1;
      }
    }
    if (queued > 0) this.o.wakeOutbox?.();
    return queued;
  }

  /** The expiry pass: holds of sessions the shop never heard end go back to their cards. */
  async releaseExpired(): Promise<number> {
    let released = 0;
    for (const sessionId of await this.o.store.expiredSessions(this.now())) {
      released += await this.o.store.transaction((tx) => this.release(tx, sessionId));
    }
    return released;
  }

  // ---- The desk (owner only) ----

  async list(q: string): Promise<AdminGiftCard[]> {
    const rows = await this.o.store.search(q);
    const held = await this.o.store.heldByCard(rows.map((r) => r.id));
    return rows.map((row) => adminGiftCardOf(row, held.get(row.id) ?? 0));
  }

  async detail(id: string): Promise<AdminGiftCardDetail> {
    const row = (await this.o.store.byId(id)) ?? refuse('not-found', GIFT_CARD_MESSAGES.notFound);
    const ledger = await this.o.store.ledger(id);
    const held = await this.o.store.held(id);
    return {
      ...adminGiftCardOf(row, held),
      message: row.message,
      held,
      ledger: ledger.map((l) => ({
        at: l.at,
        kind: l.kind,
        amount: l.amount,
        ...(l.reference !== null ? { reference: l.reference } : {}),
        ...(l.person !== null ? { person: l.person } : {}),
        ...(l.reason !== null ? { reason: l.reason } : {}),
      })),
    };
  }

  /** A card without payment (a raffle prize, a goodwill gesture): audited with its reason. */
  async issueFree(
    input: {
      amount: number;
      recipientName: string;
      recipientEmail: string;
      message?: string | undefined;
      sendOn?: string | undefined;
      reason: string;
    },
    actor: Actor,
  ): Promise<AdminGiftCard> {
    const sendOn =
      checkSendOn(input.sendOn, this.now()) ??
      refuse('invalid', `sendOn: ${GIFT_CARD_MESSAGES.sendOn}`, { field: 'sendOn' });
    const slot = submissionSlot('gift-card-issue', input.recipientEmail.toLowerCase(), actor);
    return oncePerSubmission(
      this.o.requests,
      slot,
      async () => {
        const person = actor.name ?? actor.session;
        const issued = await this.o.store.transaction((tx) =>
          this.issue(tx, {
            line: {
              amount: input.amount,
              recipientName: input.recipientName,
              recipientEmail: input.recipientEmail,
              ...(input.message !== undefined ? { message: input.message } : {}),
              sendOn,
            },
            buyerName: BRAND.name,
            buyerEmail: '',
            orderReference: null,
            free: true,
            person,
            reason: input.reason,
          }),
        );
        await this.o.audit({
          ...auditOf(actor),
          action: 'gift-card-issue',
          target: issued.id,
          detail: `${issued.amount} cents: ${input.reason}`,
        });
        this.o.wakeOutbox?.();
        return this.card(issued.id);
      },
      // A repeat of the same submission: the card it issued, the newest to that address.
      async () => {
        const [newest] = await this.o.store.search(input.recipientEmail, 1);
        return newest ? this.card(newest.id) : refuse('not-found', GIFT_CARD_MESSAGES.notFound);
      },
    );
  }

  /**
   * Disables a lost card at once (every instance reads the row); with `reissue`, its whole balance moves to
   * a new card and code, to the same or a corrected address, sent today. A hold a checkout has on it then
   * stays with that checkout: spent if the order is paid, otherwise released to the new card (`release`).
   */
  async disable(
    id: string,
    input: { reissue: boolean; recipientEmail?: string | undefined },
    actor: Actor,
  ): Promise<{ giftCard: AdminGiftCard; reissued?: AdminGiftCard }> {
    const person = actor.name ?? actor.session;
    const now = this.now();
    const reissuedId = await this.o.store.transaction(async (tx) => {
      const row = (await this.o.store.lock(tx, id)) ?? refuse('not-found', GIFT_CARD_MESSAGES.notFound);
      if (row.disabled_at !== null) refuse('conflict', GIFT_CARD_MESSAGES.disabled);
      await this.o.store.disable(tx, id, now, null);
      // What a pending checkout holds is the holder's too: the new card is made even when the hold takes the
      // whole balance (it then has €0.00 to spend until the checkout ends), so that a release or a refund
      // has a live card to land on. Only a card with nothing left and nothing held has nothing to reissue.
      const held = await this.o.store.held(id, tx);
      if (!input.reissue || row.balance + held === 0) return null;
      const balance = row.balance;
      if (balance > 0) {
        await this.o.store.take(tx, id, balance);
        await this.o.store.record(tx, {
          cardId: id,
          kind: 'adjusted',
          amount: -balance,
          person,
          reason: 'Disabled; balance reissued',
          at: now,
        });
      }
      const issued = await this.issue(tx, {
        line: {
          amount: balance + held,
          recipientName: row.recipient_name,
          recipientEmail: input.recipientEmail ?? row.recipient_email,
          message: row.message,
        },
        balance,
        buyerName: row.buyer_name,
        buyerEmail: row.buyer_email,
        orderReference: row.order_reference,
        free: row.free === 1,
        person,
        reason: `Reissue of ••••${row.last4}`,
      });
      await this.o.store.setReplacedBy(tx, id, issued.id);
      return issued.id;
    });
    await this.o.audit({
      ...auditOf(actor),
      action: 'gift-card-disable',
      target: id,
      detail: reissuedId ? `reissued as ${reissuedId}` : null,
    });
    if (reissuedId) this.o.wakeOutbox?.();
    return {
      giftCard: await this.card(id),
      ...(reissuedId ? { reissued: await this.card(reissuedId) } : {}),
    };
  }

  /**
   * A card whose e-mail waits for its day: its address corrected (the code stays, the e-mail goes on the
   * day to the new address).
   */
  async correctRecipient(id: string, recipientEmail: string, actor: Actor): Promise<AdminGiftCard> {
    const row = (await this.o.store.byId(id)) ?? refuse('not-found', GIFT_CARD_MESSAGES.notFound);
    if (row.disabled_at !== null) refuse('conflict', GIFT_CARD_MESSAGES.disabled);
    if (row.sent_at !== null)
      refuse(
        'conflict',
        'This card’s e-mail was sent already: disable it and reissue its balance to the corrected address',
      );
    await this.o.store.setRecipientEmail(this.o.store.db, id, recipientEmail);
    await this.o.audit({ ...auditOf(actor), action: 'gift-card-recipient', target: id, detail: null });
    return this.card(id);
  }

  private async card(id: string): Promise<AdminGiftCard> {
    const row = (await this.o.store.byId(id)) ?? refuse('not-found', GIFT_CARD_MESSAGES.notFound);
    return adminGiftCardOf(row, await this.o.store.held(id));
  }
}

/** The ledger's words for what a refund of the order voided of a card it bought. */
function voidReason(orderReference: string): string {
  return `Voided by a refund of order ${orderReference}`;
}

function restoreReason(orderReference: string): string {
  return `Refund of order ${orderReference}`;
}

/** The 'issued' row of a refund's card: the order and the refund it comes from. */
function refundCardReason(orderReference: string, refundId: string): string {
  return `Refund ${refundId} of order ${orderReference}`;
}

function auditOf(actor: Actor): Pick<AuditEntry, 'session' | 'address' | 'name'> {
  return { session: actor.session, address: actor.address, name: actor.name };
}
