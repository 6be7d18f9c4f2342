/**
 * "Tell me when you're back"'s personal data (docs/product/privacy.md §12): the address waiting for the shop's
 * return, in the privacy export, erased with the person, and gone a week after an unconfirmed request.
 */
import { RETENTION } from '../../domain/config';
import { daysBefore } from '../lib/days';
import type { PersonalDataPart } from '../platform';
import {
  backInTouchOfEmail,
  deleteBackInTouchOfEmail,
  deleteUnconfirmedBackInTouch,
} from './back-in-touch-store';

export const settingsPersonalData: PersonalDataPart = {
  async exportOf(db, { email }) {
    const backInTouch = await backInTouchOfEmail(db, email);
    return {
      backInTouch: backInTouch
        ? {
            email: backInTouch.email,
            status: backInTouch.status,
            askedAt: backInTouch.created_at,
            confirmationSentAt: backInTouch.confirmation_sent_at,
            confirmedAt: backInTouch.confirmed_at,
          }
        : null,
    };
  },

  async erase(trx, { email }) {
    return { backInTouchDeleted: await deleteBackInTouchOfEmail(trx, email) };
  },

  async applyRetention(db, now) {
    // The same week as the newsletter's: both are double opt-in sign-ups.
    const unconfirmedBefore = daysBefore(now, RETENTION.unconfirmedSignupDays).toISOString();
    return { unconfirmedBackInTouchDeleted: await deleteUnconfirmedBackInTouch(db, unconfirmedBefore) };
  },
};
