/**
 * Two built instances on one PostgreSQL: prices published through the panel of one are served
 * by the other within 5 s (each follows the newest published catalogue).
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { panelPaths, queryParams } from '../../../client/paths.ts';
import { catalogueFile, projectRoot } from '../../../server/paths.ts';
import { SITE_URL } from '../../helpers/app.ts';
import { freshSettings, removeTempDirs, POSTGRES } from '../../helpers/contact-engines.ts';
import { waitFor } from '../../helpers/contact.ts';
import { startBuiltServer, type RunningServer } from '../../helpers/server.ts';
import { signInBuilt } from '../../helpers/panel.ts';

const running: RunningServer[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const server of running) await server.stop();
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  removeTempDirs();
});

describe('prices on two instances sharing one PostgreSQL', POSTGRES, () => {
  it('published on one, served by the other within 5 s', { timeout: 90_000 }, async () => {
    const settings = await freshSettings('postgres');
    const dir = mkdtempSync(join(tmpdir(), 'prices-instances-'));
    dirs.push(dir);
    const file = join(dir, 'catalogue.json');
    copyFileSync(catalogueFile, file);
    const env = { DATABASE_URL: settings.databaseUrl, CATALOGUE_FILE: file, SITE_URL };
    const [a, b] = await Promise.all([startBuiltServer(env), startBuiltServer(env)]);
    running.push(a, b);
    await fetch(`${b.url}/parabrisa/citroen/c4-cactus`).then((r) => expect(r.status).toBe(404));

    const { headers, csrf } = await signInBuilt(a.url, settings);

    const form = new FormData();
    form.set('_csrf', csrf);
    form.set('accion', 'subir');
    const sheet = readFileSync(join(projectRoot, 'tests/fixtures/csv/versiones-excel-1252.csv'));
    form.set('planilla', new Blob([Uint8Array.from(sheet)]), 'precios.csv');
    const uploaded = await fetch(`${a.url}${panelPaths.prices}`, {
      method: 'POST',
      redirect: 'manual',
      headers,
      body: form,
    });
    expect(uploaded.status).toBe(303);
    const draft = new URL(uploaded.headers.get('location') ?? '', SITE_URL).searchParams.get(
      queryParams.priceDraft,
    );
    const published = await fetch(
      `${a.url}${panelPaths.prices}?${queryParams.priceDraft}=${draft}`,
      {
        method: 'POST',
        redirect: 'manual',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          _csrf: csrf,
          accion: 'publicar',
          borrador: draft ?? '',
          confirmado: 'si',
        }),
      },
    );
    expect(published.status).toBe(303);
    const at = Date.now();
    await waitFor(
      async () => (await fetch(`${b.url}/parabrisa/citroen/c4-cactus`)).status === 200,
      { timeoutMs: 5_000, what: 'the other instance serving the published prices' },
    );
    expect(Date.now() - at).toBeLessThan(5_000);
    expect((await fetch(`${a.url}/parabrisa/citroen/c4-cactus`)).status).toBe(200);
    // The file is not where these instances keep the live catalogue.
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(catalogueFile, 'utf8'));
  });
});
