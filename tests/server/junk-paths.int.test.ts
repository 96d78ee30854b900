/**
 * What the junk-path shortcut answers (server/junk-paths.ts, before Express) is what the app
 * answers for the same path: seeded fuzz targets, sent byte for byte to the Express app alone,
 * must get the one "Página no encontrada" page whenever the shortcut calls them junk.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { panelPaths } from '../../client/paths.ts';
import { routes } from '../../client/routes.tsx';
import { junkPaths } from '../../server/junk-paths.ts';
import { publicTopLevel } from '../../server/paths.ts';
import type { Site } from '../../server/site.ts';
import { SITE_URL, testSite } from '../helpers/app.ts';
import { decodeEntities } from '../helpers/html.ts';
import { generateTarget, rawTargets, seededRandom } from '../helpers/fuzz.ts';
import { rawRequest } from '../helpers/server.ts';

const junk = junkPaths(routes, publicTopLevel());
let site: Site;
let appOnly: http.Server;
let appUrl: string;
let siteUrl: string;
beforeAll(async () => {
  site = await testSite();
  const server = await site.start({ port: 0, host: '127.0.0.1' });
  siteUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Express alone: no kept pages, no shortcut in front.
  appOnly = http.createServer(site.app).listen(0, '127.0.0.1');
  await once(appOnly, 'listening');
  appUrl = `http://127.0.0.1:${(appOnly.address() as AddressInfo).port}`;
});
afterAll(async () => {
  appOnly.close();
  await site.stop();
});

const SCANNERS = [
  '/wp-login.php',
  '/.env',
  '/.git/HEAD',
  '/wp-admin/install.php?step=1',
  '/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php',
  '/%2e%2e/etc/passwd',
  '/cgi-bin/.%2e/.%2e/bin/sh',
  '/index.php?s=/Index/\\think\\app/invokefunction',
  '/.DS_Store',
  '/owa/auth/logon.aspx',
];

it('every target the shortcut calls junk gets the app’s own 404 page, byte for byte', async () => {
  const random = seededRandom(20261128);
  const generated = Array.from({ length: 1500 }, () => generateTarget(random, 2000));
  const targets = [
    ...SCANNERS,
    ...generated,
    // The same behind an unknown first segment: mostly junk, with every oddity after it.
    ...generated.map((target, i) => `/scan-${i}${target}`),
    ...rawTargets(random, 200).filter((t) => t.startsWith('/')),
  ];
  const expected = await rawRequest(`${appUrl}/wp-login.php`);
  expect(expected.status).toBe(404);
  expect(expected.body.toString('utf8')).toContain('<h1>Página no encontrada</h1>');
  // The site keeps it now: its shortcut can answer.
  await rawRequest(`${siteUrl}/wp-login.php`);
  let checked = 0;
  for (const target of targets) {
    const q = target.indexOf('?');
    if (!junk(q < 0 ? target : target.slice(0, q))) continue;
    checked += 1;
    const [fromApp, fromSite] = await Promise.all([
      rawRequest(`${appUrl}${target}`),
      rawRequest(`${siteUrl}${target}`),
    ]);
    expect({ target, status: fromApp.status }).toEqual({ target, status: 404 });
    expect(fromApp.body.equals(expected.body), target).toBe(true);
    expect(fromSite.status, target).toBe(404);
    expect(fromSite.body.equals(expected.body), target).toBe(true);
  }
  // Enough of the targets are junk for this to mean something.
  expect(checked).toBeGreaterThan(400);
}, 120_000);

it('the pages issues 34 and 36 added are the app’s, not junk, once the shortcut answers junk', async () => {
  const notFound = await rawRequest(`${siteUrl}/wp-login.php`);
  expect(notFound.status).toBe(404);
  const isJunkPage = (body: Buffer) => body.equals(notFound.body);
  // The quote form, a quote's own page and its verification page (a quote issued as a visitor does).
  const glass = 'que=parabrisas&marca=chevrolet&modelo=onix&version=2013-2019-original-agc';
  const form = await rawRequest(`${siteUrl}/presupuesto?${glass}`);
  expect(form.status).toBe(200);
  const issued = await fetch(`${siteUrl}/presupuesto?${glass}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE_URL },
    body: new URLSearchParams({
      que: 'parabrisas',
      marca: 'chevrolet',
      modelo: 'onix',
      version: '2013-2019-original-agc',
      nombre: 'Ana María Núñez',
      aseguradora: 'La Segunda',
      lugar: 'taller',
    }),
  });
  expect(issued.status).toBe(303);
  const own = issued.headers.get('location') ?? '';
  expect(own).toMatch(/^\/presupuesto\/P-\d{4}-\d{6}\/[\w-]{43}$/);
  const ownPage = await rawRequest(`${siteUrl}${own}`);
  expect(ownPage.status).toBe(200);
  const verify = decodeEntities(
    /href="(\/presupuesto\/P-[^"]+\?c=[^"]+)"/.exec(ownPage.body.toString('utf8'))?.[1] ?? '',
  );
  expect(verify).not.toBe('');
  const verified = await rawRequest(`${siteUrl}${verify}`);
  expect(verified.status).toBe(200);
  expect(verified.body.toString('utf8')).toContain('La Segunda');
  // Datos del negocio and the quotes in the panel: the sign-in, as for every panel page.
  for (const path of ['/panel/negocio', '/panel/negocio/historial', '/panel/presupuestos']) {
    const answer = await rawRequest(`${siteUrl}${path}`);
    expect({ path, status: answer.status }).toEqual({ path, status: 303 });
    expect(answer.headers.location).toBe(panelPaths.signIn);
  }
  for (const answer of [form, ownPage, verified]) expect(isJunkPage(answer.body)).toBe(false);
});
