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
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // A real PostgreSQL for the contact store's tests (skipped, and said so, when none).
    globalSetup: ['tests/helpers/postgres-setup.ts'],
  },
}));
