/**
 * `npm test` on a machine with Node and nothing else (tests/helpers/tools.ts): vitest itself,
 * as a child process, on tests/build/tools.int.test.ts with Chromium, Java, PostgreSQL,
 * Tesseract and pdftoppm hidden (PATH holds only node; CHROME_PATH names nothing). It passes, each tool's tests
 * skipped with one line saying how many and what to install; with CI=true it fails, naming
 * all five. With PostgreSQL alone hidden, every test file that uses it runs its PostgreSQL
 * tests (the ones named for it): each is skipped by its tag, none reaches for a default port.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.ts';

const bare = mkdtempSync(join(tmpdir(), 'fresh-machine-'));
symlinkSync(process.execPath, join(bare, 'node'));
afterAll(() => rmSync(bare, { recursive: true, force: true }));

function vitest(
  extra: NodeJS.ProcessEnv,
  args: readonly string[] = ['tests/build/tools.int.test.ts'],
): Promise<{ status: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    [join(projectRoot, 'node_modules/vitest/vitest.mjs'), 'run', ...args],
    {
      cwd: projectRoot,
      // Nothing of this machine's: no tool on PATH, no CHROME_PATH, no TEST_DATABASE_URL.
      env: {
        PATH: bare,
        HOME: process.env.HOME,
        CHROME_PATH: join(bare, 'chromium'),
        NO_COLOR: '1',
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, output })));
}

describe('a machine with Node only', () => {
  it('passes, and says what it skipped and what to install', async () => {
    const { status, output } = await vitest({});
    expect(status, output).toBe(0);
    expect(output).toMatch(/Tests\s+6 skipped \(6\)/);
    const lines = output
      .split('\n')
      .filter((line) => /^\[(chromium|java|postgres|tesseract|poppler|tmpfs)\]/.test(line));
    expect(lines).toEqual([
      '[chromium] Chromium not found (CHROME_PATH, or chromium on PATH): 1 test SKIPPED (browser tests). Install it: apt-get install chromium',
      '[java] Java not found (java on PATH): 1 test SKIPPED (Nu HTML Checker tests). Install it: apt-get install default-jre-headless',
      '[postgres] PostgreSQL not found (TEST_DATABASE_URL, or initdb through PATH): 1 test SKIPPED (PostgreSQL tests). Install it: apt-get install postgresql',
      '[tesseract] Tesseract not found (tesseract on PATH): 1 test SKIPPED (OCR of the share pictures). Install it: apt-get install tesseract-ocr',
      "[poppler] pdftoppm not found (pdftoppm on PATH): 1 test SKIPPED (reading the quote PDF's QR code). Install it: apt-get install poppler-utils",
      '[tmpfs] mount (as root) not found (mount on PATH, run by root): 1 test SKIPPED (a full disk: SQLite on a small tmpfs filled to the brim). Install it: apt-get install mount, and run the tests as root',
    ]);
  });

  it('with CI=true, fails and names every missing tool', async () => {
    const { status, output } = await vitest({ CI: 'true' });
    expect(status).not.toBe(0);
    expect(output).toContain(
      'CI=true but Chromium is missing (CHROME_PATH, or chromium on PATH; apt-get install chromium), and Java is missing (java on PATH; apt-get install default-jre-headless), and PostgreSQL is missing (TEST_DATABASE_URL, or initdb through PATH; apt-get install postgresql), and Tesseract is missing (tesseract on PATH; apt-get install tesseract-ocr), and pdftoppm is missing (pdftoppm on PATH; apt-get install poppler-utils), and mount (as root) is missing (mount on PATH, run by root; apt-get install mount, and run the tests as root)',
    );
    expect(output).not.toMatch(/Tests\s+\d+ (passed|skipped)/);
  });
});

/** The test files that open a PostgreSQL database, through the helpers or the setup's URL. */
function postgresTestFiles(): string[] {
  return readdirSync(join(projectRoot, 'tests'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.int\.test\.tsx?$/.test(file))
    .map((file) => join('tests', file))
    .filter((file) =>
      /helpers\/(contact-engines|postgres)\.ts'|inject\('postgresUrl'\)/.test(
        readFileSync(join(projectRoot, file), 'utf8'),
      ),
    );
}

describe('a machine without PostgreSQL', () => {
  it('skips every PostgreSQL test by its tag: none reaches for 127.0.0.1:5432', async () => {
    const files = postgresTestFiles();
    expect(files).toContain('tests/store/quotes.int.test.ts');
    // The PostgreSQL tests are the ones named for it (describeEngines' "on postgres"): `-t`
    // keeps the run to them, so an untagged one among them runs here and fails.
    const { status, output } = await vitest({}, [
      '--project',
      'integration',
      '--maxWorkers=2',
      '-t',
      'postgres',
      ...files,
    ]);
    expect(status, output).toBe(0);
    expect(output).not.toMatch(/ECONNREFUSED|no PostgreSQL for this test/);
    expect(output).toMatch(/Tests\s+\d+ skipped \(\d+\)/);
    const line = output.split('\n').find((l) => l.startsWith('[postgres]'));
    expect(line).toMatch(
      /^\[postgres\] PostgreSQL not found \(TEST_DATABASE_URL, or initdb through PATH\): \d+ tests SKIPPED/,
    );
    expect(Number(/: (\d+) tests SKIPPED/.exec(line ?? '')?.[1])).toBeGreaterThan(40);
  });
});
