/**
 * Every query of the gift card tables (gift_cards, gift_card_ledger, gift_card_reservations), docs/product/gift-cards.md
 * §19. A card's `balance` is the sum of its ledger rows: every change writes both in the caller's
 * transaction. A change that takes money is one conditional UPDATE (`balance >= amount`), so the balance
 * never goes below zero on any number of instances; `lock` bumps the card's row first, which on
 * PostgreSQL makes concurrent checkouts of one card wait for each other and then read the committed
 * balance (SQLite runs one write transaction at a time).
 */
import type { Expression, ExpressionBuilder, Kysely, Selectable, SqlBool, Transaction } from 'kysely';
import type { GiftCardLedgerKind } from '../../domain/gift-cards/gift-cards';
import type { Database } from '../db/schema';
import type { GiftCardLedgerTable, GiftCardReservationsTable, GiftCardsTable } from './tables';

export type GiftCardRow = Selectable<GiftCardsTable>;
export type GiftCardLedgerRow = Selectable<GiftCardLedgerTable>;
export type GiftCardReservationRow = Selectable<GiftCardReservationsTable>;
export type Db = Kysely<Database> | Transaction<Database>;

export interface NewGiftCard {
  readonly id: string;
  readonly codeHash: string;
  readonly last4: string;
  readonly amount: number;
  /**
   * What the card can pay at once, when less than its amount: a reissue whose part is still held by a
   * checkout gets that part only when the checkout ends unpaid (`release`). Default: the amount.
   */
  readonly balance?: number;
  readonly buyerName: string;
  readonly buyerEmail: string;
  readonly recipientName: string;
  readonly recipientEmail: string;
  readonly message: string;
  readonly sendOn: string;
  /** The code, kept only until the recipient's e-mail is queued on a later day. */
  readonly pendingCode: string | null;
  readonly orderReference: string | null;
  readonly free: boolean;
  /** The refund whose gift-card part the card is (its 'issued' row names it); none for other cards. */
  readonly refundId?: string;
  readonly expiresOn: string;
  readonly issuedAt: Date;
}

export interface LedgerMovement {
  readonly cardId: string;
  readonly kind: GiftCardLedgerKind;
  /** Signed cents: the effect on the balance. */
  readonly amount: number;
  readonly reference?: string | null;
  readonly person?: string | null;
  readonly reason?: string | null;
  readonly at: Date;
}

export class GiftCardStore {
  constructor(readonly db: Kysely<Database>) {}

  async transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** A new card with its 'issued' ledger row, in the caller's transaction. */
  async insert(db: Db, card: NewGiftCard, person: string | null, reason: string | null): Promise<void> {
    const balance = card.balance ?? card.amount;
    await db
      .insertInto('gift_cards')
      .values({
        id: card.id,
        code_hash: card.codeHash,
        last4: card.last4,
        amount: card.amount,
        balance,
        buyer_name: card.buyerName,
        buyer_email: card.buyerEmail,
        recipient_name: card.recipientName,
        recipient_email: card.recipientEmail,
        message: card.message,
        send_on: card.sendOn,
        pending_code: card.pendingCode,
        sent_at: null,
        mail_id: null,
        order_reference: card.orderReference,
        free: card.free ? 1 : 0,
        disabled_at: null,
        replaced_by: null,
        refund_id: card.refundId ?? null,
        expires_on: card.expiresOn,
        issued_at: card.issuedAt.toISOString(),
      })
      .execute();
    await this.record(db, {
      cardId: card.id,
      kind: 'issued',
      amount: balance,
      reference: card.refundId ?? card.orderReference,
      person,
      reason,
      at: card.issuedAt,
    });
  }

  async byHash(codeHash: string, db: Db = this.db): Promise<GiftCardRow | null> {
    return (
      (await db.selectFrom('gift_cards').selectAll().where('code_hash', '=', codeHash).executeTakeFirst()) ??
      null
    );
  }

  async byId(id: string, db: Db = this.db): Promise<GiftCardRow | null> {
    return (await db.selectFrom('gift_cards').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  /** The card a refund issued as its gift-card part, if it did. */
  async byRefund(refundId: string, db: Db = this.db): Promise<GiftCardRow | null> {
    return (
      (await db.selectFrom('gift_cards').selectAll().where('refund_id', '=', refundId).executeTakeFirst()) ??
      null
    );
  }

  async byOrder(orderReference: string, db: Db = this.db): Promise<GiftCardRow[]> {
    return db
      .selectFrom('gift_cards')
      .selectAll()
      .where('order_reference', '=', orderReference)
      .orderBy('issued_at')
      .orderBy('id')
      .execute();
  }

  /** The desk's search: the last 4, or part of the recipient's or the buyer's name or address. */
  async search(q: string, limit = 200): Promise<GiftCardRow[]> {
    let query = this.db.selectFrom('gift_cards').selectAll();
    const text = q.trim().toLowerCase();
    if (text !== '') {
      const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([
          eb(eb.fn('upper', ['last4']), '=', text.toUpperCase()),
          eb(eb.fn('lower', ['recipient_email']), 'like', like),
          eb(eb.fn('lower', ['recipient_name']), 'like', like),
          eb(eb.fn('lower', ['buyer_email']), 'like', like),
          eb(eb.fn('lower', ['buyer_name']), 'like', like),
        ]),
      );
    }
    return query.orderBy('issued_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  async ledger(cardId: string, db: Db = this.db): Promise<GiftCardLedgerRow[]> {
    return db
      .selectFrom('gift_card_ledger')
      .selectAll()
      .where('card_id', '=', cardId)
      .orderBy('id')
      .execute();
  }

  /** The ledger's sum, computed (the row's `balance` must always equal it). */
  async ledgerSum(cardId: string, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('gift_card_ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), eb.lit(0)).as('sum'))
      .where('card_id', '=', cardId)
      .executeTakeFirstOrThrow();
    return Number(row.sum);
  }

  async record(db: Db, m: LedgerMovement): Promise<void> {
    await db
      .insertInto('gift_card_ledger')
      .values({
        card_id: m.cardId,
        kind: m.kind,
        amount: m.amount,
        reference: m.reference ?? null,
        person: m.person ?? null,
        reason: m.reason ?? null,
        at: m.at.toISOString(),
      })
      .execute();
  }

  /**
   * Takes the card's row lock for the rest of the transaction (PostgreSQL: a concurrent checkout of the
   * card waits here, then reads the balance it left) and answers the row as committed.
   */
  async lock(trx: Transaction<Database>, id: string): Promise<GiftCardRow | null> {
    return (
      (await trx
        .updateTable('gift_cards')
        .set((eb) => ({ balance: eb.ref('balance') }))
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()) ?? null
    );
  }

  /** Takes `amount` off the balance unless that would go below zero (then false: nothing changed). */
  async take(db: Db, id: string, amount: number): Promise<boolean> {
    const result = await db
      .updateTable('gift_cards')
      .set((eb) => ({ balance: eb('balance', '-', amount) }))
      .where('id', '=', id)
      .where('balance', '>=', amount)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async give(db: Db, id: string, amount: number): Promise<void> {
    await db
      .updateTable('gift_cards')
      .set((eb) => ({ balance: eb('balance', '+', amount) }))
      .where('id', '=', id)
      .execute();
  }

  async insertReservation(
    db: Db,
    r: { sessionId: string; cardId: string; position: number; amount: number; expiresAt: Date; now: Date },
  ): Promise<void> {
    await db
      .insertInto('gift_card_reservations')
      .values({
        session_id: r.sessionId,
        card_id: r.cardId,
        position: r.position,
        amount: r.amount,
        state: 'reserved',
        order_reference: null,
        expires_at: r.expiresAt.toISOString(),
        created_at: r.now.toISOString(),
        updated_at: r.now.toISOString(),
      })
      .execute();
  }

  async reservations(sessionId: string, db: Db = this.db): Promise<GiftCardReservationRow[]> {
    return db
      .selectFrom('gift_card_reservations')
      .selectAll()
      .where('session_id', '=', sessionId)
      .orderBy('position')
      .execute();
  }

  async reservationsOfOrder(orderReference: string, db: Db = this.db): Promise<GiftCardReservationRow[]> {
    return db
      .selectFrom('gift_card_reservations')
      .selectAll()
      .where('order_reference', '=', orderReference)
      .where('state', '=', 'spent')
      .orderBy('session_id')
      .orderBy('position')
      .execute();
  }

  /** `held` for each of these cards that a checkout holds part of (none: not in the map), in cents. */
  async heldByCard(cardIds: readonly string[], db: Db = this.db): Promise<Map<string, number>> {
    if (cardIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('gift_card_reservations')
      .select((eb) => ['card_id', eb.fn.sum<number | string>('amount').as('held')])
      .where('card_id', 'in', [...cardIds])
      .where('state', '=', 'reserved')
      .groupBy('card_id')
      .execute();
    return new Map(rows.map((r) => [r.card_id, Number(r.held)]));
  }

  /** The checkouts (their order ids) that hold any of these cards now. */
  async holdersOf(cardIds: readonly string[], db: Db = this.db): Promise<string[]> {
    if (cardIds.length === 0) return [];
    const rows = await db
      .selectFrom('gift_card_reservations')
      .select('session_id')
      .distinct()
      .where('card_id', 'in', [...cardIds])
      .where('state', '=', 'reserved')
      .execute();
    return rows.map((r) => r.session_id);
  }

  /** What checkouts still hold of the card (reservations neither released nor spent), in cents. */
  async held(cardId: string, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('gift_card_reservations')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amount'), eb.lit(0)).as('held'))
      .where('card_id', '=', cardId)
      .where('state', '=', 'reserved')
      .executeTakeFirstOrThrow();
    return Number(row.held);
  }

  /**
   * Moves one held reservation from 'reserved' to `state`; false when another transaction (an expiry pass
   * on another instance, a webhook) moved it first, so each hold is released or spent once.
   */
  async settle(
    db: Db,
    sessionId: string,
    cardId: string,
    state: 'released' | 'spent',
    orderReference: string | null,
    now: Date,
  ): Promise<boolean> {
    const result = await db
      .updateTable('gift_card_reservations')
      .set({ state, order_reference: orderReference, updated_at: now.toISOString() })
      .where('session_id', '=', sessionId)
      .where('card_id', '=', cardId)
      .where('state', '=', 'reserved')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The order was paid: the session's hold on the card (held, or released by a late expiry) is spent. */
  async settleAny(
    db: Db,
    sessionId: string,
    cardId: string,
    orderReference: string,
    now: Date,
  ): Promise<void> {
    await db
      .updateTable('gift_card_reservations')
      .set({ state: 'spent', order_reference: orderReference, updated_at: now.toISOString() })
      .where('session_id', '=', sessionId)
      .where('card_id', '=', cardId)
      .where('state', '<>', 'spent')
      .execute();
  }

  /** Sessions holding a reservation past its end. */
  async expiredSessions(now: Date, limit = 100): Promise<string[]> {
    const rows = await this.db
      .selectFrom('gift_card_reservations')
      .select('session_id')
      .distinct()
      .where('state', '=', 'reserved')
      .where('expires_at', '<=', now.toISOString())
      .limit(limit)
      .execute();
    return rows.map((r) => r.session_id);
  }

  /** Cards whose e-mail is due on `today` (or was missed on an earlier day) and not yet queued. */
  async dueMail(today: string, limit = 100): Promise<GiftCardRow[]> {
    return (
      this.db
        .selectFrom('gift_cards')
        .selectAll()
        .where('sent_at', 'is', null)
        .where('pending_code', 'is not', null)
        .where('disabled_at', 'is', null)
        .where('send_on', '<=', today)
        // An erased recipient has no address to send to: the card waits for the owner to reissue it.
        .where('recipient_email', '<>', '')
        .orderBy('send_on')
        .orderBy('id')
        .limit(limit)
        .execute()
    );
  }

  /**
   * Marks the card's e-mail queued and forgets its code, once: false when it already was (another pass,
   * another instance), and the caller's transaction then queues nothing.
   */
  async claimMail(db: Db, id: string, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('gift_cards')
      .set({ sent_at: now.toISOString(), pending_code: null })
      .where('id', '=', id)
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async setMail(db: Db, id: string, mailId: number): Promise<void> {
    await db.updateTable('gift_cards').set({ mail_id: mailId }).where('id', '=', id).execute();
  }

  async setRecipientEmail(db: Db, id: string, email: string): Promise<void> {
    await db.updateTable('gift_cards').set({ recipient_email: email }).where('id', '=', id).execute();
  }

  /** False when the card was disabled already. */
  async disable(db: Db, id: string, now: Date, replacedBy: string | null): Promise<boolean> {
    const result = await db
      .updateTable('gift_cards')
      .set({ disabled_at: now.toISOString(), replaced_by: replacedBy, pending_code: null })
      .where('id', '=', id)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async setReplacedBy(db: Db, id: string, replacedBy: string): Promise<void> {
    await db.updateTable('gift_cards').set({ replaced_by: replacedBy }).where('id', '=', id).execute();
  }

  /**
   * Numbers: cards sold (paid for) and issued free between two instants (ISO; '' for no bound; a reissue
   * and a refund's card are neither), and the balance owed to holders today (cents): live cards only, expired and disabled ones owe nothing.
   */
  async totals(
    today: string,
    range: { from: string; to: string } = { from: '', to: '' },
  ): Promise<{ sold: number; issuedFree: number; outstanding: number }> {
    // A reissue carries a balance already sold or issued free: it is neither again. A refund's card is
    // money the order paid coming back: neither sold nor issued free (it counts in what is outstanding).
    const inRange = (eb: ExpressionBuilder<Database, 'gift_cards'>) =>
      eb.and([
        ...(range.from ? [eb('issued_at', '>=', range.from)] : []),
        ...(range.to ? [eb('issued_at', '<', range.to)] : []),
        eb('refund_id', 'is', null),
        eb.not(
          eb.exists(
            eb
              .selectFrom('gift_cards as replaced')
              .select('replaced.id')
              .whereRef('replaced.replaced_by', '=', 'gift_cards.id'),
          ),
        ),
      ]);
    // The sum of `column` over the cards that meet `when`; 0 for none.
    const sumWhen = (
      eb: ExpressionBuilder<Database, 'gift_cards'>,
      when: Expression<SqlBool>,
      column: 'amount' | 'balance',
    ) =>
      eb.fn.coalesce(
        eb.fn.sum<number | string>(eb.case().when(when).then(eb.ref(column)).else(0).end()),
        eb.lit(0),
      );
    const row = await this.db
      .selectFrom('gift_cards')
      .select((eb) => [
        sumWhen(eb, eb.and([eb('free', '=', 0), inRange(eb)]), 'amount').as('sold'),
        sumWhen(eb, eb.and([eb('free', '=', 1), inRange(eb)]), 'amount').as('issued_free'),
        sumWhen(eb, eb.and([eb('disabled_at', 'is', null), eb('expires_on', '>=', today)]), 'balance').as(
          'outstanding',
        ),
      ])
      .executeTakeFirstOrThrow();
    return {
      sold: Number(row.sold),
      issuedFree: Number(row.issued_free),
      outstanding: Number(row.outstanding),
    };
  }
}

/** The privacy export: the cards an address bought or received (lower-cased comparison). */
export async function giftCardsOfEmail(db: Db, email: string): Promise<GiftCardRow[]> {
  const key = email.trim().toLowerCase();
  return db
    .selectFrom('gift_cards')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['recipient_email']), '=', key),
        eb(eb.fn('lower', ['buyer_email']), '=', key),
      ]),
    )
    .orderBy('issued_at')
    .execute();
}

/**
 * Erasure of an address: its names, e-mails and message go, the card stays usable (the money is the
 * holder's: its code still pays). A card whose e-mail still waits for its day keeps its code, so the
 * recipient is never told of it: the owner can reissue it to an address the holder gives again.
 */
export async function eraseGiftCardEmail(db: Db, email: string): Promise<number> {
  const key = email.trim().toLowerCase();
  const asRecipient = await db
    .updateTable('gift_cards')
    .set({ recipient_name: '', recipient_email: '', message: '' })
    .where((eb) => eb(eb.fn('lower', ['recipient_email']), '=', key))
    .executeTakeFirst();
  const asBuyer = await db
    .updateTable('gift_cards')
    .set({ buyer_name: '', buyer_email: '', message: '' })
    .where((eb) => eb(eb.fn('lower', ['buyer_email']), '=', key))
    .executeTakeFirst();
  return Number(asRecipient.numUpdatedRows) + Number(asBuyer.numUpdatedRows);
}

/**
 * Retention: a card past its last valid day by more than GIFT_CARD_PEOPLE_DAYS_AFTER_EXPIRY loses its
 * names, e-mails and message (its amounts and ledger stay, as the accounts' records). Answers how many.
 */
export async function eraseGiftCardPeopleExpiredBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .updateTable('gift_cards')
    .set({
      buyer_name: '',
      buyer_email: '',
      recipient_name: '',
      recipient_email: '',
      message: '',
      pending_code: null,
    })
    .where('expires_on', '<', before)
    .where((eb) =>
      eb.or([eb('recipient_email', '<>', ''), eb('buyer_email', '<>', ''), eb('message', '<>', '')]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
