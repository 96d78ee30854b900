/**
 * The catalogue store's two backends: the watched file with its history beside it, and
 * PostgreSQL followed by every instance. Publish is a compare-and-set on the previewed hash;
 * going back to a version is a publish; the price date is renewed.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCatalogue, serializeCatalogue } from '../../catalogue/schema.ts';
import { openCatalogueStore, type CatalogueStore } from '../../server/catalogue-store.ts';
import { loadCatalogue } from '../../server/catalogue.ts';
import { createLogger } from '../../server/logger.ts';
import { catalogueFile } from '../../server/paths.ts';
import { historyFolder } from '../../store/catalogue-files.ts';
import { catalogueHash, KEPT_VERSIONS } from '../../store/catalogues.ts';
import { openDatabase, openMemoryDatabase } from '../../store/open.ts';
import type { SiteDatabase } from '../../store/schema.ts';
import { freshSettings, removeTempDirs, POSTGRES } from '../helpers/contact-engines.ts';
import { waitFor } from '../helpers/contact.ts';
import { SAMPLE_STAMP } from '../helpers/sample.ts';

const logger = createLogger('silent');
const PUBLISHED_AT = new Date('2026-12-01T13:00:00Z');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  removeTempDirs();
});

function tempCatalogue(): string {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-store-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'catalogue.json');
  copyFileSync(catalogueFile, file);
  return file;
}

const NEW_PRICES = serializeCatalogue(
  buildCatalogue([{ marca: 'Ford', modelo: 'Ka', precio: 18_500_000 }], SAMPLE_STAMP),
);

async function open(file: string, database: SiteDatabase, now = PUBLISHED_AT) {
  const store = await openCatalogueStore({
    file,
    initial: loadCatalogue(file),
    database,
    logger,
    now: () => now,
    pollMs: 200,
  });
  cleanups.push(() => store.close());
  return store;
}

const publishNew = (store: CatalogueStore, expectedHash: string) =>
  store.publish({
    body: NEW_PRICES,
    expectedHash,
    by: 'dueño',
    source: 'panel',
    fileName: 'precios.xlsx',
    summary: '1 modelo',
  });

describe('one instance: CATALOGUE_FILE is the live catalogue, its history beside it', () => {
  it('publishes what was previewed, renews the date, keeps the history, and goes back', async () => {
    const file = tempCatalogue();
    const store = await open(file, await openMemoryDatabase());
    expect(store.backend).toBe('file');
    const before = store.current().hash;

    const published = await publishNew(store, before);
    expect(published.ok).toBe(true);
    // Live on this instance at once, and in the file the CLI and the watcher share.
    expect(store.current().lookup.modelCount).toBe(1);
    const written = JSON.parse(readFileSync(file, 'utf8'));
    expect(written.actualizado).toBe(PUBLISHED_AT.toISOString());
    expect(written.vigenteHasta).toBe('2026-12-31');
    expect(store.current().hash).toBe(catalogueHash(readFileSync(file)));

    const history = await store.history();
    expect(history.map((e) => [e.seq, e.source, e.publishedBy, e.fileName])).toEqual([
      [2, 'panel', 'dueño', 'precios.xlsx'],
      [1, 'initial', 'archivo del catálogo', undefined],
    ]);
    expect(readFileSync(join(historyFolder(file), '1.json'), 'utf8')).toBe(
      readFileSync(catalogueFile, 'utf8'),
    );

    // "Volver a esta versión" is a publish of the old body against the live hash.
    const old = await store.version(1);
    const back = await store.publish({
      body: old ?? '',
      expectedHash: store.current().hash,
      by: 'dueño',
      source: 'restore',
      summary: 'vuelve a la versión 1',
      restoredFrom: 1,
    });
    expect(back.ok).toBe(true);
    expect(store.current().lookup.modelCount).toBe(loadCatalogue(catalogueFile).lookup.modelCount);
    expect((await store.history())[0]).toMatchObject({
      seq: 3,
      source: 'restore',
      restoredFrom: 1,
    });
  });

  it('refuses a stale preview: the CLI wrote the file after the preview', async () => {
    const file = tempCatalogue();
    const store = await open(file, await openMemoryDatabase());
    const previewedAgainst = store.current().hash;
    writeFileSync(file, NEW_PRICES.replace('Ka', 'Ka Plus'));
    expect(await publishNew(store, previewedAgainst)).toEqual({ ok: false, reason: 'stale' });
    expect(readFileSync(file, 'utf8')).toContain('Ka Plus');
    expect(await store.history()).toEqual([]);
  });

  it('refuses an invalid catalogue and changes nothing', async () => {
    const file = tempCatalogue();
    const store = await open(file, await openMemoryDatabase());
    const result = await store.publish({
      body: '{"version": 3}',
      expectedHash: store.current().hash,
      by: 'dueño',
      source: 'panel',
      summary: '',
    });
    expect(result.ok).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(catalogueFile, 'utf8'));
  });
});

for (const backend of ['file', 'database'] as const) {
  describe(
    `the ${backend} backend: a history that does not grow without end`,
    backend === 'database' ? POSTGRES : {},
    () => {
      it(`keeps the body of the newest ${KEPT_VERSIONS} catalogues, and every entry`, async () => {
        const database =
          backend === 'file'
            ? await openMemoryDatabase()
            : await openDatabase(await freshSettings('postgres'));
        cleanups.push(() => database.close());
        const store = await open(tempCatalogue(), database);
        expect(store.backend).toBe(backend);
        for (let i = 0; i < KEPT_VERSIONS + 2; i++) {
          const rows = [{ marca: 'Ford', modelo: 'Ka', precio: 18_000_000 + i * 1_000 }];
          const published = await store.publish({
            body: serializeCatalogue(buildCatalogue(rows, SAMPLE_STAMP)),
            expectedHash: store.current().hash,
            by: 'dueño',
            source: 'panel',
            summary: `precio ${i}`,
          });
          expect(published.ok).toBe(true);
        }
        const history = await store.history();
        // The catalogue there was before (kept at the first publish), then each publish.
        expect(history.map((e) => e.seq)).toEqual(
          Array.from({ length: KEPT_VERSIONS + 3 }, (_, i) => KEPT_VERSIONS + 3 - i),
        );
        const newest = KEPT_VERSIONS + 3;
        expect(await store.version(1)).toBeUndefined();
        expect(await store.version(newest - KEPT_VERSIONS)).toBeUndefined();
        expect(await store.version(newest - KEPT_VERSIONS + 1)).toContain('"Ka"');
        expect(await store.version(newest)).toContain('"Ka"');
      }, 60_000);
    },
  );
}

describe('DATABASE_URL: every instance follows the newest catalogue', POSTGRES, () => {
  it('publish on one, the other serves it within 5 s; the same base publishes once', async () => {
    const settings = await freshSettings('postgres');
    const [dbA, dbB] = await Promise.all([openDatabase(settings), openDatabase(settings)]);
    cleanups.push(
      () => dbA.close(),
      () => dbB.close(),
    );
    const file = tempCatalogue();
    const [a, b] = await Promise.all([open(file, dbA), open(file, dbB)]);
    expect(a.backend).toBe('database');
    expect((await a.history()).map((e) => e.source)).toEqual(['initial']);
    const base = a.current().hash;
    expect(b.current().hash).toBe(base);

    const [first, second] = await Promise.all([publishNew(a, base), publishNew(b, base)]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);

    const started = Date.now();
    await waitFor(
      async () => a.current().lookup.modelCount === 1 && b.current().lookup.modelCount === 1,
      {
        timeoutMs: 5_000,
        what: 'both instances serving the published catalogue',
      },
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    // The file is not the live catalogue here: it stays as it was.
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(catalogueFile, 'utf8'));
    expect((await b.history()).map((e) => [e.seq, e.source])).toEqual([
      [2, 'panel'],
      [1, 'initial'],
    ]);
    expect(await publishNew(b, base)).toEqual({ ok: false, reason: 'stale' });
  }, 30_000);
});
