/**
 * The one door of the panel: every request whose path the router would take as a panel path
 * (any case, any percent-encoding: client/paths.ts isPanelPath) comes through here, and
 * nowhere else. In order:
 *   1. private headers: Cache-Control no-store, X-Robots-Tag noindex, Referer only to our own
 *      pages (links carry tokens; `no-referrer` would make Chromium send `Origin: null` on POSTs);
 *   2. the session from the cookie (idle and absolute timeouts, revoked people: store/panel.ts);
 *   3. a POST must come from our own pages (Origin, or Sec-Fetch-Site): else 403;
 *   4. no session: the sign-in pages and the sign-in calls only; any other GET answers 303 to
 *      the sign-in page, any other POST 401, with no panel data in the body;
 *   5. a POST's body is read, bounded (413), and with a session it must carry the session's
 *      token (`_csrf` field, or the `X-CSRF-Token` header of the island's JSON calls): else 403;
 *   6. the sign-in calls (server/panel/auth.ts) or the page (the site's renderer, with
 *      `context.panel` filled), whose action answers 303 when it succeeds.
 * docs/architecture.md, "Adding a panel screen", says how a screen plugs in.
 */
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { timingSafeEqual } from 'node:crypto';
import { panelPaths } from '../../client/paths.ts';
import type { PanelContext, PanelServices } from '../../client/panel/context.ts';
import type { PanelStore, Session, SessionTimeouts } from '../../store/panel.ts';
import { crossSiteReason } from '../forms/same-origin.ts';
import { sendStatusPage, staticPage } from '../error-document.ts';
import type { Logger } from '../logger.ts';
import type { ShopFacts } from '../../client/facts/types.ts';
import { sessionIdOf, SESSION_TIMEOUTS } from './session.ts';

/** A form of the panel (text fields): well above any message the owner types. */
export const PANEL_FORM_LIMIT = 64 * 1024;
/** A file upload (multipart) through the panel, e.g. a price sheet. */
export const PANEL_UPLOAD_LIMIT = 11 * 1024 * 1024;

/** The form field (and header, for JSON calls) with the session's token. */
export const CSRF_FIELD = '_csrf';
export const CSRF_HEADER = 'x-csrf-token';

/** Paths a visitor without a session may GET: the sign-in page and the links' pages. */
const OPEN_PAGES = new Set<string>([panelPaths.signIn, panelPaths.link, panelPaths.invite]);

/** The request's panel state, for the handlers after the guard. */
export type PanelRequest = {
  /** The path as the router matches it: decoded, lower case, no repeated or trailing slash. */
  readonly path: string;
  readonly session: (Session & { readonly id: string }) | undefined;
  /** The form's fields (url-encoded or multipart, text only) or the JSON body, for POSTs. */
  readonly fields: ReadonlyMap<string, string>;
  readonly client: string;
  /** Writes one line of the activity log, signed by the session's person (if any) and client. */
  record(action: string, detail: string): Promise<void>;
};

/**
 * A request the panel answers itself, before the router: a POST (sign-in, sign-out, the
 * ceremony) or a GET that is not a page (a download).
 */
export type PanelEndpoint = {
  /** Default POST. A GET endpoint also answers HEAD. */
  readonly method?: 'GET' | 'POST';
  /** Answered without a session too (the sign-in calls). */
  readonly open: boolean;
  handle(req: Request, res: Response, panel: PanelRequest): Promise<void>;
};

export type PanelGuardDeps = {
  readonly store: PanelStore;
  readonly services: PanelServices;
  readonly siteUrl: string;
  /** The published facts (the refusal pages name the shop). */
  readonly facts: () => ShopFacts;
  readonly now: () => Date;
  readonly logger: Logger;
  readonly timeouts?: SessionTimeouts;
  /** POSTs answered by the panel itself, by path (panelPaths). */
  readonly endpoints: ReadonlyMap<string, PanelEndpoint>;
  /** The site's renderer (server/app.ts) with this request's panel context. */
  render(req: Request, res: Response, panel: PanelContext | undefined): Promise<void>;
};

/** The router's view of a panel path (see isPanelPath). */
export function normalPanelPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // The URL guard answered 400 before; keep the raw path.
  }
  const normal = decoded.replace(/\/+/g, '/').toLowerCase();
  return normal.length > 1 ? normal.replace(/\/$/, '') : normal;
}

export function panelGuard(deps: PanelGuardDeps): RequestHandler {
  const timeouts = deps.timeouts ?? SESSION_TIMEOUTS;
  // Only a signed-in person may send a file: the sign-in calls read a form's worth at most.
  const readUpload = express.raw({ type: () => true, limit: PANEL_UPLOAD_LIMIT });
  const readForm = express.raw({ type: () => true, limit: PANEL_FORM_LIMIT });

  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      res.set({
        'Cache-Control': 'no-store',
        'X-Robots-Tag': 'noindex, nofollow',
        'Referrer-Policy': 'same-origin',
      });
      const path = normalPanelPath(req.path);
      const client = req.ip ?? 'desconocido';
      const id = sessionIdOf(req);
      const found = id ? await deps.store.findSession(id, deps.now(), timeouts.idleMs) : undefined;
      const session = found && id ? { ...found, id } : undefined;
      const post = req.method === 'POST';
      const candidate = deps.endpoints.get(path);
      const endpoint =
        candidate && (candidate.method ?? 'POST') === (post ? 'POST' : 'GET')
          ? candidate
          : undefined;

      if (post) {
        const reason = crossSiteReason(req, deps.siteUrl);
        if (reason) {
          deps.logger.warn({ reason, ip: req.ip, path }, 'panel: cross-site POST refused');
          return refuse(res, deps.facts(), 403);
        }
      }
      const open = endpoint ? endpoint.open : !post && OPEN_PAGES.has(path);
      if (!session && !open) {
        if (!post) return void res.redirect(303, panelPaths.signIn);
        return refuse(res, deps.facts(), 401);
      }

      let fields: ReadonlyMap<string, string> = new Map();
      if (post) {
        const body = await readBounded(req, res, session ? readUpload : readForm);
        if (body === undefined) return refuse(res, deps.facts(), 413);
        if (!isForm(req) && !isJson(req) && body.length > 0) return refuse(res, deps.facts(), 415);
        if (!isMultipart(req) && body.length > PANEL_FORM_LIMIT)
          return refuse(res, deps.facts(), 413);
        const parsed = await parseFields(req, body);
        if (!parsed) return refuse(res, deps.facts(), 400);
        fields = parsed;
        if (session) {
          const token = fields.get(CSRF_FIELD) ?? req.get(CSRF_HEADER) ?? '';
          if (!sameSecret(token, session.csrfToken)) {
            deps.logger.warn({ ip: req.ip, path }, 'panel: POST without the session token');
            return refuse(res, deps.facts(), 403);
          }
        }
      }

      const record = (action: string, detail: string) =>
        deps.store.logActivity({
          at: deps.now().toISOString(),
          actor: session?.person.email,
          action,
          detail,
          client,
        });
      const panel: PanelRequest = { path, session, fields, client, record };
      if (endpoint) return await endpoint.handle(req, res, panel);
      await deps.render(
        req,
        res,
        session ? panelContext(deps, session, client, record) : undefined,
      );
    } catch (error) {
      next(error);
    }
  };
}

function panelContext(
  deps: PanelGuardDeps,
  session: Session,
  client: string,
  record: PanelContext['record'],
): PanelContext {
  const { person } = session;
  return {
    person: { id: person.id, email: person.email, name: person.name },
    csrfToken: session.csrfToken,
    client,
    record,
    services: deps.services,
  };
}

function isForm(req: Request): boolean {
  return Boolean(req.is(['application/x-www-form-urlencoded', 'multipart/form-data']));
}
function isMultipart(req: Request): boolean {
  return Boolean(req.is('multipart/form-data'));
}
function isJson(req: Request): boolean {
  return Boolean(req.is('application/json'));
}

/** The body as bytes (kept on req.body for the route action), or undefined when too large. */
function readBounded(
  req: Request,
  res: Response,
  read: RequestHandler,
): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    read(req, res, (error?: unknown) => {
      if (error) {
        const status: unknown =
          typeof error === 'object' && error !== null ? Reflect.get(error, 'status') : undefined;
        return status === 413 ? resolve(undefined) : reject(error);
      }
      resolve(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));
    });
  });
}

/** Text fields of a form (files are left to the route action), or of a JSON object. */
async function parseFields(req: Request, body: Buffer): Promise<Map<string, string> | undefined> {
  const fields = new Map<string, string>();
  if (body.length === 0) return fields;
  if (isJson(req)) {
    let value: unknown;
    try {
      value = JSON.parse(body.toString('utf8'));
    } catch {
      return undefined;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    for (const [key, v] of Object.entries(value)) {
      fields.set(key, typeof v === 'string' ? v : JSON.stringify(v));
    }
    return fields;
  }
  try {
    const form = await new Request('http://panel.invalid/', {
      method: 'POST',
      headers: { 'content-type': req.get('content-type') ?? '' },
      body: Uint8Array.from(body),
    }).formData();
    for (const [key, value] of form) {
      if (typeof value === 'string' && !fields.has(key)) fields.set(key, value);
    }
    return fields;
  } catch {
    return undefined;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const REFUSALS = {
  400: ['No pudimos leer el formulario', 'Volvé a la página anterior y probá de nuevo.'],
  401: ['Tenés que entrar de nuevo', 'Tu sesión terminó. Entrá otra vez y repetí lo que hacías.'],
  403: [
    'No pudimos aceptar el pedido',
    'El pedido no salió de una página del panel abierta ahora. Volvé a abrir la página y probá de nuevo.',
  ],
  413: ['El envío es demasiado grande', 'Probá con un archivo más chico.'],
  415: ['No pudimos leer el formulario', 'Volvé a la página anterior y probá de nuevo.'],
  429: ['Esperá un momento', 'Hubo varios intentos fallidos seguidos desde tu conexión.'],
} as const;

export type PanelRefusal = keyof typeof REFUSALS;

/** A small Spanish page with no panel data in it. */
export function refuse(
  res: Response,
  facts: ShopFacts,
  status: PanelRefusal,
  retryAfterSeconds?: number,
): void {
  const [title, text] = REFUSALS[status];
  const wait = retryAfterSeconds
    ? ` Probá de nuevo en ${retryAfterSeconds} segundo${retryAfterSeconds === 1 ? '' : 's'}.`
    : '';
  sendStatusPage(
    res,
    status,
    staticPage(
      title,
      `<p>${text}${wait}</p><p><a href="${panelPaths.signIn}">Ir al panel</a></p>`,
      facts,
    ),
    {
      'X-Robots-Tag': 'noindex, nofollow',
      ...(retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {}),
    },
  );
}
