/**
 * The price upload under a big sheet (not a timed test; figures in README "Prices from the
 * panel"): the built server, a signed-in owner, a 20,000-row .xlsx uploaded to /panel/precios
 * and its preview page. Prints the time of each step, the server's peak memory (VmRSS, read
 * from /proc every 20 ms) and the slowest /healthz answered meanwhile.
 * Usage: npm run build && npm run bench:prices
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { panelPaths, queryParams } from '../client/paths.ts';
import { catalogueFile, projectRoot } from '../server/paths.ts';
import { SESSION_COOKIE, SESSION_TIMEOUTS } from '../server/panel/session.ts';
import { openDatabase } from '../store/open.ts';
import { createPanelStore, PANEL_LINKS } from '../store/panel.ts';
import { makeXlsx } from '../tests/helpers/xlsx.ts';
import { freePort } from '../tests/helpers/server.ts';

const ROWS = 20_000;
const SITE = 'https://parabrisas.test';

const dir = mkdtempSync(join(tmpdir(), 'bench-prices-'));
const file = join(dir, 'catalogue.json');
copyFileSync(catalogueFile, file);
const settings = { dataDir: join(dir, 'data'), databaseUrl: undefined };
const port = await freePort();
const server = spawn(process.execPath, [join(projectRoot, 'dist/server/index.js')], {
  cwd: projectRoot,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: SITE,
    DATA_DIR: settings.dataDir,
    CATALOGUE_FILE: file,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;

const rss = () => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

try {
  for (let i = 0; ; i += 1) {
    if (i > 200) throw new Error('the server did not start');
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const database = await openDatabase(settings);
  const store = createPanelStore(database);
  const now = new Date();
  const { person } = await store.grantAccess('bench@parabrisas.test', 'Bench', now);
  const token = await store.createToken('sign-in', person.id, now, PANEL_LINKS['sign-in'].ttlMs);
  const signedIn = await fetch(`${base}${panelPaths.link}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: SITE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ [queryParams.panelToken]: token }),
  });
  const id = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(
    signedIn.headers.get('set-cookie') ?? '',
  )?.[1];
  const session = id ? await store.findSession(id, now, SESSION_TIMEOUTS.idleMs) : undefined;
  if (!id || !session) throw new Error('could not sign in');
  await database.close();
  const cookie = `${SESSION_COOKIE}=${id}`;

  const header = [
    'Marca',
    'Modelo',
    'Precio',
    'Pieza',
    'Año desde',
    'Año hasta',
    'Versión',
    'Calidad',
  ];
  const rows = Array.from({ length: ROWS }, (_, i) => [
    `Marca ${i % 40}`,
    `Modelo ${Math.floor(i / 10)}`,
    String(150_000 + (i % 997) * 100),
    i % 5 === 0 ? 'Luneta' : 'Parabrisas',
    String(2000 + (i % 10)),
    String(2012 + (i % 10)),
    `V${i % 10}`,
    i % 2 ? 'original' : 'equivalente',
  ]);
  const xlsx = makeXlsx([header, ...rows]);

  const before = rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20);
  let slowestHealth = 0;
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const started = performance.now();
      await fetch(`${base}/healthz`);
      slowestHealth = Math.max(slowestHealth, performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();

  const form = new FormData();
  form.set('_csrf', session.csrfToken);
  form.set('accion', 'subir');
  form.set('planilla', new Blob([Uint8Array.from(xlsx)]), 'precios-20000.xlsx');
  const t0 = performance.now();
  const uploaded = await fetch(`${base}${panelPaths.prices}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, origin: SITE },
    body: form,
  });
  const t1 = performance.now();
  const location = uploaded.headers.get('location');
  if (uploaded.status !== 303 || !location) {
    throw new Error(`upload answered ${uploaded.status}: ${(await uploaded.text()).slice(0, 500)}`);
  }
  const preview = await fetch(`${base}${location}`, { headers: { cookie } });
  const html = await preview.text();
  const t2 = performance.now();
  probing = false;
  await probe;
  clearInterval(sampler);
  console.log(
    [
      `sheet: ${ROWS} rows, ${(xlsx.length / 1024).toFixed(0)} KB as .xlsx`,
      `upload (read, validate, build, keep the draft): ${(t1 - t0).toFixed(0)} ms`,
      `preview page (${preview.status}, ${(html.length / 1024).toFixed(0)} KB): ${(t2 - t1).toFixed(0)} ms`,
      `upload + preview: ${(t2 - t0).toFixed(0)} ms`,
      `server memory (VmRSS): ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak`,
      `slowest /healthz meanwhile: ${slowestHealth.toFixed(0)} ms`,
    ].join('\n'),
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
