/**
 * A passkey kept in the test (a P-256 key in memory), playing the owner's phone against the
 * panel's WebAuthn calls (server/panel/passkeys.ts) without a browser: attestation "none"
 * to register, an ES256 signature to sign in, as a platform authenticator makes them. The
 * server verifies both with @simplewebauthn/server, so a sign-in proves that the stored
 * public key, counter and person are right. The browser test (tests/client/panel/
 * passkeys.browser.test.ts) drives Chromium's own virtual authenticator.
 */
import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  AuthenticationResponseJSON,
  AuthenticatorAssertionResponseJSON,
  AuthenticatorAttestationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { z } from 'zod';
import { panelPaths, queryParams } from '../../client/paths.ts';

type Bytes = Uint8Array<ArrayBuffer>;
type Cbor = Parameters<typeof isoCBOR.encode>[0];

const sha256 = (data: Uint8Array | string): Bytes =>
  new Uint8Array(createHash('sha256').update(data).digest());
const b64 = (bytes: Bytes) => isoBase64URL.fromBuffer(bytes);

function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function uint32(n: number): Bytes {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
}

/** User present, user verified (the phone's fingerprint). */
const UP_UV = 0x01 | 0x04;
const ATTESTED = 0x40;

export type SoftPasskey = {
  readonly id: string;
  register(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON;
  sign(options: PublicKeyCredentialRequestOptionsJSON): AuthenticationResponseJSON;
};

export function softPasskey(origin: string): SoftPasskey {
  const rpId = new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = new Uint8Array(randomBytes(16));
  let counter = 0;
  let userHandle = '';
  /** What the browser sends: the credential's id and type around the authenticator's response. */
  const credential = <R>(response: R) => {
    const wrapper: Omit<RegistrationResponseJSON, 'response'> = {
      id: b64(credentialId),
      rawId: b64(credentialId),
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
    return { ...wrapper, response };
  };
  const clientData = (type: string, challenge: string) =>
    new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    id: b64(credentialId),
    register(options) {
      userHandle = options.user.id;
      const coseKey = new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
        [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
      ]);
      const idLength = new Uint8Array([credentialId.length >> 8, credentialId.length & 0xff]);
      const authData = concat(
        sha256(rpId),
        new Uint8Array([UP_UV | ATTESTED]),
        uint32(counter),
        new Uint8Array(16), // AAGUID
        idLength,
        credentialId,
        isoCBOR.encode(coseKey),
      );
      const attestation = new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, Cbor>()],
        ['authData', authData],
      ]);
      return credential<AuthenticatorAttestationResponseJSON>({
        clientDataJSON: b64(clientData('webauthn.create', options.challenge)),
        attestationObject: b64(isoCBOR.encode(attestation)),
        transports: ['internal'],
      });
    },
    sign(options) {
      counter += 1;
      const authData = concat(sha256(rpId), new Uint8Array([UP_UV]), uint32(counter));
      const data = clientData('webauthn.get', options.challenge);
      const signer = createSign('SHA256');
      signer.update(concat(authData, sha256(data)));
      return credential<AuthenticatorAssertionResponseJSON>({
        clientDataJSON: b64(data),
        authenticatorData: b64(authData),
        signature: b64(new Uint8Array(signer.sign(privateKey))),
        userHandle,
      });
    },
  };
}

const answer = z.object({
  ok: z.boolean(),
  message: z.string().optional(),
  next: z.string().optional(),
  challengeId: z.string().optional(),
  options: z.unknown().optional(),
});

/** A JSON POST to the panel as its island makes it (same origin). */
async function call(site: string, path: string, body: Record<string, string>) {
  const res = await fetch(site + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const parsed = answer.parse(await res.json());
  if (!parsed.ok) throw new Error(`${path}: ${res.status} ${parsed.message ?? ''}`);
  return { ...parsed, cookie: res.headers.get('set-cookie') ?? '' };
}

/** Registers `passkey` from an invitation link, as the owner's phone does the first time. */
export async function registerFromInvite(site: string, invite: string, passkey: SoftPasskey) {
  const token = new URL(invite).searchParams.get(queryParams.panelToken) ?? '';
  const api = panelPaths.passkeyApi;
  const begun = await call(site, api.registerOptions, { [queryParams.panelToken]: token });
  const options = z
    .custom<PublicKeyCredentialCreationOptionsJSON>((v) => typeof v === 'object' && v !== null)
    .parse(begun.options);
  await call(site, api.register, {
    [queryParams.panelToken]: token,
    challengeId: begun.challengeId ?? '',
    response: JSON.stringify(passkey.register(options)),
    name: 'Mi teléfono',
  });
}

/** Signs in with `passkey`; the session's `Cookie` header value. */
export async function signInWithPasskey(site: string, passkey: SoftPasskey): Promise<string> {
  const api = panelPaths.passkeyApi;
  const begun = await call(site, api.signInOptions, {});
  const options = z
    .custom<PublicKeyCredentialRequestOptionsJSON>((v) => typeof v === 'object' && v !== null)
    .parse(begun.options);
  const done = await call(site, api.signIn, {
    challengeId: begun.challengeId ?? '',
    response: JSON.stringify(passkey.sign(options)),
  });
  const cookie = /^[^;]+/.exec(done.cookie)?.[0];
  if (!cookie) throw new Error('the passkey sign-in set no session cookie');
  return cookie;
}
