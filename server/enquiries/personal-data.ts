/**
 * The enquiries' personal data (docs/product/privacy.md §12): in the privacy export as the desk shows them, with
 * their e-mails (whose reference is the enquiry's id); erased with the person, and a year after their last
 * change (RETENTION.enquiryDays), with their e-mails' text. Enquiries hold nothing the law asks to keep.
 */
import type { Kysely } from 'kysely';
import { RETENTION } from '../../domain/config';
import type { Database } from '../db/schema';
import { daysBefore } from '../lib/days';
import { eraseMailOfReferences } from '../mail/outbox';
import type { PersonalDataPart } from '../platform';
import { adminEnquiryOf, deleteEnquiries, enquiriesOfEmail, enquiriesUnchangedSince } from './enquiry-store';

/** Ids of enquiries in batches, so a large backlog never becomes one enormous IN list. */
const BATCH = 500;

export const enquiriesPersonalData: PersonalDataPart = {
  // The owner's copy of an enquiry quotes it: its e-mails carry the enquiry's id as their reference.
  async mailReferences(db, email) {
    return (await enquiriesOfEmail(db, email)).map((e) => e.id);
  },

  async exportOf(db, { email }) {
    // As the desk shows it, the owner's notes included: they are about the person too.
    return { enquiries: (await enquiriesOfEmail(db, email)).map(adminEnquiryOf) };
  },

  // Their e-mails' text goes with the others' (the erasure erases every e-mail of `mailReferences`).
  async erase(trx, { email }) {
    const ids = (await enquiriesOfEmail(trx, email)).map((e) => e.id);
    return { enquiriesErased: await deleteEnquiries(trx, ids) };
  },

  async applyRetention(db, now) {
    const before = daysBefore(now, RETENTION.enquiryDays).toISOString();
    return { enquiriesDeleted: await deleteEnquiriesInBatches(db, before) };
  },
};

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
