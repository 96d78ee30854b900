import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  publicDir: 'public',
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        target: 'node20',
        emptyOutDir: true,
        copyPublicDir: false,
      }
    : {
        outDir: 'dist/client',
        manifest: true,
        emptyOutDir: true,
        rolldownOptions: { input: 'client/entry-client.tsx' },
      },
  test: {
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // `npm run test:unit` runs the first project only: pure functions, seconds. The others
    // start servers, child processes, SMTP/Postgres peers or Chromium
    // (docs/decisions/2026-11-22-test-projects.md).
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/unit/**', 'tests/**/*.browser.test.ts'],
          // A real PostgreSQL for the contact store's tests (skipped, and said so, when none).
          globalSetup: ['tests/helpers/postgres-setup.ts'],
        },
      },
      { extends: true, test: { name: 'browser', include: ['tests/**/*.browser.test.ts'] } },
    ],
  },
}));
