import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';
import { runtimeFiles } from './tests/helpers/runtime-files.ts';
import { toolTags } from './tests/helpers/tools.ts';

// The tests' configuration, kept beside the tests' own helpers: vite.config.ts (the build) never
// reaches into tests/, which the Docker image's build context leaves out.
export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      environment: 'node',
      // Generous: a slow or shared machine must not fail a test that only waits longer (a hung
      // test still fails). Speed goals live in the benches, never in a timeout.
      testTimeout: 60_000,
      hookTimeout: 60_000,
      // Tests that need Chromium, Java or PostgreSQL carry its tag; where it is missing they are
      // skipped and the run ends with one line each saying how many and what to install; with
      // CI=true they must run (tests/helpers/tools.ts).
      tags: toolTags(process.env),
      reporters: ['default', './tests/helpers/tools-reporter.ts'],
      // One rule (docs/architecture.md, Tests): a test's folder mirrors the source it tests and
      // its kind is in its name. `*.test.ts(x)`: unit, pure, seconds (`npm run test:unit`);
      // `*.int.test.ts(x)`: starts servers, child processes, SMTP/Postgres peers;
      // `*.browser.test.ts`: drives Chromium (docs/decisions/2026-11-22-test-projects.md).
      // Two files at a time: files share nothing (each test takes port 0, its own temporary
      // folder and its own PostgreSQL database; each browser file its own Chromium and built
      // server), and a browser file spends much of its time waiting on its pages
      // (docs/decisions/2026-12-04-test-time.md). `npm test` runs unit, integration and browser;
      // the 'runtime' project is the subset a second Node line runs again (README, Tests).
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            maxWorkers: 2,
            include: ['tests/**/*.test.{ts,tsx}'],
            exclude: ['tests/**/*.int.test.{ts,tsx}', 'tests/**/*.browser.test.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'integration',
            maxWorkers: 2,
            include: ['tests/**/*.int.test.{ts,tsx}'],
            // A real PostgreSQL for the tests tagged 'postgres' (skipped, and said so, when none);
            // one Nu HTML Checker for those tagged 'java', started when first asked.
            globalSetup: [
              'tests/helpers/tools-setup.ts',
              'tests/helpers/postgres-setup.ts',
              'tests/helpers/nu-checker-setup.ts',
            ],
          },
        },
        {
          extends: true,
          test: {
            // What can differ between Node versions (tests/helpers/runtime-files.ts); these
            // files are in unit or integration too.
            name: 'runtime',
            maxWorkers: 2,
            include: [...runtimeFiles],
            globalSetup: ['tests/helpers/tools-setup.ts', 'tests/helpers/postgres-setup.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'browser',
            maxWorkers: 2,
            include: ['tests/**/*.browser.test.ts'],
            globalSetup: ['tests/helpers/tools-setup.ts', 'tests/helpers/nu-checker-setup.ts'],
          },
        },
      ],
    },
  }),
);
