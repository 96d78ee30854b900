import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { buildCatalogue, serializeCatalogue, type PriceRow } from '../../catalogue/schema.ts';
import { slugify } from '../../catalogue/slug.ts';
import { loadCatalogue } from '../../server/catalogue.ts';
import { catalogueFile } from '../../server/paths.ts';
import { SAMPLE_STAMP } from './sample.ts';

/** The committed sample's rows, as the CLI read them (windshields of one plain row each). */
function sampleRows(): PriceRow[] {
  return loadCatalogue(catalogueFile).lookup.catalogue.marcas.flatMap((marca) =>
    marca.modelos.map((modelo) => ({
      marca: marca.marca,
      modelo: modelo.nombre,
      precio: modelo.precio,
      ...(modelo.url ? { url: modelo.url } : {}),
    })),
  );
}

/**
 * A catalogue file for a built server (CATALOGUE_FILE): the sample, with `rows` replacing the
 * sample's models they name. Written to a temporary folder removed after the calling file.
 */
export function sampleCatalogueFileWith(rows: readonly PriceRow[]): string {
  const key = (row: PriceRow) => `${slugify(row.marca)}/${slugify(row.modelo)}`;
  const replaced = new Set(rows.map(key));
  const all = [...sampleRows().filter((row) => !replaced.has(key(row))), ...rows];
  const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'catalogue.json');
  writeFileSync(file, serializeCatalogue(buildCatalogue(all, SAMPLE_STAMP)));
  return file;
}
