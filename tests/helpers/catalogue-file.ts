import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import type { PriceRow } from '../../catalogue/schema.ts';
import { sampleCatalogueWith } from './versions-catalogue.ts';
import { catalogueFile } from '../../server/paths.ts';
import { addDays, shopDate } from '../../catalogue/validity.ts';

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

/**
 * The sample catalogue as if published now, valid for 30 days: for a built server, which runs
 * on the real clock (a quote is refused once the prices' validity date has passed).
 */
export function freshSampleCatalogueFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const now = new Date();
  const sample: unknown = JSON.parse(readFileSync(catalogueFile, 'utf8'));
  const file = join(dir, 'catalogue.json');
  writeFileSync(
    file,
    JSON.stringify({
      ...(typeof sample === 'object' ? sample : {}),
      actualizado: now.toISOString(),
      vigenteHasta: addDays(shopDate(now), 30),
    }),
  );
  return file;
}
