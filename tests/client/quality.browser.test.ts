import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { hydrateAllIslands, watchPage } from '../helpers/browser.ts';
import { builtSite } from '../helpers/site.ts';
import { sampleCatalogueFileWith } from '../helpers/catalogue-file.ts';
import { versionRows } from '../fixtures/versions.ts';

const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');
const vnuJar = require.resolve('vnu-jar/build/dist/vnu.jar');

/** One page of each type, as server-rendered documents. */
const pages = {
  home: '/',
  catalogue: '/parabrisas',
  brand: '/parabrisas/toyota',
  'brand-not-found': '/parabrisas/ferrari',
  search: '/buscar?q=hilux+2018',
  'search-nothing-found': '/buscar?q=ferrari+f40',
  product: '/parabrisa/peugeot/208-gt',
  'product-versions': '/parabrisa/toyota/corolla?anio=2021',
  'product-version-open': '/parabrisa/toyota/hilux?version=2016-2020-dx-sr-equivalente-fuyao',
  'rear-window': '/luneta/ford/fiesta',
  'not-found': '/parabrisa/ford/no-existe',
  'repair-or-replace': '/reparar-o-cambiar',
  'repair-or-replace-answer':
    '/reparar-o-cambiar?tamano=moneda&fisura=no&impactos=2&borde=no&vision=no&sensor=no',
  insurance: '/seguros',
  warranty: '/garantia',
  'home-installation': '/colocacion-a-domicilio',
  tint: '/polarizado',
  about: '/about',
  models: '/models',
  testimonials: '/testimonials',
  team: '/team',
  contact: '/contact',
  privacy: '/privacidad',
};

// The sample, with a model of 12 versions and rear windows (tests/fixtures/versions.ts).
const catalogueFile = sampleCatalogueFileWith(versionRows);
const site = builtSite(() => ({ CATALOGUE_FILE: catalogueFile }));

describe('Nu HTML Checker (vnu-jar)', () => {
  it('finds zero errors on every page type', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vnu-'));
    try {
      const files: string[] = [];
      for (const [name, path] of Object.entries(pages)) {
        const html = await (await fetch(site.url + path)).text();
        const file = join(dir, `${name}.html`);
        writeFileSync(file, html);
        files.push(file);
      }
      const { stdout, stderr } = await promisify(execFile)(
        'java',
        ['-jar', vnuJar, '--format', 'json', '--stdout', '--exit-zero-always', ...files],
        { maxBuffer: 10 * 1024 * 1024 },
      ).catch((error: { stdout?: string; stderr?: string }) => ({
        stdout: error.stdout ?? '',
        stderr: error.stderr ?? '',
      }));
      const report = JSON.parse(stdout || stderr) as {
        messages: { type: string; url: string; message: string; extract?: string }[];
      };
      const errors = report.messages
        .filter((m) => m.type === 'error')
        .map((m) => `${m.url.split('/').pop()}: ${m.message} [${m.extract ?? ''}]`);
      expect(errors).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('axe-core', () => {
  it.each(Object.entries(pages))(
    '%s has zero violations at 390 and 1280 px',
    async (_name, path) => {
      for (const width of [390, 1280]) {
        // axe is injected as a script: let it past the page's Content-Security-Policy.
        const context = await site.newContext({
          viewport: { width, height: 900 },
          bypassCSP: true,
        });
        const page = await context.newPage();
        await watchPage(page, site.url);
        await page.goto(site.url + path, { waitUntil: 'load' });
        await hydrateAllIslands(page);
        await page.addScriptTag({ path: axePath });
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run: (
                  ctx: Document,
                ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
              };
            }
          ).axe;
          const result = await axe.run(document);
          return result.violations.map(
            (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
          );
        });
        expect(violations, `${path} at ${width}px`).toEqual([]);
        await context.close();
      }
    },
    // Two widths, every island woken, then axe: a loaded machine needs more than 20 s.
    60_000,
  );
});
