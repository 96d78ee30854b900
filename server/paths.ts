import { resolve } from 'node:path';
import { catalogueFileIn, projectRootOf } from '../catalogue/file.ts';

export const projectRoot = projectRootOf(import.meta.url);
export const clientDistDir = resolve(projectRoot, 'dist/client');
/** The default catalogue; the server reads config.catalogueFile (CATALOGUE_FILE). */
export const catalogueFile = catalogueFileIn(projectRoot, undefined);
