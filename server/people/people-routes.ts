/**
 * People, passkeys and sessions (docs/security.md), under /api/admin/. The owner's routes (the people)
 * and everyone's own (me, my passkeys, my devices) pass the owner hook (security/owner-auth.ts), which
 * also refuses a maker what a route does not grant (forMakers); the sign-in ceremonies (a passkey, the
 * welcome link, a recovery code) are their own proof. A failed ceremony or code counts with the failed
 * sign-ins on the shared counters, and every refusal reads the same whoever it is about.
 */
import { normalizeIP } from '@fastify/rate-limit';
import Bowser from 'bowser';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  meAnswerSchema,
  myPasskeyOptionsRequestSchema,
  myPasskeyRequestSchema,
  newPersonSchema,
  optionsAnswerSchema,
  PEOPLE_API,
  PEOPLE_MESSAGES,
  type Person,
  passkeyParamsSchema,
  passkeyPatchSchema,
  passkeysAnswerSchema,
  peopleAnswerSchema,
  personAnswerSchema,
  personParamsSchema,
  personPatchSchema,
  recoveryCodesAnswerSchema,
  recoveryRequestSchema,
  registeredAnswerSchema,
  sessionParamsSchema,
  sessionsAnswerSchema,
  signedInAnswerSchema,
  signInOptionsSchema,
  signInRequestSchema,
  welcomeOptionsAnswerSchema,
  welcomeOptionsRequestSchema,
  welcomeRequestSchema,
  welcomeUrl,
} from '../../domain/people/people-api';
import { okResponseSchema } from '../../domain/shared/answers';
import type { AuditTrail } from '../audit/audit-trail';
import { type AppConfig, isHttps } from '../config';
import { refuse } from '../lib/refusal';
import { enqueueMail, outboxRow } from '../mail/outbox';
import { senderDomain } from '../mail/transport';
import {
  ADMIN_SESSION_COOKIE,
  type AdminSessionStore,
  SESSION_LIMITS,
  type SignInThrottle,
} from '../security/admin-sessions';
import { type DeskActor, ownerActor, sessionCookieOptions } from '../security/owner-auth';
import {
  type PasskeyRecord,
  PEOPLE_LIMITS,
  type PeopleStore,
  type PersonRecord,
  sha256Hex,
} from '../security/people-store';
import { KIB, QUOTE_ACTION_POLICY, type RoutePolicy } from '../security/route-policy';
import { invitationMail } from './invitation-mail';
import type { PasskeyCeremonies } from './passkey-ceremonies';

// People and passkeys (docs/security.md): small JSON; a WebAuthn answer is a few KB at most.
const SMALL_JSON: RoutePolicy = { limit: 'admin', body: 'json', sameOrigin: true, maxBodyBytes: 2 * KIB };
const TINY_JSON: RoutePolicy = { limit: 'admin', body: 'json', sameOrigin: true, maxBodyBytes: 1 * KIB };
const WEBAUTHN_ANSWER: RoutePolicy = {
  limit: 'admin',
  body: 'json',
  sameOrigin: true,
  maxBodyBytes: 16 * KIB,
};
/** An action named by its URL alone. */
const NO_BODY = { policy: QUOTE_ACTION_POLICY };
/** A maker's own account (her passkeys, devices and sessions): hers to use as the owner uses hers. */
const FOR_MAKERS = { forMakers: true };

export interface PeopleRouteOptions {
  readonly config: AppConfig;
  readonly people: PeopleStore;
  readonly sessions: AdminSessionStore;
  readonly signIns: SignInThrottle;
  readonly audit: AuditTrail;
  readonly ceremonies: PasskeyCeremonies;
  readonly wakeOutbox: () => void;
}

const passkeyOut = (p: PasskeyRecord) => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
});

const meOut = (p: { id: string | null; name: string; role: 'owner' | 'maker' }) => ({
  id: p.id,
  name: p.name,
  role: p.role,
});

/** "Chrome on Android", from the browser's User-Agent (bowser); null when it says nothing useful. */
export function deviceName(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const parser = Bowser.getParser(userAgent.slice(0, 500));
  const browser = parser.getBrowserName();
  const os = parser.getOSName();
  if (!browser && !os) return null;
  return [browser || 'A browser', os].filter(Boolean).join(' on ');
}

export async function peopleRoutes(app: FastifyInstance, opts: PeopleRouteOptions): Promise<void> {
  const { config, people, sessions, signIns, ceremonies } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = sessionCookieOptions(isHttps(config));

  const actorOf = (request: FastifyRequest): DeskActor =>
    request.deskActor ?? { session: '?', address: request.ip, role: 'maker', personId: null };

  const audit = (
    request: FastifyRequest,
    action: string,
    target: string | null,
    detail: string | null = null,
  ) => opts.audit.audit({ ...ownerActor(request), action, target, detail });

  /** A failed ceremony or code: counted, answered after the growing delay (a 429 over the limit, as late). */
  const failed = async (request: FastifyRequest, reply: FastifyReply, status: number, error: string) => {
    const counted = await signIns.failed(normalizeIP(request.ip));
    request.log.warn({ route: request.routeOptions.url }, 'people: failed sign-in ceremony');
    await signIns.answerLater(counted);
    if (counted.refused) {
      return reply
        .code(429)
        .header('Retry-After', String(counted.retryAfterSeconds))
        .send({ ok: false, error: PEOPLE_MESSAGES.signInFailed });
    }
    return reply.code(status).send({ ok: false, error });
  };

  const signIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    person: PersonRecord,
    how: string,
    needsPasskey = false,
  ) => {
    await signIns.succeed(normalizeIP(request.ip));
    const { secret, session } = await sessions.create(request.ip, {
      personId: person.id,
      device: deviceName(request.headers['user-agent']),
      needsPasskey,
    });
    await people.seen(person.id);
    await opts.audit.audit({
      session: session.label,
      address: request.ip,
      name: person.name,
      action: 'sign-in',
      target: null,
      detail: how,
    });
    reply.setCookie(ADMIN_SESSION_COOKIE, secret, {
      ...cookieOptions,
      maxAge: Math.floor(SESSION_LIMITS.maxMs / 1000),
    });
    return secret;
  };

  const personOut = async (p: PersonRecord, invitations?: Map<string, Date>): Promise<Person> => {
    const invitation = (invitations ?? (await people.invitations())).get(p.id);
    return {
      id: p.id,
      name: p.name,
      email: p.email,
      role: p.role,
      passkeys: (await people.passkeysOf(p.id)).map(passkeyOut),
      invitation: invitation ? { expiresAt: invitation.toISOString() } : null,
      lastSeenAt: p.lastSeenAt?.toISOString() ?? null,
    };
  };

  const sendInvitation = async (person: PersonRecord, request: FastifyRequest) => {
    const { token, expiresAt } = await people.invite(person.id, PEOPLE_LIMITS.invitationMs);
    // Who invited: a person signed in by name; the shop's token (nobody in particular) as the owner.
    const inviter = request.deskActor;
    const mail = invitationMail({
      name: person.name,
      invitedBy: inviter?.personId ? (inviter.name ?? null) : null,
      role: person.role,
      link: welcomeUrl(config.publicUrl, token),
      expiresAt,
    });
    await enqueueMail(app.platform.db, [
      outboxRow(
        { orderId: null, reference: person.id, kind: 'desk-invitation', to: person.email, ...mail },
        senderDomain(config.mailFrom),
      ),
    ]);
    opts.wakeOutbox();
  };

  // ------------------------------------------------------------------------------------- who am I

  // Nobody signed in is an answer (person null), not a 401: the desk asks this before anything else, and
  // a 401 there was an error in every first start's console.
  api.get(
    PEOPLE_API.me,
    { schema: { response: { 200: meAnswerSchema } }, config: { ...FOR_MAKERS, signedOutAnswered: true } },
    async (request, reply) => {
      if (!request.deskActor) return reply.send({ ok: true, person: null, needsPasskey: false });
      const actor = actorOf(request);
      return reply.send({
        ok: true,
        person: meOut({ id: actor.personId, name: actor.name ?? '', role: actor.role }),
        needsPasskey: actor.needsPasskey === true,
      });
    },
  );

  // ---------------------------------------------------------------------------------- the people

  const listed = { response: { 200: peopleAnswerSchema } };
  api.get(PEOPLE_API.people, { schema: listed }, async (_request, reply) => {
    const invitations = await people.invitations();
    const list = await people.list();
    const out: Person[] = [];
    for (const p of list) out.push(await personOut(p, invitations));
    return reply.send({ ok: true, people: out });
  });

  const added = { body: newPersonSchema, response: { 201: personAnswerSchema } };
  api.post(PEOPLE_API.people, { schema: added, config: { policy: SMALL_JSON } }, async (request, reply) => {
    // The first person is an owner who registered a passkey: anyone invited before her would retire the
    // token's session and leave the shop with nobody who can sign in as its owner.
    if ((await people.ownersWhoCanSignIn()) === 0) refuse('conflict', PEOPLE_MESSAGES.ownerFirst);
    if ((await people.count()) >= PEOPLE_LIMITS.maxPeople) refuse('conflict', PEOPLE_MESSAGES.duplicate);
    const person = (await people.create(request.body)) ?? refuse('conflict', PEOPLE_MESSAGES.duplicate);
    await sendInvitation(person, request);
    await audit(request, 'person-invite', person.id, person.role);
    return reply.code(201).send({ ok: true, person: await personOut(person) });
  });

  const byPerson = { params: personParamsSchema };
  const onePerson = { ...byPerson, response: { 200: personAnswerSchema } };
  api.patch(
    `${PEOPLE_API.people}/:id`,
    { schema: { ...onePerson, body: personPatchSchema }, config: { policy: SMALL_JSON } },
    async (request, reply) => {
      const outcome = await people.update(request.params.id, request.body);
      if (outcome === 'not-found') refuse('not-found', PEOPLE_MESSAGES.notFound);
      if (outcome === 'last-owner') refuse('conflict', PEOPLE_MESSAGES.lastOwner);
      const detail = [request.body.role && `role ${request.body.role}`, request.body.name && 'name']
        .filter(Boolean)
        .join(', ');
      await audit(request, 'person-change', request.params.id, detail || null);
      const person = (await people.byId(request.params.id)) ?? refuse('not-found', PEOPLE_MESSAGES.notFound);
      return reply.send({ ok: true, person: await personOut(person) });
    },
  );

  const done = { response: { 200: okResponseSchema } };
  api.delete(
    `${PEOPLE_API.people}/:id`,
    { schema: { ...byPerson, ...done }, config: NO_BODY },
    async (request, reply) => {
      const outcome = await people.remove(request.params.id);
      if (outcome === 'not-found') refuse('not-found', PEOPLE_MESSAGES.notFound);
      if (outcome === 'last-owner') refuse('conflict', PEOPLE_MESSAGES.lastOwner);
      // Every session of theirs ends now, on every instance: the sessions live in the database.
      await sessions.endAllOf(request.params.id);
      await audit(request, 'person-remove', request.params.id);
      return reply.send({ ok: true });
    },
  );

  api.post(
    `${PEOPLE_API.people}/:id/invitation`,
    { schema: onePerson, config: NO_BODY },
    async (request, reply) => {
      const person = (await people.byId(request.params.id)) ?? refuse('not-found', PEOPLE_MESSAGES.notFound);
      await sendInvitation(person, request);
      await audit(request, 'person-invite-again', person.id);
      return reply.send({ ok: true, person: await personOut(person) });
    },
  );

  api.delete(
    `${PEOPLE_API.people}/:id/invitation`,
    { schema: onePerson, config: NO_BODY },
    async (request, reply) => {
      const person = (await people.byId(request.params.id)) ?? refuse('not-found', PEOPLE_MESSAGES.notFound);
      await people.withdrawInvitation(person.id);
      await audit(request, 'person-invite-withdraw', person.id);
      return reply.send({ ok: true, person: await personOut(person) });
    },
  );

  // ----------------------------------------------------------------------- sign in with a passkey

  // Whether the sign-in form still takes the token: says only whether the desk has been set up, which
  // the form's own answer (403 with a passkey) says anyway.
  api.get(
    PEOPLE_API.signInOptions,
    { schema: { response: { 200: signInOptionsSchema } }, config: { signIn: true } },
    async (_request, reply) => {
      return reply.send({ ok: true, tokenSignIn: (await people.count()) === 0 });
    },
  );

  api.post(
    PEOPLE_API.passkeyOptions,
    { schema: { response: { 200: optionsAnswerSchema } }, config: { ...NO_BODY, signIn: true } },
    async (_request, reply) => {
      return reply.send({ ok: true, options: await ceremonies.authenticationOptions() });
    },
  );

  const signedIn = { response: { 200: signedInAnswerSchema } };
  api.post(
    PEOPLE_API.passkey,
    { schema: { body: signInRequestSchema, ...signedIn }, config: { policy: WEBAUTHN_ANSWER, signIn: true } },
    async (request, reply) => {
      const passkey = await ceremonies.verifyAuthentication(request.body.response);
      const person = passkey && (await people.byId(passkey.personId));
      if (!person) return failed(request, reply, 401, PEOPLE_MESSAGES.signInFailed);
      await signIn(request, reply, person, `passkey ${passkey.id}`);
      return reply.send({ ok: true, person: meOut(person), needsPasskey: false });
    },
  );

  api.post(
    PEOPLE_API.recovery,
    { schema: { body: recoveryRequestSchema, ...signedIn }, config: { policy: TINY_JSON, signIn: true } },
    async (request, reply) => {
      const personId = await people.takeRecoveryCode(request.body.code);
      const person = personId && (await people.byId(personId));
      if (!person) return failed(request, reply, 401, PEOPLE_MESSAGES.signInFailed);
      await signIn(request, reply, person, 'recovery code', true);
      return reply.send({ ok: true, person: meOut(person), needsPasskey: true });
    },
  );

  // ------------------------------------------------------------ the welcome link: a first passkey

  api.post(
    PEOPLE_API.welcomeOptions,
    {
      schema: { body: welcomeOptionsRequestSchema, response: { 200: welcomeOptionsAnswerSchema } },
      config: { policy: TINY_JSON, signIn: true },
    },
    async (request, reply) => {
      const person = await people.invitationFor(request.body.token);
      if (!person) return failed(request, reply, 410, PEOPLE_MESSAGES.expired);
      const options = await ceremonies.registrationOptions(
        registrantOf(person),
        await people.passkeysOf(person.id),
      );
      return reply.send({ ok: true, name: person.name, options });
    },
  );

  const registered = { response: { 200: registeredAnswerSchema } };
  api.post(
    PEOPLE_API.welcome,
    {
      schema: { body: welcomeRequestSchema, ...registered },
      config: { policy: WEBAUTHN_ANSWER, signIn: true },
    },
    async (request, reply) => {
      const { token, response, passkeyName } = request.body;
      const person = await people.invitationFor(token);
      if (!person) return failed(request, reply, 410, PEOPLE_MESSAGES.expired);
      const credential = await ceremonies.verifyRegistration(person.id, response);
      if (!credential) return failed(request, reply, 400, PEOPLE_MESSAGES.registerFailed);
      // The link is used up only by a passkey that registered: the delete is the claim, once.
      if (!(await people.takeInvitation(token, person.id))) {
        return failed(request, reply, 410, PEOPLE_MESSAGES.expired);
      }
      const passkey = await people.addPasskey({
        personId: person.id,
        ...credential,
        name: passkeyName ?? deviceName(request.headers['user-agent']) ?? 'Passkey',
      });
      if (!passkey) refuse('conflict', PEOPLE_MESSAGES.tooManyPasskeys);
      await signIn(request, reply, person, 'welcome link');
      const recoveryCodes = await codesFor(person);
      return reply.send({ ok: true, person: meOut(person), passkey: passkeyOut(passkey), recoveryCodes });
    },
  );

  /** An owner's recovery codes when she has none left (her first passkey, or after using them all). */
  const codesFor = async (person: PersonRecord): Promise<string[] | null> => {
    if (person.role !== 'owner' || (await people.recoveryCodesLeft(person.id)) > 0) return null;
    return people.newRecoveryCodes(person.id);
  };

  // ---------------------------------------------------------------- my passkeys and my devices

  /** The signed-in person, or the first owner's details from the request (the token's session). */
  const registrantFor = async (
    request: FastifyRequest,
    details: { name?: string | undefined; email?: string | undefined },
  ) => {
    const actor = actorOf(request);
    if (actor.personId !== null) {
      const person = await people.byId(actor.personId);
      return person ? { person, registrant: registrantOf(person) } : null;
    }
    if (actor.session === 'token' || !details.name || !details.email) return null;
    // The first owner exists once her passkey is verified; until then the handle derives from her session.
    const digest = sha256Hex(`first-owner:${actor.session}:${details.email.trim().toLowerCase()}`);
    const userHandle = Buffer.from(digest, 'hex').toString('base64url');
    return {
      person: null,
      registrant: {
        challengeKey: `first:${digest.slice(0, 32)}`,
        userHandle,
        userName: details.email,
        displayName: details.name,
      },
    };
  };

  api.post(
    PEOPLE_API.myPasskeyOptions,
    {
      schema: { body: myPasskeyOptionsRequestSchema, response: { 200: optionsAnswerSchema } },
      config: {
        ...FOR_MAKERS,
        policy: { limit: 'admin', body: 'json-or-empty', sameOrigin: true, maxBodyBytes: 2 * KIB },
      },
    },
    async (request, reply) => {
      const who =
        (await registrantFor(request, request.body ?? {})) ??
        refuse('invalid', PEOPLE_MESSAGES.firstOwnerDetails);
      const existing = who.person ? await people.passkeysOf(who.person.id) : [];
      return reply.send({
        ok: true,
        options: await ceremonies.registrationOptions(who.registrant, existing),
      });
    },
  );

  api.post(
    PEOPLE_API.myPasskeys,
    {
      schema: { body: myPasskeyRequestSchema, ...registered },
      config: { ...FOR_MAKERS, policy: WEBAUTHN_ANSWER },
    },
    async (request, reply) => {
      const { response, passkeyName, name, email } = request.body;
      const who =
        (await registrantFor(request, { name, email })) ??
        refuse('invalid', PEOPLE_MESSAGES.firstOwnerDetails);
      const credential =
        (await ceremonies.verifyRegistration(who.registrant.challengeKey, response)) ??
        refuse('invalid', PEOPLE_MESSAGES.registerFailed);
      let person = who.person;
      const secret = request.cookies[ADMIN_SESSION_COOKIE];
      if (!person) {
        // The first owner: only while nobody exists (two tabs racing: the second is refused).
        if ((await people.count()) > 0 || !name || !email || !secret) {
          refuse('conflict', PEOPLE_MESSAGES.registerFailed);
        }
        person =
          (await people.create({ name, email, role: 'owner', userHandle: who.registrant.userHandle })) ??
          refuse('conflict', PEOPLE_MESSAGES.registerFailed);
        await sessions.assignPerson(secret, person.id);
        await audit(request, 'person-first-owner', person.id);
      }
      const passkey = await people.addPasskey({
        personId: person.id,
        ...credential,
        name: passkeyName ?? deviceName(request.headers['user-agent']) ?? 'Passkey',
      });
      if (!passkey) refuse('conflict', PEOPLE_MESSAGES.tooManyPasskeys);
      if (secret) await sessions.passkeyRegistered(secret);
      await opts.audit.audit({
        ...ownerActor(request),
        name: person.name,
        action: 'passkey-add',
        target: passkey.id,
        detail: null,
      });
      const recoveryCodes = await codesFor(person);
      return reply.send({ ok: true, person: meOut(person), passkey: passkeyOut(passkey), recoveryCodes });
    },
  );

  /** The signed-in person's id, or null (the API token and the token's first session have no passkeys). */
  const myId = (request: FastifyRequest) => actorOf(request).personId;

  api.get(
    PEOPLE_API.myPasskeys,
    { schema: { response: { 200: passkeysAnswerSchema } }, config: FOR_MAKERS },
    async (request, reply) => {
      const id = myId(request);
      if (id === null) return reply.send({ ok: true, passkeys: [], recoveryCodesLeft: null });
      const person = await people.byId(id);
      const left = person?.role === 'owner' ? await people.recoveryCodesLeft(id) : null;
      return reply.send({
        ok: true,
        passkeys: (await people.passkeysOf(id)).map(passkeyOut),
        recoveryCodesLeft: left,
      });
    },
  );

  const byPasskey = { params: passkeyParamsSchema };
  api.patch(
    `${PEOPLE_API.myPasskeys}/:id`,
    {
      schema: { ...byPasskey, ...done, body: passkeyPatchSchema },
      config: { ...FOR_MAKERS, policy: TINY_JSON },
    },
    async (request, reply) => {
      const id = myId(request);
      if (id === null || !(await people.renamePasskey(id, request.params.id, request.body.name))) {
        refuse('not-found', PEOPLE_MESSAGES.passkeyNotFound);
      }
      await audit(request, 'passkey-rename', request.params.id);
      return reply.send({ ok: true });
    },
  );

  api.delete(
    `${PEOPLE_API.myPasskeys}/:id`,
    { schema: { ...byPasskey, ...done }, config: { ...NO_BODY, ...FOR_MAKERS } },
    async (request, reply) => {
      const id = myId(request);
      const outcome = id === null ? 'not-found' : await people.removePasskey(id, request.params.id);
      if (outcome === 'not-found') refuse('not-found', PEOPLE_MESSAGES.passkeyNotFound);
      if (outcome === 'last-owner') refuse('conflict', PEOPLE_MESSAGES.lastPasskey);
      await audit(request, 'passkey-remove', request.params.id);
      return reply.send({ ok: true });
    },
  );

  const codes = { response: { 200: recoveryCodesAnswerSchema } };
  api.post(PEOPLE_API.myRecoveryCodes, { schema: codes, config: NO_BODY }, async (request, reply) => {
    const id = myId(request) ?? refuse('not-found', PEOPLE_MESSAGES.notFound);
    const recoveryCodes = await people.newRecoveryCodes(id);
    await audit(request, 'recovery-codes-new', id);
    return reply.send({ ok: true, recoveryCodes });
  });

  api.get(
    PEOPLE_API.mySessions,
    { schema: { response: { 200: sessionsAnswerSchema } }, config: FOR_MAKERS },
    async (request, reply) => {
      const id = myId(request);
      const current = actorOf(request).session;
      const list = id === null ? [] : await sessions.listFor(id);
      return reply.send({
        ok: true,
        sessions: list.map((s) => ({
          id: s.id,
          device: s.device,
          createdAt: s.createdAt.toISOString(),
          lastUsedAt: s.lastUsedAt.toISOString(),
          current: s.id === current,
        })),
      });
    },
  );

  api.delete(
    `${PEOPLE_API.mySessions}/:id`,
    { schema: { params: sessionParamsSchema, ...done }, config: { ...NO_BODY, ...FOR_MAKERS } },
    async (request, reply) => {
      const id = myId(request);
      if (id === null || !(await sessions.endOne(id, request.params.id))) {
        refuse('not-found', PEOPLE_MESSAGES.sessionNotFound);
      }
      await audit(request, 'sign-out-device', request.params.id);
      if (request.params.id === actorOf(request).session)
        reply.clearCookie(ADMIN_SESSION_COOKIE, cookieOptions);
      return reply.send({ ok: true });
    },
  );

  api.delete(
    PEOPLE_API.mySessions,
    { schema: done, config: { ...NO_BODY, ...FOR_MAKERS } },
    async (request, reply) => {
      const id = myId(request);
      if (id !== null) await sessions.endAllOf(id);
      await audit(request, 'sign-out-everywhere', null);
      return reply.clearCookie(ADMIN_SESSION_COOKIE, cookieOptions).send({ ok: true });
    },
  );
}

function registrantOf(person: PersonRecord) {
  return {
    challengeKey: person.id,
    userHandle: person.userHandle,
    userName: person.email,
    displayName: person.name,
  };
}
