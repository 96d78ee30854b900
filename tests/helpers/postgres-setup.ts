/**
 * Vitest global setup: one PostgreSQL for the whole run, handed to the tests as
 * inject('postgresUrl'). TEST_DATABASE_URL names an existing server instead. With CI=true
 * the Postgres suite must run, so a missing PostgreSQL fails the run; elsewhere its tests
 * are skipped and this says so.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres, type TestPostgres } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** '' when there is no PostgreSQL: the Postgres tests skip. */
    postgresUrl: string;
  }
}

let server: TestPostgres | undefined;

export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL?.trim();
  if (given) {
    project.provide('postgresUrl', given);
    return;
  }
  server = await startPostgres();
  if (!server) {
    if (process.env.CI === 'true') {
      throw new Error(
        "CI=true but PostgreSQL is not installed (no initdb): .ci/run installs Debian's postgresql; or set TEST_DATABASE_URL",
      );
    }
    console.warn(
      '\n[postgres] PostgreSQL not found (no initdb, no TEST_DATABASE_URL): the PostgreSQL tests are SKIPPED. Install postgresql (apt-get install postgresql) to run them.\n',
    );
    project.provide('postgresUrl', '');
    return;
  }
  project.provide('postgresUrl', server.url);
  return async () => {
    await server?.stop();
  };
}
