/**
 * The gift cards a checkout buys (docs/product/gift-cards.md §19), the gift-cards feature's table: kept with the
 * pending order in the transaction that stores it (the checkout writes the statement made here), read and deleted in the payment's transaction when each becomes a card. A line of its own kind
 * beside the bracelets: no size, no shipping, no making queue, no discount on it.
 */
import type { CompiledQuery, Kysely, Transaction } from 'kysely';
import type { GiftCardLine } from '../../domain/gift-cards/gift-card-api';
import type { IsoDate } from '../../domain/shared/calendar-date';
import { preparedInsert } from '../db/prepared-insert';
import type { Database } from '../db/schema';

type Tx = Transaction<Database>;

/** A bought card with its send date checked (today..today+365, Irish calendar). */
export interface PendingGiftCardLine extends GiftCardLine {
  readonly sendOn: IsoDate;
  /** Who it is from, as the buyer of gift cards alone gave her name; absent: the order's name says it. */
  readonly from?: string;
}

const insertLines = preparedInsert('order_gift_cards', [
  'order_id',
  'position',
  'amount',
  'recipient_name',
  'recipient_email',
  'message',
  'send_on',
  'from_name',
]);

/** The statement storing the cards a checkout buys (none: no statement), written with the order itself. */
export function giftCardLinesInsert(
  db: Kysely<Database>,
  orderId: string,
  cards: readonly PendingGiftCardLine[],
): CompiledQuery[] {
  if (cards.length === 0) return [];
  return [
    insertLines.compile(
      db,
      cards.map((c, position) => ({
        order_id: orderId,
        position,
        amount: c.amount,
        recipient_name: c.recipientName,
        recipient_email: c.recipientEmail,
        message: c.message?.trim() ? c.message : null,
        send_on: c.sendOn,
        from_name: c.from ?? null,
      })),
    ),
  ];
}

/** The order's bought cards, taken: read and deleted in the payment's transaction (issued once). */
export async function takeGiftCardLines(trx: Tx, orderId: string): Promise<PendingGiftCardLine[]> {
  const taken = await trx
    .deleteFrom('order_gift_cards')
    .where('order_id', '=', orderId)
    .returningAll()
    .execute();
  return [...taken]
    .sort((a, b) => a.position - b.position)
    .map((r) => ({
      amount: r.amount,
      recipientName: r.recipient_name,
      recipientEmail: r.recipient_email,
      ...(r.message ? { message: r.message } : {}),
      sendOn: r.send_on as IsoDate,
      ...(r.from_name ? { from: r.from_name } : {}),
    }));
}
