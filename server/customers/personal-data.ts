/**
 * The owner's notes about customers (docs/product/privacy.md §12): in the privacy export (about the person, so
 * theirs to see), erased with the person, and gone once unchanged for as long as a sale's records are kept.
 */
import { RETENTION } from '../../domain/config';
import type { PersonalDataPart } from '../platform';
import { customerNoteOf, deleteCustomerNote, deleteCustomerNotesUnchangedSince } from './customer-store';

export const customersPersonalData: PersonalDataPart = {
  async exportOf(db, { email }) {
    const note = await customerNoteOf(db, email);
    return { customerNote: note ? { text: note.note, updatedAt: note.updatedAt } : null };
  },

  async erase(trx, { email }) {
    return { customerNotesDeleted: await deleteCustomerNote(trx, email) };
  },

  async applyRetention(db, now) {
    // A note outlives no order it is about: once unchanged as long as a sale's records are kept, it goes
    // (1 January of the year after the last kept year, as paid orders are anonymised).
    const firstKeptYear = now.getUTCFullYear() - RETENTION.paidOrderYearsAfterSale;
    const before = new Date(Date.UTC(firstKeptYear, 0, 1)).toISOString();
    return { customerNotesDeleted: await deleteCustomerNotesUnchangedSince(db, before) };
  },
};
