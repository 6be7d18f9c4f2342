/**
 * Enquiries through the real app (docs/product/enquiries.md §16): a valid enquiry is 201 with the owner's e-mail and
 * the visitor's acknowledgement queued, every field's refusal names it and stores nothing, the hidden
 * field gets a 201 and nothing else, the per-client limit answers 429, typed text stays text in the HTML,
 * and the desk lists, shows and changes enquiries once per Idempotency-Key with an audit row.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND, CORPORATE } from '../../domain/config';
import { ENQUIRY_MAIL_SUBJECTS, ENQUIRY_MESSAGES } from '../../domain/enquiries/enquiry-texts';
import { addDays, irishDate } from '../../domain/shared/calendar-date';
import { INPUT_TEXT_ERRORS } from '../../domain/shared/input-text';
import { buildTestApp, outboxRows, TEST_PUBLIC_URL, tempDataDir } from '../../tests/support/test-app';
import { ROUTE_DIALECTS } from '../../tests/support/test-database';
import { startTestShop, type TestShop } from '../../tests/support/test-shop';
import { ACKNOWLEDGEMENT_LIMIT } from './enquiry-service';
import { ENQUIRY_ID_PATTERN } from './enquiry-store';

const ADMIN_TOKEN = 'enquiries-test-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
const OWNER = 'owner@solas.test';

let app: FastifyInstance;
let data: ReturnType<typeof tempDataDir>;
let client = 0;

/** Each request from its own address, unless the test counts one client's requests. */
function nextClient(): string {
  client += 1;
  return `198.51.100.${client}`;
}

const tomorrow = () => addDays(irishDate(new Date()), 1);

function valid(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Niamh Kelly',
    email: 'niamh@example.ie',
    company: 'Kelly & Co',
    pieces: 30,
    neededBy: tomorrow(),
    budgetPerPiece: 2500,
    message: 'Thirty bracelets for the team, please.',
    ...over,
  };
}

function submit(body: unknown, remoteAddress = nextClient()) {
  return app.inject({
    method: 'POST',
    url: '/api/enquiries',
    payload: body as object,
    headers: { origin: TEST_PUBLIC_URL },
    remoteAddress,
  });
}

async function enquiryRows() {
  return app.platform.db.selectFrom('enquiries').selectAll().orderBy('created_at').execute();
}

beforeAll(async () => {
  data = tempDataDir();
  app = await buildTestApp({ DATA_DIR: data.dir, ADMIN_TOKEN, OWNER_EMAIL: OWNER });
});

afterAll(async () => {
  await app.close();
  data.remove();
});

describe('POST /api/enquiries', () => {
  it('stores the enquiry and queues the owner e-mail and the acknowledgement: 201 { ok: true }', async () => {
    const before = (await outboxRows(app)).length;
    const res = await submit(valid({ message: 'Line one\nLine <b>two</b>', occasion: 'Brand colours' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    const row = (await enquiryRows()).at(-1);
    expect(row).toMatchObject({
      name: 'Niamh Kelly',
      email: 'niamh@example.ie',
      company: 'Kelly & Co',
      pieces: 30,
      kind: 'corporate',
      occasion: 'Brand colours',
      status: 'new',
      message: 'Line one\nLine <b>two</b>',
    });
    expect(row?.id).toMatch(ENQUIRY_ID_PATTERN);
    const mails = (await outboxRows(app)).slice(before);
    expect(mails.map((m) => [m.kind, m.recipient, m.subject, m.reference])).toEqual([
      ['enquiry-owner', OWNER, ENQUIRY_MAIL_SUBJECTS.owner('corporate', 30), row?.id],
      ['enquiry-acknowledgement', 'niamh@example.ie', ENQUIRY_MAIL_SUBJECTS.acknowledgement, row?.id],
    ]);
    const [owner, ack] = mails;
    expect(owner?.text_body).toContain(`${TEST_PUBLIC_URL}/admin#/enquiries/${row?.id}`);
    expect(owner?.text_body).toContain('Line <b>two</b>');
    // Text stays text: escaped in the HTML, never markup.
    expect(owner?.html_body).toContain('Line &lt;b&gt;two&lt;/b&gt;');
    expect(owner?.html_body).not.toContain('<b>two</b>');
    // The acknowledgement repeats no typed text (the form must not mail a stranger someone's words).
    expect(ack?.text_body).toContain('30 pieces');
    expect(ack?.text_body).not.toContain('Niamh');
    expect(ack?.text_body).not.toContain('Line one');
  });

  it('takes the contract body without the optional fields: a bespoke enquiry of one piece', async () => {
    const res = await submit({ name: 'Aoife', email: 'aoife@example.ie', pieces: 1, message: 'A bracelet.' });
    expect(res.statusCode).toBe(201);
    expect((await enquiryRows()).at(-1)).toMatchObject({
      company: null,
      needed_by: null,
      budget_per_piece: null,
      kind: 'bespoke',
      occasion: null,
    });
  });

  it(`accepts a corporate enquiry under ${CORPORATE.minimumPieces} pieces (the form tells the minimum)`, async () => {
    expect((await submit(valid({ kind: 'corporate', pieces: 3 }))).statusCode).toBe(201);
  });

  it.each([
    ['name', { name: '' }, ENQUIRY_MESSAGES.name],
    ['name', { name: 'x'.repeat(101) }, ENQUIRY_MESSAGES.name],
    ['name', { name: 'Evil\r\nBcc: x@y.z' }, `name: ${INPUT_TEXT_ERRORS.singleLine}`],
    ['name', { name: undefined }, ENQUIRY_MESSAGES.name],
    ['email', { email: 'not an address' }, ENQUIRY_MESSAGES.email],
    ['email', { email: `${'a'.repeat(250)}@example.ie` }, ENQUIRY_MESSAGES.email],
    ['company', { company: 'x'.repeat(121) }, ENQUIRY_MESSAGES.company],
    ['pieces', { pieces: 0 }, ENQUIRY_MESSAGES.pieces],
    ['pieces', { pieces: 2.5 }, ENQUIRY_MESSAGES.pieces],
    ['pieces', { pieces: '30' }, ENQUIRY_MESSAGES.pieces],
    ['pieces', { pieces: undefined }, ENQUIRY_MESSAGES.pieces],
    ['neededBy', { neededBy: '2026-02-30' }, ENQUIRY_MESSAGES.neededBy],
    ['neededBy', { neededBy: '24/12/2026' }, ENQUIRY_MESSAGES.neededBy],
    ['neededBy', { neededBy: '2020-01-01' }, ENQUIRY_MESSAGES.neededBy],
    ['budgetPerPiece', { budgetPerPiece: 25.5 }, ENQUIRY_MESSAGES.budgetPerPiece],
    ['budgetPerPiece', { budgetPerPiece: 0 }, ENQUIRY_MESSAGES.budgetPerPiece],
    ['kind', { kind: 'wholesale' }, ENQUIRY_MESSAGES.kind],
    ['occasion', { occasion: 'x'.repeat(201) }, ENQUIRY_MESSAGES.occasion],
    ['message', { message: '   ' }, ENQUIRY_MESSAGES.message],
    ['message', { message: 'x'.repeat(4001) }, ENQUIRY_MESSAGES.message],
    ['message', { message: 'Hi\u202Eevil' }, `message: ${INPUT_TEXT_ERRORS.freeText}`],
    ['an unknown field', { price: 100 }, null],
  ])('refuses a bad %s with 400 naming it, and stores nothing', async (field, over, message) => {
    const before = (await enquiryRows()).length;
    const res = await submit(valid(over));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.ok).toBe(false);
    if (message !== null) expect(body.error).toBe(message);
    else expect(body.error).toMatch(/price|unrecognized/i);
    if (field !== 'an unknown field') expect(body.error).toContain(field);
    expect((await enquiryRows()).length).toBe(before);
  });

  it('answers a filled-in hidden field with 201 and stores and sends nothing', async () => {
    const [enquiries, mails] = [(await enquiryRows()).length, (await outboxRows(app)).length];
    const res = await submit(valid({ website: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect((await enquiryRows()).length).toBe(enquiries);
    expect((await outboxRows(app)).length).toBe(mails);
    // An empty hidden field is a person's form.
    expect((await submit(valid({ website: '' }))).statusCode).toBe(201);
    expect((await enquiryRows()).length).toBe(enquiries + 1);
  });

  it('limits each client: 429 with Retry-After after 5 in an hour', async () => {
    const address = '203.0.113.99';
    for (let i = 0; i < 5; i += 1) expect((await submit(valid(), address)).statusCode).toBe(201);
    const limited = await submit(valid(), address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().ok).toBe(false);
    // Another client is not affected.
    expect((await submit(valid())).statusCode).toBe(201);
  });

  it(`acknowledges one address at most ${ACKNOWLEDGEMENT_LIMIT.perAddress} times a day; the owner still hears of each`, async () => {
    const email = 'target@example.ie';
    for (let i = 0; i < ACKNOWLEDGEMENT_LIMIT.perAddress + 2; i += 1)
      expect((await submit(valid({ email: i % 2 ? email.toUpperCase() : email }))).statusCode).toBe(201);
    const rows = (await outboxRows(app)).filter((m) => m.kind === 'enquiry-acknowledgement');
    expect(rows.filter((m) => m.recipient.toLowerCase() === email)).toHaveLength(
      ACKNOWLEDGEMENT_LIMIT.perAddress,
    );
    const stored = (await enquiryRows()).filter((r) => r.email.toLowerCase() === email);
    expect(stored).toHaveLength(ACKNOWLEDGEMENT_LIMIT.perAddress + 2);
  });

  it('refuses a cross-site post', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/enquiries',
      payload: valid(),
      headers: { origin: 'https://evil.example' },
      remoteAddress: nextClient(),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the desk: /api/admin/enquiries', () => {
  function patch(id: string, body: unknown, key?: string) {
    return app.inject({
      method: 'PATCH',
      url: `/api/admin/enquiries/${id}`,
      payload: body as object,
      headers: { ...auth, origin: TEST_PUBLIC_URL, ...(key ? { 'idempotency-key': key } : {}) },
    });
  }

  it('needs the owner', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/enquiries' })).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: '/api/admin/enquiries/enq_x',
          payload: { status: 'won' },
          headers: { origin: TEST_PUBLIC_URL },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('lists enquiries with the contract fields, new first, filtered by status, with counts', async () => {
    await submit(valid({ name: 'Listed Person', pieces: 42 }));
    const res = await app.inject({ method: 'GET', url: '/api/admin/enquiries', headers: auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toBe(true);
    const listed = body.enquiries.find((e: { name: string }) => e.name === 'Listed Person');
    expect(listed).toMatchObject({
      id: expect.stringMatching(ENQUIRY_ID_PATTERN),
      name: 'Listed Person',
      email: 'niamh@example.ie',
      company: 'Kelly & Co',
      pieces: 42,
      neededBy: tomorrow(),
      status: 'new',
      budgetPerPiece: 2500,
      kind: 'corporate',
      notes: '',
    });
    expect(body.counts.new).toBe(body.enquiries.length);
    const one = await app.inject({ method: 'GET', url: `/api/admin/enquiries/${listed.id}`, headers: auth });
    expect(one.json()).toEqual({ ok: true, enquiry: listed });
    const missing = await app.inject({ method: 'GET', url: '/api/admin/enquiries/enq_nope', headers: auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ ok: false, error: ENQUIRY_MESSAGES.notFound });
    const bad = await app.inject({ method: 'GET', url: '/api/admin/enquiries?status=open', headers: auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(ENQUIRY_MESSAGES.status);
  });

  it('changes status and notes once per Idempotency-Key, with an audit row that holds no note text', async () => {
    await submit(valid({ name: 'Patched Person' }));
    const list = (await app.inject({ method: 'GET', url: '/api/admin/enquiries', headers: auth })).json();
    const id = list.enquiries.find((e: { name: string }) => e.name === 'Patched Person').id as string;

    const first = await patch(id, { status: 'quoted', notes: 'Sent samples\nby post' }, 'submission-1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      ok: true,
      changed: true,
      enquiry: { id, status: 'quoted', notes: 'Sent samples\nby post' },
    });
    const repeat = await patch(id, { status: 'quoted', notes: 'Sent samples\nby post' }, 'submission-1');
    expect(repeat.json()).toMatchObject({ ok: true, changed: false, enquiry: { status: 'quoted' } });
    const won = await patch(id, { status: 'won' }, 'submission-2');
    expect(won.json()).toMatchObject({
      changed: true,
      enquiry: { status: 'won', notes: 'Sent samples\nby post' },
    });

    const filtered = await app.inject({
      method: 'GET',
      url: '/api/admin/enquiries?status=won',
      headers: auth,
    });
    expect(filtered.json().enquiries.map((e: { id: string }) => e.id)).toEqual([id]);

    const audit = await app.platform.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('action', '=', 'enquiry-update')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.target, a.detail, a.session])).toEqual([
      [id, 'new -> quoted; notes', 'token'],
      [id, 'quoted -> won', 'token'],
    ]);
  });

  it('refuses an empty change, a bad status, a bad note and an unknown id', async () => {
    await submit(valid({ name: 'Refused Person' }));
    const list = (await app.inject({ method: 'GET', url: '/api/admin/enquiries', headers: auth })).json();
    const id = list.enquiries.find((e: { name: string }) => e.name === 'Refused Person').id as string;
    expect((await patch(id, {})).json()).toEqual({ ok: false, error: ENQUIRY_MESSAGES.emptyPatch });
    const status = await patch(id, { status: 'closed' });
    expect([status.statusCode, status.json().error]).toEqual([400, ENQUIRY_MESSAGES.status]);
    const notes = await patch(id, { notes: 'x'.repeat(4001) });
    expect([notes.statusCode, notes.json().error]).toEqual([400, ENQUIRY_MESSAGES.notes]);
    const unknown = await patch('enq_nope', { status: 'won' });
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, ENQUIRY_MESSAGES.notFound]);
  });

  it('finds and marks quoted through the store API the quotes use', async () => {
    await submit(valid({ name: 'Quoted Person' }));
    const list = (await app.inject({ method: 'GET', url: '/api/admin/enquiries', headers: auth })).json();
    const id = list.enquiries.find((e: { name: string }) => e.name === 'Quoted Person').id as string;
    expect(await app.enquiries.store.findEnquiry(id)).toMatchObject({ id, status: 'new' });
    expect(await app.enquiries.store.markQuoted(id)).toBe(true);
    expect(await app.enquiries.store.findEnquiry(id)).toMatchObject({ status: 'quoted' });
  });
});

describe.each(ROUTE_DIALECTS)("the owner's e-mail of an enquiry on %s", (dialect) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop(dialect, { OWNER_EMAIL: OWNER });
  });
  afterAll(() => shop.stop());

  it("answers the client: Reply-To is the client's address; the acknowledgement's is the shop's contact", async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/enquiries',
      payload: valid({ email: 'niamh.kelly+gifts@example.ie' }),
      headers: { origin: TEST_PUBLIC_URL },
    });
    expect(res.statusCode).toBe(201);
    const mails = await shop.smtp.waitFor(2);
    const owner = mails.find((m) => m.envelopeTo.includes(OWNER));
    const ack = mails.find((m) => m.envelopeTo.includes('niamh.kelly+gifts@example.ie'));
    expect(owner?.parsed.replyTo?.value.map((a) => a.address)).toEqual(['niamh.kelly+gifts@example.ie']);
    // The reply goes to the client only: the owner's notification is still sent to the owner alone.
    expect(owner?.envelopeTo).toEqual([OWNER]);
    expect(owner?.raw.match(/^Reply-To:/gim)).toHaveLength(1);
    expect(ack?.parsed.replyTo?.value.map((a) => a.address)).toEqual([BRAND.contactEmail]);
  });
});
