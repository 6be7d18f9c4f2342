/**
 * The gift cards' store and service on both dialects (docs/product/gift-cards.md §19): issue on payment with the
 * recipient's e-mail today or exactly once on a later day (a test clock), partial and multiple spends,
 * holds released on expiry, 20 concurrent reservations of one €50 card over two instances on PostgreSQL,
 * refunds restoring balances, the ledger's sum always equal to the balance, disabling and reissuing, and
 * the privacy export and erasure.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { formatGiftCardCode, parseGiftCardCode } from '../../domain/gift-cards/gift-cards';
import { storeSuite } from '../../tests/support/store-suite';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import type { Actor } from '../audit/audit-trail';
import { type OpenDatabase, openDatabase } from '../db/database';
import { GiftCardRefused, GiftCardService } from './gift-card-service';
import {
  eraseGiftCardEmail,
  eraseGiftCardPeopleExpiredBefore,
  GiftCardStore,
  giftCardsOfEmail,
} from './gift-card-store';

const OWNER: Actor = { session: 's1', address: '203.0.113.1', name: 'Aoife' };
const BUYER = { name: 'Siobhán Byrne', email: 'siobhan@example.ie' };

describe.each(TEST_DIALECTS)('gift cards on %s', (dialect) => {
  const suite = storeSuite(dialect, (database) => new GiftCardStore(database.db));
  let service: GiftCardService;
  let clock: Date;
  let audited: string[];

  function serviceOn(db: OpenDatabase): GiftCardService {
    return new GiftCardService({
      store: new GiftCardStore(db.db),
      publicUrl: 'http://shop.test',
      mailFrom: 'Solas <shop@solas.test>',
      requests: { claimRequest: async () => true, releaseRequest: async () => {} },
      audit: async (entry) => {
        audited.push(entry.action);
      },
      now: () => clock,
    });
  }

  beforeEach(() => {
    clock = new Date('2026-11-27T10:00:00Z');
    audited = [];
    service = serviceOn(suite.database);
  });

  /** The outbox's gift card e-mails, oldest first. */
  async function mails() {
    return suite.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', 'like', 'gift-card-%')
      .orderBy('id')
      .execute();
  }

  /** Buys one card (sent today unless `sendOn`); answers its code, read from the recipient's e-mail. */
  async function buy(amount = 5000, sendOn?: string): Promise<{ id: string; code: string }> {
    const [issued] = await suite.store.transaction((tx) =>
      service.issueForOrder(tx, {
        orderReference: `SOL-${Math.random().toString(36).slice(2, 8)}`,
        buyer: BUYER,
        cards: [
          {
            amount,
            recipientName: 'Niamh',
            recipientEmail: 'niamh@example.ie',
            message: 'Happy Christmas!',
            ...(sendOn ? { sendOn } : {}),
          },
        ],
      }),
    );
    if (!issued) throw new Error('no card issued');
    if (sendOn) await service.sendDue();
    const mail = (await mails()).find((m) => m.kind === `gift-card-${issued.id}`);
    const code = mail?.text_body.match(/[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/)?.[0];
    if (!code) throw new Error('no code in the e-mail');
    return { id: issued.id, code };
  }

  async function reserve(codes: string[], amountDue: number, sessionId: string, on = service) {
    return on.store.transaction((tx) => on.reserve(tx, { codes, amountDue, sessionId }));
  }

  async function expectLedgerIsBalance(id: string) {
    const row = await suite.store.byId(id);
    expect(await suite.store.ledgerSum(id)).toBe(row?.balance);
  }

  it('issues a card on payment: its e-mail today has the code, amount, message, sender, expiry and shop', async () => {
    const { id, code } = await buy(5000);
    const [mail] = await mails();
    expect(mail?.recipient).toBe('niamh@example.ie');
    expect(mail?.text_body).toContain(`Your code: ${code}`);
    expect(mail?.text_body).toContain('€50.00');
    expect(mail?.text_body).toContain('Happy Christmas!');
    expect(mail?.text_body).toContain('Siobhán Byrne');
    // The contract's date beside the expiry (the Gift Vouchers Act), and the terms it is sold on.
    expect(mail?.text_body).toContain('Bought on 27 November 2026. Valid until 27 November 2031');
    expect(mail?.text_body).toContain('http://shop.test/terms-conditions');
    expect(mail?.html_body).toContain('href="http://shop.test/terms-conditions"');
    expect(mail?.text_body).toContain('http://shop.test/');
    const row = await suite.store.byId(id);
    // Only the hash and the last 4 are kept: the code itself is nowhere in the card's row.
    expect(JSON.stringify(row)).not.toContain(parseGiftCardCode(code));
    expect(row).toMatchObject({ last4: code.slice(-4), pending_code: null, expires_on: '2031-11-27' });
    expect(await service.lookUp(code.toLowerCase().replace(/-/g, ''))).toMatchObject({
      id,
      balance: 5000,
      expiresOn: '2031-11-27',
    });
  });

  it('a card for a later day is e-mailed on that day, exactly once', async () => {
    const [issued] = await suite.store.transaction((tx) =>
      service.issueForOrder(tx, {
        orderReference: 'SOL-LATER',
        buyer: BUYER,
        cards: [
          { amount: 2500, recipientName: 'Niamh', recipientEmail: 'niamh@example.ie', sendOn: '2026-12-24' },
        ],
      }),
    );
    expect(issued?.sendOn).toBe('2026-12-24');
    expect(await service.sendDue()).toBe(0);
    expect(await mails()).toHaveLength(0);
    expect((await service.detail(issued?.id ?? '')).status).toBe('scheduled');
    // 23 December, 23:59 in Ireland: not yet.
    clock = new Date('2026-12-23T23:59:00Z');
    expect(await service.sendDue()).toBe(0);
    clock = new Date('2026-12-24T00:01:00Z');
    // Two passes at once (two instances) and a third later: one e-mail.
    const other = serviceOn(suite.database);
    const counts = await Promise.all([service.sendDue(), other.sendDue()]);
    expect(counts[0] + counts[1]).toBe(1);
    expect(await service.sendDue()).toBe(0);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text_body).toMatch(/Your code: [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);
    const row = await suite.store.byId(issued?.id ?? '');
    expect(row?.pending_code).toBeNull();
    expect((await service.detail(issued?.id ?? '')).status).toBe('sent');
  });

  it('the owner corrects a scheduled card’s address: the e-mail goes there on its day', async () => {
    const [issued] = await suite.store.transaction((tx) =>
      service.issueForOrder(tx, {
        orderReference: 'SOL-FIX',
        buyer: BUYER,
        cards: [
          { amount: 2500, recipientName: 'Niamh', recipientEmail: 'niamh@exmple.ie', sendOn: '2026-12-24' },
        ],
      }),
    );
    await service.correctRecipient(issued?.id ?? '', 'niamh@example.ie', OWNER);
    clock = new Date('2026-12-24T09:00:00Z');
    await service.sendDue();
    expect((await mails()).map((m) => m.recipient)).toEqual(['niamh@example.ie']);
    await expect(service.correctRecipient(issued?.id ?? '', 'x@example.ie', OWNER)).rejects.toThrow(
      /sent already/,
    );
  });

  it('a card whose whole balance a checkout holds is Held, not Spent, in the list and on its page', async () => {
    const a = await buy(2000);
    const b = await buy(5000);
    const statusOf = async (card: { id: string; code: string }) => ({
      list: (await service.list(card.code.slice(-4))).find((c) => c.id === card.id)?.status,
      detail: (await service.detail(card.id)).status,
    });
    await reserve([a.code], 2000, 'cs_all');
    await reserve([b.code], 2000, 'cs_part');
    expect(await statusOf(a)).toEqual({ list: 'held', detail: 'held' });
    // Part held, part left to spend: still a card to spend.
    expect(await statusOf(b)).toEqual({ list: 'sent', detail: 'sent' });
    // The checkout ends unpaid: the balance is back.
    await suite.store.transaction((tx) => service.release(tx, 'cs_all'));
    expect(await statusOf(a)).toEqual({ list: 'sent', detail: 'sent' });
    // Held again, then paid: spent.
    await reserve([a.code], 2000, 'cs_paid');
    await suite.store.transaction((tx) => service.spend(tx, 'cs_paid', 'SOL-HELD'));
    expect(await statusOf(a)).toEqual({ list: 'spent', detail: 'spent' });
  });

  it('partial and multiple spends: cards pay in order, each up to its balance, the rest is left to pay', async () => {
    const a = await buy(5000);
    const b = await buy(2000);
    const first = await reserve([a.code], 3000, 'cs_1');
    expect(first).toMatchObject({ rest: 0, parts: [{ cardId: a.id, amount: 3000 }] });
    await suite.store.transaction((tx) => service.spend(tx, 'cs_1', 'SOL-1'));
    expect((await service.lookUp(a.code))?.balance).toBe(2000);
    // €45 with the €20 left on the first card and the €20 of the second: €5 to pay on the hosted checkout.
    const second = await reserve([a.code, b.code], 4500, 'cs_2');
    expect(second.rest).toBe(500);
    expect(second.parts.map((p) => p.amount)).toEqual([2000, 2000]);
    const spent = await suite.store.transaction((tx) => service.spend(tx, 'cs_2', 'SOL-2'));
    expect(spent.parts.map((p) => p.last4)).toEqual([a.code.slice(-4), b.code.slice(-4)]);
    expect((await service.lookUp(a.code))?.balance).toBe(0);
    expect((await service.detail(a.id)).status).toBe('spent');
    // A spent card still answers (balance 0) and pays nothing more.
    expect((await reserve([a.code], 1000, 'cs_3')).rest).toBe(1000);
    const ledger = (await service.detail(a.id)).ledger;
    expect(ledger.map((l) => [l.kind, l.amount, l.reference])).toEqual([
      ['issued', 5000, expect.stringMatching(/^SOL-/)],
      ['reserved', -3000, 'cs_1'],
      ['released', 3000, 'cs_1'],
      ['spent', -3000, 'SOL-1'],
      ['reserved', -2000, 'cs_2'],
      ['released', 2000, 'cs_2'],
      ['spent', -2000, 'SOL-2'],
    ]);
    await expectLedgerIsBalance(a.id);
    await expectLedgerIsBalance(b.id);
  });

  it('an expired card answers as unknown and pays nothing, from the day after its last valid day', async () => {
    const a = await buy(5000);
    clock = new Date('2031-11-27T23:30:00Z');
    expect((await service.lookUp(a.code))?.balance).toBe(5000);
    clock = new Date('2031-11-28T00:30:00Z');
    expect(await service.lookUp(a.code)).toBeNull();
    await expect(reserve([a.code], 1000, 'cs_late')).rejects.toBeInstanceOf(GiftCardRefused);
  });

  it('a code that cannot pay refuses the reservation at its index, and nothing is held', async () => {
    const a = await buy(5000);
    await expect(reserve([a.code, 'ABCD-2345-EFGH-6789'], 3000, 'cs_x')).rejects.toMatchObject({ index: 1 });
    await expect(reserve([a.code, 'ABCD-2345-EFGH-6789'], 3000, 'cs_x')).rejects.toBeInstanceOf(
      GiftCardRefused,
    );
    expect((await service.lookUp(a.code))?.balance).toBe(5000);
    expect(await suite.store.reservations('cs_x')).toHaveLength(0);
  });

  it('a session’s holds are released when it is cancelled, or by the expiry pass once its hold ran out', async () => {
    const a = await buy(5000);
    await reserve([a.code], 3000, 'cs_cancel');
    expect((await service.lookUp(a.code))?.balance).toBe(2000);
    expect(await suite.store.transaction((tx) => service.release(tx, 'cs_cancel'))).toBe(3000);
    expect(await suite.store.transaction((tx) => service.release(tx, 'cs_cancel'))).toBe(0);
    expect((await service.lookUp(a.code))?.balance).toBe(5000);
    await reserve([a.code], 4000, 'cs_lapsed');
    expect(await service.releaseExpired()).toBe(0);
    clock = new Date(clock.getTime() + 25 * 60 * 60 * 1000 + 1);
    expect(await service.releaseExpired()).toBe(4000);
    expect((await service.lookUp(a.code))?.balance).toBe(5000);
    // The payment came after all: the hold is taken again while the card has it.
    const late = await suite.store.transaction((tx) => service.spend(tx, 'cs_lapsed', 'SOL-LATE'));
    expect(late).toMatchObject({ short: 0, parts: [{ amount: 4000 }] });
    expect((await service.lookUp(a.code))?.balance).toBe(1000);
    await expectLedgerIsBalance(a.id);
  });

  it('20 concurrent checkouts (two instances on PostgreSQL) reserve at most the €50 of one card', async () => {
    const a = await buy(5000);
    // SQLite serves one instance; PostgreSQL gets a second pool, as a second instance would have.
    const second = dialect === 'postgres' ? await openDatabase(suite.target.location) : suite.database;
    try {
      const other = serviceOn(second);
      const outcomes = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          reserve([a.code], 3000, `cs_${i}`, i % 2 === 0 ? service : other),
        ),
      );
      const held = outcomes.reduce((sum, o) => sum + o.parts.reduce((s, p) => s + p.amount, 0), 0);
      expect(held).toBe(5000);
      expect(outcomes.filter((o) => o.rest === 0)).toHaveLength(1);
    } finally {
      if (second !== suite.database) await second.close();
    }
    expect((await suite.store.byId(a.id))?.balance).toBe(0);
    await expectLedgerIsBalance(a.id);
  });

  it('a refund goes back to the cards that paid, the latest first, once per refund, expiry unchanged', async () => {
    const a = await buy(2000);
    const b = await buy(5000);
    await reserve([a.code, b.code], 4500, 'cs_r');
    await suite.store.transaction((tx) => service.spend(tx, 'cs_r', 'SOL-R'));
    const first = await suite.store.transaction((tx) =>
      service.restore(tx, { orderReference: 'SOL-R', amount: 3000, refundId: 're_1' }),
    );
    expect(first.restored).toBe(3000);
    expect(first.parts).toEqual([
      { cardId: b.id, last4: b.code.slice(-4), amount: 2500 },
      { cardId: a.id, last4: a.code.slice(-4), amount: 500 },
    ]);
    // The same refund again restores nothing more; a second refund restores what is left of the card part.
    expect(
      (
        await suite.store.transaction((tx) =>
          service.restore(tx, { orderReference: 'SOL-R', amount: 3000, refundId: 're_1' }),
        )
      ).restored,
    ).toBe(0);
    const second = await suite.store.transaction((tx) =>
      service.restore(tx, { orderReference: 'SOL-R', amount: 5000, refundId: 're_2' }),
    );
    expect(second.restored).toBe(1500);
    expect((await service.lookUp(a.code))?.balance).toBe(2000);
    expect((await service.lookUp(b.code))?.balance).toBe(5000);
    expect((await suite.store.byId(a.id))?.expires_on).toBe('2031-11-27');
    expect(
      (await service.detail(a.id)).ledger.filter((l) => l.kind === 'restored').map((l) => l.reference),
    ).toEqual(['re_1', 're_2']);
    await expectLedgerIsBalance(a.id);
    await expectLedgerIsBalance(b.id);
  });

  it('a refund’s part as a new card: once per refund id, e-mailed, audited, neither sold nor issued free', async () => {
    const a = await buy(5000);
    const input = {
      orderReference: 'SOL-N',
      refundId: 're_new',
      amount: 3000,
      recipientName: 'Aoife Byrne',
      recipientEmail: 'aoife@example.ie',
      actor: OWNER,
    };
    const before = await suite.store.totals('2026-11-27');
    const made = await suite.store.transaction((tx) => service.issueForRefund(tx, input));
    // The same refund again (another instance, a retry) answers the same card and issues nothing more.
    const again = await suite.store.transaction((tx) => service.issueForRefund(tx, input));
    expect(again).toEqual(made);
    const row = await suite.store.byId(made.id);
    expect(row).toMatchObject({
      amount: 3000,
      balance: 3000,
      free: 0,
      refund_id: 're_new',
      recipient_email: 'aoife@example.ie',
      expires_on: '2031-11-27',
    });
    expect((await service.detail(made.id)).ledger).toEqual([
      expect.objectContaining({
        kind: 'issued',
        amount: 3000,
        reference: 're_new',
        person: 'Aoife',
        reason: 'Refund re_new of order SOL-N',
      }),
    ]);
    const sent = (await mails()).filter((m) => m.kind === `gift-card-${made.id}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.recipient).toBe('aoife@example.ie');
    const audit = await suite.database.db.selectFrom('admin_audit').select(['action', 'target']).execute();
    expect(audit).toEqual([{ action: 'gift-card-refund', target: made.id }]);
    expect(await suite.store.totals('2026-11-27')).toEqual({
      ...before,
      outstanding: before.outstanding + 3000,
    });
    // The unique refund id holds even past the service's own check.
    await expect(
      suite.store.transaction((tx) =>
        suite.store.insert(
          tx,
          {
            id: 'gc_dup',
            codeHash: 'h-dup',
            last4: 'ABCD',
            amount: 100,
            buyerName: 'Solas',
            buyerEmail: '',
            recipientName: '',
            recipientEmail: 'aoife@example.ie',
            message: '',
            sendOn: '2026-11-27',
            pendingCode: null,
            orderReference: null,
            refundId: 're_new',
            free: false,
            expiresOn: '2031-11-27',
            issuedAt: clock,
          },
          null,
          null,
        ),
      ),
    ).rejects.toThrow();
    await expectLedgerIsBalance(made.id);
    await expectLedgerIsBalance(a.id);
  });

  it('disabling stops the old code at once; a reissue moves the balance to a new code and address', async () => {
    const a = await buy(5000);
    await reserve([a.code], 1500, 'cs_d');
    await suite.store.transaction((tx) => service.spend(tx, 'cs_d', 'SOL-D'));
    const answer = await service.disable(
      a.id,
      { reissue: true, recipientEmail: 'niamh.k@example.ie' },
      OWNER,
    );
    expect(answer.giftCard).toMatchObject({ status: 'disabled', balance: 0 });
    expect(answer.reissued).toMatchObject({
      amount: 3500,
      balance: 3500,
      recipientEmail: 'niamh.k@example.ie',
    });
    expect(await service.lookUp(a.code)).toBeNull();
    await expect(reserve([a.code], 1000, 'cs_after')).rejects.toBeInstanceOf(GiftCardRefused);
    const mail = (await mails()).find((m) => m.kind === `gift-card-${answer.reissued?.id}`);
    expect(mail?.recipient).toBe('niamh.k@example.ie');
    const code = mail?.text_body.match(/[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/)?.[0] ?? '';
    expect(code).not.toBe(a.code);
    expect((await service.lookUp(code))?.balance).toBe(3500);
    expect((await service.detail(a.id)).ledger.at(-1)).toMatchObject({
      kind: 'adjusted',
      amount: -3500,
      person: 'Aoife',
    });
    await expect(service.disable(a.id, { reissue: false }, OWNER)).rejects.toThrow(/already disabled/);
    expect(audited).toEqual(['gift-card-disable']);
    await expectLedgerIsBalance(a.id);
  });

  it('a hold on a card disabled and reissued meanwhile is released to the card that holds its balance now', async () => {
    const a = await buy(5000);
    await reserve([a.code], 1500, 'cs_held');
    const first = await service.disable(a.id, { reissue: true }, OWNER);
    const b = first.reissued?.id ?? '';
    expect(first.reissued).toMatchObject({ balance: 3500 });
    // Reissued again before the checkout ends: the hold follows the chain to the last card.
    const second = await service.disable(b, { reissue: true }, OWNER);
    const c = second.reissued?.id ?? '';
    expect(await suite.store.transaction((tx) => service.release(tx, 'cs_held'))).toBe(1500);
    expect((await suite.store.byId(a.id))?.balance).toBe(0);
    expect((await suite.store.byId(b))?.balance).toBe(0);
    expect((await suite.store.byId(c))?.balance).toBe(5000);
    expect((await service.detail(c)).ledger.at(-1)).toMatchObject({ kind: 'released', amount: 1500 });
    for (const id of [a.id, b, c]) await expectLedgerIsBalance(id);

    // The expiry pass takes the same path; a card disabled without a reissue keeps its own hold.
    const d = await buy(2000);
    await reserve([d.code], 500, 'cs_lapsed');
    const reissued = (await service.disable(d.id, { reissue: true }, OWNER)).reissued?.id ?? '';
    clock = new Date(clock.getTime() + 25 * 60 * 60 * 1000 + 1);
    expect(await service.releaseExpired()).toBe(500);
    expect((await suite.store.byId(reissued))?.balance).toBe(2000);
    expect((await suite.store.byId(d.id))?.balance).toBe(0);
    await expectLedgerIsBalance(d.id);
    await expectLedgerIsBalance(reissued);
  });

  it('a refund after a disable-and-reissue goes to the card that holds the balance now, once', async () => {
    const a = await buy(5000);
    await reserve([a.code], 2000, 'cs_paid');
    await suite.store.transaction((tx) => service.spend(tx, 'cs_paid', 'SOL-RR'));
    const b = (await service.disable(a.id, { reissue: true }, OWNER)).reissued?.id ?? '';
    const c = (await service.disable(b, { reissue: true }, OWNER)).reissued?.id ?? '';
    const expiresOn = (await suite.store.byId(c))?.expires_on;
    const first = await suite.store.transaction((tx) =>
      service.restore(tx, { orderReference: 'SOL-RR', amount: 1200, refundId: 're_a' }),
    );
    expect(first).toMatchObject({ restored: 1200, parts: [{ cardId: c, amount: 1200 }] });
    // The same refund again gives nothing; a later refund gives only what the card paid and is not back yet,
    // counted over the whole chain of cards.
    const again = await suite.store.transaction((tx) =>
      service.restore(tx, { orderReference: 'SOL-RR', amount: 1200, refundId: 're_a' }),
    );
    expect(again.restored).toBe(0);
    const rest = await suite.store.transaction((tx) =>
      service.restore(tx, { orderReference: 'SOL-RR', amount: 5000, refundId: 're_b' }),
    );
    expect(rest.restored).toBe(800);
    expect((await suite.store.byId(a.id))?.balance).toBe(0);
    expect((await suite.store.byId(b))?.balance).toBe(0);
    expect(await suite.store.byId(c)).toMatchObject({ balance: 5000, expires_on: expiresOn });
    expect((await service.detail(c)).ledger.at(-1)).toMatchObject({ kind: 'restored', amount: 800 });
    for (const id of [a.id, b, c]) await expectLedgerIsBalance(id);
  });

  it('a reissue while a checkout holds the whole balance makes the new card; the hold lands on it', async () => {
    const a = await buy(5000);
    await reserve([a.code], 5000, 'cs_whole');
    expect(await service.detail(a.id)).toMatchObject({ balance: 0, held: 5000 });
    const answer = await service.disable(a.id, { reissue: true }, OWNER);
    // €0.00 to spend while the checkout holds the rest; its amount is the whole value it carries.
    expect(answer.reissued).toMatchObject({ amount: 5000, balance: 0 });
    const b = answer.reissued?.id ?? '';
    const mail = (await mails()).find((m) => m.kind === `gift-card-${b}`);
    const code = mail?.text_body.match(/[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/)?.[0] ?? '';
    expect(mail?.text_body).toContain('Amount: €0.00');
    expect((await service.lookUp(code))?.balance).toBe(0);
    expect(await suite.store.transaction((tx) => service.release(tx, 'cs_whole'))).toBe(5000);
    expect((await service.lookUp(code))?.balance).toBe(5000);
    expect((await suite.store.byId(a.id))?.balance).toBe(0);
    expect(await service.detail(a.id)).toMatchObject({ held: 0 });
    for (const id of [a.id, b]) await expectLedgerIsBalance(id);

    // Paid instead: the hold is spent on the order and the new card keeps nothing.
    const d = await buy(3000);
    await reserve([d.code], 3000, 'cs_spent');
    const e = (await service.disable(d.id, { reissue: true }, OWNER)).reissued?.id ?? '';
    await suite.store.transaction((tx) => service.spend(tx, 'cs_spent', 'SOL-W'));
    expect((await suite.store.byId(e))?.balance).toBe(0);
    expect((await suite.store.byId(d.id))?.balance).toBe(0);
    for (const id of [d.id, e]) await expectLedgerIsBalance(id);
  });

  it('the owner issues a card without payment, with its reason in the ledger and the audit', async () => {
    const card = await service.issueFree(
      {
        amount: 2500,
        recipientName: 'Raffle winner',
        recipientEmail: 'winner@example.ie',
        reason: 'Christmas raffle',
      },
      OWNER,
    );
    expect(card).toMatchObject({ free: true, amount: 2500, status: 'sent', buyerName: 'Solas' });
    expect((await service.detail(card.id)).ledger).toEqual([
      expect.objectContaining({ kind: 'issued', amount: 2500, person: 'Aoife', reason: 'Christmas raffle' }),
    ]);
    expect(audited).toEqual(['gift-card-issue']);
    expect(await suite.store.totals('2026-11-27')).toEqual({ sold: 0, issuedFree: 2500, outstanding: 2500 });
    await expect(
      service.issueFree(
        {
          amount: 2500,
          recipientName: 'X',
          recipientEmail: 'x@example.ie',
          reason: 'r',
          sendOn: '2028-01-01',
        },
        OWNER,
      ),
    ).rejects.toThrow(/send date/);
  });

  it('Numbers: sold, issued free and the outstanding balance (expired and disabled cards owe nothing)', async () => {
    const a = await buy(5000);
    await buy(2500);
    await reserve([a.code], 1000, 'cs_n');
    expect(await suite.store.totals('2026-11-27')).toEqual({ sold: 7500, issuedFree: 0, outstanding: 6500 });
    expect(await suite.store.totals('2031-11-28')).toEqual({ sold: 7500, issuedFree: 0, outstanding: 0 });
    // A lost card reissued is not sold again: its balance and its hold move to the new card.
    await service.disable(a.id, { reissue: true }, OWNER);
    expect(await suite.store.totals('2026-11-27')).toEqual({ sold: 7500, issuedFree: 0, outstanding: 6500 });
  });

  it('the privacy export lists cards bought and received; erasure keeps the card usable', async () => {
    const a = await buy(5000);
    expect((await giftCardsOfEmail(suite.database.db, 'NIAMH@example.ie')).map((c) => c.id)).toEqual([a.id]);
    expect((await giftCardsOfEmail(suite.database.db, 'siobhan@example.ie')).map((c) => c.id)).toEqual([
      a.id,
    ]);
    expect(await eraseGiftCardEmail(suite.database.db, 'niamh@example.ie')).toBe(1);
    expect(await eraseGiftCardEmail(suite.database.db, 'siobhan@example.ie')).toBe(1);
    expect(await suite.store.byId(a.id)).toMatchObject({
      recipient_name: '',
      recipient_email: '',
      buyer_name: '',
      buyer_email: '',
      message: '',
    });
    expect(await giftCardsOfEmail(suite.database.db, 'niamh@example.ie')).toHaveLength(0);
    expect((await reserve([formatGiftCardCode(parseGiftCardCode(a.code) ?? '')], 1000, 'cs_e')).rest).toBe(0);
  });

  it('retention: a year past its last valid day a card loses its people, not its amounts', async () => {
    const a = await buy(5000);
    expect(await eraseGiftCardPeopleExpiredBefore(suite.database.db, '2031-11-27')).toBe(0);
    expect(await eraseGiftCardPeopleExpiredBefore(suite.database.db, '2032-11-27')).toBe(1);
    expect(await suite.store.byId(a.id)).toMatchObject({
      recipient_email: '',
      buyer_email: '',
      amount: 5000,
      balance: 5000,
    });
    expect(await eraseGiftCardPeopleExpiredBefore(suite.database.db, '2032-11-27')).toBe(0);
  });

  it('the desk’s search finds a card by last 4, recipient or buyer', async () => {
    const a = await buy(5000);
    for (const q of [a.code.slice(-4).toLowerCase(), 'niamh', 'Siobhán', 'siobhan@example']) {
      expect((await service.list(q)).map((c) => c.id)).toEqual([a.id]);
    }
    expect(await service.list('nobody')).toEqual([]);
  });
});
