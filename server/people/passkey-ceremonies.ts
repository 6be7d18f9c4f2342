/**
 * The WebAuthn ceremonies (@simplewebauthn/server): user verification required, attestation `none`,
 * discoverable credentials, the relying party's id and origin from PUBLIC_URL (never from the request).
 * Each challenge is stored in the database and taken once by the verification itself, so an answer
 * replayed, late, or sent to another instance than the one that gave the options finds it gone.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { BRAND } from '../../domain/config';
import type { PasskeyRecord, PeopleStore } from '../security/people-store';

export interface RelyingParty {
  readonly id: string;
  readonly origin: string;
  readonly name: string;
}

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: BRAND.name };
}

export interface NewCredential {
  readonly credentialId: string;
  readonly publicKey: string;
  readonly counter: number;
  readonly transports: readonly string[];
}

/** Who registers: an existing person, or the first owner (not stored until her passkey is verified). */
export interface Registrant {
  /** The key the challenge is stored under: the person's id, or `first:<handle>` for the first owner. */
  readonly challengeKey: string;
  readonly userHandle: string;
  readonly userName: string;
  readonly displayName: string;
}

/**
 * The library is loaded at the first ceremony, not at start: its import took ~400 ms of a ~3 s start on a
 * 2-core machine (its ASN.1 and CBOR modules), and a start matters (a restart, a rolling deploy, the tests).
 */
let webauthnModule: Promise<typeof import('@simplewebauthn/server')> | undefined;
const webauthn = () => {
  webauthnModule ??= import('@simplewebauthn/server');
  return webauthnModule;
};

/**
 * The keys a passkey may use, as COSE numbers: EdDSA (-8), ES256 (-7), RS256 (-257), what phones and
 * computers make. Named, not the library's default: on a Node.js whose Web Crypto has ML-DSA (24) the
 * library puts ML-DSA-44 first, whose keys and signatures (2,420 bytes) are beyond what the shop's sign-in
 * bodies allow, and a shop would then register different passkeys by the Node it runs on.
 */
const PASSKEY_ALGORITHMS = [-8, -7, -257];

const toBytes = (b64url: string) => new Uint8Array(Buffer.from(b64url, 'base64url'));

export class PasskeyCeremonies {
  constructor(
    private readonly rp: RelyingParty,
    private readonly store: PeopleStore,
  ) {}

  // Options are returned as a spread copy: its type is a plain record, as the answer's schema declares.
  async registrationOptions(who: Registrant, existing: readonly PasskeyRecord[]) {
    const { generateRegistrationOptions } = await webauthn();
    const options = await generateRegistrationOptions({
      rpName: this.rp.name,
      rpID: this.rp.id,
      userName: who.userName,
      userDisplayName: who.displayName,
      userID: toBytes(who.userHandle),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({
        id: p.credentialId,
        transports: p.transports as AuthenticatorTransportFuture[],
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      timeout: 120_000,
    });
    await this.store.putChallenge(options.challenge, 'register', who.challengeKey);
    return { ...options };
  }

  /** The verified new credential, or null (a wrong origin, a challenge used or expired, no user verification). */
  async verifyRegistration(
    challengeKey: string,
    response: RegistrationResponseJSON,
  ): Promise<NewCredential | null> {
    const { verifyRegistrationResponse } = await webauthn();
    try {
      const verified = await verifyRegistrationResponse({
        response,
        expectedChallenge: (challenge) => this.store.takeChallenge(challenge, 'register', challengeKey),
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.id,
        requireUserVerification: true,
        supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
      });
      if (!verified.verified) return null;
      const { credential } = verified.registrationInfo;
      return {
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
      };
    } catch {
      return null;
    }
  }

  async authenticationOptions() {
    // No allowCredentials: the passkey itself (a discoverable credential) says who signs in.
    const { generateAuthenticationOptions } = await webauthn();
    const options = await generateAuthenticationOptions({
      rpID: this.rp.id,
      userVerification: 'required',
      timeout: 120_000,
    });
    await this.store.putChallenge(options.challenge, 'sign-in', null);
    return { ...options };
  }

  /**
   * The passkey an assertion proves, its counter moved on; null for any failure (unknown passkey, user
   * handle of someone else, challenge used or expired, wrong origin, signature or counter wrong).
   */
  async verifyAuthentication(response: AuthenticationResponseJSON): Promise<PasskeyRecord | null> {
    const passkey = await this.store.passkeyByCredential(response.id);
    if (!passkey) {
      // The challenge is spent all the same: an answer is never worth a second try.
      await this.spendChallengeOf(response);
      return null;
    }
    const { verifyAuthenticationResponse } = await webauthn();
    try {
      const verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) => this.store.takeChallenge(challenge, 'sign-in', null),
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.id,
        requireUserVerification: true,
        credential: {
          id: passkey.credentialId,
          publicKey: toBytes(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports as AuthenticatorTransportFuture[],
        },
      });
      if (!verified.verified) return null;
      if (response.response.userHandle !== undefined) {
        const person = await this.store.byId(passkey.personId);
        if (!person || person.userHandle !== response.response.userHandle) return null;
      }
      const moved = await this.store.recordPasskeyUse(
        passkey.id,
        passkey.counter,
        verified.authenticationInfo.newCounter,
      );
      return moved ? passkey : null;
    } catch {
      return null;
    }
  }

  private async spendChallengeOf(response: AuthenticationResponseJSON): Promise<void> {
    try {
      const client = JSON.parse(
        Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'),
      ) as {
        challenge?: unknown;
      };
      if (typeof client.challenge === 'string')
        await this.store.takeChallenge(client.challenge, 'sign-in', null);
    } catch {
      // Not JSON: there is no challenge to spend.
    }
  }
}

type AuthenticatorTransportFuture = NonNullable<RegistrationResponseJSON['response']['transports']>[number];
