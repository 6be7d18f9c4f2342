/**
 * The VAT mode through the real app (docs/product/vat.md §20): GET answers `vat` with its four keys, the
 * PATCH saves them audited, `vat.vatNumber` and `seller.vatNumber` are one value, and bad values are a
 * 400 naming the field with nothing written.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { VAT_SETTINGS_MESSAGES } from '../../domain/vat/vat-settings';
import { buildTestApp, tempDataDir } from '../../tests/support/test-app';

const ADMIN_TOKEN = 'vat-settings-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
const apps: FastifyInstance[] = [];
const cleanups: (() => void)[] = [];

afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  for (const clean of cleanups.splice(0)) clean();
});

async function start(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const data = tempDataDir();
  cleanups.push(data.remove);
  const app = await buildTestApp({ DATA_DIR: data.dir, ADMIN_TOKEN, ...env });
  apps.push(app);
  return app;
}

interface Answer {
  ok: boolean;
  error?: string;
  settings: { vat: Record<string, unknown>; seller: { vatNumber: string | null } };
}

async function get(app: FastifyInstance): Promise<Answer['settings']> {
  const res = await app.inject({ method: 'GET', url: '/api/admin/settings', headers: auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as Answer).settings;
}

async function patch(app: FastifyInstance, body: object) {
  const res = await app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: auth, payload: body });
  return { status: res.statusCode, body: res.json() as Answer };
}

describe('the VAT mode setting', () => {
  it("starts as 'none' without a VAT number, with the four keys", async () => {
    const app = await start();
    expect((await get(app)).vat).toEqual({ mode: 'none', vatNumber: null, gb: 'no_sale', ukVatNumber: null });
  });

  it("starts as 'ireland' when the first start has a VAT number", async () => {
    const app = await start({ SELLER_VAT_NUMBER: 'IE1234567T' });
    expect((await get(app)).vat).toMatchObject({ mode: 'ireland', vatNumber: 'IE1234567T' });
  });

  it('saves the mode, the number under both names, and audits it', async () => {
    const app = await start();
    const saved = await patch(app, {
      vat: { mode: 'oss', vatNumber: 'IE1234567T', gb: 'uk_vat', ukVatNumber: 'GB123456789' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings.vat).toEqual({
      mode: 'oss',
      vatNumber: 'IE1234567T',
      gb: 'uk_vat',
      ukVatNumber: 'GB123456789',
    });
    expect(saved.body.settings.seller.vatNumber).toBe('IE1234567T');
    const read = await get(app);
    expect(read.vat.mode).toBe('oss');
    expect(read.seller.vatNumber).toBe('IE1234567T');

    // Keeping the number: only mode and gb sent.
    expect((await patch(app, { vat: { mode: 'ireland', gb: 'no_sale' } })).body.settings.vat).toMatchObject({
      mode: 'ireland',
      vatNumber: 'IE1234567T',
      gb: 'no_sale',
    });
    const history = await app.inject({ method: 'GET', url: '/api/admin/settings/history', headers: auth });
    const vatHistory =
      (history.json() as { history: Record<string, { detail: string }[]> }).history.vat ?? [];
    expect(vatHistory).toHaveLength(2);
    expect(vatHistory[0]?.detail).toMatch(/VAT mode/);
  });

  it('follows a number changed under seller, and is not registered without one', async () => {
    const app = await start();
    await patch(app, { vat: { mode: 'ireland', vatNumber: 'IE1234567T', gb: 'no_sale' } });
    const seller = (await get(app)).seller;
    await patch(app, { seller: { ...seller, vatNumber: 'IE7654321A' } });
    expect((await get(app)).vat).toMatchObject({ mode: 'ireland', vatNumber: 'IE7654321A' });
    await patch(app, { seller: { ...seller, vatNumber: null } });
    expect((await get(app)).vat).toMatchObject({ mode: 'none', vatNumber: null });
  });

  it('a number saved with the seller never registers the shop: the VAT section stays true', async () => {
    const app = await start();
    const seller = (await get(app)).seller;
    const saved = await patch(app, { seller: { ...seller, vatNumber: 'IE1234567T' } });
    expect(saved.status).toBe(200);
    expect(saved.body.settings.vat).toEqual({
      mode: 'none',
      vatNumber: 'IE1234567T',
      gb: 'no_sale',
      ukVatNumber: null,
    });
    // The VAT section then registers it with the number it holds.
    const registered = await patch(app, { vat: { mode: 'ireland', gb: 'no_sale' } });
    expect(registered.status, registered.body.error).toBe(200);
    expect(registered.body.settings.vat).toMatchObject({ mode: 'ireland', vatNumber: 'IE1234567T' });
    // A registered shop refuses a number under seller that is not Irish, as under vat.
    const german = await patch(app, { seller: { ...seller, vatNumber: 'DE123456789' } });
    expect(german.status).toBe(400);
    expect(german.body.error).toContain(VAT_SETTINGS_MESSAGES.vatNumber);
    expect((await get(app)).vat).toMatchObject({ mode: 'ireland', vatNumber: 'IE1234567T' });
  });

  it.each([
    ['vat.mode', { mode: 'eu', gb: 'no_sale' }, VAT_SETTINGS_MESSAGES.mode],
    ['vat.gb', { mode: 'none', gb: 'maybe' }, VAT_SETTINGS_MESSAGES.gb],
    ['vat.vatNumber (missing)', { mode: 'ireland', gb: 'no_sale' }, VAT_SETTINGS_MESSAGES.vatNumber],
    [
      'vat.vatNumber (German)',
      { mode: 'oss', vatNumber: 'DE123456789', gb: 'no_sale' },
      VAT_SETTINGS_MESSAGES.vatNumber,
    ],
    ['vat.ukVatNumber', { mode: 'none', gb: 'uk_vat' }, VAT_SETTINGS_MESSAGES.ukVatNumber],
    [
      'vat.ukVatNumber (format)',
      { mode: 'none', gb: 'uk_vat', ukVatNumber: 'GB12' },
      VAT_SETTINGS_MESSAGES.ukVatNumber,
    ],
  ])('refuses %s with a 400 naming the field, writing nothing', async (_name, vat, message) => {
    const app = await start();
    const before = await get(app);
    const res = await patch(app, { vat });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    expect(await get(app)).toEqual(before);
  });
});
