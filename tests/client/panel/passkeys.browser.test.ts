// @module-tag chromium
/**
 * Passkeys in a real browser: Chromium's virtual authenticator (CDP WebAuthn domain) plays the
 * phone. An invitation from `npm run owner -- invite` registers a passkey and signs in; the
 * passkey signs in again after the cookies are gone; a second passkey is added and removed
 * (and then no longer signs in). No public page loads the ceremony's chunk.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { panelHome, panelPaths } from '../../../client/paths.ts';
import { islandHydrated, watchPage } from '../../helpers/browser.ts';
import { builtSite } from '../../helpers/site.ts';
import { ownerCommand } from '../../helpers/panel.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'panel-browser-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const site = builtSite(() => ({ DATA_DIR: dataDir }), { host: 'localhost' });

const owner = ownerCommand(() => ({ DATA_DIR: dataDir, SITE_URL: site.url }));

async function addAuthenticator(cdp: CDPSession): Promise<string> {
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

async function press(page: Page, name: string) {
  await islandHydrated(page, 'passkey');
  await page.getByRole('button', { name }).click();
}

describe('passkeys (virtual authenticator)', () => {
  it('registers from an invitation, signs in, adds a second passkey and removes it', async () => {
    const context = await site.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = await watchPage(page, site.url);
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const phone = await addAuthenticator(cdp);

    const invite = owner('invite', 'duenio@example.com', '--nombre', 'Dueño');
    expect(invite).toMatch(new RegExp(`^${site.url}${panelPaths.invite}\\?t=[\\w-]{43}$`));

    // The invitation: a passkey on "the phone", then straight into the panel.
    await page.goto(invite);
    await islandHydrated(page, 'passkey');
    await page.getByLabel('Nombre de esta llave').fill('Mi teléfono');
    await press(page, 'Crear mi llave de acceso');
    await page.waitForURL(`${site.url}${panelHome}`);
    expect(await page.locator('h1').textContent()).toBe('Hoy');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId: phone });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);

    // The invitation is used up (signed out: the session would allow adding a passkey).
    await context.clearCookies();
    await page.goto(invite);
    await islandHydrated(page, 'passkey');
    await page.getByLabel('Nombre de esta llave').fill('Otra');
    await press(page, 'Crear mi llave de acceso');
    await page.getByText('La invitación ya no sirve').waitFor();

    // Cookies gone (another day): the passkey alone signs in (discoverable credential).
    await page.goto(`${site.url}${panelPaths.messages}`);
    expect(new URL(page.url()).pathname).toBe(panelPaths.signIn);
    await press(page, 'Entrar con mi llave de acceso');
    await page.waitForURL(`${site.url}${panelHome}`);

    // A second passkey, on "the computer".
    await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: phone });
    const computer = await addAuthenticator(cdp);
    await page.goto(`${site.url}${panelPaths.account}`);
    await islandHydrated(page, 'passkey');
    await page.getByLabel('Nombre de esta llave').fill('Computadora');
    await press(page, 'Agregar una llave de acceso');
    await page.getByText('Borrar «Computadora»').waitFor();
    const onComputer = await cdp.send('WebAuthn.getCredentials', { authenticatorId: computer });
    expect(onComputer.credentials).toHaveLength(1);
    expect(await page.getByRole('button', { name: /^Borrar «/ }).count()).toBe(2);
    expect(owner('list')).toContain('duenio@example.com (Dueño): 2 llaves');

    // Removed: gone from the list, and it no longer signs in.
    await page.getByRole('button', { name: 'Borrar «Computadora»' }).click();
    await page.getByText('Borrar «Computadora»').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: /^Borrar «/ }).count()).toBe(1);
    await context.clearCookies();
    await page.goto(`${site.url}${panelPaths.signIn}`);
    await press(page, 'Entrar con mi llave de acceso');
    await page.getByText('Esa llave no sirve para entrar').waitFor();
    expect(new URL(page.url()).pathname).toBe(panelPaths.signIn);

    // The refusals the test provokes (a used invitation, a removed passkey) log their 403/400.
    expect(problems.filter((p) => !/status of 40[03] /.test(p))).toEqual([]);
    await context.close();
  });

  it('no public page loads the passkey chunk', async () => {
    const context = await site.newContext();
    const page = await context.newPage();
    await watchPage(page, site.url);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    for (const path of ['/', '/parabrisas', '/contact', '/parabrisa/ford/fiesta']) {
      await page.goto(site.url + path, { waitUntil: 'load' });
      await page.mouse.wheel(0, 2000);
      await page.locator('body').click({ position: { x: 5, y: 5 } });
    }
    await page.waitForTimeout(500);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /Passkey|webauthn/i.test(s))).toEqual([]);
    await page.goto(site.url + panelPaths.signIn, { waitUntil: 'load' });
    await islandHydrated(page, 'passkey');
    expect(scripts.filter((s) => /PasskeyButton/.test(s)).length).toBe(1);
    await context.close();
  });
});
