/**
 * A real PostgreSQL for the tests: a throw-away cluster (initdb into a temporary folder, a
 * free port, trust auth on 127.0.0.1 only), or the server TEST_DATABASE_URL names.
 * Run as the `postgres` user when we are root (initdb refuses root; CI runs as root).
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './server.ts';
import { postgresBinDir } from './tools.ts';

const execFileAsync = promisify(execFile);

export type TestPostgres = {
  readonly url: string;
  /** Stops the cluster for good and removes its files. */
  stop(): Promise<void>;
  /**
   * The fault tests' controls (tests/server/faults/): `pg_ctl stop -m fast`, `start`, or
   * `restart -m fast`, the server's files kept.
   */
  control(action: 'stop' | 'start' | 'restart'): Promise<void>;
};

/** Where initdb and pg_ctl are (tests/helpers/tools.ts finds every tool the tests need). */
export { postgresBinDir };

function asPostgresUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
    : [command, args];
}

function run(command: string, args: string[]) {
  const [cmd, argv] = asPostgresUser(command, args);
  const result = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 60_000 });
  if (result.status !== 0) {
    throw new Error(
      `${command} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`,
    );
  }
}

/** Starts a fresh cluster. `durable: false` turns fsync off (tests); benches keep it on. */
export async function startPostgres(
  options: { durable?: boolean } = {},
): Promise<TestPostgres | undefined> {
  const bin = postgresBinDir();
  if (!bin) return undefined;
  const root = mkdtempSync(join(tmpdir(), 'pg-test-'));
  const data = join(root, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(root, uid, gid);
  }
  chmodSync(root, 0o700);
  const port = await freePort();
  const settings = () =>
    [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-k ${root}`,
      '-c max_connections=100',
      ...(options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off']),
    ].join(' ');
  const pgStart = () =>
    run(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-o',
      settings(),
      '-l',
      join(root, 'log'),
      '-w',
      'start',
    ]);
  try {
    run(join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      ...(options.durable ? [] : ['--no-sync']),
    ]);
    pgStart();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // Not spawnSync: the site under test runs in this process and must keep answering.
    async control(action) {
      const args =
        action === 'start'
          ? ['-o', settings(), '-l', join(root, 'log'), '-w', 'start']
          : action === 'stop'
            ? ['-m', 'fast', '-w', 'stop']
            : ['-m', 'fast', '-o', settings(), '-l', join(root, 'log'), '-w', 'restart'];
      const [cmd, argv] = asPostgresUser(join(bin, 'pg_ctl'), ['-D', data, ...args]);
      await execFileAsync(cmd, argv, { timeout: 60_000 });
    },
    async stop() {
      try {
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

/** A new empty database on that server, for one test file or test: its URL. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  // '' is what the setup provides when there is no PostgreSQL: pg would try 127.0.0.1:5432.
  if (!serverUrl) {
    throw new Error(
      "no PostgreSQL for this test: tag it 'postgres' (POSTGRES or describeEngines, tests/helpers/contact-engines.ts) so it is skipped where PostgreSQL is missing",
    );
  }
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
