/**
 * The newsletter's personal data (docs/product/privacy.md §12): sign-ups, "tell me when it's back" requests and
 * cart reminders, in the privacy export, erased with the person, and kept no longer than RETENTION says.
 */
import { RETENTION } from '../../domain/config';
import { daysBefore } from '../lib/days';
import type { PersonalDataPart } from '../platform';
import {
  backInStockOfEmail,
  deleteBackInStockOfEmail,
  deleteUnconfirmedBackInStock,
} from './back-in-stock-store';
import {
  cartRemindersOfEmail,
  deleteCartRemindersOfEmail,
  deleteExpiredCartReminders,
} from './cart-reminder-store';
import { deleteSignupOfEmail, deleteUnconfirmedSignups, signupOfEmail } from './newsletter-store';

export const newsletterPersonalData: PersonalDataPart = {
  async exportOf(db, { email }) {
    const signup = await signupOfEmail(db, email);
    const backInStock = await backInStockOfEmail(db, email);
    const cartReminders = await cartRemindersOfEmail(db, email);
    return {
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
    };
  },

  async erase(trx, { email }) {
    return {
      newsletterSignupsDeleted: await deleteSignupOfEmail(trx, email),
      backInStockRequestsDeleted: await deleteBackInStockOfEmail(trx, email),
      cartRemindersDeleted: await deleteCartRemindersOfEmail(trx, email),
    };
  },

  async applyRetention(db, now) {
    // Double opt-in: a sign-up or request never confirmed goes after RETENTION.unconfirmedSignupDays.
    const unconfirmedBefore = daysBefore(now, RETENTION.unconfirmedSignupDays).toISOString();
    return {
      unconfirmedSignupsDeleted: await deleteUnconfirmedSignups(db, unconfirmedBefore),
      unconfirmedBackInStockDeleted: await deleteUnconfirmedBackInStock(db, unconfirmedBefore),
      cartRemindersDeleted: await deleteExpiredCartReminders(db, now, {
        daysAfterSent: RETENTION.cartReminderDaysAfterSent,
        unremindedDays: RETENTION.unpaidCheckoutDays,
      }),
    };
  },
};
