/**
 * Privacy by default on both dialects, with a fake clock (the `now` the pass is given): every period of
 * RETENTION erases exactly what it should and nothing before its time, and the owner's export and
 * erasure of one address. Also the newsletter store's double opt-in and resend limit.
 */

import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { priceOrder } from '../../domain/cart/pricing';
import { RETENTION } from '../../domain/config';
import { deliveryPromise } from '../../domain/making/dispatch';
import { cents } from '../../domain/shared/money';
import { storeSuite } from '../../tests/support/store-suite';
import { TEST_DIALECTS } from '../../tests/support/test-database';
import { FEATURES } from '../app';
import { EnquiryStore } from '../enquiries/enquiry-store';
import { DESK_MAIL_KINDS } from '../fulfilment/fulfilment-mail';
import { OutboxSender, outboxRow } from '../mail/outbox';
import { createFileTransport, type MailTransport } from '../mail/transport';
import { NEWSLETTER_MAIL_KINDS } from '../newsletter/mail-kinds';
import { newsletterConfirmationMail } from '../newsletter/newsletter-mail';
import { NewsletterStore } from '../newsletter/newsletter-store';
import { ORDERS_MAIL_KINDS } from '../orders';
import { OrderStore } from '../orders/order-store';
import type { ShippingDetails } from '../payments/provider';
import { createTestCheckoutProvider } from '../payments/test-checkout';
import { QuoteStore } from '../quotes/quote-store';
import { REVIEWS_MAIL_KINDS } from '../reviews/mail-kinds';
import { ErasureRefused, PrivacyStore } from './privacy-store';

/** Every feature's part, as the app composes them (app.ts FEATURES). */
const PERSONAL_DATA = FEATURES.flatMap((f) => (f.personalData ? [f.personalData] : []));

const DAY = 24 * 60 * 60 * 1000;

/** The link token an e-mail's text carries (the database keeps only its hash). */
function tokenIn(text: string): string {
  const token = /token=([A-Za-z0-9_-]{32})/.exec(text)?.[1];
  if (!token) throw new Error('no link in the e-mail');
  return token;
}
const HOUR = 60 * 60 * 1000;
const SHOPPER = 'Shopper@Example.ie';
/** The owner's script, as the privacy routes name it in the audit trail. */
const OWNER = { session: 'token', address: '203.0.113.7' };
const SHIPPING: ShippingDetails = {
  name: 'Aoife Byrne',
  address: {
    line1: '1 Main Street',
    line2: null,
    city: 'Galway',
    state: null,
    postalCode: 'H91 X2Y3',
    country: 'IE',
  },
};
const TOTALS = priceOrder(
  [{ id: '1', name: 'First Light', unitPrice: cents(4000), quantity: 1 }],
  'IE',
  false,
);

describe.each(TEST_DIALECTS)('privacy on %s', (dialect) => {
  const suite = storeSuite(dialect);
  let orders: OrderStore;
  let newsletter: NewsletterStore;
  let privacy: PrivacyStore;
  let mailDir: string;
  let start: number;

  beforeEach(() => {
    orders = new OrderStore(suite.database.db);
    newsletter = new NewsletterStore(suite.database.db, {
      confirmationMail: (email, token) => newsletterConfirmationMail('http://shop.test', email, token),
      senderDomain: 'solas.test',
    });
    mailDir = path.join(suite.data.dir, 'outbox');
    privacy = new PrivacyStore(suite.database.db, { mailDir, parts: PERSONAL_DATA });
    start = Date.now();
  });

  /** An order with a test checkout session; paid (with its two e-mails, sent) when asked. */
  async function order(id: string, paid: boolean): Promise<void> {
    await orders.createPending({
      id,
      provider: 'test-checkout',
      email: SHOPPER,
      totals: TOTALS,
      vat: { vatRate: 23, vatNumber: null },
    });
    const provider = createTestCheckoutProvider({ db: suite.database.db, publicUrl: 'http://shop.test' });
    const session = await provider.createSession({
      orderId: id,
      email: SHOPPER,
      zone: TOTALS.zone,
      lines: TOTALS.lines,
      shipping: TOTALS.shipping,
      giftWrap: TOTALS.giftWrap,
      total: TOTALS.total,
      delivery: deliveryPromise(new Date(), TOTALS.zone),
      successUrl: 'http://shop.test/order-confirmation?session_id={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://shop.test/cart',
    });
    await orders.attachSession(id, session.id);
    // The shopper typed their name and address on the payment page, paid or not.
    await provider.pay(session.id, SHIPPING);
    if (!paid) {
      await suite.database.db
        .updateTable('test_checkout_sessions')
        .set({ status: 'open', payment_status: 'unpaid' })
        .where('order_id', '=', id)
        .execute();
      return;
    }
    await orders.markPaidAndQueue(id, SHIPPING, (o) =>
      [ORDERS_MAIL_KINDS.customer, ORDERS_MAIL_KINDS.owner].map((kind) =>
        outboxRow(
          {
            orderId: o.id,
            reference: o.reference ?? '',
            kind,
            to: kind === ORDERS_MAIL_KINDS.customer ? o.email : 'owner@solas.test',
            subject: 's',
            text: `Hello ${SHIPPING.name}`,
            html: '<p>h</p>',
          },
          'solas.test',
        ),
      ),
    );
    await suite.database.db
      .updateTable('outbox')
      .set({ status: 'sent' })
      .where('order_id', '=', id)
      .execute();
  }

  const orderRow = (id: string) =>
    suite.database.db
      .selectFrom('orders')
      .select(['email', 'shipping_name', 'shipping_address', 'total', 'reference'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const sessionRow = (id: string) =>
    suite.database.db
      .selectFrom('test_checkout_sessions')
      .select(['customer_email', 'shipping_name', 'shipping_address'])
      .where('order_id', '=', id)
      .executeTakeFirstOrThrow();
  const signups = () =>
    suite.database.db.selectFrom('newsletter_signups').select(['email', 'status']).orderBy('id').execute();
  const newsletterMail = () =>
    suite.database.db.selectFrom('outbox').selectAll().where('order_id', 'is', null).orderBy('id').execute();

  it('subscribes only after the link is followed, and sends at most one confirmation an hour', async () => {
    const now = new Date(start);
    expect(await newsletter.signUp(SHOPPER, 'home', now)).toBe('confirmation-queued');
    expect(await newsletter.signUp(SHOPPER.toLowerCase(), 'home', new Date(start + 59 * 60_000))).toBe(
      'recently-sent',
    );
    expect(await newsletterMail()).toHaveLength(1);
    expect(await newsletter.subscribers()).toEqual([]);
    expect(await newsletter.signUp(SHOPPER, 'home', new Date(start + HOUR))).toBe('confirmation-queued');
    const mails = await newsletterMail();
    expect(mails).toHaveLength(2);
    // Each e-mail carries a key of its own; the database keeps only their hashes.
    const tokens = mails.map((m) => tokenIn(m.text_body));
    expect(new Set(tokens).size).toBe(2);
    const stored = JSON.stringify([
      await suite.database.db.selectFrom('newsletter_signups').selectAll().execute(),
      await suite.database.db.selectFrom('newsletter_keys').selectAll().execute(),
    ]);
    for (const [i, mail] of mails.entries()) {
      const token = tokens[i] ?? '';
      expect(stored).not.toContain(token);
      expect(mail).toMatchObject({
        recipient: SHOPPER,
        kind: NEWSLETTER_MAIL_KINDS.newsletterConfirmation,
        order_id: null,
      });
      expect(mail.list_unsubscribe).toBe(`http://shop.test/newsletter/unsubscribe?token=${token}`);
      expect(mail.text_body).toContain(`http://shop.test/newsletter/confirm?token=${token}`);
      expect(mail.text_body).toContain(`Unsubscribe: http://shop.test/newsletter/unsubscribe?token=${token}`);
    }

    // The first e-mail's link still works after the second was sent.
    expect(await newsletter.confirm('x'.repeat(32))).toBe('unknown');
    expect(await newsletter.confirm(tokens[0] ?? '')).toBe('confirmed');
    expect(await newsletter.confirm(tokens[1] ?? '')).toBe('already-confirmed');
    expect(await newsletter.subscribers()).toEqual([
      { email: SHOPPER, source: 'home', signedUpAt: now.toISOString(), confirmedAt: expect.any(String) },
    ]);
    // Subscribed: signing up again sends nothing and says nothing.
    expect(await newsletter.signUp(SHOPPER, 'coming-soon', new Date(start + 5 * HOUR))).toBe(
      'already-subscribed',
    );
    expect(await newsletterMail()).toHaveLength(2);
  });

  it('unsubscribing removes the address from the list and from every export, and cancels its waiting mail', async () => {
    await newsletter.signUp('reader@example.ie', 'home');
    const token = tokenIn((await newsletterMail())[0]?.text_body ?? '');
    await newsletter.confirm(token);
    expect(await newsletter.subscribers()).toHaveLength(1);
    // Its confirmation e-mail has not gone out yet (no sender runs here): it must not go out now.
    expect((await newsletterMail()).map((m) => m.status)).toEqual(['pending']);
    expect(await newsletter.unsubscribe(token)).toBe(true);
    expect(await newsletter.unsubscribe(token)).toBe(false);
    expect(await newsletter.subscribers()).toEqual([]);
    expect(await signups()).toEqual([]);
    expect(await newsletterMail()).toEqual([]);
    expect((await privacy.exportFor('reader@example.ie', OWNER)).newsletter).toBeNull();
  });

  it('erases each kind of personal data when its period ends, not before', async () => {
    await order('ord_unpaid', false);
    await order('ord_paid', true);
    await newsletter.signUp('pending@example.ie', 'home', new Date(start));
    await newsletter.signUp('confirmed@example.ie', 'home', new Date(start));
    const confirmedToken = tokenIn(
      (await newsletterMail()).find((m) => m.recipient === 'confirmed@example.ie')?.text_body ?? '',
    );
    await newsletter.confirm(confirmedToken);
    await suite.database.db
      .updateTable('outbox')
      .set({ status: 'sent' })
      .where('order_id', 'is', null)
      .execute();
    mkdirSync(mailDir, { recursive: true });
    const oldFile = path.join(mailDir, '000001-SOL-A-order-confirmation.eml');
    const newFile = path.join(mailDir, '000002-SOL-A-owner-notification.eml');
    writeFileSync(oldFile, 'To: shopper@example.ie\n\nHello');
    writeFileSync(newFile, 'To: owner@solas.test\n\nHello');
    const at = (ms: number) => new Date(start + ms);

    // Day 7 minus a minute: nothing yet.
    expect(await privacy.applyRetention(at(RETENTION.unconfirmedSignupDays * DAY - 60_000))).toMatchObject({
      unconfirmedSignupsDeleted: 0,
      unpaidCheckoutsErased: 0,
    });
    expect(await privacy.applyRetention(at(RETENTION.unconfirmedSignupDays * DAY + 60_000))).toMatchObject({
      unconfirmedSignupsDeleted: 1,
      unpaidCheckoutsErased: 0,
    });
    expect(await signups()).toEqual([{ email: 'confirmed@example.ie', status: 'confirmed' }]);
    expect((await orderRow('ord_unpaid')).email).toBe(SHOPPER);

    expect(await privacy.applyRetention(at(RETENTION.unpaidCheckoutDays * DAY + 60_000))).toMatchObject({
      unpaidCheckoutsErased: 1,
      paidOrdersAnonymised: 0,
      mailBodiesErased: 0,
    });
    expect(await orderRow('ord_unpaid')).toMatchObject({
      email: '',
      shipping_name: null,
      shipping_address: null,
      total: TOTALS.total,
    });
    expect(await sessionRow('ord_unpaid')).toEqual({
      customer_email: '',
      shipping_name: null,
      shipping_address: null,
    });
    expect(await orderRow('ord_paid')).toMatchObject({ email: SHOPPER, shipping_name: SHIPPING.name });
    expect((await sessionRow('ord_paid')).customer_email).toBe(SHOPPER);

    // E-mails lose their text after the period, and so do the .eml files.
    utimesSync(oldFile, at(-1000), at(-1000));
    utimesSync(newFile, at(RETENTION.mailBodyDays * DAY), at(RETENTION.mailBodyDays * DAY));
    const mailPass = await privacy.applyRetention(at(RETENTION.mailBodyDays * DAY + 60_000));
    expect(mailPass).toMatchObject({ mailBodiesErased: 4, mailFilesDeleted: 1, paidOrdersAnonymised: 0 });
    expect(readdirSync(mailDir)).toEqual([path.basename(newFile)]);
    const mail = await suite.database.db
      .selectFrom('outbox')
      .select(['order_id', 'recipient', 'text_body', 'html_body', 'status'])
      .orderBy('id')
      .execute();
    expect(mail.every((m) => m.text_body === '' && m.html_body === '' && m.status === 'sent')).toBe(true);
    // Order e-mail keeps its recipient while its order is kept; newsletter e-mail keeps none.
    expect(mail.filter((m) => m.order_id === null).map((m) => m.recipient)).toEqual(['', '']);
    expect(mail.filter((m) => m.order_id !== null).map((m) => m.recipient)).toEqual([
      SHOPPER,
      'owner@solas.test',
    ]);
    // The confirmed subscriber stays.
    expect(await newsletter.subscribers()).toHaveLength(1);

    // Paid orders: kept through 31 December of the sale's year + N, anonymised from 1 January after.
    const saleYear = new Date(start).getUTCFullYear();
    const lastKeptYear = saleYear + RETENTION.paidOrderYearsAfterSale;
    expect(
      (await privacy.applyRetention(new Date(Date.UTC(lastKeptYear, 11, 31, 23, 59)))).paidOrdersAnonymised,
    ).toBe(0);
    expect(
      (await privacy.applyRetention(new Date(Date.UTC(lastKeptYear + 1, 0, 1, 0, 1)))).paidOrdersAnonymised,
    ).toBe(1);
    expect(await orderRow('ord_paid')).toMatchObject({
      email: '',
      shipping_name: null,
      // The country stays for the accounts (VAT by place of supply); the rest of the address goes.
      shipping_address: JSON.stringify({ country: SHIPPING.address.country }),
      total: TOTALS.total,
    });
    expect((await orderRow('ord_paid')).reference).toMatch(/^SOL-/);
    expect(await sessionRow('ord_paid')).toEqual({
      customer_email: '',
      shipping_name: null,
      shipping_address: null,
    });
    expect(
      (
        await suite.database.db
          .selectFrom('outbox')
          .select('recipient')
          .where('order_id', '=', 'ord_paid')
          .execute()
      ).map((r) => r.recipient),
    ).toEqual(['', '']);
    // A second pass finds nothing left to do.
    expect(await privacy.applyRetention(new Date(Date.UTC(lastKeptYear + 1, 0, 2)))).toEqual({
      unpaidCheckoutsErased: 0,
      paidOrdersAnonymised: 0,
      unconfirmedSignupsDeleted: 0,
      mailBodiesErased: 0,
      mailFilesDeleted: 0,
      rateLimitWindowsDeleted: 0,
      enquiriesDeleted: 0,
      quotesErased: 0,
      unconfirmedBackInTouchDeleted: 0,
      customerNotesDeleted: 0,
      deskInvitationsPurged: 0,
      unconfirmedBackInStockDeleted: 0,
      cartRemindersDeleted: 0,
      giftCardPeopleErased: 0,
      vatRecordsDeleted: 0,
      shippingLabelPdfsErased: 0,
    });
  });

  it('erases a quote’s client the set number of days after its last valid day, and on request', async () => {
    const quotes = new QuoteStore(suite.database.db);
    const quote = (reference: string, email: string, validUntil: string) =>
      quotes.create(
        {
          reference,
          enquiryId: null,
          email,
          name: 'Acme Events',
          lines: '[]',
          discountPercent: 0,
          zone: 'IE',
          subtotal: 0,
          discount: 0,
          shipping: 0,
          total: 0,
          validUntil,
          dispatchBy: validUntil,
          note: 'For Aoife’s team',
          requestKey: null,
        },
        new Date(),
      );
    await quote('Q-AAAAAAAA', 'old@acme.example', '2026-01-31');
    const key = await quotes.issueKey('Q-AAAAAAAA', new Date());
    expect(await quotes.findWithKey('Q-AAAAAAAA', key)).not.toBeNull();
    await quote('Q-BBBBBBBB', 'recent@acme.example', '2026-03-01');
    await quote('Q-CCCCCCCC', 'Asker@acme.example', '2026-03-01');
    // Valid through 31 January, so ended at the start of 1 February; 90 days later is 2 May.
    expect(RETENTION.quoteDaysAfterValidity).toBe(90);
    expect((await privacy.applyRetention(new Date('2026-05-01T12:00:00Z'))).quotesErased).toBe(0);
    expect((await privacy.applyRetention(new Date('2026-05-02T12:00:00Z'))).quotesErased).toBe(1);
    expect(await quotes.find('Q-AAAAAAAA')).toMatchObject({
      email: '',
      name: null,
      note: null,
    });
    // The page's keys go with the client: the link e-mailed opens nothing any more.
    expect(await quotes.findWithKey('Q-AAAAAAAA', key)).toBeNull();
    expect(await quotes.find('Q-BBBBBBBB')).toMatchObject({
      email: 'recent@acme.example',
      name: 'Acme Events',
    });
    expect((await privacy.exportFor('asker@acme.example', OWNER)).quotes).toEqual([
      expect.objectContaining({ reference: 'Q-CCCCCCCC', note: 'For Aoife’s team' }),
    ]);
    expect((await privacy.eraseFor('asker@ACME.example', OWNER)).quotesErased).toBe(1);
    expect(await quotes.find('Q-CCCCCCCC')).toMatchObject({ email: '', name: null, note: null });
  });

  it('deletes finished rate-limit windows that nobody counted since, and keeps running ones', async () => {
    const nowMs = Date.now();
    await suite.database.db
      .insertInto('rate_limits')
      .values([
        { key: 'a'.repeat(64), hits: 3, window_ends_ms: nowMs - HOUR },
        { key: 'b'.repeat(64), hits: 1, window_ends_ms: nowMs + HOUR },
      ])
      .execute();
    expect((await privacy.applyRetention()).rateLimitWindowsDeleted).toBe(1);
    expect(await suite.database.db.selectFrom('rate_limits').select('key').execute()).toEqual([
      { key: 'b'.repeat(64) },
    ]);
  });

  it('exports everything about an address; refuses to erase while an order is owed, then anonymises the orders the law keeps', async () => {
    await order('ord_unpaid', false);
    await order('ord_paid', true);
    await newsletter.signUp(SHOPPER, 'home');
    await suite.database.db
      .updateTable('outbox')
      .set({ status: 'sent' })
      .where('order_id', 'is', null)
      .execute();
    mkdirSync(mailDir, { recursive: true });
    const ids = (
      await suite.database.db.selectFrom('outbox').select('id').where('recipient', '=', SHOPPER).execute()
    ).map((r) => r.id);
    for (const id of ids) writeFileSync(path.join(mailDir, `${String(id).padStart(6, '0')}-X-kind.eml`), 'x');
    writeFileSync(path.join(mailDir, '999999-X-other.eml'), 'someone else');

    const exported = await privacy.exportFor(' shopper@EXAMPLE.ie ', OWNER);
    expect(exported.orders).toHaveLength(2);
    expect(exported.orders[1]).toMatchObject({
      email: SHOPPER,
      name: SHIPPING.name,
      address: SHIPPING.address,
      lines: [{ name: 'First Light', quantity: 1 }],
      keptUntil: `${new Date().getUTCFullYear() + RETENTION.paidOrderYearsAfterSale}-12-31`,
    });
    expect(exported.testCheckoutSessions).toHaveLength(2);
    // Its own e-mails and the owner's notification about its order, which quotes it.
    expect(exported.emails).toHaveLength(3);
    expect(exported.newsletter).toMatchObject({ email: SHOPPER, status: 'pending', source: 'home' });
    // The links' secret is no fact about the person (their confirmation e-mail's text quotes it anyway).
    expect(exported.newsletter).not.toHaveProperty('token');

    // The paid order is not delivered yet: the shop still owes the parcel, so nothing is erased.
    const { reference } = await orderRow('ord_paid');
    const refused = await privacy.eraseFor(SHOPPER.toUpperCase(), OWNER).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(ErasureRefused);
    expect((refused as ErasureRefused).reference).toBe(reference);
    expect((refused as Error).message).toContain(reference ?? 'none');
    expect((await orderRow('ord_unpaid')).email).toBe(SHOPPER);
    expect(await signups()).toHaveLength(1);

    await suite.database.db
      .updateTable('orders')
      .set({ desk_status: 'delivered', delivered_at: new Date().toISOString() })
      .where('id', '=', 'ord_paid')
      .execute();
    const erased = await privacy.eraseFor(SHOPPER.toUpperCase(), OWNER);
    expect(erased).toMatchObject({
      newsletterSignupsDeleted: 1,
      unpaidCheckoutsErased: 1,
      ordersAnonymised: 1,
      mailBodiesErased: 2,
      mailFilesDeleted: 2,
      paidOrdersKept: [{ reference, keptUntil: expect.any(String) }],
    });
    expect(readdirSync(mailDir)).toEqual(['999999-X-other.eml']);
    const after = await privacy.exportFor(SHOPPER, OWNER);
    expect(after.orders).toHaveLength(0);
    expect(after.newsletter).toBeNull();
    expect(after.testCheckoutSessions).toHaveLength(0);
    expect((await orderRow('ord_unpaid')).email).toBe('');
    // What the accounts keep: reference, amounts and the country; not the person.
    expect(await orderRow('ord_paid')).toEqual({
      email: '',
      shipping_name: null,
      shipping_address: JSON.stringify({ country: 'IE' }),
      total: TOTALS.total,
      reference,
    });
    expect(await sessionRow('ord_paid')).toMatchObject({ customer_email: '', shipping_name: null });
  });

  /** An e-mail about the order, to the shopper (or `replyTo` the shopper), queued now: its outbox id. */
  async function queued(kind: string, to = SHOPPER, replyTo?: string): Promise<number> {
    const row = outboxRow(
      {
        orderId: 'ord_done',
        reference: 'SOL-DONE',
        kind,
        to,
        subject: 's',
        text: `Dear ${SHIPPING.name}`,
        html: '<p>h</p>',
        ...(replyTo ? { replyTo } : {}),
      },
      'solas.test',
    );
    const { id } = await suite.database.db
      .insertInto('outbox')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /** A sender whose transport holds each message until `release` (its sends written as .eml files). */
  function heldSender(outcome: 'sent' | 'refused') {
    const files = createFileTransport(mailDir);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let onTheWay: (id: number) => void = () => {};
    const started = new Promise<number>((resolve) => {
      onTheWay = resolve;
    });
    const sends: number[] = [];
    const transport: MailTransport = {
      description: 'held',
      async send(mail) {
        sends.push(mail.outboxId);
        onTheWay(mail.outboxId);
        await released;
        if (outcome === 'refused') throw new Error('421 try again later');
        return files.send(mail);
      },
      forget: (id) => files.forget?.(id),
      close() {},
    };
    const log = { info() {}, warn() {}, error() {} };
    const sender = new OutboxSender({ db: suite.database.db, transport, from: 'shop@solas.test', log });
    return { sender, started, release, sends };
  }

  /** Everything the shop keeps that names or points to the shopper's address, or her name. */
  async function traces(): Promise<unknown[]> {
    const rows = await suite.database.db.selectFrom('outbox').selectAll().execute();
    const key = SHOPPER.toLowerCase();
    return rows.filter(
      (r) =>
        r.recipient.toLowerCase() === key ||
        r.reply_to?.toLowerCase() === key ||
        r.text_body.includes(SHIPPING.name),
    );
  }

  it.each(['sent', 'refused'] as const)(
    'erasure cancels what waits for the address; one already on its way (%s) keeps nothing',
    async (outcome) => {
      await order('ord_done', true);
      await suite.database.db
        .updateTable('orders')
        .set({ desk_status: 'delivered', delivered_at: new Date().toISOString() })
        .where('id', '=', 'ord_done')
        .execute();
      // The owner's notice, sent, answered the customer.
      const notice = await queued(ORDERS_MAIL_KINDS.withdrawalOwner, 'owner@solas.test', SHOPPER);
      await suite.database.db
        .updateTable('outbox')
        .set({ status: 'sent' })
        .where('id', '=', notice)
        .execute();
      // One e-mail is on its way on another instance at the moment of erasure; the review request was
      // queued a moment before it and waits.
      const held = heldSender(outcome);
      const onItsWay = await queued(DESK_MAIL_KINDS.dispatched);
      held.sender.start();
      expect(await held.started).toBe(onItsWay);
      await queued(REVIEWS_MAIL_KINDS.reviewRequest);

      await privacy.eraseFor(SHOPPER, OWNER);
      held.release();
      await held.sender.idle();
      await held.sender.stop();

      // The waiting one never went, the one on its way was not queued again, and nothing names her.
      expect(held.sends).toEqual([onItsWay]);
      expect(await traces()).toEqual([]);
      expect((await privacy.exportFor(SHOPPER, OWNER)).emails).toEqual([]);
      const files = (() => {
        try {
          return readdirSync(mailDir);
        } catch {
          return [];
        }
      })();
      expect(files.filter((f) => f.startsWith(`${String(onItsWay).padStart(6, '0')}-`))).toEqual([]);
    },
  );

  it("exports and erases an address's enquiries with their e-mails; the pass deletes them a year after their last change", async () => {
    const enquiries = new EnquiryStore(suite.database.db);
    const mails = (row: { id: string; email: string }) =>
      [
        ['enquiry-owner', 'owner@solas.test'],
        ['enquiry-acknowledgement', row.email],
      ].map(([kind = '', to = '']) =>
        outboxRow(
          { orderId: null, reference: row.id, kind, to, subject: 's', text: 'Niamh wrote', html: 'h' },
          'solas.test',
        ),
      );
    const enquiry = {
      name: 'Niamh Kelly',
      company: null,
      pieces: 30,
      neededBy: null,
      budgetPerPiece: null,
      kind: 'corporate' as const,
      occasion: null,
      message: 'Thirty for the team',
    };
    const mine = await enquiries.create({ ...enquiry, email: SHOPPER }, mails);
    const other = await enquiries.create({ ...enquiry, email: 'other@example.ie' }, mails);
    await suite.database.db.updateTable('outbox').set({ status: 'sent' }).execute();

    const exported = await privacy.exportFor(SHOPPER.toLowerCase(), OWNER);
    expect(exported.enquiries).toEqual([
      expect.objectContaining({ name: 'Niamh Kelly', email: SHOPPER, pieces: 30, status: 'new' }),
    ]);
    // The owner's copy quotes the enquiry: it is part of what is stored about the person.
    expect(exported.emails).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'enquiry-owner', to: 'owner@solas.test' })]),
    );

    const erased = await privacy.eraseFor(SHOPPER, OWNER);
    expect(erased).toMatchObject({ enquiriesErased: 1, mailBodiesErased: 2 });
    expect(await enquiries.findEnquiry(mine.id)).toBeNull();
    const left = await suite.database.db.selectFrom('outbox').select(['reference', 'text_body']).execute();
    expect(left.filter((m) => m.reference === mine.id).map((m) => m.text_body)).toEqual(['', '']);
    expect(left.filter((m) => m.reference === other.id).map((m) => m.text_body)).toEqual([
      'Niamh wrote',
      'Niamh wrote',
    ]);
    expect(await enquiries.findEnquiry(other.id)).not.toBeNull();

    const justBefore = new Date(Date.parse(other.updated_at) + (RETENTION.enquiryDays - 1) * DAY);
    expect((await privacy.applyRetention(justBefore)).enquiriesDeleted).toBe(0);
    const after = new Date(Date.parse(other.updated_at) + (RETENTION.enquiryDays + 1) * DAY);
    expect((await privacy.applyRetention(after)).enquiriesDeleted).toBe(1);
    expect(await enquiries.findEnquiry(other.id)).toBeNull();
  });

  it('writes an audit row for every export and erasure: who, when, which address (masked)', async () => {
    const before = new Date().toISOString();
    await privacy.exportFor(SHOPPER, OWNER);
    await privacy.eraseFor(SHOPPER, OWNER);
    const rows = await suite.database.db.selectFrom('admin_audit').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.action, r.session, r.address, r.target])).toEqual([
      ['privacy-export', 'token', '203.0.113.7', 'S***@Example.ie'],
      ['privacy-erase', 'token', '203.0.113.7', 'S***@Example.ie'],
    ]);
    for (const row of rows) {
      expect(row.at >= before).toBe(true);
      expect(JSON.stringify(row)).not.toContain(SHOPPER);
    }
  });
});
