import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { generateBigCsv } from '../../scripts/gen-big-csv.ts';
import { buildFromFile } from '../../sheet/build.ts';
import { loadCatalogue } from '../../server/catalogue.ts';
import { fixedCatalogue, type CatalogueSource } from '../../server/live-catalogue.ts';
import { SAMPLE_STAMP } from './sample.ts';

/** A distributor's list: 250 brands × 20 models × 4 versions (5,000 models, 20,000 versions). */
export const BIG = { brands: 250, rowsPerBrand: 80 } as const;

/**
 * The generator's sheet (scripts/gen-big-csv.ts --versiones) built as the CLI builds it, written
 * to a temporary folder removed after the calling file, and loaded as the server loads it.
 */
export async function bigCatalogue(): Promise<{ file: string; source: CatalogueSource }> {
  const dir = mkdtempSync(join(tmpdir(), 'big-catalogue-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const csv = generateBigCsv(BIG.brands, BIG.rowsPerBrand, true);
  const built = await buildFromFile(new TextEncoder().encode(csv), SAMPLE_STAMP);
  if (!built.ok) throw new Error(`the generated sheet does not build: ${built.problems.length}`);
  const file = join(dir, 'catalogue.json');
  writeFileSync(file, built.json);
  return { file, source: fixedCatalogue(loadCatalogue(file)) };
}
