import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { panelPaths } from '../../../client/paths.ts';
import { SITE_URL } from '../../helpers/app.ts';
import { panelSite } from '../../helpers/panel.ts';

describe('the panel foundation', () => {
  it('sends a visitor without a session to the sign-in page, and lets a signed-in person in', async () => {
    const { site, signIn } = await panelSite();
    const anonymous = await request(site.listener).get(panelPaths.account).expect(303);
    expect(anonymous.headers.location).toBe(panelPaths.signIn);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    const signInPage = await request(site.listener).get(panelPaths.signIn).expect(200);
    expect(signInPage.headers['cache-control']).toBe('no-store');
    expect(signInPage.headers['x-robots-tag']).toMatch(/noindex/);
    expect(signInPage.text).toContain('Entrar al panel');

    const owner = await signIn();
    const page = await owner.get(panelPaths.account).expect(200);
    expect(page.text).toContain('Mi acceso');
    expect(page.text).toContain(owner.csrfToken);
    expect(page.headers['cache-control']).toBe('no-store');
    await owner.get(panelPaths.signIn).expect(303);
  });

  it('refuses a cross-site POST and one without the token', async () => {
    const { site, signIn } = await panelSite();
    const owner = await signIn();
    await request(site.listener)
      .post(panelPaths.signOutAll)
      .set('Cookie', owner.cookie)
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ _csrf: owner.csrfToken })
      .expect(403);
    await request(site.listener)
      .post(panelPaths.signOutAll)
      .set('Cookie', owner.cookie)
      .set('Origin', SITE_URL)
      .type('form')
      .send({ _csrf: 'x' })
      .expect(403);
    await owner.get(panelPaths.account).expect(200);
    await owner.post(panelPaths.signOutAll).expect(303);
    await owner.get(panelPaths.account).expect(303);
  });
});
