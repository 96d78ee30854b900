import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { panelPaths, queryParams } from '../../../client/paths.ts';
import { createLogger } from '../../../server/logger.ts';
import { SITE_URL } from '../../helpers/app.ts';
import { decodeEntities } from '../../helpers/html.ts';
import { OWNER_EMAIL, panelSite } from '../../helpers/panel.ts';

describe('Personas', () => {
  it('invites with a link to copy (after a 303), revokes another person, never oneself', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('info', {
      write: (line: string) => void lines.push(JSON.parse(line)),
    });
    const { signIn, site } = await panelSite({ logger });
    const owner = await signIn();
    const invited = await owner
      .post(panelPaths.people, { accion: 'invitar', email: 'Juan@Example.com', nombre: 'Juan' })
      .expect(303);
    const next = invited.headers.location ?? '';
    expect(next.startsWith(`${panelPaths.people}?`)).toBe(true);
    const page = decodeEntities((await owner.get(next).expect(200)).text);
    const link = new RegExp(`${SITE_URL}${panelPaths.invite}\\?t=[\\w-]{43}`).exec(page)?.[0];
    expect(link).toBeDefined();
    expect(page).toContain('Invitación para juan@example.com');
    expect(page).toContain('Copiá el enlace');
    // The token never reaches the request log.
    const token = new URL(link ?? '').searchParams.get(queryParams.panelToken) ?? '';
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(JSON.stringify(lines)).toContain(`${panelPaths.people}?t=***`);
    // The invitation opens its page; once used (or revoked) the people page stops showing it.
    await request(site.listener)
      .get(link?.slice(SITE_URL.length) ?? '')
      .expect(200);

    const list = decodeEntities((await owner.get(panelPaths.people)).text);
    expect(list).toMatch(/Juan<\/strong>(<!-- -->)? · juan@example.com/);
    expect(list).toContain('Sacarle el acceso a Juan');
    expect(list).not.toContain(`Sacarle el acceso a Dueño`);

    await owner
      .post(panelPaths.people, { accion: 'revocar', email: 'juan@example.com' })
      .expect(303);
    expect(decodeEntities((await owner.get(panelPaths.people)).text)).toContain(
      'Sin acceso (revocado)',
    );
    expect(decodeEntities((await owner.get(next)).text)).not.toContain('Invitación para');

    const self = await owner
      .post(panelPaths.people, { accion: 'revocar', email: OWNER_EMAIL })
      .expect(400);
    expect(decodeEntities(self.text)).toContain('No podés sacarte el acceso a vos mismo');
    const bad = await owner
      .post(panelPaths.people, { accion: 'invitar', email: 'juan' })
      .expect(400);
    expect(decodeEntities(bad.text)).toContain('Escribí una dirección de e-mail completa');
    await owner.get(panelPaths.account).expect(200);

    const activity = decodeEntities((await owner.get(panelPaths.activity)).text);
    for (const entry of ['entrada', 'invitación', 'acceso revocado'])
      expect(activity).toContain(entry);
  });
});

describe('the panel stays out of search engines', () => {
  it('robots.txt disallows it and the sitemap never names it', async () => {
    const { site } = await panelSite();
    const robots = await request(site.listener).get('/robots.txt').expect(200);
    expect(robots.text).toMatch(/^Disallow: \/panel$/m);
    const sitemap = await request(site.listener).get('/sitemap.xml').expect(200);
    expect(sitemap.text).toContain('<loc>');
    expect(sitemap.text).not.toContain('/panel');
  });
});
