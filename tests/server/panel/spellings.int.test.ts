import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { isPanelPath, panelPaths } from '../../../client/paths.ts';
import { PANEL_LINKS } from '../../../store/panel.ts';
import { createContactStore } from '../../../store/messages.ts';
import { panelSite } from '../../helpers/panel.ts';
import { TEST_NOW } from '../../helpers/sample.ts';

describe('panel paths', () => {
  it('the links the CLI prints land on the panel pages that use them', () => {
    expect(PANEL_LINKS.invite.path).toBe(panelPaths.invite);
    expect(PANEL_LINKS['sign-in'].path).toBe(panelPaths.link);
  });

  it('every spelling the router would match is the panel’s', () => {
    for (const path of [
      '/panel',
      '/panel/',
      '/PANEL/Mensajes',
      '/%70anel/mensajes',
      '//panel//mensajes',
      '/pa%6Eel',
    ]) {
      expect(isPanelPath(path), path).toBe(true);
    }
    for (const path of ['/', '/panelx', '/parabrisas', '/contact']) {
      expect(isPanelPath(path), path).toBe(false);
    }
  });

  it.each(['/PANEL/mensajes', '/%70anel/mensajes', '/Panel/Mensajes/', '/pa%6Eel/mensajes'])(
    '%s without a session meets the guard: 303, no data, never kept',
    async (path) => {
      const { site, database, signIn } = await panelSite();
      await createContactStore(database).insert({
        id: '11111111-1111-4111-8111-111111111111',
        receivedAt: TEST_NOW.toISOString(),
        name: 'Ana Privada',
        email: 'ana@example.com',
        message: 'texto privado 42',
      });
      const owner = await signIn();
      // Signed in, the page renders (and must not be kept for the next visitor).
      const mine = await owner.get(path);
      expect([200, 303]).toContain(mine.status);
      for (let i = 0; i < 2; i++) {
        const res = await request(site.listener).get(path);
        expect(res.status).toBe(303);
        expect(res.headers.location).toBe(panelPaths.signIn);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.text).not.toContain('texto privado 42');
      }
    },
  );
});
