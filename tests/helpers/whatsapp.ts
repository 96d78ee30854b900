import type { RequestListener } from 'node:http';
import request from 'supertest';
import { expect } from 'vitest';
import { defaultFacts } from '../../client/facts/defaults.ts';
import { SITE_URL } from './app.ts';
import { VISITOR_UA } from './site.ts';

/** The start of every address `/ir/whatsapp/...` sends a visitor on to. */
export const WHATSAPP_CHAT = `https://wa.me/${defaultFacts.contact.whatsappNumber}`;

/**
 * Follows one of the site's WhatsApp links (`/ir/whatsapp/...`, as a page's HTML has it) as a
 * click from `page` would, and returns the message wa.me prefills ('' when none).
 */
export async function whatsappMessage(
  app: RequestListener,
  href: string,
  page = '/',
): Promise<string> {
  const res = await request(app)
    .get(href.replaceAll('&amp;', '&'))
    .set({ 'User-Agent': VISITOR_UA, Referer: `${SITE_URL}${page}` })
    .redirects(0);
  expect(res.status, href).toBe(303);
  const location = res.headers.location ?? '';
  expect(location.startsWith(WHATSAPP_CHAT), location).toBe(true);
  return new URL(location).searchParams.get('text') ?? '';
}
