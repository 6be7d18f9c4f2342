/**
 * Gift cards' personal data (docs/product/gift-cards.md §19, docs/product/privacy.md §12): the export lists the cards an address bought or
 * received (never a code: the shop keeps only its hash); erasure removes the names, e-mails and message and
 * keeps the card usable (its code still pays: the money is the holder's); a year after a card's last valid
 * day the retention pass removes the same.
 */
import { GIFT_CARD_PEOPLE_DAYS_AFTER_EXPIRY } from '../../domain/gift-cards/gift-cards';
import { irishDate } from '../../domain/shared/calendar-date';
import { daysBefore } from '../lib/days';
import type { PersonalDataPart } from '../platform';
import { eraseGiftCardEmail, eraseGiftCardPeopleExpiredBefore, giftCardsOfEmail } from './gift-card-store';

export const giftCardsPersonalData: PersonalDataPart = {
  async exportOf(db, { email }) {
    const cards = await giftCardsOfEmail(db, email);
    return {
      giftCards: cards.map((c) => ({
        last4: c.last4,
        amount: c.amount,
        balance: c.balance,
        bought: c.buyer_email.toLowerCase() === email,
        received: c.recipient_email.toLowerCase() === email,
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
  },

  async erase(trx, { email }) {
    return { giftCardsErased: await eraseGiftCardEmail(trx, email) };
  },

  async applyRetention(db, now) {
    const before = irishDate(daysBefore(now, GIFT_CARD_PEOPLE_DAYS_AFTER_EXPIRY));
    return { giftCardPeopleErased: await eraseGiftCardPeopleExpiredBefore(db, before) };
  },
};
