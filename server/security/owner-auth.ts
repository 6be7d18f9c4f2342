/**
 * Who may use an `/api/admin/` route (docs/product/orders.md §10.1): the owner, by the desk's session cookie or by
 * `Authorization: Bearer ADMIN_TOKEN` (scripts, the image editor). One onRequest hook on the root instance
 * covers every such route but the sign-in itself, after the request guard (rate limit, same origin, body
 * type) and before any body is read.
 *
 * A request that carries an Authorization header is a token attempt: a right token is always let in and
 * forgets the address's failures; a wrong one counts with the desk's failed sign-ins (SignInThrottle, on
 * the shared counters) and is answered after the same growing delay as a wrong sign-in, a 429 over the
 * limit. Without one, the session cookie is read through @fastify/cookie; an
 * unknown or expired one is cleared. The owner's Idempotency-Key, when a request carries one, is checked
 * here too, once for every owner route, so the services that dedupe on it take it as given.
 */
import fastifyCookie from '@fastify/cookie';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_MESSAGES, idempotencyKeySchema } from '../../domain/orders/admin-api';
import { PEOPLE_MESSAGES } from '../../domain/people/people-api';
import type { Actor } from '../audit/audit-trail';
import { selectiveHook } from '../lib/selective-hook';
import { ADMIN_SESSION_COOKIE, type AdminSessionStore, type SignInThrottle } from './admin-sessions';
import { sameSecret } from './constant-time';
import type { PeopleStore } from './people-store';
import { ADMIN_PREFIX, type DeskRole, isSignIn, rolesFor } from './route-policy';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is acting; `expiresAt` for a session (a Bearer script has none). */
    deskActor?: DeskActor;
  }
  interface FastifyContextConfig {
    /** The 401's message on this owner route, where its callers expect their own wording. */
    readonly ownerUnauthorized?: string;
    /**
     * The route answers a request with no session itself (the desk's "who am I": nobody is an answer, not
     * an error, so the desk's first start logs no 401). A token given is still checked as everywhere.
     */
    readonly signedOutAnswered?: boolean;
  }
}

/** Who acts on an owner route, with their role; `personId` null for the token (or its session before anybody existed). */
export interface DeskActor extends Actor {
  readonly expiresAt?: Date;
  readonly role: DeskRole;
  readonly personId: string | null;
  /** Signed in with a recovery code or a setup link: the desk asks for a passkey first. */
  readonly needsPasskey?: boolean;
}

/** How the API token is named in the audit rows and on the desk. */
export const TOKEN_NAME = 'API token';
/** A session opened with the token before anybody existed. */
export const FIRST_OWNER_NAME = 'Owner';

export const ROLE_MESSAGES = { forbidden: PEOPLE_MESSAGES.forbidden } as const;

/** How often a person's last-seen time is written (not at every request). */
const SEEN_EVERY_MS = 60_000;

export interface OwnerAuthOptions {
  readonly token: string;
  /** The cookie carries Secure (PUBLIC_URL is https). */
  readonly secure: boolean;
  readonly sessions: Pick<AdminSessionStore, 'use' | 'end'>;
  readonly people: Pick<PeopleStore, 'byId' | 'count' | 'seen'>;
  readonly signIns: SignInThrottle;
}

/** The session cookie's attributes; the value and its Max-Age are the caller's. */
export function sessionCookieOptions(secure: boolean) {
  return { path: '/', httpOnly: true, sameSite: 'strict', secure } as const;
}

/** The token of a `Bearer <token>` header, or null for any other scheme or shape. */
export function bearerToken(authorization: string): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] ?? null;
}

export interface TokenAttempt {
  readonly signIns: SignInThrottle;
  readonly token: string;
  /** The token the request gives; null when it gives none in the right shape (a failure all the same). */
  readonly given: string | null;
  /** Sends the answer to a wrong token (the sign-in form and the Bearer routes word it their own way). */
  readonly wrong: () => void;
}

/**
 * One attempt at the owner's token from the request's client (an IPv6 client as its /64, as the rate
 * limits count): true when it is right (the client's failures are forgotten), whatever the failures
 * before it; false when the answer to a wrong one is sent, counted with the failed sign-ins: after its
 * growing delay, and over the limit as a 429 after the longest delay. (A boolean, not the reply: a
 * reply is thenable, so an async function cannot hand one back.)
 */
export async function attemptOwnerToken(
  request: FastifyRequest,
  reply: FastifyReply,
  attempt: TokenAttempt,
): Promise<boolean> {
  const client = normalizeIP(request.ip);
  if (attempt.given !== null && sameSecret(attempt.given, attempt.token)) {
    await attempt.signIns.succeed(client);
    return true;
  }
  const counted = await attempt.signIns.failed(client);
  // The client address stays out of the log line (the request log has what operations need).
  request.log.warn({ route: request.routeOptions.url }, 'owner: wrong admin token');
  await attempt.signIns.answerLater(counted);
  if (counted.refused) {
    reply
      .code(429)
      .header('Retry-After', String(counted.retryAfterSeconds))
      .send({ ok: false, error: ADMIN_MESSAGES.tooManyAttempts });
    return false;
  }
  attempt.wrong();
  return false;
}

/** The request's Idempotency-Key as sent (a repeated header reads as its values joined, and is refused). */
function requestKeyOf(request: FastifyRequest): string | undefined {
  return request.headers['idempotency-key']?.toString();
}

/**
 * Who is acting on an owner route, as the desk service and the audit rows take it: the hook's actor with
 * the submission's Idempotency-Key (docs/product/orders.md §10.5), which the hook has already found well formed.
 * The hook has set the actor on every owner route; the fallback only keeps the type honest.
 */
export function ownerActor(request: FastifyRequest): Actor {
  const actor = request.deskActor;
  return {
    session: actor?.session ?? '?',
    address: actor?.address ?? request.ip,
    name: actor?.name,
    requestKey: requestKeyOf(request),
  };
}

/** A request under /api/admin/ that matched no route (a 404 to come). */
function unknownOwnerPath(request: FastifyRequest): boolean {
  return request.url.startsWith(ADMIN_PREFIX);
}

/** Registers @fastify/cookie and the owner's hook on `app` (the root: the hook must see every route). */
export async function installOwnerAuth(app: FastifyInstance, options: OwnerAuthOptions): Promise<void> {
  const { token, secure, sessions, people, signIns } = options;
  await app.register(fastifyCookie);

  const unauthorized = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(401)
      .header('WWW-Authenticate', 'Bearer realm="solas-admin"')
      .send({
        ok: false,
        error: request.routeOptions.config.ownerUnauthorized ?? ADMIN_MESSAGES.unauthorized,
      });

  const byToken = async (request: FastifyRequest, reply: FastifyReply, authorization: string) => {
    const given = bearerToken(authorization);
    const right = await attemptOwnerToken(request, reply, {
      signIns,
      token,
      given,
      wrong: () => unauthorized(request, reply),
    });
    if (!right) return reply;
    request.deskActor = {
      session: 'token',
      address: request.ip,
      name: TOKEN_NAME,
      role: 'owner',
      personId: null,
    };
    return undefined;
  };

  /** The session's person as they are now (a removed person, or a role just changed, counts at once). */
  const sessionActor = async (secret: string, request: FastifyRequest): Promise<DeskActor | null> => {
    const session = await sessions.use(secret);
    if (!session) return null;
    const base = { session: session.label, address: request.ip, expiresAt: session.expiresAt };
    if (session.personId === null) {
      // The token's session before anybody existed; once a person does, only people sign in.
      if ((await people.count()) > 0) {
        await sessions.end(secret);
        return null;
      }
      return { ...base, name: FIRST_OWNER_NAME, role: 'owner', personId: null, needsPasskey: true };
    }
    const person = await people.byId(session.personId);
    if (!person) {
      await sessions.end(secret);
      return null;
    }
    const seen = person.lastSeenAt?.getTime() ?? 0;
    if (Date.now() - seen > SEEN_EVERY_MS) await people.seen(person.id);
    return {
      ...base,
      name: person.name,
      role: person.role,
      personId: person.id,
      needsPasskey: session.needsPasskey,
    };
  };

  const forbidden = (reply: FastifyReply) =>
    reply.code(403).send({ ok: false, error: ROLE_MESSAGES.forbidden });
  const roleCheck = (request: FastifyRequest, reply: FastifyReply) => {
    const role = request.deskActor?.role;
    if (role !== undefined && rolesFor(request.routeOptions.config).includes(role)) {
      return undefined;
    }
    return forbidden(reply);
  };

  const concernsOwner = (request: FastifyRequest): boolean => {
    const url = request.routeOptions.url;
    if (url === undefined) return unknownOwnerPath(request);
    if (!url.startsWith(ADMIN_PREFIX)) return false;
    return !isSignIn(request.routeOptions.config);
  };
  // After the owner is known, so a stranger learns nothing from it.
  const checkRequestKey = (request: FastifyRequest, reply: FastifyReply) => {
    const key = requestKeyOf(request);
    if (key === undefined || idempotencyKeySchema.safeParse(key).success) return undefined;
    return reply.code(400).send({ ok: false, error: ADMIN_MESSAGES.badIdempotencyKey });
  };
  const ownerCheck = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.url === undefined) {
      // An owner path that does not exist: a maker's session is refused like any route not theirs, so
      // what is the owner's alone reads the same to a maker whether it exists or not; others get the 404.
      const secret = request.cookies[ADMIN_SESSION_COOKIE];
      const actor = secret ? await sessionActor(secret, request) : null;
      return actor && actor.role !== 'owner' ? forbidden(reply) : undefined;
    }
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      return (await byToken(request, reply, authorization)) ?? checkRequestKey(request, reply);
    }
    const secret = request.cookies[ADMIN_SESSION_COOKIE];
    const actor = secret ? await sessionActor(secret, request) : null;
    if (actor) {
      request.deskActor = actor;
      return roleCheck(request, reply) ?? checkRequestKey(request, reply);
    }
    if (secret !== undefined) reply.clearCookie(ADMIN_SESSION_COOKIE, sessionCookieOptions(secure));
    if (request.routeOptions.config.signedOutAnswered === true) return undefined;
    return unauthorized(request, reply);
  };
  app.addHook('onRequest', selectiveHook(concernsOwner, ownerCheck));
}
