/**
 * Two built instances on one PostgreSQL: the shop's facts published through the panel of one
 * are served by the other within 5 s, on a page it had kept (the facts' version is part of
 * every kept page's identity).
 */
import { get } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { sectionPath } from '../../../client/panel/business-form.ts';
import { paths } from '../../../client/paths.ts';
import { SITE_URL } from '../../helpers/app.ts';
import { freshSettings, POSTGRES, removeTempDirs } from '../../helpers/contact-engines.ts';
import { waitFor } from '../../helpers/contact.ts';
import { hiddenValue, sectionForm } from '../../helpers/facts.ts';
import { signInBuilt } from '../../helpers/panel.ts';
import { startBuiltServer, type RunningServer } from '../../helpers/server.ts';
import { testSite } from '../../helpers/app.ts';

/**
 * A GET as browsers and CDNs send it, with node:http (undici's fetch adds no-cache to a
 * conditional request, which defeats 304s): its status and ETag (one per encoding: gzip here).
 */
function conditionalGet(url: string, etag = ''): Promise<{ status: number; etag: string }> {
  const headers = { 'accept-encoding': 'gzip', ...(etag ? { 'if-none-match': etag } : {}) };
  return new Promise((resolve, reject) =>
    get(url, { headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, etag: String(res.headers.etag ?? '') });
    }).on('error', reject),
  );
}

const running: RunningServer[] = [];
afterAll(async () => {
  for (const server of running) await server.stop();
  removeTempDirs();
});

describe('the shop facts on two instances sharing one PostgreSQL', POSTGRES, () => {
  it(
    'published on one, served by the other within 5 s, kept pages included',
    { timeout: 90_000 },
    async () => {
      const settings = await freshSettings('postgres');
      const env = { DATABASE_URL: settings.databaseUrl, SITE_URL };
      const [a, b] = await Promise.all([startBuiltServer(env), startBuiltServer(env)]);
      running.push(a, b);
      // B keeps its pages: a revalidation of the home page gets a 304.
      expect(await (await fetch(`${b.url}/`)).text()).toContain('tel:+5493884123456');
      const { etag } = await conditionalGet(`${b.url}/`);
      expect((await conditionalGet(`${b.url}/`, etag)).status).toBe(304);

      const { headers, csrf } = await signInBuilt(a.url, settings);
      // The form as the page shows it (the first version: nothing published yet).
      const site = await testSite();
      const form = sectionForm(site, 'contact', { 'contact.phone': '(0388) 15 498-7654' });
      await site.stop();
      const post = (body: Record<string, string>) =>
        fetch(`${a.url}${sectionPath('contact')}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ _csrf: csrf, ...body }),
        });
      const preview = await post({ ...form, accion: 'revisar' });
      expect(preview.status).toBe(200);
      const html = await preview.text();
      const published = await post({
        accion: 'publicar',
        base: hiddenValue(html, 'base'),
        borrador: hiddenValue(html, 'borrador'),
      });
      expect(published.status).toBe(303);
      const at = Date.now();
      await waitFor(
        async () => {
          const res = await fetch(`${b.url}/`, { headers: { 'if-none-match': etag } });
          return res.status === 200 && (await res.text()).includes('tel:+5493884987654');
        },
        { timeoutMs: 5_000, what: 'the other instance serving the published phone' },
      );
      expect(Date.now() - at).toBeLessThan(5_000);
      // What B had kept is gone: the old ETag gets the new page.
      const after = await conditionalGet(`${b.url}/`, etag);
      expect(after.status).toBe(200);
      expect(after.etag).not.toBe(etag);
      const redirect = await fetch(`${b.url}${paths.whatsappOut}`, { redirect: 'manual' });
      expect(redirect.headers.get('location')).toBe('https://wa.me/5493884987654');
      expect(await (await fetch(`${a.url}/`)).text()).toContain('tel:+5493884987654');
    },
  );
});
