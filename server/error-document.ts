import type { ServerResponse } from 'node:http';
import { pageTitle } from '../client/content/business.ts';
import type { ShopFacts } from '../client/facts/types.ts';
import { paths } from '../client/paths.ts';
import type { DatabaseFailure } from '../store/failures.ts';

/** Text the owner typed, for hand-built HTML: nothing of it becomes markup. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/**
 * A small static HTML page for answers given without React (no script, no stylesheet,
 * no visitor input): `title` is our text, `body` trusted markup built by the caller, the
 * shop's name the published one (escaped).
 */
export function staticPage(title: string, body: string, facts: Pick<ShopFacts, 'contact'>): string {
  return `<!DOCTYPE html><html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(pageTitle(title, facts.contact.name))}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

/**
 * The page sent when React cannot render at all (the shell failed) or Express itself
 * fails: static HTML, no stack trace, no script.
 */
export function errorDocument(status: number, facts: Pick<ShopFacts, 'contact'>): string {
  const title = status === 400 ? 'Solicitud inválida' : 'Unexpected Application Error!';
  const text =
    status === 400
      ? 'La dirección no es válida. Revisala o volvé al inicio.'
      : 'Algo salió mal de nuestro lado. Probá de nuevo en unos minutos.';
  return staticPage(
    title,
    `<p>${text}</p><p><a href="${paths.home}">Ir al inicio</a> · <a href="${paths.priceList}">Precios de parabrisas</a></p>`,
    facts,
  );
}

/**
 * Every hand-written HTML answer (400, 405, the contact guards' refusals, 500): never
 * cached, since it depends on this request, not on the page asked for.
 */
export function sendStatusPage(
  res: ServerResponse,
  status: number,
  html: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  const body = Buffer.from(html, 'utf8');
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/** What the 503 page says happened, by the database's failure (store/failures.ts). */
const FAILURE_TEXT: Readonly<Record<DatabaseFailure, string>> = {
  unreachable: 'la base de datos del sitio no responde en este momento',
  slow: 'la base de datos del sitio está tardando demasiado en responder',
  full: 'el disco del servidor está lleno',
};

/**
 * The page a request gets when the database could not take it (a write, a panel page): what
 * happened, and how to reach the shop now (the
 * published WhatsApp and phone, with links). Static HTML, never cached, a 503 with Retry-After.
 */
export function unavailableDocument(
  failure: DatabaseFailure,
  facts: Pick<ShopFacts, 'contact'>,
  /** A POST: "what you sent"; else "this page". */
  write: boolean,
): string {
  const { contact } = facts;
  const whatsapp = `https://wa.me/${encodeURIComponent(contact.whatsappNumber)}`;
  const what = write ? 'guardar lo que enviaste' : 'mostrar esta página';
  return staticPage(
    write ? 'No pudimos guardar lo que enviaste' : 'No pudimos mostrar esta página',
    `<p>No pudimos ${what}: ${FAILURE_TEXT[failure]}. Probá de nuevo en unos minutos.</p>` +
      `<p>Si es urgente, escribinos por WhatsApp al <a href="${escapeHtml(whatsapp)}">${escapeHtml(contact.whatsappDisplay)}</a> o llamanos al <a href="tel:${escapeHtml(contact.phoneE164)}">${escapeHtml(contact.phoneDisplay)}</a>.</p>` +
      `<p><a href="${paths.home}">Ir al inicio</a></p>`,
    facts,
  );
}

/** Seconds a client should wait before trying a failed write again. */
export const RETRY_AFTER_SECONDS = '30';
