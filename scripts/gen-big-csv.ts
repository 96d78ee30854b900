/**
 * Writes a large price spreadsheet, as Excel in es-AR exports it, to measure the catalogue
 * CLI at scale: `npx tsx scripts/gen-big-csv.ts /tmp/big.csv [brands] [rows per brand]
 * [--versiones]` (default 2,500 × 8 = 20,000 rows). With `--versiones` every optional column
 * is filled: each model has four versions (years, features, quality, glass brand,
 * availability, part code) and about every third model is a rear window.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const VERSION_COLUMNS =
  'Pieza;Año desde;Año hasta;Versión;Sensor de lluvia;Cámara;Calefaccionado;Acústico;Franja;Calidad;Marca del vidrio;Disponibilidad;Código';
const GLASS_BRANDS = ['Pilkington', 'Fuyao', 'Saint-Gobain Sekurit', 'AGC', 'Vitro'];
const AVAILABILITY = ['en stock', 'a pedido', 'a pedido 5 días', 'a pedido (10 dias)'];
const VERSIONS_PER_MODEL = 4;

/** The optional cells of the `n`th row of a brand: four different versions per model. */
function versionCells(b: number, n: number): string {
  const k = n % VERSIONS_PER_MODEL;
  const model = Math.floor(n / VERSIONS_PER_MODEL);
  const yes = (on: boolean) => (on ? 'sí' : 'no');
  return [
    (b + model) % 3 === 2 ? 'luneta' : 'parabrisas',
    k < 2 ? '2012' : '2020',
    k < 2 ? '2019' : '',
    k % 2 === 0 ? 'Base' : 'Full',
    yes(k % 2 === 1),
    k === 3 ? 'x' : '',
    yes((b + model) % 4 === 0),
    k === 3 ? '1' : '0',
    yes(b % 5 === 0),
    k % 2 === 0 ? 'equivalente' : 'original',
    GLASS_BRANDS[(b + k) % GLASS_BRANDS.length],
    AVAILABILITY[(b + n) % AVAILABILITY.length],
    k === 3 ? `${8400 + (b % 100)}AGSMVZ` : '',
  ].join(';');
}

export function generateBigCsv(brands = 2500, modelsPerBrand = 8, versions = false): string {
  const lines = [
    versions ? `Marca;Modelo;Precio;URL;${VERSION_COLUMNS}` : 'Marca;Modelo;Precio;URL',
  ];
  for (let b = 0; b < brands; b += 1) {
    for (let m = 0; m < modelsPerBrand; m += 1) {
      // Deterministic, varied prices from $ 180.000,00 up, some with centavos.
      const centavos = 18_000_000 + ((b * 7919 + m * 104_729) % 72_000) * 1000 + ((b + m) % 3) * 25;
      const pesos = Math.floor(centavos / 100).toLocaleString('es-AR');
      const cents = String(centavos % 100).padStart(2, '0');
      const url = m === 0 ? `https://tienda.example/marca-${b}/modelo-${m}` : '';
      const model = versions ? Math.floor(m / VERSIONS_PER_MODEL) : m;
      const row = `Marca ${b};Modelo ${model} GT;$ ${pesos},${cents};${url}`;
      lines.push(versions ? `${row};${versionCells(b, m)}` : row);
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const versions = args.includes('--versiones');
  const [out, brands, models] = args.filter((arg) => arg !== '--versiones');
  if (!out) {
    console.error(
      'Uso: npx tsx scripts/gen-big-csv.ts <salida.csv> [marcas] [filas por marca] [--versiones]',
    );
    process.exit(2);
  }
  writeFileSync(out, generateBigCsv(Number(brands ?? 2500), Number(models ?? 8), versions));
}
