/**
 * The POSTs the panel answers itself: sign-in by link, "Enviarme un enlace", sign-out.
 * Every one has passed the guard (server/panel/guard.ts): same origin, bounded body, and the
 * session's token when there is a session. A link is used only by this POST, never by the
 * GET of the page it opens (mail scanners open links).
 */
import type { Request, Response } from 'express';
import { panelHome, panelPaths, queryParams } from '../../client/paths.ts';
import {
  PANEL_LINKS,
  panelLinkUrl,
  type PanelStore,
  type Person,
  type SessionTimeouts,
} from '../../store/panel.ts';
import type { Logger } from '../logger.ts';
import type { ShopFacts } from '../../client/facts/types.ts';
import { refuse, type PanelEndpoint, type PanelRequest } from './guard.ts';
import { clearSessionCookie, setSessionCookie, SESSION_TIMEOUTS } from './session.ts';
import type { Throttle } from './throttle.ts';

/** What the sign-in page says after a redirect (`/panel?aviso=…`): client/panel/SignInPage.tsx. */
export const NOTICES = {
  linkInvalid: 'enlace',
  linkSent: 'enviado',
  signedOut: 'salida',
} as const;

export type SendLink = (person: Person, link: string) => Promise<void>;

export type AuthDeps = {
  readonly store: PanelStore;
  readonly throttle: Throttle;
  readonly siteUrl: string;
  /** The published facts: the shop's name (refusal pages, the passkey's relying party). */
  readonly facts: () => ShopFacts;
  readonly now: () => Date;
  readonly logger: Logger;
  readonly timeouts?: SessionTimeouts;
  /** E-mails a sign-in link; undefined when e-mail is not configured. */
  readonly sendLink: SendLink | undefined;
};

export type Auth = ReturnType<typeof createAuth>;

export function createAuth(deps: AuthDeps) {
  const { store, throttle, now } = deps;
  const timeouts = deps.timeouts ?? SESSION_TIMEOUTS;

  const record = (actor: string | undefined, action: string, detail: string, client: string) =>
    store.logActivity({ at: now().toISOString(), actor, action, detail, client });

  /**
   * Opens a new session for `person` and sets its cookie: a new id at every sign-in (the
   * session the request carried, if any, is ended). The caller answers.
   */
  async function openSession(res: Response, panel: PanelRequest, person: Person, how: string) {
    if (panel.session) await store.deleteSession(panel.session.id);
    const { id } = await store.createSession(person.id, now(), timeouts, panel.client);
    await throttle.succeeded(panel.client);
    await record(person.email, 'entrada', how, panel.client);
    setSessionCookie(res, id, timeouts);
  }

  /** Counts a failed sign-in for this client and writes it in the activity log. */
  async function failed(panel: PanelRequest, actor: string | undefined, detail: string) {
    await throttle.failed(panel.client);
    await record(actor, 'entrada fallida', detail, panel.client);
  }

  const notice = (value: string) => `${panelPaths.signIn}?${queryParams.panelNotice}=${value}`;

  const endpoints = new Map<string, PanelEndpoint>([
    [
      panelPaths.link,
      {
        open: true,
        async handle(_req, res, panel) {
          const wait = await throttle.waitFor(panel.client);
          if (wait > 0) return refuse(res, deps.facts(), 429, wait);
          const token = panel.fields.get(queryParams.panelToken) ?? '';
          const person = token ? await store.consumeToken('sign-in', token, now()) : undefined;
          if (!person) {
            await failed(panel, undefined, 'enlace vencido, usado o desconocido');
            return void res.redirect(303, notice(NOTICES.linkInvalid));
          }
          await openSession(res, panel, person, 'con un enlace');
          res.redirect(303, panelHome);
        },
      },
    ],
    [
      panelPaths.emailLink,
      {
        open: true,
        async handle(_req: Request, res: Response, panel: PanelRequest) {
          const wait = await throttle.waitFor(panel.client);
          if (wait > 0) return refuse(res, deps.facts(), 429, wait);
          const email = (panel.fields.get('email') ?? '').trim();
          const person = email ? await store.findPerson(email) : undefined;
          if (person && !person.revokedAt && deps.sendLink && (await throttle.mayMail(person.id))) {
            const token = await store.createToken(
              'sign-in',
              person.id,
              now(),
              PANEL_LINKS['sign-in'].ttlMs,
            );
            // The answer does not wait for the mail server: it is the same for every address.
            deps
              .sendLink(person, panelLinkUrl(deps.siteUrl, 'sign-in', token))
              .then(() => record(person.email, 'enlace enviado', 'por e-mail', panel.client))
              .catch((error: unknown) =>
                deps.logger.error({ err: error }, 'panel: the sign-in e-mail failed'),
              );
          } else if (!person || person.revokedAt) {
            await failed(panel, undefined, 'pidió un enlace para una dirección sin acceso');
          }
          res.redirect(303, notice(NOTICES.linkSent));
        },
      },
    ],
    [
      panelPaths.signOut,
      {
        open: false,
        async handle(_req, res, panel) {
          if (panel.session) {
            await store.deleteSession(panel.session.id);
            await record(panel.session.person.email, 'salida', 'cerró la sesión', panel.client);
          }
          clearSessionCookie(res);
          res.redirect(303, notice(NOTICES.signedOut));
        },
      },
    ],
    [
      panelPaths.signOutAll,
      {
        open: false,
        async handle(_req, res, panel) {
          if (panel.session) {
            const ended = await store.deleteSessionsOf(panel.session.person.id);
            await record(
              panel.session.person.email,
              'salida',
              `cerró todas sus sesiones (${ended})`,
              panel.client,
            );
          }
          clearSessionCookie(res);
          res.redirect(303, notice(NOTICES.signedOut));
        },
      },
    ],
  ]);

  return { endpoints, openSession, failed };
}
