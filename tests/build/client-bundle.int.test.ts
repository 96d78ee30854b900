import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readClientAssets } from '../../server/assets.ts';
import { catalogueFile, clientDistDir } from '../../server/paths.ts';

/** Runs on the production build (`npm test` builds before running vitest). */
const assetsDir = join(clientDistDir, 'assets');
const files = existsSync(assetsDir) ? readdirSync(assetsDir).map((f) => join(assetsDir, f)) : [];
const js = files.filter((f) => f.endsWith('.js'));

describe('client bundle', () => {
  it('exists (run `npm run build` first)', () => {
    expect(js.length).toBeGreaterThan(0);
  });

  it('contains no server-only module', () => {
    for (const file of js) {
      const text = readFileSync(file, 'utf8');
      for (const marker of [
        'node:fs',
        'node:crypto',
        'express',
        'nodemailer',
        'pino',
        'renderToPipeableStream',
        'createStaticHandler',
        'server/',
        // zod validates the catalogue on the server and in the CLI; pages need only its types.
        'ZodError',
      ]) {
        expect(text, `${file} contains ${marker}`).not.toContain(marker);
      }
    }
  });

  it('holds no router: routes, loaders and pages stay on the server', () => {
    for (const file of js) {
      const text = readFileSync(file, 'utf8');
      for (const marker of ['reactrouter.com', 'DataRouter', 'useLoaderData']) {
        expect(text, `${file} contains ${marker}`).not.toContain(marker);
      }
    }
  });

  it('the island loader, the one script a page references, holds no React and stays small', () => {
    const { islands } = readClientAssets(clientDistDir);
    expect(islands).toMatch(/^\/assets\/entry-client-[\w-]+\.js$/);
    const loader = readFileSync(join(clientDistDir, islands!));
    expect(loader.toString('utf8')).not.toContain('react.transitional.element');
    expect(loader.toString('utf8')).not.toContain('hydrateRoot');
    expect(gzipSync(loader).length).toBeLessThan(3 * 1024);
    // React is there, for the islands to import when they are due.
    expect(js.some((f) => readFileSync(f, 'utf8').includes('react.transitional.element'))).toBe(
      true,
    );
  });

  it('contains no secret-looking configuration', () => {
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const marker of [
        'INSTAGRAM_ACCESS_TOKEN',
        'access_token',
        'SMTP_URL',
        'smtp://',
        'CONTACT_TO',
        'process.env',
      ]) {
        expect(text, `${file} contains ${marker}`).not.toContain(marker);
      }
    }
  });

  it('does not embed the catalogue: prices reach pages as loader data, so a new price needs no build', () => {
    const catalogue = JSON.parse(readFileSync(catalogueFile, 'utf8')) as {
      actualizado: string;
      marcas: { modelos: { precio: number; meta: { description: string } }[] }[];
    };
    const models = catalogue.marcas.flatMap((marca) => marca.modelos);
    expect(models.length).toBeGreaterThan(0);
    for (const file of js) {
      const text = readFileSync(file, 'utf8');
      expect(text).not.toContain(catalogue.actualizado);
      for (const modelo of models) {
        expect(text, `${file} contains the price ${modelo.precio}`).not.toContain(
          String(modelo.precio),
        );
        expect(text).not.toContain(modelo.meta.description);
      }
    }
  });

  it('keeps JavaScript under 100 KB and CSS under 20 KB gzipped', () => {
    const gz = (ext: string) =>
      files
        .filter((f) => f.endsWith(ext))
        .reduce((n, f) => n + gzipSync(readFileSync(f)).length, 0);
    expect(gz('.js')).toBeLessThan(100 * 1024);
    expect(gz('.css')).toBeLessThan(20 * 1024);
  });
});
