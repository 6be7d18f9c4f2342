/**
 * The owner's settings through the real app: the contract of GET/PATCH /api/admin/settings (the desk's
 * guards, a 400 naming each refused field, the 409 on a stale save, an audit row per change), the
 * storefront's public view (no order e-mail), and the checkout following them (one database, ROUTE_DIALECTS): the zone's current price and
 * threshold, a removed zone refused, paused sales refused with nothing created, a past order keeping
 * what it was charged; and, on both databases, a save on one instance charged on another within 5 s.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchCalendar, dispatchDate } from '../../domain/making/dispatch';
import {
  type AllSettings,
  pausedSalesMessage,
  publicSettings,
  publicSettingsAnswerSchema,
  SEEDED_ZONES,
  SHOP_SETTINGS_MESSAGES,
  zoneClosedMessage,
} from '../../domain/settings/shop-settings';
import { addDays, type IsoDate, irishDate, weekday } from '../../domain/shared/calendar-date';
import {
  buildTestApp,
  GALWAY_CARD_FORM,
  orderRows,
  outboxRows,
  outboxSettled,
  payAndConfirm,
  tempDataDir,
} from '../../tests/support/test-app';
import {
  createTestDatabase,
  ROUTE_DIALECTS,
  TEST_DIALECTS,
  type TestDatabase,
} from '../../tests/support/test-database';
import { BACK_IN_TOUCH_SUBJECTS } from './back-in-touch-mail';
import { deleteUnconfirmedBackInTouch } from './back-in-touch-store';

const ADMIN_TOKEN = 'settings-api-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };

const apps: FastifyInstance[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

async function start(database?: TestDatabase, pollMs?: number): Promise<FastifyInstance> {
  const data = tempDataDir();
  cleanups.push(data.remove);
  // SQLite: two instances share the database file by sharing its data directory.
  const dir = typeof database?.location === 'string' ? database.location : data.dir;
  const app = await buildTestApp(
    { DATA_DIR: dir, ADMIN_TOKEN, SELLER_NAME: 'Aoife Byrne', ...database?.env },
    pollMs === undefined ? {} : { cataloguePollMs: pollMs },
  );
  apps.push(app);
  return app;
}

async function onDatabase(dialect: (typeof TEST_DIALECTS)[number]): Promise<TestDatabase> {
  const data = tempDataDir();
  cleanups.push(data.remove);
  const database = await createTestDatabase(dialect, data.dir, { migrated: true });
  cleanups.push(() => database.remove());
  return database;
}

async function read(app: FastifyInstance): Promise<AllSettings> {
  const res = await app.inject({ method: 'GET', url: '/api/admin/settings', headers: auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as { settings: AllSettings }).settings;
}

async function patch(app: FastifyInstance, body: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method: 'PATCH',
    url: '/api/admin/settings',
    headers: { ...auth, ...headers },
    payload: body as object,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

async function checkout(app: FastifyInstance, zone: string, items = [{ id: '1', quantity: 1 }]) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: { email: 'ciara@example.ie', items, zone },
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** 1 = Monday ... 7 = Sunday, as the settings count working days. */
const isoWeekday = (date: string | null | undefined) => (date ? weekday(date as IsoDate) || 7 : 0);

const zonesWith = (change: (zone: (typeof SEEDED_ZONES)[number]) => object | null) =>
  SEEDED_ZONES.map(change).filter((z) => z !== null);

describe('the settings contract', () => {
  it('answers the first start’s settings, guarded as every owner route', async () => {
    const app = await start();
    const settings = await read(app);
    expect(settings).toMatchObject({
      makingCapacityPerDay: expect.any(Number),
      earlyBird: null,
      seller: { name: 'Aoife Byrne', vatNumber: null, vatRate: 23 },
      shipping: { zones: SEEDED_ZONES },
      closures: [],
      workingDays: [1, 2, 3, 4, 5],
      away: { mode: 'off', until: null, message: '' },
      announcement: { enabled: true },
      updatedAt: expect.any(String),
    });
    expect((await app.inject({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401);
    const crossSite = await app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/json',
      },
      payload: { workingDays: [1] },
    });
    expect([401, 403]).toContain(crossSite.statusCode);
  });

  const seller = {
    name: 'Aoife Byrne, trading as Solas',
    address: '4 Quay Street, Galway, H91 AB12, Ireland',
    email: 'hello@aoife.example',
    orderEmail: 'orders@aoife.example',
    vatNumber: 'IE1234567T',
    vatRate: 23,
  };
  const away = { mode: 'pause-sales', until: '2099-01-10', message: 'At a fair' };

  it.each([
    ['seller.name', { seller: { ...seller, name: '' } }, SHOP_SETTINGS_MESSAGES.sellerName],
    [
      'seller.address on two lines',
      { seller: { ...seller, address: 'a\nb' } },
      SHOP_SETTINGS_MESSAGES.sellerAddress,
    ],
    ['seller.email', { seller: { ...seller, email: 'nope' } }, SHOP_SETTINGS_MESSAGES.sellerEmail],
    [
      'seller.orderEmail',
      { seller: { ...seller, orderEmail: 'a@b' } },
      SHOP_SETTINGS_MESSAGES.sellerOrderEmail,
    ],
    [
      'seller.vatNumber',
      { seller: { ...seller, vatNumber: 'GB123' } },
      SHOP_SETTINGS_MESSAGES.sellerVatNumber,
    ],
    ['seller.vatRate', { seller: { ...seller, vatRate: 31 } }, SHOP_SETTINGS_MESSAGES.sellerVatRate],
    [
      'a price in part cents',
      { shipping: { zones: zonesWith((z) => ({ ...z, price: 9.5 })) } },
      SHOP_SETTINGS_MESSAGES.zonePrice,
    ],
    [
      'a negative threshold',
      { shipping: { zones: zonesWith((z) => ({ ...z, freeFrom: -1 })) } },
      SHOP_SETTINGS_MESSAGES.zoneFreeFrom,
    ],
    [
      'an unknown country',
      { shipping: { zones: zonesWith((z) => ({ ...z, countries: ['XX'] })) } },
      SHOP_SETTINGS_MESSAGES.zoneCountries,
    ],
    [
      'a country in two zones',
      { shipping: { zones: zonesWith((z) => ({ ...z, countries: ['FR'] })) } },
      SHOP_SETTINGS_MESSAGES.zoneCountryTwice,
    ],
    ['no zone', { shipping: { zones: [] } }, SHOP_SETTINGS_MESSAGES.zones],
    [
      'a closure ending first',
      { closures: [{ from: '2099-01-05', to: '2099-01-01', reason: 'Fair' }] },
      SHOP_SETTINGS_MESSAGES.closureOrder,
    ],
    [
      'a closure without reason',
      { closures: [{ from: '2099-01-01', to: '2099-01-01', reason: ' ' }] },
      SHOP_SETTINGS_MESSAGES.closureReason,
    ],
    ['day 8', { workingDays: [1, 8] }, SHOP_SETTINGS_MESSAGES.workingDays],
    ['a day twice', { workingDays: [1, 1] }, SHOP_SETTINGS_MESSAGES.workingDays],
    [
      'away without a return date',
      { away: { ...away, until: null } },
      SHOP_SETTINGS_MESSAGES.awayUntilMissing,
    ],
    [
      'a return date in the past',
      { away: { ...away, until: '2020-01-01' } },
      SHOP_SETTINGS_MESSAGES.awayUntil,
    ],
    [
      'a bidirectional override',
      { away: { ...away, message: 'back \u202e soon' } },
      SHOP_SETTINGS_MESSAGES.awayMessage,
    ],
    [
      'an announcement too long',
      { announcement: { text: 'x'.repeat(121), enabled: true } },
      SHOP_SETTINGS_MESSAGES.announcementText,
    ],
    [
      'an announcement with markup',
      { announcement: { text: '<b>Sale</b>', enabled: true } },
      SHOP_SETTINGS_MESSAGES.announcementText,
    ],
  ])('refuses %s with a 400 naming the field, writing nothing', async (_what, body, error) => {
    const app = await start();
    const before = await read(app);
    expect(await patch(app, body)).toEqual({ status: 400, body: { ok: false, error } });
    expect(await read(app)).toEqual(before);
  });

  it('replaces a key whole, audits it, answers a repeat once, refuses a stale save with 409', async () => {
    const app = await start();
    const first = await read(app);
    const key = { 'idempotency-key': 'settings-seller-1' };
    const saved = await patch(app, { seller, updatedAt: first.updatedAt }, key);
    expect(saved.status).toBe(200);
    const now = saved.body.settings as AllSettings;
    expect(now.seller).toEqual(seller);
    expect(now.updatedAt > first.updatedAt).toBe(true);
    expect((await patch(app, { seller, updatedAt: first.updatedAt }, key)).status).toBe(200);
    // Another desk that read the settings before that save.
    expect(await patch(app, { workingDays: [1, 2, 3, 4], updatedAt: first.updatedAt })).toEqual({
      status: 409,
      body: { ok: false, error: SHOP_SETTINGS_MESSAGES.stale },
    });
    expect((await read(app)).workingDays).toEqual([1, 2, 3, 4, 5]);
    const history = await app.inject({ method: 'GET', url: '/api/admin/settings/history', headers: auth });
    const rows = (history.json() as { history: Record<string, { detail: string }[]> }).history;
    // The seller's VAT number is the VAT section's too: its history says it changed (the mode did not).
    expect(Object.keys(rows).sort()).toEqual(['seller', 'vat']);
    expect(rows.seller).toHaveLength(1);
    expect(rows.seller?.[0]?.detail).toMatch(/^Legal name: “.*” → “Aoife Byrne, trading as Solas”/);
  });

  it('gives the storefront what it shows and never the order e-mail', async () => {
    const app = await start();
    await patch(app, { seller });
    const res = await app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { settings: Record<string, unknown> };
    expect(body.settings.seller).toEqual({
      name: seller.name,
      address: seller.address,
      email: seller.email,
      vatNumber: seller.vatNumber,
      vatRate: 23,
    });
    expect(res.body).not.toContain('orders@aoife.example');
    expect(body.settings).toHaveProperty('shipping.zones');
    expect(body.settings).toHaveProperty('away.mode', 'off');
    expect(body.settings).toHaveProperty('announcement.enabled', true);
  });

  it('keeps the footer’s social links: none at first, an https address each, the pages following a save', async () => {
    const app = await start(undefined, 0);
    expect((await read(app)).social).toEqual({ instagram: '', facebook: '', pinterest: '' });
    const refused = await patch(app, {
      social: { instagram: 'instagram.com/aoifebeads', facebook: '', pinterest: '' },
    });
    expect(refused).toEqual({ status: 400, body: { ok: false, error: SHOP_SETTINGS_MESSAGES.socialUrl } });
    const social = { instagram: 'https://www.instagram.com/aoifebeads', facebook: '', pinterest: '' };
    const before = app.catalogue.source.current().version;
    expect((await patch(app, { social })).status).toBe(200);
    // The pages render again from the new catalogue version, which carries the links.
    expect(Number(app.catalogue.source.current().version)).toBeGreaterThan(Number(before));
    const res = await app.inject({ method: 'GET', url: '/api/settings/public' });
    expect((res.json() as { settings: { social: unknown } }).settings.social).toEqual(social);
  });

  it('writes the public answer with a schema that has no place for the order e-mail', async () => {
    const app = await start();
    await patch(app, { seller });
    const res = await app.inject({ method: 'GET', url: '/api/admin/settings', headers: auth });
    const all = (res.json() as { settings: AllSettings }).settings;
    expect(all.seller.orderEmail).toBe(seller.orderEmail);
    // Even handed the whole seller, the answer's schema (the serializer writes with it) keeps it out.
    const written = publicSettingsAnswerSchema.parse({
      ok: true,
      settings: { ...publicSettings(all), seller: all.seller },
    });
    expect(written.settings.seller).not.toHaveProperty('orderEmail');
    expect(JSON.stringify(written)).not.toContain(seller.orderEmail);
    const route = app.routeInventory.find((r) => r.method === 'GET' && r.url === '/api/settings/public');
    expect(route?.responseSchema).toBe(true);
  });

  it('a save moves this instance’s catalogue to its new version before the owner is answered', async () => {
    // The version poll off: only the save itself can move this instance's pages on.
    const app = await start(undefined, 0);
    const before = app.catalogue.source.current().version;
    const saved = await patch(app, { workingDays: [1, 2, 3, 4] });
    expect(saved.status).toBe(200);
    const now = app.catalogue.source.current().version;
    expect(Number(now)).toBeGreaterThan(Number(before));
    expect(now).toBe(await app.catalogue.store.version());
    // A repeat that changes nothing publishes no version.
    expect((await patch(app, { workingDays: [1, 2, 3, 4] })).status).toBe(200);
    expect(app.catalogue.source.current().version).toBe(now);
  });

  it('names the saved seller in /runtime-env.js, which the legal pages and the footer read', async () => {
    const app = await start();
    const before = await app.inject({ method: 'GET', url: '/runtime-env.js' });
    expect(before.body).toContain('"SELLER_NAME":"Aoife Byrne"');
    await patch(app, { seller });
    const after = await app.inject({ method: 'GET', url: '/runtime-env.js' });
    expect(after.body).toContain(`"SELLER_NAME":"${seller.name}"`);
    expect(after.body).toContain(`"SELLER_ADDRESS":"${seller.address}"`);
    expect(after.body).toContain('"SELLER_VAT_NUMBER":"IE1234567T"');
    expect(after.body).not.toContain(seller.orderEmail);
    // The VAT mode too: the terms say "not registered" in mode none, the destination's rate under OSS. A
    // number saved with the seller leaves the mode as it was (docs/product/vat.md §20.1).
    expect(after.body).toContain('"SELLER_VAT_MODE":"none"');
    const toOss = await patch(app, { vat: { mode: 'oss', vatNumber: 'IE1234567T', gb: 'no_sale' } });
    expect(toOss.status, JSON.stringify(toOss.body)).toBe(200);
    const oss = await app.inject({ method: 'GET', url: '/runtime-env.js' });
    expect(oss.body).toContain('"SELLER_VAT_MODE":"oss"');
  });
});

describe.each(ROUTE_DIALECTS)('the checkout following the settings on %s', (dialect) => {
  it('charges the zone’s current price, free from its threshold; a past order keeps its shipping', async () => {
    const app = await start(await onDatabase(dialect));
    // €40 to France at today's €9.95.
    const before = await checkout(app, 'EU');
    expect(before.status).toBe(200);
    const sessionId = String(before.body.sessionId);
    const paid = await app.inject({
      method: 'POST',
      url: `/test-checkout/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...GALWAY_CARD_FORM,
        city: 'Lyon',
        postalCode: '69001',
        country: 'FR',
      }).toString(),
    });
    expect(paid.statusCode).toBeLessThan(400);
    await app.inject({ method: 'POST', url: `/api/orders/${sessionId}/confirm`, payload: {} });
    const eu = zonesWith((z) => (z.id === 'EU' ? { ...z, price: 1250, freeFrom: 6000 } : z));
    expect((await patch(app, { shipping: { zones: eu } })).status).toBe(200);
    const after = await checkout(app, 'EU');
    expect(after.status).toBe(200);
    const free = await checkout(app, 'EU', [
      { id: '1', quantity: 1 },
      { id: '5', quantity: 1 },
    ]);
    expect(free.status).toBe(200);
    const rows = await orderRows(app);
    const byStatus = rows.map((r) => [r.status, r.zone, r.subtotal, r.shipping, r.total]);
    expect(byStatus).toEqual(
      expect.arrayContaining([
        ['paid', 'EU', 4000, 995, 4995],
        ['pending', 'EU', 4000, 1250, 5250],
        ['pending', 'EU', 7000, 0, 7000],
      ]),
    );
    expect(rows).toHaveLength(3);
    // The hosted checkout shows the zone's new price.
    const page = await app.inject({ method: 'GET', url: `/test-checkout/${String(after.body.sessionId)}` });
    expect(page.body).toContain('€12.50');
  });

  it('refuses a removed zone with 400 naming it and paused sales with 409, creating nothing', async () => {
    const app = await start(await onDatabase(dialect));
    const withoutWorld = zonesWith((z) => (z.id === 'WORLD' ? null : z));
    expect((await patch(app, { shipping: { zones: withoutWorld } })).status).toBe(200);
    expect(await checkout(app, 'WORLD')).toEqual({
      status: 400,
      body: { ok: false, error: zoneClosedMessage('WORLD') },
    });
    const until = addDays(irishDate(new Date()), 7);
    const away = { mode: 'pause-sales', until, message: 'At the craft fair in Kilkenny.' } as const;
    expect((await patch(app, { away })).status).toBe(200);
    expect(await checkout(app, 'IE')).toEqual({
      status: 409,
      body: { ok: false, error: pausedSalesMessage(away) },
    });
    expect(await orderRows(app)).toEqual([]);
    expect((await patch(app, { away: { mode: 'off', until: null, message: '' } })).status).toBe(200);
    expect((await checkout(app, 'IE')).status).toBe(200);
  });

  it('a checkout opened before sales were paused can no longer be paid during the pause', async () => {
    const app = await start(await onDatabase(dialect));
    const opened = await checkout(app, 'IE');
    const sessionId = String(opened.body.sessionId);
    const until = addDays(irishDate(new Date()), 7);
    expect((await patch(app, { away: { mode: 'pause-sales', until, message: '' } })).status).toBe(200);
    const pay = await app.inject({
      method: 'POST',
      url: `/test-checkout/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(GALWAY_CARD_FORM).toString(),
    });
    // Back to the checkout's page, which says it has expired: nothing was paid.
    expect(pay.headers.location).toBe(`/test-checkout/${sessionId}`);
    expect((await app.payments.provider.retrieveSession(sessionId))?.paymentStatus).not.toBe('paid');
    expect((await orderRows(app)).map((r) => r.status)).toEqual(['expired']);
  });

  it('dates a payment by the saved closures, working days and away state, not by CLOSED_DATES', async () => {
    const app = await start(await onDatabase(dialect));
    const today = irishDate(new Date());
    const closedUntil = addDays(today, 9);
    const closures = [{ from: today, to: closedUntil, reason: 'Craft fair in Kilkenny' }];
    const workingDays = [2, 3, 4, 5, 6];
    expect((await patch(app, { closures, workingDays })).status).toBe(200);
    const pay = async (email: string) => {
      const { body } = await checkout(app, 'IE');
      const sessionId = String(body.sessionId);
      const before = new Date();
      await payAndConfirm(app, sessionId, email);
      const after = new Date();
      const row = (await orderRows(app)).find((r) => r.session_id === sessionId);
      return { stored: row?.dispatch_date, before, after };
    };
    const calendar = dispatchCalendar({ closures, workingDays, away: { mode: 'off', until: null } });
    const first = await pay('aoife.one@example.ie');
    // The same date either side of the payment (or the next one if the clock passed 14:00 or midnight).
    expect([dispatchDate(first.before, calendar), dispatchDate(first.after, calendar)]).toContain(
      first.stored,
    );
    expect(first.stored && first.stored > closedUntil).toBe(true);
    expect(workingDays).toContain(isoWeekday(first.stored));

    // Away and keeping selling: made from the return date.
    const away = { mode: 'keep-selling', until: addDays(today, 30), message: 'Back refreshed.' } as const;
    expect((await patch(app, { away })).status).toBe(200);
    const second = await pay('aoife.two@example.ie');
    const awayCalendar = { ...calendar, away };
    expect([dispatchDate(second.before, awayCalendar), dispatchDate(second.after, awayCalendar)]).toContain(
      second.stored,
    );
    expect(second.stored && second.stored > away.until).toBe(true);
  });

  it('keeps the owner’s last order date for Christmas, refusing a date it cannot read', async () => {
    const app = await start(await onDatabase(dialect));
    expect((await read(app)).christmasLastOrder).toBeNull();
    expect(await patch(app, { christmasLastOrder: '10/12/2026' })).toEqual({
      status: 400,
      body: { ok: false, error: SHOP_SETTINGS_MESSAGES.christmasLastOrder },
    });
    expect((await patch(app, { christmasLastOrder: '2026-12-10' })).status).toBe(200);
    expect((await read(app)).christmasLastOrder).toBe('2026-12-10');
    const open = await app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(
      (open.json() as { settings: { christmasLastOrder: string | null } }).settings.christmasLastOrder,
    ).toBe('2026-12-10');
    expect((await patch(app, { christmasLastOrder: null })).status).toBe(200);
    expect((await read(app)).christmasLastOrder).toBeNull();
  });
});

// Between instances the save is heard through the database (NOTIFY on PostgreSQL): on both.
describe.each(TEST_DIALECTS)('a save heard by another instance on %s', (dialect) => {
  it('a price saved on one instance is charged on another within 5 seconds', async () => {
    const database = await onDatabase(dialect);
    const a = await start(database, 500);
    const b = await start(database, 500);
    expect((await checkout(b, 'EU')).status).toBe(200);
    const eu = zonesWith((z) => (z.id === 'EU' ? { ...z, price: 1111 } : z));
    const euPrice = (settings: AllSettings) => settings.shipping.zones.find((z) => z.id === 'EU')?.price ?? 0;
    // B's cache says when it reads the new price: heard, not polled. Listening before the save, so the
    // change cannot pass unheard; the 5 seconds are the budget under test, a cap only when it fails.
    let budget: NodeJS.Timeout | undefined;
    let off = () => {};
    const heard = new Promise<void>((resolve) => {
      off = b.settings.cache.subscribe((settings) => {
        if (euPrice(settings) === 1111) resolve();
      });
      budget = setTimeout(resolve, 5_000);
    });
    expect((await patch(a, { shipping: { zones: eu } })).status).toBe(200);
    await heard;
    off();
    clearTimeout(budget);
    expect(euPrice(await b.settings.cache.current())).toBe(1111);
    const res = await checkout(b, 'EU');
    expect(res.status).toBe(200);
    const rows = await orderRows(b);
    expect(rows.map((r) => r.shipping).sort()).toEqual([1111, 995]);
  });
});

describe.each(ROUTE_DIALECTS)('tell me when you’re back on %s', (dialect) => {
  const ask = (app: FastifyInstance, email: unknown) =>
    app.inject({ method: 'POST', url: '/api/back-in-touch', payload: { email } });
  const rows = (app: FastifyInstance) =>
    app.platform.db.selectFrom('back_in_touch').select(['email', 'status']).orderBy('id').execute();

  it('double opt-in, one e-mail when away returns to off, then the address is deleted', async () => {
    const app = await start(await onDatabase(dialect));
    const until = addDays(irishDate(new Date()), 7);
    expect((await patch(app, { away: { mode: 'pause-sales', until, message: '' } })).status).toBe(200);
    expect((await ask(app, 'not-an-address')).statusCode).toBe(400);
    const asked = await ask(app, 'Ciara@Example.ie');
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ ok: true });
    expect((await ask(app, 'ciara@example.ie')).statusCode).toBe(202);
    expect((await ask(app, 'unconfirmed@example.ie')).statusCode).toBe(202);
    await outboxSettled(app);
    const confirmations = (await outboxRows(app)).filter((m) => m.subject === BACK_IN_TOUCH_SUBJECTS.confirm);
    // One confirmation per address: the second request within the hour sent none.
    expect(confirmations.map((m) => m.recipient).sort()).toEqual([
      'Ciara@Example.ie',
      'unconfirmed@example.ie',
    ]);
    const link = confirmations
      .find((m) => m.recipient === 'Ciara@Example.ie')
      ?.text_body.match(/\/back-in-touch\/confirm\?token=([A-Za-z0-9_-]{32})/);
    const token = link?.[1] ?? '';
    // The link's page changes nothing; its button confirms.
    const page = await app.inject({ method: 'GET', url: `/back-in-touch/confirm?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(await rows(app)).toEqual([
      { email: 'Ciara@Example.ie', status: 'pending' },
      { email: 'unconfirmed@example.ie', status: 'pending' },
    ]);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/back-in-touch/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await rows(app))[0]).toEqual({ email: 'Ciara@Example.ie', status: 'confirmed' });

    // Still away (a new message): nobody is told yet.
    expect((await patch(app, { away: { mode: 'keep-selling', until, message: 'Slower' } })).status).toBe(200);
    await outboxSettled(app);
    expect((await outboxRows(app)).filter((m) => m.subject === BACK_IN_TOUCH_SUBJECTS.back)).toEqual([]);
    // Back: one e-mail to the confirmed address, which is then gone; the unconfirmed one waits out its week.
    expect((await patch(app, { away: { mode: 'off', until: null, message: '' } })).status).toBe(200);
    await outboxSettled(app);
    const back = (await outboxRows(app)).filter((m) => m.subject === BACK_IN_TOUCH_SUBJECTS.back);
    expect(back.map((m) => m.recipient)).toEqual(['Ciara@Example.ie']);
    expect(await rows(app)).toEqual([{ email: 'unconfirmed@example.ie', status: 'pending' }]);
    // Away and back again: nobody left to tell.
    await patch(app, { away: { mode: 'pause-sales', until, message: '' } });
    await patch(app, { away: { mode: 'off', until: null, message: '' } });
    await outboxSettled(app);
    expect((await outboxRows(app)).filter((m) => m.subject === BACK_IN_TOUCH_SUBJECTS.back)).toHaveLength(1);
    // Unconfirmed: deleted by the retention pass a week after its confirmation e-mail.
    const weekLater = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000 + 60_000).toISOString();
    expect(await deleteUnconfirmedBackInTouch(app.platform.db, new Date().toISOString().slice(0, 10))).toBe(
      0,
    );
    expect(await deleteUnconfirmedBackInTouch(app.platform.db, weekLater)).toBe(1);
    expect(await rows(app)).toEqual([]);
  });

  it('the privacy export shows the request and erasure deletes it', async () => {
    const app = await start(await onDatabase(dialect));
    await ask(app, 'aoife@example.ie');
    const exported = await app.inject({
      method: 'GET',
      url: '/api/admin/privacy/export?email=AOIFE%40example.ie',
      headers: auth,
    });
    expect(exported.json()).toMatchObject({ backInTouch: { email: 'aoife@example.ie', status: 'pending' } });
    const erased = await app.inject({
      method: 'POST',
      url: '/api/admin/privacy/erase',
      headers: auth,
      payload: { email: 'aoife@example.ie' },
    });
    expect(erased.json()).toMatchObject({ ok: true, backInTouchDeleted: 1 });
    expect(await rows(app)).toEqual([]);
  });
});

describe('the checkout’s settings read', () => {
  it('costs no query: the settings come from memory once read', async () => {
    const app = await start();
    expect((await checkout(app, 'IE')).status).toBe(200);
    let reads = 0;
    const read = app.settings.store.read.bind(app.settings.store);
    app.settings.store.read = async (...args) => {
      reads += 1;
      return read(...args);
    };
    for (let i = 0; i < 3; i++) expect((await checkout(app, 'EU')).status).toBe(200);
    expect(reads).toBe(0);
  });
});
