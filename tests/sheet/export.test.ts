import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../catalogue/schema.ts';
import { buildFromFile } from '../../sheet/build.ts';
import { catalogueCsv, catalogueRows } from '../../sheet/export.ts';
import { previewChanges } from '../../sheet/preview.ts';
import { excelCsv } from '../../catalogue/excel-csv.ts';
import { projectRoot } from '../../server/paths.ts';
import { SAMPLE_STAMP } from '../helpers/sample.ts';

async function built(bytes: Uint8Array) {
  const result = await buildFromFile(bytes, SAMPLE_STAMP);
  if (!result.ok) throw new Error(result.problems.map((p) => p.message).join('\n'));
  return result;
}

describe('Descargar planilla: the live catalogue as the sheet the owner uploads', () => {
  it.each(['catalogue/precios.csv', 'tests/fixtures/csv/versiones-excel-1252.csv'])(
    '%s: uploading the download back previews "Sin cambios" and builds the same catalogue',
    async (path) => {
      const live = await built(await readFile(join(projectRoot, path)));
      const csv = catalogueCsv(live.catalogue);
      const again = await built(new TextEncoder().encode(csv));
      expect(previewChanges(live.catalogue, again.catalogue).unchanged).toBe(true);
      expect(again.json).toBe(live.json);
    },
  );

  it('opens in Excel es-AR with accents: BOM, `;`, CRLF, the upload columns first', () => {
    const catalogue = buildCatalogue(
      [{ marca: 'Citroën', modelo: 'C4 Cactus', precio: 31_200_000 }],
      SAMPLE_STAMP,
    );
    const csv = catalogueCsv(catalogue);
    expect(csv.startsWith('\uFEFF"Marca";"Modelo";"Precio";"URL";"Pieza";"Año desde"')).toBe(true);
    expect(csv).toContain('\r\n"Citroën";"C4 Cactus";"$ 312.000,00";"";"Parabrisas";');
    expect(catalogueRows(catalogue)).toHaveLength(1);
  });

  it('defuses cells a spreadsheet would run as formulas, and reads them back as they were', async () => {
    expect(excelCsv(['a'], [['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', 'ok']])).toBe(
      '\uFEFF"a"\r\n"\'=HYPERLINK(""x"")";"\'+1";"\'-2";"\'@SUM(A1)";"ok"\r\n',
    );
    const catalogue = buildCatalogue(
      [{ marca: 'Ford', modelo: '=Ka', precio: 18_500_000, url: undefined }],
      SAMPLE_STAMP,
    );
    const csv = catalogueCsv(catalogue);
    expect(csv).toContain('"\'=Ka"');
    const again = await built(new TextEncoder().encode(csv));
    expect(again.catalogue.marcas[0]?.modelos[0]?.nombre).toBe('=Ka');
  });
});
