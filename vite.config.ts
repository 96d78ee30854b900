import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The build's configuration only: it must build from the Docker image's context, which leaves
// tests/ out (.dockerignore). The tests' configuration is vitest.config.ts.
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
        rolldownOptions: { input: 'client/entry-client.ts' },
        // The loader imports islands when due; Vite's helper preloads their chunks then.
        modulePreload: { polyfill: false },
      },
}));
