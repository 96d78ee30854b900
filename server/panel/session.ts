/**
 * The panel's session cookie and timeouts (docs/decisions/2026-11-25-panel.md). The cookie
 * holds a random 256-bit id; the database keeps its SHA-256 (store/panel.ts). `__Host-`
 * makes the browser refuse it unless Secure, Path=/ and without Domain; browsers treat
 * http://localhost as secure, so development works too.
 */
import type { Request, Response } from 'express';
import type { SessionTimeouts } from '../../store/panel.ts';

export const SESSION_COOKIE = '__Host-panel';

/**
 * Idle 2 h: a phone left on the counter between two fittings stays signed in through a
 * morning's pauses, not through the night. Absolute 12 h: one working day, then a passkey
 * again (a touch of the finger), so a stolen cookie is worth one day at most.
 */
export const SESSION_TIMEOUTS: SessionTimeouts = {
  idleMs: 2 * 60 * 60_000,
  absoluteMs: 12 * 60 * 60_000,
};

/** The session id the request carries, if any (the first `__Host-panel` cookie). */
export function sessionIdOf(req: Request): string | undefined {
  const header = req.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return /^[\w-]{20,100}$/.test(value) ? value : undefined;
  }
  return undefined;
}

/** The cookie for a new session: it ends with the session's absolute timeout. */
export function setSessionCookie(res: Response, id: string, timeouts = SESSION_TIMEOUTS): void {
  res.cookie(SESSION_COOKIE, id, {
    httpOnly: true,
    secure: true,
    sameSite: 'strict',
    path: '/',
    maxAge: timeouts.absoluteMs,
  });
}

export function clearSessionCookie(res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, secure: true, sameSite: 'strict', path: '/' });
}
