import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { clientDistDir } from '../../server/paths.ts';

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

  it('keeps JavaScript under 100 KB and CSS under 20 KB gzipped', () => {
    const gz = (ext: string) =>
      files
        .filter((f) => f.endsWith(ext))
        .reduce((n, f) => n + gzipSync(readFileSync(f)).length, 0);
    expect(gz('.js')).toBeLessThan(100 * 1024);
    expect(gz('.css')).toBeLessThan(20 * 1024);
  });
});
