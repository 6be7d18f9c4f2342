/**
 * The enquiry store on both dialects: an enquiry and its e-mails are stored together, the list puts new
 * ones first, markQuoted moves only a new enquiry, the owner's changes report whether anything changed,
 * and the privacy module's reads and deletes (by address, by age) find exactly their rows.
 */
import { describe, expect, it } from 'vitest';
import { storeSuite } from '../../tests/support/store-suite';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { outboxRow } from '../mail/outbox';
import {
  deleteEnquiries,
  ENQUIRY_ID_PATTERN,
  EnquiryStore,
  enquiriesOfEmail,
  enquiriesUnchangedSince,
  findEnquiry,
  markQuoted,
  type NewEnquiry,
} from './enquiry-store';

const ENQUIRY: NewEnquiry = {
  name: 'Niamh Kelly',
  email: 'Niamh@Example.ie',
  company: 'Kelly & Co',
  pieces: 30,
  neededBy: '2026-12-10',
  budgetPerPiece: 2500,
  kind: 'corporate',
  occasion: 'Christmas gifts in our colours',
  message: 'Hello,\nthirty for the team.',
};

const T0 = new Date('2026-11-20T10:00:00Z');
const T1 = new Date('2026-11-21T10:00:00Z');

describe.each(TEST_DIALECTS)('the enquiry store on %s', (dialect) => {
  const suite = storeSuite(dialect, (database) => new EnquiryStore(database.db));

  const mail = (to: string) => (row: { id: string }) => [
    outboxRow(
      { orderId: null, reference: row.id, kind: 'enquiry-owner', to, subject: 's', text: 't', html: 'h' },
      'solas.test',
    ),
  ];

  it('stores an enquiry with a random id and its e-mails in one step', async () => {
    const row = await suite.store.create(ENQUIRY, mail('owner@solas.test'), T0);
    expect(row.id).toMatch(ENQUIRY_ID_PATTERN);
    expect(row).toMatchObject({
      name: 'Niamh Kelly',
      email: 'Niamh@Example.ie',
      pieces: 30,
      needed_by: '2026-12-10',
      budget_per_piece: 2500,
      kind: 'corporate',
      status: 'new',
      notes: '',
      message: 'Hello,\nthirty for the team.',
      created_at: T0.toISOString(),
    });
    const second = await suite.store.create(ENQUIRY, mail('owner@solas.test'), T0);
    expect(second.id).not.toBe(row.id);
    const outbox = await suite.database.db.selectFrom('outbox').select(['reference', 'recipient']).execute();
    expect(outbox).toEqual([
      { reference: row.id, recipient: 'owner@solas.test' },
      { reference: second.id, recipient: 'owner@solas.test' },
    ]);
  });

  it('stores neither the enquiry nor its e-mails when queueing fails', async () => {
    // A recipient the outbox refuses (NOT NULL): the enquiry's insert is rolled back with it.
    const broken = (row: { id: string }) =>
      mail('x')(row).map((m) => ({ ...m, recipient: null as unknown as string }));
    await expect(suite.store.create(ENQUIRY, broken, T0)).rejects.toThrow();
    expect(await suite.database.db.selectFrom('enquiries').select('id').execute()).toEqual([]);
    expect(await suite.database.db.selectFrom('outbox').select('id').execute()).toEqual([]);
  });

  it('lists new ones first (newest first within a status), filters and counts by status', async () => {
    const a = await suite.store.create(ENQUIRY, () => [], new Date('2026-11-01T10:00:00Z'));
    const b = await suite.store.create(ENQUIRY, () => [], new Date('2026-11-02T10:00:00Z'));
    const c = await suite.store.create(ENQUIRY, () => [], new Date('2026-11-03T10:00:00Z'));
    await suite.store.update(c.id, { status: 'won' }, T1);
    expect((await suite.store.list(null)).map((r) => r.id)).toEqual([b.id, a.id, c.id]);
    expect((await suite.store.list('won')).map((r) => r.id)).toEqual([c.id]);
    expect(await suite.store.counts()).toEqual({ new: 2, quoted: 0, won: 1, lost: 0 });
  });

  it('markQuoted moves a new enquiry to quoted and leaves quoted, won and lost alone', async () => {
    const row = await suite.store.create(ENQUIRY, () => [], T0);
    expect(await suite.store.findEnquiry(row.id)).toMatchObject({ status: 'new' });
    expect(await markQuoted(suite.database.db, row.id, T1)).toBe(true);
    expect(await findEnquiry(suite.database.db, row.id)).toMatchObject({
      status: 'quoted',
      updated_at: T1.toISOString(),
    });
    expect(await suite.store.markQuoted(row.id)).toBe(false);
    await suite.store.update(row.id, { status: 'lost' }, T1);
    expect(await suite.store.markQuoted(row.id)).toBe(false);
    expect(await suite.store.findEnquiry(row.id)).toMatchObject({ status: 'lost' });
    expect(await suite.store.findEnquiry('enq_unknown')).toBeNull();
    expect(await suite.store.markQuoted('enq_unknown')).toBe(false);
  });

  it('updates status and notes, says when nothing changed, and null for an unknown id', async () => {
    const row = await suite.store.create(ENQUIRY, () => [], T0);
    const first = await suite.store.update(row.id, { status: 'quoted', notes: 'Sent sage samples' }, T1);
    expect(first).toMatchObject({
      changed: true,
      before: { status: 'new', notes: '' },
      row: { status: 'quoted', notes: 'Sent sage samples', updated_at: T1.toISOString() },
    });
    const again = await suite.store.update(
      row.id,
      { status: 'quoted', notes: 'Sent sage samples' },
      new Date(),
    );
    expect(again).toMatchObject({ changed: false, row: { updated_at: T1.toISOString() } });
    expect(await suite.store.update('enq_unknown', { status: 'won' })).toBeNull();
  });

  it('finds enquiries by address (case-insensitive) and by age, and deletes them', async () => {
    const old = await suite.store.create(ENQUIRY, () => [], new Date('2025-01-01T00:00:00Z'));
    const recent = await suite.store.create({ ...ENQUIRY, email: 'other@example.ie' }, () => [], T0);
    expect((await enquiriesOfEmail(suite.database.db, 'niamh@example.ie')).map((r) => r.id)).toEqual([
      old.id,
    ]);
    expect(await enquiriesUnchangedSince(suite.database.db, '2026-01-01T00:00:00.000Z', 10)).toEqual([
      old.id,
    ]);
    expect(await deleteEnquiries(suite.database.db, [old.id])).toBe(1);
    expect(await deleteEnquiries(suite.database.db, [])).toBe(0);
    expect((await suite.store.list(null)).map((r) => r.id)).toEqual([recent.id]);
  });
});
