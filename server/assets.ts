import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientAssets } from '../client/Document.tsx';

export type PageAssets = ClientAssets;

/** The island loader (docs/decisions/2026-11-23-islands.md); it imports each island's chunk. */
export const CLIENT_ENTRY = 'client/entry-client.ts';

type ManifestChunk = { file: string; css?: string[] };

/**
 * The hashed client files from Vite's manifest, read once at start. Nothing is preloaded:
 * the loader imports only the islands a page has, when they are due, and Vite's import
 * helper fetches each island's chunks together.
 */
export function readClientAssets(clientDir: string): PageAssets {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'));
  } catch {
    return { islands: undefined, styles: [], scripts: [] };
  }
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`Vite manifest has no entry for ${CLIENT_ENTRY}`);
  return {
    islands: `/${entry.file}`,
    styles: (entry.css ?? []).map((f) => `/${f}`),
    scripts: [],
  };
}

/**
 * In development Vite serves the entry from source and injects the CSS from it, so every
 * page loads it, with Vite's HMR client.
 */
export const devAssets: PageAssets = {
  islands: `/${CLIENT_ENTRY}`,
  styles: [],
  scripts: ['/@vite/client', `/${CLIENT_ENTRY}`],
};
