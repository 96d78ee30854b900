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
 * The sample catalogue's file contents with `rows` replacing the sample's models they name
 * (for a built server: tests and `npm run bench` write it and pass CATALOGUE_FILE).
 */
export function sampleCatalogueWith(rows: readonly PriceRow[]): string {
  const key = (row: PriceRow) => `${slugify(row.marca)}/${slugify(row.modelo)}`;
  const replaced = new Set(rows.map(key));
  const all = [...sampleRows().filter((row) => !replaced.has(key(row))), ...rows];
  return serializeCatalogue(buildCatalogue(all, SAMPLE_STAMP));
}
