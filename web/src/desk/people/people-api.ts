/**
 * The desk's calls about people, passkeys and sessions (domain/people/people-api.ts), and the browser's
 * side of the WebAuthn ceremonies (@simplewebauthn/browser: in the desk's bundle only).
 */
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import * as z from 'zod/mini';
import {
  invitationPath,
  meAnswerSchema,
  myPasskeyPath,
  mySessionPath,
  optionsAnswerSchema,
  PEOPLE_API,
  passkeysAnswerSchema,
  peopleAnswerSchema,
  personAnswerSchema,
  personPath,
  type Role,
  recoveryCodesAnswerSchema,
  registeredAnswerSchema,
  sessionsAnswerSchema,
  signedInAnswerSchema,
  signInOptionsSchema,
  welcomeOptionsAnswerSchema,
} from '../../../../domain/people/people-api';
import { call, DeskApiError } from '../desk-api';

const okSchema = z.object({ ok: z.literal(true) });

type RegistrationOptions = Parameters<typeof startRegistration>[0]['optionsJSON'];
type AuthenticationOptions = Parameters<typeof startAuthentication>[0]['optionsJSON'];

/** The browser's own refusal (cancelled, no authenticator) as the desk words it. */
function ceremonyError(err: unknown): DeskApiError {
  if (err instanceof DeskApiError) return err;
  const name = err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') {
    return new DeskApiError(0, 'The passkey was not used: it was cancelled or timed out. Try again.');
  }
  return new DeskApiError(0, 'This browser could not use a passkey here. Try another browser or device.');
}

async function register(options: unknown) {
  try {
    return await startRegistration({ optionsJSON: options as RegistrationOptions });
  } catch (err) {
    throw ceremonyError(err);
  }
}

export const passkeysSupported = () => browserSupportsWebAuthn();

export const peopleApi = {
  me: () => call('GET', PEOPLE_API.me, meAnswerSchema),
  signInOptions: () => call('GET', PEOPLE_API.signInOptions, signInOptionsSchema),

  /** Sign in with a passkey; `autofill`: the browser's passkey suggestions in the field (conditional UI). */
  async signIn(autofill = false) {
    const { options } = await call('POST', PEOPLE_API.passkeyOptions, optionsAnswerSchema);
    let response: Awaited<ReturnType<typeof startAuthentication>>;
    try {
      response = await startAuthentication({
        optionsJSON: options as unknown as AuthenticationOptions,
        useBrowserAutofill: autofill,
      });
    } catch (err) {
      throw ceremonyError(err);
    }
    return call('POST', PEOPLE_API.passkey, signedInAnswerSchema, { response });
  },
  autofillSupported: () => browserSupportsWebAuthnAutofill(),
  cancelCeremony: () => WebAuthnAbortService.cancelCeremony(),

  recover: (code: string) => call('POST', PEOPLE_API.recovery, signedInAnswerSchema, { code }),

  welcomeOptions: (token: string) =>
    call('POST', PEOPLE_API.welcomeOptions, welcomeOptionsAnswerSchema, { token }),
  async welcome(token: string, options: unknown) {
    const response = await register(options);
    return call('POST', PEOPLE_API.welcome, registeredAnswerSchema, { token, response });
  },

  /** A new passkey for the signed-in person (the first owner gives her name and address with it). */
  async addPasskey(details: { name?: string; email?: string; passkeyName?: string } = {}) {
    const first = details.name && details.email ? { name: details.name, email: details.email } : {};
    const { options } = await call('POST', PEOPLE_API.myPasskeyOptions, optionsAnswerSchema, first);
    const response = await register(options);
    return call('POST', PEOPLE_API.myPasskeys, registeredAnswerSchema, {
      response,
      ...first,
      ...(details.passkeyName ? { passkeyName: details.passkeyName } : {}),
    });
  },
  myPasskeys: () => call('GET', PEOPLE_API.myPasskeys, passkeysAnswerSchema),
  renamePasskey: (id: string, name: string) => call('PATCH', myPasskeyPath(id), okSchema, { name }),
  removePasskey: (id: string) => call('DELETE', myPasskeyPath(id), okSchema),
  newRecoveryCodes: () => call('POST', PEOPLE_API.myRecoveryCodes, recoveryCodesAnswerSchema),
  mySessions: () => call('GET', PEOPLE_API.mySessions, sessionsAnswerSchema),
  endSession: (id: string) => call('DELETE', mySessionPath(id), okSchema),
  endAllSessions: () => call('DELETE', PEOPLE_API.mySessions, okSchema),

  people: () => call('GET', PEOPLE_API.people, peopleAnswerSchema),
  invite: (body: { name: string; email: string; role: Role }) =>
    call('POST', PEOPLE_API.people, personAnswerSchema, body),
  changePerson: (id: string, body: { name?: string; role?: Role }) =>
    call('PATCH', personPath(id), personAnswerSchema, body),
  removePerson: (id: string) => call('DELETE', personPath(id), okSchema),
  inviteAgain: (id: string) => call('POST', invitationPath(id), personAnswerSchema),
  withdrawInvitation: (id: string) => call('DELETE', invitationPath(id), personAnswerSchema),
};
