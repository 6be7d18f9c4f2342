/**
 * People and passkeys through the real app on one database, with real WebAuthn answers from a software
 * authenticator: the first owner with the token, passkey sign-in, invitations (used, expired, withdrawn),
 * the maker's 403s and 200s, the last owner, recovery codes, the devices, and the audit rows naming people.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE_MESSAGES } from '../../domain/people/people-api';
import { SoftAuthenticator } from '../../tests/support/soft-authenticator';
import {
  buildTestApp,
  outboxRows,
  payAndConfirm,
  TEST_PUBLIC_URL,
  tempDataDir,
} from '../../tests/support/test-app';
import { createTestDatabase, ROUTE_DIALECTS, type TestDatabase } from '../../tests/support/test-database';
import { SIGN_IN_LIMITS } from '../security/admin-sessions';

const ADMIN_TOKEN = 'people-test-admin-token';
const bearer = { authorization: `Bearer ${ADMIN_TOKEN}` };
const HOUR = 60 * 60 * 1000;

describe.each(ROUTE_DIALECTS)('people and passkeys on %s', (dialect) => {
  let app: FastifyInstance;
  let data: ReturnType<typeof tempDataDir>;
  let database: TestDatabase;
  let clockOffsetMs = 0;

  beforeAll(async () => {
    data = tempDataDir();
    database = await createTestDatabase(dialect, data.dir, { migrated: true });
    app = await buildTestApp(
      { DATA_DIR: data.dir, ADMIN_TOKEN, RATE_LIMITS: 'off', ALLOW_TEST_CHECKOUT: 'true', ...database.env },
      { now: () => new Date(Date.now() + clockOffsetMs) },
    );
  }, 60_000);

  afterAll(async () => {
    await app.close();
    await database.remove();
    data.remove();
  });

  const cookieOf = (res: LightMyRequestResponse) => {
    const set = res.cookies.find((c) => c.name === 'solas_admin');
    if (!set) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
    return `solas_admin=${set.value}`;
  };

  function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, cookie?: string) {
    return app.inject({
      method,
      url,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  }
  const asToken = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    app.inject({
      method,
      url,
      headers: { ...bearer, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  async function signInWithPasskey(device: SoftAuthenticator, tweaks = {}, passkey = device.passkeys[0]) {
    const options = (await call('POST', '/api/admin/passkey/options')).json().options;
    return call('POST', '/api/admin/passkey', { response: device.signIn(options, tweaks, passkey) });
  }

  /** The invitation link's token from the newest e-mail to `email`. */
  async function invitationToken(email: string): Promise<string> {
    const rows = (await outboxRows(app)).filter((r) => r.recipient === email);
    const mail = rows.at(-1);
    const links = [...(mail?.text_body ?? '').matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
    expect(links).toHaveLength(1);
    const link = links[0] ?? '';
    expect(link.startsWith(`${TEST_PUBLIC_URL}/admin#/welcome/`)).toBe(true);
    return decodeURIComponent(link.split('/').at(-1) ?? '');
  }

  async function acceptInvitation(token: string, device: SoftAuthenticator) {
    const options = await call('POST', '/api/admin/welcome/options', { token });
    expect(options.statusCode).toBe(200);
    return call('POST', '/api/admin/welcome', { token, response: device.register(options.json().options) });
  }

  const owner = new SoftAuthenticator(TEST_PUBLIC_URL);
  let ownerCookie = '';
  let recoveryCodes: string[] = [];

  it('a fresh shop: the token signs in to the desk, and the owner registers her first passkey', async () => {
    // The sign-in screen asks, without a session, whether its form still takes the token.
    expect((await call('GET', '/api/admin/sign-in')).json()).toEqual({ ok: true, tokenSignIn: true });
    // The desk's first question, without a session: nobody is signed in, answered as such (no 401 in its
    // console); an unknown session is nobody too, its cookie cleared (a wrong token is still refused:
    // route-inventory.test.ts).
    const nobody = await call('GET', '/api/admin/me');
    expect(nobody.statusCode).toBe(200);
    expect(nobody.json()).toEqual({ ok: true, person: null, needsPasskey: false });
    const stale = await call('GET', '/api/admin/me', undefined, 'solas_admin=not-a-session');
    expect(stale.json()).toEqual({ ok: true, person: null, needsPasskey: false });
    expect(stale.cookies.find((c) => c.name === 'solas_admin')?.value).toBe('');
    const signIn = await call('POST', '/api/admin/session', { token: ADMIN_TOKEN });
    expect(signIn.statusCode).toBe(200);
    const tokenCookie = cookieOf(signIn);
    const me = await call('GET', '/api/admin/me', undefined, tokenCookie);
    expect(me.json()).toEqual({
      ok: true,
      person: { id: null, name: 'Owner', role: 'owner' },
      needsPasskey: true,
    });

    // Nobody is invited before the owner has a passkey: the maker would retire the token's session
    // and leave the shop with no owner who can sign in. Neither the session nor a script may.
    const maker = { name: 'Niamh', email: 'niamh.early@solas.example', role: 'maker' };
    for (const early of [
      await call('POST', '/api/admin/people', maker, tokenCookie),
      await asToken('POST', '/api/admin/people', { ...maker, role: 'owner' }),
    ]) {
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ ok: false, error: PEOPLE_MESSAGES.ownerFirst });
    }
    expect((await call('GET', '/api/admin/me', undefined, tokenCookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/sign-in')).json()).toEqual({ ok: true, tokenSignIn: true });

    const details = { name: 'Aoife', email: 'aoife@solas.example' };
    const options = await call('POST', '/api/admin/me/passkeys/options', details, tokenCookie);
    expect(options.statusCode).toBe(200);
    const opts = options.json().options;
    expect(opts.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(opts.attestation).toBe('none');
    expect(opts.rp.id).toBe('shop.test');
    const registered = await call(
      'POST',
      '/api/admin/me/passkeys',
      { ...details, passkeyName: 'my phone', response: owner.register(opts) },
      tokenCookie,
    );
    expect(registered.statusCode).toBe(200);
    const body = registered.json();
    expect(body.person).toMatchObject({ name: 'Aoife', role: 'owner' });
    expect(body.passkey).toMatchObject({ name: 'my phone' });
    expect(body.recoveryCodes).toHaveLength(10);
    recoveryCodes = body.recoveryCodes;
    // The session she registered in is hers now.
    const meAfter = await call('GET', '/api/admin/me', undefined, tokenCookie);
    expect(meAfter.json()).toMatchObject({ person: { name: 'Aoife', role: 'owner' }, needsPasskey: false });
  });

  it('from then on the desk form refuses the token; Bearer still acts as the owner "API token"', async () => {
    expect((await call('GET', '/api/admin/sign-in')).json()).toEqual({ ok: true, tokenSignIn: false });
    const refused = await call('POST', '/api/admin/session', { token: ADMIN_TOKEN });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ ok: false, error: PEOPLE_MESSAGES.tokenRetired });
    const me = await asToken('GET', '/api/admin/me');
    expect(me.json()).toEqual({
      ok: true,
      person: { id: null, name: 'API token', role: 'owner' },
      needsPasskey: false,
    });
    expect((await asToken('GET', '/api/admin/people')).statusCode).toBe(200);
  });

  it('signs in with the passkey; a replayed assertion, a wrong origin and a missing verification are refused', async () => {
    const options = (await call('POST', '/api/admin/passkey/options')).json().options;
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials ?? []).toEqual([]);
    const answer = owner.signIn(options);
    const first = await call('POST', '/api/admin/passkey', { response: answer });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      ok: true,
      person: expect.objectContaining({ name: 'Aoife', role: 'owner' }),
      needsPasskey: false,
    });
    ownerCookie = cookieOf(first);
    // The same answer again: its challenge is spent.
    const replayed = await call('POST', '/api/admin/passkey', { response: answer });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toEqual({ ok: false, error: PEOPLE_MESSAGES.signInFailed });
    expect((await signInWithPasskey(owner, { origin: 'https://evil.example' })).statusCode).toBe(401);
    expect((await signInWithPasskey(owner, { noUserVerification: true })).statusCode).toBe(401);
    // A counter that went back (a cloned key).
    expect((await signInWithPasskey(owner, { counter: 1 })).statusCode).toBe(401);
    // An unknown passkey reads the same as a wrong one.
    const stranger = new SoftAuthenticator(TEST_PUBLIC_URL);
    stranger.register({ challenge: 'x', rp: { id: 'shop.test' }, user: { id: 'AAAA' } });
    const unknown = await signInWithPasskey(stranger);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ ok: false, error: PEOPLE_MESSAGES.signInFailed });
  });

  it('an expired challenge is refused', async () => {
    const options = (await call('POST', '/api/admin/passkey/options')).json().options;
    clockOffsetMs = 6 * 60 * 1000;
    try {
      const late = await call('POST', '/api/admin/passkey', { response: owner.signIn(options) });
      expect(late.statusCode).toBe(401);
    } finally {
      clockOffsetMs = 0;
    }
  });

  const maker = new SoftAuthenticator(TEST_PUBLIC_URL);
  let makerId = '';
  let makerCookie = '';

  it('invites a maker: one e-mail with one link into /admin; the link works once', async () => {
    const created = await call(
      'POST',
      '/api/admin/people',
      { name: 'Niamh', email: 'Niamh@Example.ie', role: 'maker' },
      ownerCookie,
    );
    expect(created.statusCode).toBe(201);
    const person = created.json().person;
    expect(person).toMatchObject({ name: 'Niamh', email: 'niamh@example.ie', role: 'maker', passkeys: [] });
    expect(Date.parse(person.invitation.expiresAt) - Date.now()).toBeGreaterThan(71 * HOUR);
    makerId = person.id;
    // It says who invited her.
    const invitation = (await outboxRows(app)).filter((r) => r.recipient === 'niamh@example.ie').at(-1);
    expect(invitation?.text_body).toContain('Hello Niamh, Aoife has added you to the Solas desk as a maker');
    const token = await invitationToken('niamh@example.ie');
    const accepted = await acceptInvitation(token, maker);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ person: { name: 'Niamh', role: 'maker' }, recoveryCodes: null });
    makerCookie = cookieOf(accepted);
    // The link again: expired, the same answer as any unknown link.
    const again = await call('POST', '/api/admin/welcome/options', { token });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ ok: false, error: PEOPLE_MESSAGES.expired });
    const unknown = await call('POST', '/api/admin/welcome/options', { token: 'x'.repeat(43) });
    expect(unknown.json()).toEqual({ ok: false, error: PEOPLE_MESSAGES.expired });
  });

  it('a link after 72 hours has expired; a withdrawn one too; a resent one works', async () => {
    const created = await call(
      'POST',
      '/api/admin/people',
      { name: 'Ciara', email: 'ciara@example.ie', role: 'maker' },
      ownerCookie,
    );
    const id = created.json().person.id;
    const first = await invitationToken('ciara@example.ie');
    clockOffsetMs = 72 * HOUR + 1000;
    try {
      expect((await call('POST', '/api/admin/welcome/options', { token: first })).statusCode).toBe(410);
    } finally {
      clockOffsetMs = 0;
    }
    expect(
      (await call('POST', `/api/admin/people/${id}/invitation`, undefined, ownerCookie)).statusCode,
    ).toBe(200);
    const second = await invitationToken('ciara@example.ie');
    expect(second).not.toBe(first);
    expect((await call('POST', '/api/admin/welcome/options', { token: second })).statusCode).toBe(200);
    const withdrawn = await call('DELETE', `/api/admin/people/${id}/invitation`, undefined, ownerCookie);
    expect(withdrawn.json().person.invitation).toBeNull();
    expect((await call('POST', '/api/admin/welcome/options', { token: second })).statusCode).toBe(410);
    expect((await call('DELETE', `/api/admin/people/${id}`, undefined, ownerCookie)).statusCode).toBe(200);
  });

  it("a maker gets 403 on the owner's routes and 200 on hers", async () => {
    const me = await call('GET', '/api/admin/me', undefined, makerCookie);
    expect(me.json().person).toEqual({ id: makerId, name: 'Niamh', role: 'maker' });
    const forbidden: ['GET' | 'POST' | 'PATCH', string, unknown][] = [
      ['POST', '/api/admin/orders/SOL-AB12CD34/refunds', { amount: 100 }],
      ['POST', '/api/admin/orders/SOL-AB12CD34/refund', { amount: 100 }],
      ['POST', '/api/admin/orders/SOL-AB12CD34/cancel', {}],
      ['PATCH', '/api/admin/products/1', { price: 100 }],
      ['PATCH', '/api/admin/settings', { makingCapacityPerDay: 3 }],
      ['POST', '/api/admin/discounts', { code: 'X10', percentOff: 10 }],
      ['GET', '/api/admin/orders.csv', undefined],
      ['GET', '/api/admin/people', undefined],
      ['GET', '/api/admin/stats', undefined],
      ['GET', '/api/admin/privacy/export?email=a@b.ie', undefined],
    ];
    for (const [method, url, body] of forbidden) {
      const res = await call(method, url, body, makerCookie);
      expect([url, res.statusCode]).toEqual([url, 403]);
      expect(res.json().ok).toBe(false);
    }
    expect((await call('GET', '/api/admin/orders', undefined, makerCookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/today', undefined, makerCookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/packing-slips', undefined, makerCookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/me/passkeys', undefined, makerCookie)).statusCode).toBe(200);
  });

  it('a maker moves a paid order to made and notes it: the history and the note name her', async () => {
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: { email: 'shopper@example.ie', items: [{ id: '2', quantity: 1 }], zone: 'IE' },
    });
    const { sessionId } = checkout.json() as { sessionId: string };
    await payAndConfirm(app, sessionId, 'shopper@example.ie');
    const list = (await call('GET', '/api/admin/orders?status=paid', undefined, makerCookie)).json();
    const reference: string = list.orders[0].reference;
    const made = await call(
      'POST',
      `/api/admin/orders/${reference}/status`,
      { status: 'in_production' },
      makerCookie,
    );
    expect(made.statusCode).toBe(200);
    const noted = await call(
      'POST',
      `/api/admin/orders/${reference}/notes`,
      { text: 'Clasp swapped' },
      makerCookie,
    );
    expect(noted.statusCode).toBe(200);
    const order = (await call('GET', `/api/admin/orders/${reference}`, undefined, ownerCookie)).json();
    expect(order.timeline).toContainEqual(
      expect.objectContaining({ text: 'Production started', by: 'Niamh' }),
    );
    expect(order.notes).toEqual([expect.objectContaining({ text: 'Clasp swapped', by: 'Niamh' })]);
    const refused = await call('POST', `/api/admin/orders/${reference}/refund`, { amount: 100 }, makerCookie);
    expect(refused.statusCode).toBe(403);
    // What each route says where it is registered: Today and the packing slips are hers, a cancellation
    // and a return are the owner's alone.
    expect((await call('GET', '/api/admin/today', undefined, makerCookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/packing-slips', undefined, makerCookie)).statusCode).toBe(200);
    const cancel = await call('POST', `/api/admin/orders/${reference}/cancel`, { reason: 'x' }, makerCookie);
    expect(cancel.statusCode).toBe(403);
    const opened = await call('POST', `/api/admin/orders/${reference}/returns`, { lines: [] }, makerCookie);
    expect(opened.statusCode).toBe(403);
  });

  it('the last owner can be neither demoted nor removed, nor lose her last passkey', async () => {
    const ownerId = (await call('GET', '/api/admin/me', undefined, ownerCookie)).json().person.id;
    const demoted = await call('PATCH', `/api/admin/people/${ownerId}`, { role: 'maker' }, ownerCookie);
    expect(demoted.statusCode).toBe(409);
    expect(demoted.json()).toEqual({ ok: false, error: PEOPLE_MESSAGES.lastOwner });
    expect((await call('DELETE', `/api/admin/people/${ownerId}`, undefined, ownerCookie)).statusCode).toBe(
      409,
    );
    const keys = (await call('GET', '/api/admin/me/passkeys', undefined, ownerCookie)).json().passkeys;
    expect(keys).toHaveLength(1);
    const removed = await call('DELETE', `/api/admin/me/passkeys/${keys[0].id}`, undefined, ownerCookie);
    expect(removed.statusCode).toBe(409);
    const bad = await call('PATCH', `/api/admin/people/${ownerId}`, { role: 'boss' }, ownerCookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('role');
  });

  it('names, adds and lists passkeys and devices; signs out one device', async () => {
    const options = (await call('POST', '/api/admin/me/passkeys/options', {}, ownerCookie)).json().options;
    expect(options.excludeCredentials).toHaveLength(1);
    const added = await call(
      'POST',
      '/api/admin/me/passkeys',
      { response: owner.register(options), passkeyName: 'the workshop laptop' },
      ownerCookie,
    );
    expect(added.statusCode).toBe(200);
    expect(added.json().recoveryCodes).toBeNull();
    const id = added.json().passkey.id;
    expect(
      (await call('PATCH', `/api/admin/me/passkeys/${id}`, { name: 'laptop' }, ownerCookie)).statusCode,
    ).toBe(200);
    const list = (await call('GET', '/api/admin/me/passkeys', undefined, ownerCookie)).json();
    expect(list.passkeys.map((p: { name: string }) => p.name)).toEqual(['my phone', 'laptop']);
    expect(list.recoveryCodesLeft).toBe(10);
    // A maker cannot touch the owner's passkey.
    expect((await call('DELETE', `/api/admin/me/passkeys/${id}`, undefined, makerCookie)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/admin/me/passkeys/${id}`, undefined, ownerCookie)).statusCode).toBe(
      200,
    );

    const other = await signInWithPasskey(owner);
    const otherCookie = cookieOf(other);
    const sessions = (await call('GET', '/api/admin/me/sessions', undefined, ownerCookie)).json().sessions;
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    const notMine = sessions.find((s: { current: boolean }) => !s.current);
    expect(
      (await call('DELETE', `/api/admin/me/sessions/${notMine.id}`, undefined, ownerCookie)).statusCode,
    ).toBe(200);
    // That session is over: its desk is told nobody is signed in, and its other requests are refused.
    expect((await call('GET', '/api/admin/me', undefined, otherCookie)).json()).toMatchObject({
      person: null,
    });
    expect((await call('GET', '/api/admin/me/passkeys', undefined, otherCookie)).statusCode).toBe(401);
  });

  it('a recovery code signs in once and asks for a passkey', async () => {
    const code = recoveryCodes[0] ?? '';
    const used = await call('POST', '/api/admin/recovery', { code: code.toLowerCase() });
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ person: { name: 'Aoife' }, needsPasskey: true });
    const cookie = cookieOf(used);
    expect((await call('GET', '/api/admin/me', undefined, cookie)).json().needsPasskey).toBe(true);
    const again = await call('POST', '/api/admin/recovery', { code });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ ok: false, error: PEOPLE_MESSAGES.signInFailed });
    const options = (await call('POST', '/api/admin/me/passkeys/options', {}, cookie)).json().options;
    const phone = new SoftAuthenticator(TEST_PUBLIC_URL);
    expect(
      (await call('POST', '/api/admin/me/passkeys', { response: phone.register(options) }, cookie))
        .statusCode,
    ).toBe(200);
    expect((await call('GET', '/api/admin/me', undefined, cookie)).json().needsPasskey).toBe(false);
  });

  it('removing a person ends her sessions at once; audit rows, events and notes name people', async () => {
    const removed = await call('DELETE', `/api/admin/people/${makerId}`, undefined, ownerCookie);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', '/api/admin/orders', undefined, makerCookie)).statusCode).toBe(401);
    expect((await signInWithPasskey(maker)).statusCode).toBe(401);
    await asToken('GET', '/api/admin/orders.csv?from=2026-01-01&to=2026-01-02');
    const rows = await app.platform.db
      .selectFrom('admin_audit')
      .select(['action', 'actor_name'])
      .orderBy('id')
      .execute();
    expect(rows).toContainEqual({ action: 'person-invite', actor_name: 'Aoife' });
    expect(rows).toContainEqual({ action: 'person-remove', actor_name: 'Aoife' });
    expect(rows).toContainEqual({ action: 'sign-in', actor_name: 'Niamh' });
    expect(rows.some((r) => r.actor_name === 'API token')).toBe(true);
  });
});

describe('wrong answers over the limit', () => {
  it('a wrong recovery code or token refused with 429 is still held the longest delay', async () => {
    const held: number[] = [];
    const data = tempDataDir();
    const app = await buildTestApp(
      { DATA_DIR: data.dir, ADMIN_TOKEN },
      {
        signInHold: (ms) => {
          held.push(ms);
          return Promise.resolve();
        },
      },
    );
    try {
      const wrongCode = () =>
        app.inject({
          method: 'POST',
          url: '/api/admin/recovery',
          headers: { 'content-type': 'application/json' },
          payload: { code: 'AAAAA-BBBBB' },
        });
      for (let i = 0; i < SIGN_IN_LIMITS.maxFailures; i++) expect((await wrongCode()).statusCode).toBe(401);
      expect(held).toHaveLength(SIGN_IN_LIMITS.maxFailures);

      const refused = await wrongCode();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ ok: false, error: PEOPLE_MESSAGES.signInFailed });
      const token = await app.inject({
        method: 'GET',
        url: '/api/admin/people',
        headers: { authorization: 'Bearer not-the-token' },
      });
      expect(token.statusCode).toBe(429);
      expect(held.slice(SIGN_IN_LIMITS.maxFailures)).toEqual([
        SIGN_IN_LIMITS.maxDelayMs,
        SIGN_IN_LIMITS.maxDelayMs,
      ]);
    } finally {
      await app.close();
      data.remove();
    }
  }, 60_000);
});
