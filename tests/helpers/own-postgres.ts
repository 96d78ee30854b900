/**
 * A PostgreSQL of one fault test's own (tests/server/faults/), which the test stops, starts and
 * restarts: a fresh cluster, a database in it and a data folder, each undone by `cleanup`.
 */
import { randomBytes } from 'node:crypto';
import { tempDataDir } from './contact.ts';
import { createDatabase, startPostgres, type TestPostgres } from './postgres.ts';

export type Cleanup = Array<() => Promise<void> | void>;

export async function ownPostgres(
  cleanup: Cleanup,
): Promise<{ server: TestPostgres; url: string; dataDir: string }> {
  const server = await startPostgres();
  if (!server) throw new Error('PostgreSQL is needed (initdb on PATH)');
  // Already stopped when a test failed midway: nothing more to stop.
  cleanup.push(() => server.stop().catch(() => undefined));
  const temp = tempDataDir();
  cleanup.push(() => temp.remove());
  const url = await createDatabase(server.url, `f_${randomBytes(4).toString('hex')}`);
  return { server, url, dataDir: temp.dir };
}
