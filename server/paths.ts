import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { catalogueFileIn, projectRootOf } from '../catalogue/file.ts';

export const projectRoot = projectRootOf(import.meta.url);
export const clientDistDir = resolve(projectRoot, 'dist/client');
/** The default catalogue; the server reads config.catalogueFile (CATALOGUE_FILE). */
export const catalogueFile = catalogueFileIn(projectRoot, undefined);

/** The names at the top of the client build (favicon.svg, img/, assets/...): public files. */
export function publicTopLevel(): string[] {
  return existsSync(clientDistDir) ? readdirSync(clientDistDir) : [];
}
