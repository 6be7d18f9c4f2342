/**
 * The desk's session (docs/security.md): the owner's token sign-in, whether the desk is signed in, and
 * signing out, under /api/admin/session. The token sign-in needs no session (it makes one) and closes
 * once anybody has a passkey; a wrong token counts with every failed sign-in on the shared counters.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_API,
  ADMIN_MESSAGES,
  sessionResponseSchema,
  signInRequestSchema,
} from '../../domain/orders/admin-api';
import { PEOPLE_MESSAGES } from '../../domain/people/people-api';
import { okResponseSchema, refusalResponseSchema } from '../../domain/shared/answers';
import type { AuditTrail } from '../audit/audit-trail';
import { type AppConfig, isHttps } from '../config';
import { refuse } from '../lib/refusal';
import {
  ADMIN_SESSION_COOKIE,
  type AdminSessionStore,
  SESSION_LIMITS,
  type SignInThrottle,
} from '../security/admin-sessions';
import {
  attemptOwnerToken,
  FIRST_OWNER_NAME,
  ownerActor,
  sessionCookieOptions,
} from '../security/owner-auth';
import type { PeopleStore } from '../security/people-store';
import { KIB, QUOTE_ACTION_POLICY } from '../security/route-policy';
import { deviceName } from './people-routes';

export interface SessionRouteOptions {
  readonly config: AppConfig;
  readonly sessions: AdminSessionStore;
  /** Failed sign-ins, counted where every instance sees them (security/shared-counters.ts). */
  readonly signIns: SignInThrottle;
  /** Once a person exists, the desk signs in with passkeys only (docs/security.md). */
  readonly people: Pick<PeopleStore, 'count'>;
  readonly audit: AuditTrail;
}

export async function sessionRoutes(app: FastifyInstance, opts: SessionRouteOptions): Promise<void> {
  const { config, sessions, signIns } = opts;
  const cookieOptions = sessionCookieOptions(isHttps(config));
  const api = app.withTypeProvider<ZodTypeProvider>();

  app.addHook('onSend', async (_request, reply) => {
    reply.header('X-Robots-Tag', 'noindex, nofollow');
  });

  // A wrong token's 401 and the limit's 429 are written by attemptOwnerToken's own reply: declared here.
  const signIn = {
    body: signInRequestSchema,
    response: { 200: sessionResponseSchema, 401: refusalResponseSchema, 429: refusalResponseSchema },
  };
  // The token sign-in: it signs the owner in, so it needs no session.
  const signInConfig = {
    policy: { limit: 'admin', body: 'json', sameOrigin: true, maxBodyBytes: 2 * KIB },
    signIn: true,
  } as const;
  api.post(ADMIN_API.session, { schema: signIn, config: signInConfig }, async (request, reply) => {
    const address = request.ip;
    // Once anybody has a passkey the form takes no token, right or wrong (it stays for scripts, as Bearer).
    if ((await opts.people.count()) > 0) {
      return refuse('forbidden', PEOPLE_MESSAGES.tokenRetired);
    }
    // A wrong token counts with every failed one, Bearer ones included; the right one always signs in.
    const right = await attemptOwnerToken(request, reply, {
      signIns,
      token: config.admin.token,
      given: request.body.token,
      wrong: () => reply.code(401).send({ ok: false, error: ADMIN_MESSAGES.wrongToken }),
    });
    if (!right) return reply;
    const { secret, session } = await sessions.create(address, {
      personId: null,
      device: deviceName(request.headers['user-agent']),
    });
    await opts.audit.audit({
      session: session.label,
      address,
      name: FIRST_OWNER_NAME,
      action: 'sign-in',
      target: null,
      detail: 'token',
    });
    return reply
      .setCookie(ADMIN_SESSION_COOKIE, secret, {
        ...cookieOptions,
        maxAge: Math.floor(SESSION_LIMITS.maxMs / 1000),
      })
      .send({ ok: true, expiresAt: session.expiresAt.toISOString() });
  });

  // Whether the desk is signed in (the app asks at start): the session's end if it stays unused.
  api.get(
    ADMIN_API.session,
    { schema: { response: { 200: sessionResponseSchema } }, config: { forMakers: true } },
    async (request, reply) => {
      const expiresAt = request.deskActor?.expiresAt ?? new Date(Date.now() + SESSION_LIMITS.idleMs);
      return reply.send({ ok: true, expiresAt: expiresAt.toISOString() });
    },
  );

  api.delete(
    ADMIN_API.session,
    {
      schema: { response: { 200: okResponseSchema } },
      config: { policy: QUOTE_ACTION_POLICY, forMakers: true },
    },
    async (request, reply) => {
      const secret = request.cookies[ADMIN_SESSION_COOKIE];
      if (secret) await sessions.end(secret);
      await opts.audit.audit({ ...ownerActor(request), action: 'sign-out', target: null, detail: null });
      return reply.clearCookie(ADMIN_SESSION_COOKIE, cookieOptions).send({ ok: true });
    },
  );
}
