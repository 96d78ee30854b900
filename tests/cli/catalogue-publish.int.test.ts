/**
 * `npm run catalogue -- build` publishes like the panel: the live file's publishes are kept in
 * the history beside it, and with DATABASE_URL the catalogue is published in the database
 * every instance follows.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.ts';
import { historyFolder, readFileHistory } from '../../store/catalogue-files.ts';
import { createCatalogueQueries } from '../../store/catalogues.ts';
import { openDatabase } from '../../store/open.ts';
import { freshSettings, removeTempDirs, POSTGRES } from '../helpers/contact-engines.ts';
import { SAMPLE_EPOCH } from '../helpers/sample.ts';
import { builtCli } from '../helpers/cli.ts';

const fixture = (name: string) => join(projectRoot, 'tests/fixtures', name);
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  removeTempDirs();
});

function cli(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn(process.execPath, [builtCli('catalogue'), ...args], {
      cwd: projectRoot,
      env: {
        ...process.env,
        npm_lifecycle_event: undefined,
        DATABASE_URL: undefined,
        SOURCE_DATE_EPOCH: String(SAMPLE_EPOCH),
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

async function liveFile(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'catalogue-publish-'));
  dirs.push(dir);
  return join(dir, 'catalogue.json');
}

describe('build keeps each live catalogue in the history beside the file', () => {
  it('two builds: two versions, the file name and a summary; -o writes no history', async () => {
    const file = await liveFile();
    const first = await cli(['build', fixture('csv/valid.csv')], { CATALOGUE_FILE: file });
    expect(first.code).toBe(0);
    const second = await cli(['build', fixture('xlsx/versiones-formulas.xlsx')], {
      CATALOGUE_FILE: file,
    });
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    const history = await readFileHistory(file);
    expect(history.map((e) => [e.seq, e.source, e.fileName])).toEqual([
      [2, 'cli', 'versiones-formulas.xlsx'],
      [1, 'cli', 'valid.csv'],
    ]);
    expect(history[0]?.summary).toBe('5 nuevos, 3 quitados');
    expect(await readFile(join(historyFolder(file), '2.json'), 'utf8')).toBe(
      await readFile(file, 'utf8'),
    );

    const other = await liveFile();
    await cli(['build', fixture('csv/valid.csv'), '-o', other], { CATALOGUE_FILE: file });
    expect(await readFileHistory(other)).toEqual([]);
  }, 60_000);
});

describe('with DATABASE_URL, build publishes for every instance', POSTGRES, () => {
  it('publishes the catalogue as the next version, source "cli"', async () => {
    const settings = await freshSettings('postgres');
    const file = await liveFile();
    const run = await cli(['build', fixture('csv/valid.csv')], {
      CATALOGUE_FILE: file,
      DATABASE_URL: settings.databaseUrl,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(
      'Publicado en la base de datos (versión 1): cada instancia del sitio lo muestra en unos segundos.',
    );
    const database = await openDatabase(settings);
    try {
      const latest = await createCatalogueQueries(database).latest();
      expect(latest).toMatchObject({ seq: 1, source: 'cli', fileName: 'valid.csv' });
      expect(latest?.body).toBe(await readFile(file, 'utf8'));
    } finally {
      await database.close();
    }
  }, 60_000);
});
