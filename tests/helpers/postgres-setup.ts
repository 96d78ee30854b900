/**
 * Vitest global setup: one PostgreSQL for the whole run, handed to the tests as
 * inject('postgresUrl'). TEST_DATABASE_URL names an existing server instead. Where there is
 * none, the tests tagged 'postgres' are skipped (tests/helpers/tools.ts); with CI=true a
 * missing PostgreSQL fails the run (tests/helpers/tools-setup.ts, which runs first).
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
    // The tests tagged 'postgres' are skipped (vitest.config.ts) and the run ends saying how
    // many; with CI=true tests/helpers/tools-setup.ts has already stopped the run.
    project.provide('postgresUrl', '');
    return;
  }
  project.provide('postgresUrl', server.url);
  return async () => {
    await server?.stop();
  };
}
