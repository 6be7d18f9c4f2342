/**
 * The quotes' personal data (docs/product/privacy.md §12): a client's quotes, in the privacy export; their client
 * data erased with the person, and RETENTION.quoteDaysAfterValidity after their last valid day.
 */
import { RETENTION } from '../../domain/config';
import { irishDate } from '../../domain/shared/calendar-date';
import { daysBefore } from '../lib/days';
import type { PersonalDataPart } from '../platform';
import { eraseQuotesOfEmail, eraseQuotesValidBefore, quotesOfEmail } from './quote-store';

export const quotesPersonalData: PersonalDataPart = {
  async exportOf(db, { email }) {
    const quotes = await quotesOfEmail(db, email);
    return {
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
    };
  },

  async erase(trx, { email }, nowIso) {
    return { quotesErased: await eraseQuotesOfEmail(trx, email, nowIso) };
  },

  async applyRetention(db, now) {
    // The last valid day is an Irish calendar date ('YYYY-MM-DD').
    const validBefore = irishDate(daysBefore(now, RETENTION.quoteDaysAfterValidity));
    return { quotesErased: await eraseQuotesValidBefore(db, validBefore, now.toISOString()) };
  },
};
