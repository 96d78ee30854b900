/**
 * The programs some tests need beyond Node: Chromium (browser tests), Java (the Nu HTML
 * Checker), PostgreSQL (the second database engine), Tesseract (reads the share pictures),
 * poppler's pdftoppm (renders the quote's PDF for its QR code) and `mount` as root (a small
 * tmpfs that fills: tests/helpers/tmpfs.ts).
 * Each is a vitest tag (vitest.config.ts):
 * a test or a file marked with it (`{ tags: ['java'] }`, `// @module-tag chromium`) is
 * skipped where the program is missing, and tests/helpers/tools-reporter.ts says at the end
 * how many were skipped and what to install. With CI=true nothing is skipped: a missing
 * program fails the run (tests/helpers/tools-setup.ts). Found only through the environment
 * (PATH, CHROME_PATH, TEST_DATABASE_URL), so a test can hide them
 * (tests/build/fresh-machine.int.test.ts).
 */
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync, readdirSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

/** `name` as the shell would find it on PATH, or undefined. */
export function onPath(name: string, env: Env = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const file = join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** CHROME_PATH when set (and only it), else Debian's `chromium` on PATH. */
export function findChromium(env: Env = process.env): string | undefined {
  const given = env.CHROME_PATH?.trim();
  if (given) return existsSync(given) ? given : undefined;
  return onPath('chromium', env) ?? onPath('chromium-browser', env);
}

/** `java` on PATH (the Nu checker runs `java -jar vnu.jar`). */
export function findJava(env: Env = process.env): string | undefined {
  return onPath('java', env);
}

/**
 * The folder with initdb, pg_ctl and postgres: initdb on PATH, or pg_config's --bindir, or
 * Debian's versioned folder when its postgresql-common (pg_ctlcluster) is on PATH.
 */
export function postgresBinDir(env: Env = process.env): string | undefined {
  const initdb = onPath('initdb', env);
  // A link to the real folder (where pg_ctl and postgres are too).
  if (initdb) return dirname(realpathSync(initdb));
  const pgConfig = onPath('pg_config', env);
  if (pgConfig) {
    try {
      const dir = execFileSync(pgConfig, ['--bindir'], { encoding: 'utf8' }).trim();
      if (existsSync(join(dir, 'initdb'))) return dir;
    } catch {
      // a broken pg_config: look where Debian puts the server
    }
  }
  if (!onPath('pg_ctlcluster', env)) return undefined;
  const debian = '/usr/lib/postgresql';
  const versions = existsSync(debian) ? readdirSync(debian) : [];
  for (const version of versions.sort((a, b) => Number(b) - Number(a))) {
    const dir = join(debian, version, 'bin');
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  return undefined;
}

export type Tool = {
  /** The vitest tag that marks the tests needing it. */
  readonly tag: 'chromium' | 'java' | 'postgres' | 'tesseract' | 'poppler' | 'tmpfs';
  readonly name: string;
  /** What the tests with this tag are. */
  readonly tests: string;
  /** Where it was looked for. */
  readonly lookedFor: string;
  /** How to install it on Debian or Ubuntu. */
  readonly install: string;
  /** Whether it is there. */
  present(env: Env): boolean;
};

export const TOOLS: readonly Tool[] = [
  {
    tag: 'chromium',
    name: 'Chromium',
    tests: 'browser tests',
    lookedFor: 'CHROME_PATH, or chromium on PATH',
    install: 'apt-get install chromium',
    present: (env) => findChromium(env) !== undefined,
  },
  {
    tag: 'java',
    name: 'Java',
    tests: 'Nu HTML Checker tests',
    lookedFor: 'java on PATH',
    install: 'apt-get install default-jre-headless',
    present: (env) => findJava(env) !== undefined,
  },
  {
    tag: 'postgres',
    name: 'PostgreSQL',
    tests: 'PostgreSQL tests',
    lookedFor: 'TEST_DATABASE_URL, or initdb through PATH',
    install: 'apt-get install postgresql',
    present: (env) => Boolean(env.TEST_DATABASE_URL?.trim()) || postgresBinDir(env) !== undefined,
  },
  {
    tag: 'tesseract',
    name: 'Tesseract',
    tests: 'OCR of the share pictures',
    lookedFor: 'tesseract on PATH',
    install: 'apt-get install tesseract-ocr',
    present: (env) => onPath('tesseract', env) !== undefined,
  },
  {
    tag: 'poppler',
    name: 'pdftoppm',
    tests: "reading the quote PDF's QR code",
    lookedFor: 'pdftoppm on PATH',
    install: 'apt-get install poppler-utils',
    present: (env) => onPath('pdftoppm', env) !== undefined,
  },
  {
    tag: 'tmpfs',
    name: 'mount (as root)',
    tests: 'a full disk: SQLite on a small tmpfs filled to the brim',
    lookedFor: 'mount on PATH, run by root',
    install: 'apt-get install mount, and run the tests as root',
    present: (env) => onPath('mount', env) !== undefined && process.getuid?.() === 0,
  },
];

/** CI=true: every test runs, and a missing tool is an error. */
export function required(env: Env): boolean {
  return env.CI === 'true';
}

/** The tags for vitest.config.ts: a tool's tests are skipped where it is missing, never in CI. */
export function toolTags(env: Env) {
  return TOOLS.map((tool) => ({
    name: tool.tag,
    description: `needs ${tool.name} (${tool.install})`,
    skip: !required(env) && !tool.present(env),
  }));
}

/** The one line that says a tool is missing and what it cost. */
export function skippedLine(tool: Tool, skipped: number): string {
  const tests = `${skipped} test${skipped === 1 ? '' : 's'}`;
  return `[${tool.tag}] ${tool.name} not found (${tool.lookedFor}): ${tests} SKIPPED (${tool.tests}). Install it: ${tool.install}`;
}
