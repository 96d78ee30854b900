/**
 * The passkey ceremonies (WebAuthn, @simplewebauthn/server 13): JSON calls from the panel's
 * island (client/panel/PasskeyButton.tsx), each behind the guard like every panel POST.
 * Discoverable credentials, user verification required, the relying party is SITE_URL's
 * host. Each challenge is kept server-side and used once (store/panel.ts).
 */
import type { Response } from 'express';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransportFuture,
} from '@simplewebauthn/server';
import { z } from 'zod';
import { panelHome, panelPaths, queryParams } from '../../client/paths.ts';
import type { PanelStore, Person } from '../../store/panel.ts';
import type { Logger } from '../logger.ts';
import type { ShopFacts } from '../../client/facts/types.ts';
import type { Auth } from './auth.ts';
import { refuse, type PanelEndpoint, type PanelRequest } from './guard.ts';
import type { Throttle } from './throttle.ts';

/** How long the person has to touch the sensor. */
const CEREMONY_MS = 5 * 60_000;

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const transportSchema = z.enum(TRANSPORTS);
const base = {
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal('public-key'),
  clientExtensionResults: z.object({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
const registrationSchema = z.object({
  ...base,
  response: z.object({
    clientDataJSON: z.string(),
    attestationObject: z.string(),
    authenticatorData: z.string().optional(),
    transports: z.array(transportSchema).optional(),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: z.string().optional(),
  }),
});
const authenticationSchema = z.object({
  ...base,
  response: z.object({
    clientDataJSON: z.string(),
    authenticatorData: z.string(),
    signature: z.string(),
    userHandle: z.string().optional(),
  }),
});

function parseJsonField<T>(schema: z.ZodType<T>, text: string | undefined): T | undefined {
  if (!text) return undefined;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function isTransport(value: string): value is AuthenticatorTransportFuture {
  return transportSchema.safeParse(value).success;
}

export type PasskeyDeps = {
  readonly store: PanelStore;
  readonly auth: Auth;
  readonly throttle: Throttle;
  readonly siteUrl: string;
  /** The published facts: the shop's name (refusal pages, the passkey's relying party). */
  readonly facts: () => ShopFacts;
  readonly now: () => Date;
  readonly logger: Logger;
};

export function createPasskeyEndpoints(deps: PasskeyDeps): Map<string, PanelEndpoint> {
  const { store, now, auth, throttle } = deps;
  const origin = new URL(deps.siteUrl).origin;
  const rpID = new URL(deps.siteUrl).hostname;
  const api = panelPaths.passkeyApi;

  const fail = (res: Response, status: number, message: string) =>
    void res.status(status).json({ ok: false, message });

  /** Whose passkey is being registered: the signed-in person, or the invitation's. */
  async function registrant(panel: PanelRequest): Promise<Person | undefined> {
    if (panel.session) return panel.session.person;
    const token = panel.fields.get(queryParams.panelToken);
    return token ? store.peekToken('invite', token, now()) : undefined;
  }

  return new Map<string, PanelEndpoint>([
    [
      api.registerOptions,
      {
        open: true,
        async handle(_req, res, panel) {
          const person = await registrant(panel);
          if (!person) return fail(res, 403, 'La invitación ya no sirve: pedí una nueva.');
          const existing = await store.passkeysOf(person.id);
          const options = await generateRegistrationOptions({
            rpName: deps.facts().contact.name,
            rpID,
            userName: person.email,
            userID: new TextEncoder().encode(person.id),
            userDisplayName: person.name || person.email,
            attestationType: 'none',
            excludeCredentials: existing.map((k) => ({
              id: k.id,
              transports: k.transports.filter(isTransport),
            })),
            authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
          });
          const challengeId = await store.saveChallenge(
            options.challenge,
            person.id,
            now(),
            CEREMONY_MS,
          );
          res.json({ ok: true, options, challengeId });
        },
      },
    ],
    [
      api.register,
      {
        open: true,
        async handle(_req, res, panel) {
          const person = await registrant(panel);
          const challenge = await store.takeChallenge(panel.fields.get('challengeId') ?? '', now());
          const response = parseJsonField(registrationSchema, panel.fields.get('response'));
          if (!person || !challenge || challenge.personId !== person.id || !response) {
            return fail(res, 400, 'No se pudo crear la llave: empezá de nuevo.');
          }
          let verification;
          try {
            verification = await verifyRegistrationResponse({
              response,
              expectedChallenge: challenge.challenge,
              expectedOrigin: origin,
              expectedRPID: rpID,
              requireUserVerification: true,
            });
          } catch (error) {
            deps.logger.warn({ err: error }, 'panel: passkey registration refused');
            return fail(res, 400, 'El dispositivo no pudo crear la llave. Probá de nuevo.');
          }
          if (!verification.verified) return fail(res, 400, 'No se pudo verificar la llave.');
          const { credential } = verification.registrationInfo;
          const name = (panel.fields.get('name') ?? '').trim().slice(0, 60) || 'Llave de acceso';
          // An invitation is used up by its first passkey; a signed-in person adds another.
          if (!panel.session) {
            const token = panel.fields.get(queryParams.panelToken) ?? '';
            const used = await store.consumeToken('invite', token, now());
            if (!used || used.id !== person.id) return fail(res, 403, 'La invitación ya se usó.');
          }
          await store.addPasskey({
            id: credential.id,
            personId: person.id,
            name,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
            createdAt: now().toISOString(),
          });
          await store.logActivity({
            at: now().toISOString(),
            actor: person.email,
            action: 'llave creada',
            detail: name,
            client: panel.client,
          });
          if (panel.session) return void res.json({ ok: true, next: panelPaths.account });
          await auth.openSession(res, panel, person, 'con una llave nueva');
          res.json({ ok: true, next: panelHome });
        },
      },
    ],
    [
      api.signInOptions,
      {
        open: true,
        async handle(_req, res) {
          const options = await generateAuthenticationOptions({
            rpID,
            userVerification: 'required',
            timeout: CEREMONY_MS,
          });
          const challengeId = await store.saveChallenge(
            options.challenge,
            undefined,
            now(),
            CEREMONY_MS,
          );
          res.json({ ok: true, options, challengeId });
        },
      },
    ],
    [
      api.signIn,
      {
        open: true,
        async handle(_req, res, panel) {
          const wait = await throttle.waitFor(panel.client);
          if (wait > 0) return refuse(res, deps.facts(), 429, wait);
          const challenge = await store.takeChallenge(panel.fields.get('challengeId') ?? '', now());
          const response = parseJsonField(authenticationSchema, panel.fields.get('response'));
          const passkey = response ? await store.findPasskey(response.id) : undefined;
          const person = passkey ? await store.personById(passkey.personId) : undefined;
          if (!challenge || !response || !passkey || !person || person.revokedAt) {
            await auth.failed(panel, person?.email, 'llave desconocida o vencida');
            return fail(res, 400, 'Esa llave no sirve para entrar. Pedí un enlace.');
          }
          let verification;
          try {
            verification = await verifyAuthenticationResponse({
              response,
              expectedChallenge: challenge.challenge,
              expectedOrigin: origin,
              expectedRPID: rpID,
              requireUserVerification: true,
              credential: {
                id: passkey.id,
                publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
                counter: passkey.counter,
                transports: passkey.transports.filter(isTransport),
              },
            });
          } catch (error) {
            deps.logger.warn({ err: error }, 'panel: passkey sign-in refused');
            verification = undefined;
          }
          if (!verification?.verified) {
            await auth.failed(panel, person.email, 'la llave no se pudo verificar');
            return fail(res, 400, 'No se pudo verificar la llave. Probá de nuevo.');
          }
          await store.passkeyUsed(passkey.id, verification.authenticationInfo.newCounter, now());
          await auth.openSession(res, panel, person, `con la llave "${passkey.name}"`);
          res.json({ ok: true, next: panelHome });
        },
      },
    ],
  ]);
}
