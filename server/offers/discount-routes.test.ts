/**
 * The owner's discount codes API through the real app: the Contract's create, list and edit, the owner's
 * authentication, the refusals of the body, a duplicate code, and one change per Idempotency-Key.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_ADMIN_MESSAGES } from '../../domain/offers/discount-admin';
import { DISCOUNT_CODE_ERROR } from '../../domain/offers/discounts';
import { buildTestApp, tempDataDir } from '../../tests/support/test-app';

const ADMIN_TOKEN = 'discounts-test-admin-token';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };

let app: FastifyInstance;
let data: ReturnType<typeof tempDataDir>;

beforeAll(async () => {
  data = tempDataDir();
  app = await buildTestApp({ DATA_DIR: data.dir, ADMIN_TOKEN });
});

afterAll(async () => {
  await app.close();
  data.remove();
});

function send(method: 'POST' | 'PATCH', url: string, body: unknown, headers: Record<string, string> = auth) {
  return app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body as object,
  });
}

describe('/api/admin/discounts', () => {
  it('needs the owner', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/admin/discounts' })).statusCode).toBe(401);
    expect(
      (await send('POST', '/api/admin/discounts', { code: 'NOPE10', percentOff: 10 }, {})).statusCode,
    ).toBe(401);
  });

  it('creates a code (case-insensitive, stored upper case) and lists it with its uses and revenue', async () => {
    const created = await send('POST', '/api/admin/discounts', {
      code: 'xmas15',
      percentOff: 15,
      minSubtotal: 6000,
      maxUses: 2,
      startsAt: '2026-11-01T00:00:00+01:00',
      endsAt: '2026-12-25T00:00:00Z',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      ok: true,
      discount: expect.objectContaining({
        code: 'XMAS15',
        percentOff: 15,
        amountOff: null,
        minSubtotal: 6000,
        maxUses: 2,
        oncePerEmail: false,
        active: true,
        startsAt: '2026-10-31T23:00:00.000Z',
        endsAt: '2026-12-25T00:00:00.000Z',
      }),
    });
    const list = await app.inject({ method: 'GET', url: '/api/admin/discounts', headers: auth });
    expect(list.statusCode).toBe(200);
    expect(list.json().discounts).toEqual([
      expect.objectContaining({ code: 'XMAS15', uses: 0, reserved: 0, revenue: 0 }),
    ]);
  });

  it('edits a code: an amount replaces the percentage; unknown codes are 404', async () => {
    await send('POST', '/api/admin/discounts', { code: 'TENOFF', percentOff: 10 });
    const edited = await send('PATCH', '/api/admin/discounts/tenoff', {
      amountOff: 1000,
      active: false,
      oncePerEmail: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().discount).toMatchObject({
      code: 'TENOFF',
      percentOff: null,
      amountOff: 1000,
      active: false,
      oncePerEmail: true,
    });
    const missing = await send('PATCH', '/api/admin/discounts/NOSUCH', { active: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ ok: false, error: DISCOUNT_ADMIN_MESSAGES.notFound });
  });

  it.each([
    [{ code: 'AB', percentOff: 10 }, DISCOUNT_CODE_ERROR],
    [{ code: 'SPACE CODE', percentOff: 10 }, DISCOUNT_CODE_ERROR],
    [{ code: 'BOTH10', percentOff: 10, amountOff: 500 }, DISCOUNT_ADMIN_MESSAGES.oneValue],
    [{ code: 'NONE10' }, DISCOUNT_ADMIN_MESSAGES.oneValue],
    [{ code: 'HIGH91', percentOff: 91 }, DISCOUNT_ADMIN_MESSAGES.percent],
    [{ code: 'HALF10', percentOff: 10.5 }, DISCOUNT_ADMIN_MESSAGES.percent],
    [{ code: 'ZERO10', amountOff: 0 }, DISCOUNT_ADMIN_MESSAGES.amount],
    [{ code: 'USES10', percentOff: 10, maxUses: 0 }, DISCOUNT_ADMIN_MESSAGES.maxUses],
    [{ code: 'DATE10', percentOff: 10, startsAt: '2026-11-01' }, DISCOUNT_ADMIN_MESSAGES.dateTime],
    [{ code: 'LOCAL10', percentOff: 10, endsAt: '2026-11-01T00:00:00' }, DISCOUNT_ADMIN_MESSAGES.dateTime],
    [
      { code: 'ORDER10', percentOff: 10, startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-11-01T00:00:00Z' },
      DISCOUNT_ADMIN_MESSAGES.endBeforeStart,
    ],
  ])('refuses %j', async (body, error) => {
    const res = await send('POST', '/api/admin/discounts', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: false, error });
  });

  it('refuses a body with a key it does not know (400 naming it), as every other body', async () => {
    // A misspelt field silently dropped would make a code with less than the owner asked for.
    const created = await send('POST', '/api/admin/discounts', {
      code: 'EXTRA10',
      percentOff: 10,
      oncePerCustomer: true,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ ok: false, error: expect.stringContaining('oncePerCustomer') });
    const listed = await app.inject({ method: 'GET', url: '/api/admin/discounts', headers: auth });
    expect(listed.json().discounts).not.toContainEqual(expect.objectContaining({ code: 'EXTRA10' }));
    await send('POST', '/api/admin/discounts', { code: 'KEEP10', percentOff: 10 });
    const patched = await send('PATCH', '/api/admin/discounts/KEEP10', { active: false, code: 'OTHER10' });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toEqual({ ok: false, error: expect.stringContaining('code') });
  });

  it('a duplicate code is 409; a repeated submission (same Idempotency-Key) creates one code', async () => {
    const key = { ...auth, 'idempotency-key': 'create-once-1' };
    const first = await send('POST', '/api/admin/discounts', { code: 'ONCE20', percentOff: 20 }, key);
    const again = await send('POST', '/api/admin/discounts', { code: 'ONCE20', percentOff: 20 }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().discount.code).toBe('ONCE20');
    const dup = await send('POST', '/api/admin/discounts', { code: 'once20', amountOff: 500 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ ok: false, error: DISCOUNT_ADMIN_MESSAGES.duplicate });
  });
});
