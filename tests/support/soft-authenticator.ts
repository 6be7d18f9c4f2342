/**
 * A software authenticator for server tests: real WebAuthn answers (ES256 keys from node:crypto, CBOR
 * attestation objects with `none` attestation, authenticator data, client data JSON) that the server's
 * library verifies as it would a phone's. Each passkey keeps its own signature counter.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

type Cbor = number | string | Uint8Array | ReadonlyMap<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(length, 1);
  return b;
}

/** The little CBOR the attestation object needs: small integers, strings, byte strings and maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftPasskey {
  readonly credentialId: Buffer;
  readonly privateKey: KeyObject;
  readonly userHandle: string;
  readonly rpId: string;
  counter: number;
}

export interface Tweaks {
  /** The origin the browser would report (default: the one given to the authenticator). */
  readonly origin?: string;
  /** Leave the user-verified flag off. */
  readonly noUserVerification?: boolean;
  /** Sign with this counter instead of the next one. */
  readonly counter?: number;
}

interface RegistrationOptions {
  readonly challenge: string;
  readonly rp: { readonly id?: string };
  readonly user: { readonly id: string };
}

interface AuthenticationOptions {
  readonly challenge: string;
  readonly rpId?: string;
}

export class SoftAuthenticator {
  readonly passkeys: SoftPasskey[] = [];

  constructor(private readonly origin: string) {}

  /** The answer to `navigator.credentials.create` for these options; the passkey is kept for sign-ins. */
  register(options: RegistrationOptions, tweaks: Tweaks = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
    const credentialId = randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_UP | (tweaks.noUserVerification ? 0 : FLAG_UV) | FLAG_AT]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      credentialId,
      cose,
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.create',
        challenge: options.challenge,
        origin: tweaks.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    this.passkeys.push({ credentialId, privateKey, userHandle: options.user.id, rpId, counter: 0 });
    return {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to `navigator.credentials.get` with a kept passkey (the last registered by default). */
  signIn(options: AuthenticationOptions, tweaks: Tweaks = {}, passkey = this.passkeys.at(-1)) {
    if (!passkey) throw new Error('the soft authenticator has no passkey');
    const counter = tweaks.counter ?? passkey.counter + 1;
    passkey.counter = counter;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const authData = Buffer.concat([
      sha256(options.rpId ?? passkey.rpId),
      Buffer.from([FLAG_UP | (tweaks.noUserVerification ? 0 : FLAG_UV)]),
      count,
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: tweaks.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
    return {
      id: b64url(passkey.credentialId),
      rawId: b64url(passkey.credentialId),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: passkey.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
