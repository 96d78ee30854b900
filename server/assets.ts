import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClientAssets } from '../client/Document.tsx';

export type PageAssets = ClientAssets & {
  /** The client entry module, or undefined when there is no client build (route tests). */
  readonly entry: string | undefined;
  /** Modules to load before the entry (Vite's HMR client in development). */
  readonly before?: readonly string[];
};

export const CLIENT_ENTRY = 'client/entry-client.tsx';

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };

/** The hashed client files from Vite's manifest, read once at start. */
export function readClientAssets(clientDir: string): PageAssets {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'));
  } catch {
    return { entry: undefined, styles: [], preloads: [] };
  }
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`Vite manifest has no entry for ${CLIENT_ENTRY}`);
  const imports = (entry.imports ?? []).map((key) => manifest[key]?.file).filter(Boolean);
  return {
    entry: `/${entry.file}`,
    styles: (entry.css ?? []).map((f) => `/${f}`),
    preloads: imports.map((f) => `/${f}`),
  };
}

/** In development Vite serves the entry from source, injects CSS and connects its HMR client. */
export const devAssets: PageAssets = {
  entry: `/${CLIENT_ENTRY}`,
  before: ['/@vite/client'],
  styles: [],
  preloads: [],
};
