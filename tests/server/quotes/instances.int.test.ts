/**
 * Numbering through the built server: 50 simultaneous POSTs of the quote's form get 50
 * different, consecutive numbers, on one instance with SQLite and on two instances (each its
 * own DATA_DIR) sharing one PostgreSQL. The built server runs on the real clock: its catalogue
 * is the sample's, with prices valid from today.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { SITE_URL } from '../../helpers/app.ts';
import { startBuiltServer, type RunningServer } from '../../helpers/server.ts';
import { freshSettings, POSTGRES, removeTempDirs } from '../../helpers/contact-engines.ts';
import { openDatabase } from '../../../store/open.ts';
import type { StoreSettings } from '../../../store/settings.ts';
import { shopDate } from '../../../catalogue/validity.ts';
import { freshSampleCatalogueFile } from '../../helpers/catalogue-file.ts';

const running: RunningServer[] = [];
afterAll(async () => {
  for (const s of running) await s.stop();
  removeTempDirs();
});

/** Made once for the file (it removes itself after the file's tests). */
const CATALOGUE_FILE = freshSampleCatalogueFile();

const glass = 'que=parabrisas&marca=chevrolet&modelo=onix&version=2013-2019-original-agc';

function post(server: RunningServer, i: number) {
  return fetch(`${server.url}/presupuesto?${glass}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: SITE_URL,
      // One visitor each: the per-visitor rate limit is not what this test is about.
      'x-forwarded-for': `198.51.100.${i + 1}`,
    },
    body: `${glass}&${new URLSearchParams({ nombre: `Cliente ${i}`, aseguradora: 'Zurich', lugar: 'taller' })}`,
  });
}

async function storedNumbers(settings: StoreSettings) {
  const database = await openDatabase(settings);
  try {
    const rows = await database.db.selectFrom('quotes').select('number').execute();
    return rows.map((r) => r.number).sort();
  } finally {
    await database.close();
  }
}

async function race(servers: readonly [RunningServer, ...RunningServer[]]) {
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) => post(servers[i % servers.length] ?? servers[0], i)),
  );
  expect(answers.map((r) => r.status)).toEqual(Array(50).fill(303));
  return answers
    .map((r) => /\/presupuesto\/(P-\d{4}-\d{6})\//.exec(r.headers.get('location') ?? '')?.[1])
    .sort();
}

const year = shopDate(new Date()).slice(0, 4);
const expected = Array.from(
  { length: 50 },
  (_, i) => `P-${year}-${String(i + 1).padStart(6, '0')}`,
);

describe('50 simultaneous quotes', () => {
  it('one instance on SQLite: 50 consecutive numbers', { timeout: 120_000 }, async () => {
    const settings = await freshSettings('sqlite');
    const server = await startBuiltServer({
      DATA_DIR: settings.dataDir,
      SITE_URL,
      TRUST_PROXY: 'loopback',
      CATALOGUE_FILE,
    });
    running.push(server);
    expect(await race([server])).toEqual(expected);
    await server.stop();
    running.splice(running.indexOf(server), 1);
    expect(await storedNumbers(settings)).toEqual(expected);
  });

  it(
    'two instances on one PostgreSQL: 50 consecutive numbers, none twice',
    { timeout: 120_000, ...POSTGRES },
    async () => {
      const settings = await freshSettings('postgres');
      const env = {
        DATABASE_URL: settings.databaseUrl,
        SITE_URL,
        TRUST_PROXY: 'loopback',
        CATALOGUE_FILE,
      };
      // One after the other: two free-port look-ups at once may pick the same port.
      const servers = [await startBuiltServer(env), await startBuiltServer(env)] as const;
      running.push(...servers);
      expect(await race(servers)).toEqual(expected);
      expect(await storedNumbers(settings)).toEqual(expected);
    },
  );
});
