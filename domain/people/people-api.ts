/**
 * The desk's people and passkeys API (docs/security.md), shared by the server and the desk: paths, the
 * roles, the wording, and the zod/mini schemas of every request and answer. A WebAuthn answer travels
 * as the browser's JSON (base64url fields), checked for shape and size here and for meaning by the server.
 */
import * as z from 'zod/mini';
import { singleLine } from '../shared/input-text-checks';

export const PEOPLE_API = {
  me: '/api/admin/me',
  /** How the sign-in screen signs in: whether the form still takes the owner token (nobody exists yet). */
  signInOptions: '/api/admin/sign-in',
  people: '/api/admin/people',
  /** Sign-in with a passkey: the options (a challenge), then the assertion. */
  passkeyOptions: '/api/admin/passkey/options',
  passkey: '/api/admin/passkey',
  /** The invitation's (or the setup link's) welcome screen: the options, then the new passkey. */
  welcomeOptions: '/api/admin/welcome/options',
  welcome: '/api/admin/welcome',
  recovery: '/api/admin/recovery',
  myPasskeys: '/api/admin/me/passkeys',
  myPasskeyOptions: '/api/admin/me/passkeys/options',
  mySessions: '/api/admin/me/sessions',
  myRecoveryCodes: '/api/admin/me/recovery-codes',
} as const;

export const personPath = (id: string) => `${PEOPLE_API.people}/${encodeURIComponent(id)}`;
export const invitationPath = (id: string) => `${personPath(id)}/invitation`;
export const myPasskeyPath = (id: string) => `${PEOPLE_API.myPasskeys}/${encodeURIComponent(id)}`;
export const mySessionPath = (id: string) => `${PEOPLE_API.mySessions}/${encodeURIComponent(id)}`;

/** The welcome screen's address in the desk (the invitation e-mail's one link). */
export function welcomeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/admin#/welcome/${encodeURIComponent(token)}`;
}

export const ROLES = ['owner', 'maker'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  owner: 'Owner: everything',
  maker: 'Maker: makes and packs orders',
};

export const PEOPLE_LIMITS = {
  maxNameChars: 80,
  maxEmailChars: 254,
  maxPasskeyNameChars: 60,
} as const;

export const PEOPLE_MESSAGES = {
  name: 'name: give a name of 1 to 80 characters on one line.',
  email: 'email: give a valid e-mail address.',
  role: "role: choose 'owner' or 'maker'.",
  passkeyName: 'name: give the passkey a name of 1 to 60 characters on one line.',
  duplicate: 'email: someone with this e-mail address is already on the desk.',
  notFound: 'No such person.',
  passkeyNotFound: 'No such passkey.',
  sessionNotFound: 'No such session.',
  lastOwner: 'The shop must keep at least one owner who can sign in.',
  lastPasskey: 'This is the last passkey of the last owner: add another one before removing it.',
  expired: 'This link has expired or was already used. Ask the owner for a new invitation.',
  signInFailed: 'That did not sign you in. Try again, or use another passkey or a recovery code.',
  registerFailed: 'The passkey could not be registered. Please try again.',
  tokenRetired:
    'The desk signs in with a passkey now: use "Sign in with a passkey". The token still works for scripts.',
  tooManyPasskeys: 'You already have as many passkeys as one person may keep: remove one first.',
  forbidden: 'Your role does not allow this. Ask the owner if you need it.',
  ownerFirst:
    'Register your own passkey first: the shop needs an owner who can sign in before anyone else joins the desk.',
  firstOwnerDetails: 'Give your name and e-mail address to register your passkey.',
} as const;

const nameField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, PEOPLE_MESSAGES.name),
    z.maxLength(PEOPLE_LIMITS.maxNameChars, PEOPLE_MESSAGES.name),
    singleLine(),
  );
const emailField = z
  .string()
  .check(
    z.trim(),
    z.maxLength(PEOPLE_LIMITS.maxEmailChars, PEOPLE_MESSAGES.email),
    z.regex(/^[^\s@<>"',;]+@[^\s@<>"',;]+\.[^\s@<>"',;]+$/, PEOPLE_MESSAGES.email),
  );
const roleField = z.enum(ROLES, PEOPLE_MESSAGES.role);

export const newPersonSchema = z.strictObject({ name: nameField, email: emailField, role: roleField });
export const personPatchSchema = z.strictObject({ name: z.optional(nameField), role: z.optional(roleField) });
export const personParamsSchema = z.object({ id: z.string().check(z.regex(/^per_[A-Za-z0-9_-]{6,20}$/)) });
export const passkeyParamsSchema = z.object({ id: z.string().check(z.regex(/^pk_[A-Za-z0-9_-]{6,20}$/)) });
export const sessionParamsSchema = z.object({ id: z.string().check(z.regex(/^[0-9a-f]{12}$/)) });
export const passkeyPatchSchema = z.strictObject({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, PEOPLE_MESSAGES.passkeyName),
      z.maxLength(PEOPLE_LIMITS.maxPasskeyNameChars, PEOPLE_MESSAGES.passkeyName),
      singleLine(),
    ),
});

const b64url = (max: number) => z.string().check(z.maxLength(max), z.regex(/^[A-Za-z0-9_-]*={0,2}$/));

/** The browser's answer to a registration (startRegistration's JSON). */
export const registrationResponseSchema = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(8000),
    transports: z.optional(z.array(z.string().check(z.maxLength(20))).check(z.maxLength(10))),
    authenticatorData: z.optional(b64url(4000)),
    publicKey: z.optional(b64url(2000)),
    publicKeyAlgorithm: z.optional(z.number()),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** The browser's answer to a sign-in (startAuthentication's JSON). */
export const authenticationResponseSchema = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(4000),
    signature: b64url(2000),
    userHandle: z.optional(b64url(200)),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

const tokenField = z.string().check(z.minLength(1), z.maxLength(200));
const passkeyNameField = z.optional(passkeyPatchSchema.shape.name);

export const signInRequestSchema = z.strictObject({ response: authenticationResponseSchema });
export const welcomeOptionsRequestSchema = z.strictObject({ token: tokenField });
export const welcomeRequestSchema = z.strictObject({
  token: tokenField,
  response: registrationResponseSchema,
  passkeyName: passkeyNameField,
});
/** The first owner (signed in with the token) gives her name and address with her first passkey. */
export const myPasskeyOptionsRequestSchema = z.strictObject({
  name: z.optional(nameField),
  email: z.optional(emailField),
});
export const myPasskeyRequestSchema = z.strictObject({
  response: registrationResponseSchema,
  passkeyName: passkeyNameField,
  name: z.optional(nameField),
  email: z.optional(emailField),
});
export const recoveryRequestSchema = z.strictObject({
  code: z.string().check(z.minLength(1), z.maxLength(40)),
});

// ------------------------------------------------------------------------------------------ answers

export const meSchema = z.object({
  id: z.nullable(z.string()),
  name: z.string(),
  role: z.enum(ROLES),
});
export type Me = z.infer<typeof meSchema>;

export const signInOptionsSchema = z.object({ ok: z.literal(true), tokenSignIn: z.boolean() });

export const meAnswerSchema = z.object({
  ok: z.literal(true),
  /** Null: nobody is signed in (no session, or one that ended); the desk shows its sign-in. */
  person: z.nullable(meSchema),
  /** Signed in without a passkey (the token before anybody existed, a recovery code, a setup link). */
  needsPasskey: z.boolean(),
});

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  passkeys: z.array(passkeySchema),
  invitation: z.nullable(z.object({ expiresAt: z.string() })),
  lastSeenAt: z.nullable(z.string()),
});
export type Person = z.infer<typeof personSchema>;

export const peopleAnswerSchema = z.object({ ok: z.literal(true), people: z.array(personSchema) });
export const personAnswerSchema = z.object({ ok: z.literal(true), person: personSchema });

export const deviceSessionSchema = z.object({
  id: z.string(),
  device: z.nullable(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
export const sessionsAnswerSchema = z.object({ ok: z.literal(true), sessions: z.array(deviceSessionSchema) });
export const passkeysAnswerSchema = z.object({
  ok: z.literal(true),
  passkeys: z.array(passkeySchema),
  recoveryCodesLeft: z.nullable(z.number()),
});

/** A registration's answer: the new passkey, and for an owner's first one her recovery codes (shown once). */
export const registeredAnswerSchema = z.object({
  ok: z.literal(true),
  person: meSchema,
  passkey: passkeySchema,
  recoveryCodes: z.nullable(z.array(z.string())),
});
export const signedInAnswerSchema = z.object({
  ok: z.literal(true),
  person: meSchema,
  needsPasskey: z.boolean(),
});
export const recoveryCodesAnswerSchema = z.object({
  ok: z.literal(true),
  recoveryCodes: z.array(z.string()),
});
export const welcomeOptionsAnswerSchema = z.object({
  ok: z.literal(true),
  name: z.string(),
  options: z.record(z.string(), z.unknown()),
});
export const optionsAnswerSchema = z.object({
  ok: z.literal(true),
  options: z.record(z.string(), z.unknown()),
});
