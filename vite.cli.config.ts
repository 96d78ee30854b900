import { defineConfig } from 'vite';

/**
 * The owner's CLIs bundled for a production install (`npm ci --omit=dev`), where tsx is not
 * installed: `dist/cli/<name>.js`, run by `scripts/cli.mjs`. Dependencies stay external
 * (they are production dependencies).
 */
export const cliEntries = {
  catalogue: 'cli/catalogue.ts',
  messages: 'cli/messages.ts',
  owner: 'cli/owner.ts',
  backup: 'cli/backup.ts',
  restore: 'cli/restore.ts',
};

export default defineConfig({
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'dist/cli',
    target: 'node20',
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: {
      input: cliEntries,
      output: { entryFileNames: '[name].js' },
    },
  },
});
