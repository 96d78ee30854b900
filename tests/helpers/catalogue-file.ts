import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { PriceRow } from '../../catalogue/schema.ts';
import { sampleCatalogueWith } from './versions-catalogue.ts';

/**
 * A catalogue file for a built server (CATALOGUE_FILE): the sample, with `rows` replacing the
 * sample's models they name. Written to a temporary folder removed after the calling file.
 */
export function sampleCatalogueFileWith(rows: readonly PriceRow[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'catalogue.json');
  writeFileSync(file, sampleCatalogueWith(rows));
  return file;
}
