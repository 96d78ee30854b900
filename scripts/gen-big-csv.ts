/**
 * Writes a large price spreadsheet, as Excel in es-AR exports it, to measure the catalogue
 * CLI at scale: `npx tsx scripts/gen-big-csv.ts /tmp/big.csv [brands] [models per brand]`
 * (default 2,500 × 8 = 20,000 rows).
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export function generateBigCsv(brands = 2500, modelsPerBrand = 8): string {
  const lines = ['Marca;Modelo;Precio;URL'];
  for (let b = 0; b < brands; b += 1) {
    for (let m = 0; m < modelsPerBrand; m += 1) {
      // Deterministic, varied prices from $ 180.000,00 up, some with centavos.
      const centavos = 18_000_000 + ((b * 7919 + m * 104_729) % 72_000) * 1000 + ((b + m) % 3) * 25;
      const pesos = Math.floor(centavos / 100).toLocaleString('es-AR');
      const cents = String(centavos % 100).padStart(2, '0');
      const url = m === 0 ? `https://tienda.example/marca-${b}/modelo-${m}` : '';
      lines.push(`Marca ${b};Modelo ${m} GT;$ ${pesos},${cents};${url}`);
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [out, brands, models] = process.argv.slice(2);
  if (!out) {
    console.error('Uso: npx tsx scripts/gen-big-csv.ts <salida.csv> [marcas] [modelos por marca]');
    process.exit(2);
  }
  writeFileSync(out, generateBigCsv(Number(brands ?? 2500), Number(models ?? 8)));
}
