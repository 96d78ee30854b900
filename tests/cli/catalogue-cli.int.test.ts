/**
 * The catalogue CLI against output files in a temporary folder, so the committed catalogue is
 * never touched: in this process through runCli, with the io its entry (cli/catalogue.ts)
 * builds from the environment; as the owner runs it (the built dist/cli/catalogue.js, a child
 * process) where the process is what is tested: exit code, stdout and stderr, INIT_CWD.
 */
import { describe, it, expect, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueFileIn } from '../../catalogue/file.ts';
import { buildTime } from '../../cli/build-time.ts';
import { runCli } from '../../cli/run.ts';
import {
  buildCatalogue,
  CATALOGUE_VERSION,
  catalogueSchema,
  serializeCatalogue,
} from '../../catalogue/schema.ts';
import { FEATURES } from '../../catalogue/pieces.ts';
import { buildFromFile } from '../../sheet/build.ts';
import { decodeBytes } from '../../sheet/decode.ts';
import { parsePriceSheet } from '../../sheet/validate.ts';
import { generateBigCsv } from '../../scripts/gen-big-csv.ts';
import { SAMPLE_EPOCH, SAMPLE_STAMP } from '../helpers/sample.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = (name: string) => join(root, 'tests/fixtures/csv', name);

type Run = { code: number | null; stdout: string; stderr: string };

// A fixed build time (SOURCE_DATE_EPOCH), so outputs are comparable byte for byte.
async function cli(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Run> {
  const env: NodeJS.ProcessEnv = { SOURCE_DATE_EPOCH: String(SAMPLE_EPOCH), ...options.env };
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    cwd: options.cwd ?? root,
    catalogueFile: catalogueFileIn(root, env.CATALOGUE_FILE),
    now: () => buildTime(env.SOURCE_DATE_EPOCH),
  });
  return { code, stdout, stderr };
}

const bundle = join(root, 'dist/cli/catalogue.js');

function childCli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  if (!existsSync(bundle)) throw new Error('No build: run `npm run build` first');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    npm_lifecycle_event: undefined,
    CATALOGUE_FILE: undefined,
    SOURCE_DATE_EPOCH: String(SAMPLE_EPOCH),
    ...options.env,
  };
  return new Promise<Run>((done, fail) => {
    const child = spawn(process.execPath, [bundle, ...args], { cwd: options.cwd ?? root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

const sha256 = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

const dirs: string[] = [];

/** A fresh folder per test (tests run concurrently), removed at the end. */
async function tempDir(): Promise<{ dir: string; out: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'catalogue-cli-'));
  dirs.push(dir);
  return { dir, out: join(dir, 'catalogue.json') };
}

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe.concurrent('build', () => {
  it('writes a valid catalogue and says it is new', async () => {
    const { dir, out } = await tempDir();
    const run = await cli(['build', fixture('valid.csv'), '--output', out]);
    expect(run).toEqual({
      code: 0,
      stderr: '',
      stdout: [
        `Planilla "${fixture('valid.csv')}" sin errores: 2 marcas, 3 modelos.`,
        `Catálogo guardado en ${out}.`,
        'Catálogo nuevo: 3 modelos de 2 marcas.',
        'Precios actualizados el 22/11/2026, válidos hasta el 22/12/2026 (30 días; se cambia con --vigencia).',
        'El sitio muestra los precios nuevos en unos segundos, sin reiniciarlo.',
        '',
      ].join('\n'),
    });
    const written = catalogueSchema.parse(JSON.parse(await readFile(out, 'utf8')));
    const ford = written.marcas.find((marca) => marca.slug === 'ford');
    expect(
      ford?.modelos.map((m) => [m.nombre, m.precio, m.cuotas.en3, m.cuotas.en6, m.url]),
    ).toEqual([
      // No URL in the spreadsheet: none stored; the page derives the WhatsApp link.
      ['Fiesta', 18_000_000, 6_000_000, 3_000_000, undefined],
      ['Ranger', 42_000_000, 14_000_000, 7_000_000, 'https://tienda.example/ranger'],
    ]);
    expect(written.marcas[1]?.modelos[0]?.meta.canonical).toBe('/parabrisa/peugeot/208-gt');
    expect(await readdir(dir)).toEqual(['catalogue.json']);
  });

  it('produces identical bytes from the same CSV, and skips rewriting an up-to-date file', async () => {
    const { dir, out } = await tempDir();
    const other = join(dir, 'again.json');
    expect((await cli(['build', fixture('valid.csv'), '-o', out])).code).toBe(0);
    expect((await cli(['build', fixture('valid.csv'), '-o', other])).code).toBe(0);
    expect(await readFile(other)).toEqual(await readFile(out));

    const again = await cli(['build', fixture('valid.csv'), '-o', out]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`El catálogo ${out} ya estaba al día; no hizo falta guardarlo.`);
  });

  it('prints what changed against the previous catalogue', async () => {
    const { out } = await tempDir();
    expect((await cli(['build', fixture('valid.csv'), '-o', out])).code).toBe(0);
    const inode = (await stat(out)).ino;
    const run = await cli(['build', fixture('changed.csv'), '-o', out]);
    expect(run.code).toBe(0);
    // Written beside and renamed over the old file, never rewritten in place.
    expect((await stat(out)).ino).not.toBe(inode);
    expect(run.stdout).toBe(
      [
        `Planilla "${fixture('changed.csv')}" sin errores: 3 marcas, 3 modelos.`,
        `Catálogo guardado en ${out}.`,
        'Cambios respecto del catálogo anterior:',
        '  Modelos nuevos (1):',
        '    + Honda HR-V: $ 390.000,00',
        '  Modelos quitados (1):',
        '    - Ford Ranger (tenía $ 420.000,00)',
        '  Precios cambiados (1):',
        '    Ford Fiesta: $ 180.000,00 → $ 198.000,00 (+10,0 %)',
        '  Sin cambios: 1 modelo.',
        'Precios actualizados el 22/11/2026, válidos hasta el 22/12/2026 (30 días; se cambia con --vigencia).',
        'El sitio muestra los precios nuevos en unos segundos, sin reiniciarlo.',
        '',
      ].join('\n'),
    );
    expect(await readFile(out, 'utf8')).toBe(
      (
        (await buildFromFile(await readFile(fixture('changed.csv')), SAMPLE_STAMP)) as {
          json: string;
        }
      ).json,
    );
  });

  it('--dry-run prints the changes and writes nothing', async () => {
    const { dir, out } = await tempDir();
    const fresh = await cli(['build', fixture('valid.csv'), '--dry-run', '-o', out]);
    expect(fresh.code).toBe(0);
    expect(fresh.stdout).toContain(`Prueba (--dry-run): no se guardó nada en ${out}.`);
    expect(fresh.stdout).toContain('Catálogo nuevo: 3 modelos de 2 marcas.');
    expect(existsSync(out)).toBe(false);

    await cli(['build', fixture('valid.csv'), '-o', out]);
    const before = await sha256(out);
    const run = await cli(['build', fixture('changed.csv'), '--dry-run', '-o', out]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('    Ford Fiesta: $ 180.000,00 → $ 198.000,00 (+10,0 %)');
    expect(await sha256(out)).toBe(before);
    expect(await readdir(dir)).toEqual(['catalogue.json']);
  });

  it('a bad CSV exits 1, lists every problem and leaves the catalogue byte-identical', async () => {
    const { dir, out } = await tempDir();
    await cli(['build', fixture('valid.csv'), '-o', out]);
    const before = await sha256(out);
    const run = await cli(['build', fixture('bad.csv'), '-o', out]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      [
        `La planilla "${fixture('bad.csv')}" tiene 6 errores; el catálogo no se modificó.`,
        '  Fila 2, columna "precio": "abc" no es un precio válido. Escribilo como 185000 o $ 185.000,00.',
        '  Fila 3, columna "marca": está vacía. Escribí la marca del auto (por ejemplo Ford).',
        '  Fila 4, columna "precio": "0" es cero. Escribí el precio de venta; si ya no lo vendés, borrá la fila.',
        '  Fila 4, columna "url": "www.tienda.com" no es un enlace válido. Tiene que empezar con https:// (por ejemplo https://tienda.com/parabrisas); si no hay enlace, dejá la celda vacía y el botón Comprar abre WhatsApp.',
        '  Fila 5, columna "modelo": "peugeot 208-gt" repite el modelo "Peugeot 208 GT" de la fila 4. Dejá una sola fila por modelo.',
        '  Fila 6: tiene 5 celdas y la fila de títulos tiene 4. Revisá que no sobre ni falte un ";" en "Ford;Ranger;420000;;extra".',
        'Corregí la planilla, guardala y volvé a correr el comando.',
        '',
      ].join('\n'),
    );
    expect(await sha256(out)).toBe(before);
    expect(await readdir(dir)).toEqual(['catalogue.json']);
  });

  it('an unclosed quote exits 1 naming its row, catalogue untouched', async () => {
    const { out } = await tempDir();
    await cli(['build', fixture('valid.csv'), '-o', out]);
    const before = await sha256(out);
    const run = await cli(['build', fixture('unclosed-quote.csv'), '-o', out]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      '  Fila 3: unas comillas (") abren y nunca cierran, así que no pude leer la planilla desde esta fila. Cerrá las comillas o borralas.',
    );
    expect(await sha256(out)).toBe(before);
  });

  it('reads a Windows-1252 export with accents', async () => {
    const { dir, out } = await tempDir();
    const csv = join(dir, 'excel.csv');
    await writeFile(
      csv,
      Buffer.from(
        'Marca;Modelo;Précio;URL\r\nCitroën;C4 Cactus;$ 312.000,00;\r\nPeugeot;Partner Patagónica;250000;\r\n',
        'latin1',
      ),
    );
    expect((await readFile(csv)).includes(0xeb)).toBe(true);
    const run = await cli(['build', csv, '-o', out]);
    expect(run.code).toBe(0);
    const written = catalogueSchema.parse(JSON.parse(await readFile(out, 'utf8')));
    expect(
      written.marcas.map((m) => [m.marca, m.slug, m.modelos[0]?.nombre, m.modelos[0]?.slug]),
    ).toEqual([
      ['Citroën', 'citroen', 'C4 Cactus', 'c4-cactus'],
      ['Peugeot', 'peugeot', 'Partner Patagónica', 'partner-patagonica'],
    ]);
  });

  it('reads a Google Sheets export (commas, quoted prices, columns in another order)', async () => {
    const { out } = await tempDir();
    const run = await cli(['build', fixture('google-sheets.csv'), '-o', out]);
    expect(run.code).toBe(0);
    const written = catalogueSchema.parse(JSON.parse(await readFile(out, 'utf8')));
    expect(written.marcas[0]?.modelos.map((m) => [m.nombre, m.precio])).toEqual([
      ['Fiesta', 123_456],
      ['Ka', 18_500_000],
    ]);
  });

  it('cannot write where a file blocks the folder: exit 2, nothing left behind', async () => {
    const { dir } = await tempDir();
    await writeFile(join(dir, 'blocker'), 'x');
    const target = join(dir, 'blocker', 'catalogue.json');
    const run = await cli(['build', fixture('valid.csv'), '-o', target]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^No pude escribir el catálogo en ".*blocker\/catalogue\.json" \((?:EEXIST|ENOTDIR)\)\. El catálogo anterior no se tocó\.\n$/,
    );
    expect(await readdir(dir)).toEqual(['blocker']);
  });
});

// One at a time: each spawns the CLI, and the block above already runs five at once.
describe('build: price date, validity and CATALOGUE_FILE', () => {
  it('a later build of the same spreadsheet renews the price date and reports no model change', async () => {
    const { out } = await tempDir();
    expect((await cli(['build', fixture('valid.csv'), '-o', out])).code).toBe(0);
    const twoDaysLater = String(SAMPLE_EPOCH + 2 * 86_400);
    const run = await cli(['build', fixture('valid.csv'), '-o', out], {
      env: { SOURCE_DATE_EPOCH: twoDaysLater },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        `Planilla "${fixture('valid.csv')}" sin errores: 2 marcas, 3 modelos.`,
        `Catálogo guardado en ${out}.`,
        'Sin cambios: 3 modelos igual que antes.',
        'Precios actualizados el 24/11/2026, válidos hasta el 24/12/2026 (30 días; se cambia con --vigencia).',
        'El sitio muestra los precios nuevos en unos segundos, sin reiniciarlo.',
        '',
      ].join('\n'),
    );
    const written = catalogueSchema.parse(JSON.parse(await readFile(out, 'utf8')));
    expect([written.actualizado, written.vigenteHasta]).toEqual([
      '2026-11-24T12:00:00.000Z',
      '2026-12-24',
    ]);
  });

  it('--vigencia sets how many days the prices hold (JSON-LD priceValidUntil)', async () => {
    const { out } = await tempDir();
    const run = await cli(['build', fixture('valid.csv'), '-o', out, '--vigencia', '15']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'Precios actualizados el 22/11/2026, válidos hasta el 07/12/2026 (15 días; se cambia con --vigencia).',
    );
    const written = catalogueSchema.parse(JSON.parse(await readFile(out, 'utf8')));
    expect(written.vigenteHasta).toBe('2026-12-07');
  });

  it('--vigencia 0 is refused with exit 2 and nothing written', async () => {
    const { dir, out } = await tempDir();
    const run = await cli(['build', fixture('valid.csv'), '-o', out, '--vigencia', '0']);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'La vigencia "0" no sirve: tiene que ser una cantidad de días entre 1 y 365. Por ejemplo: --vigencia 30\n',
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it('replaces a catalogue of the previous version, saying why it cannot compare', async () => {
    const { out } = await tempDir();
    await writeFile(out, JSON.stringify({ version: CATALOGUE_VERSION - 1, marcas: [] }));
    const run = await cli(['build', fixture('valid.csv'), '-o', out]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `Aviso: el catálogo anterior (${out}) es de una versión anterior del sitio; no se puede comparar con él.\n`,
    );
    expect(run.stdout).toContain('Catálogo nuevo: 3 modelos de 2 marcas.');
    expect(catalogueSchema.parse(JSON.parse(await readFile(out, 'utf8'))).version).toBe(
      CATALOGUE_VERSION,
    );
  });

  it('writes to CATALOGUE_FILE when no --output is given (the file the server watches)', async () => {
    const { dir, out } = await tempDir();
    const run = await cli(['build', fixture('valid.csv')], {
      cwd: dir,
      env: { CATALOGUE_FILE: out },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Catálogo guardado en catalogue.json.');
    // No temporary file left behind; the live file's history is kept beside it.
    expect((await readdir(dir)).sort()).toEqual(['catalogue-historial', 'catalogue.json']);
  });

  it('names the file it will write in its help: CATALOGUE_FILE, or the project’s catalogue', async () => {
    const { out } = await tempDir();
    const moved = await cli(['build', '--help'], { env: { CATALOGUE_FILE: out } });
    // Commander wraps long help lines.
    const words = (text: string) => text.replace(/\s+/g, ' ');
    expect(moved.code).toBe(0);
    expect(words(moved.stdout)).toContain(`(si no lo indicás: ${out}, el que lee el sitio)`);
    const plain = await cli(['diff', '--help'], { cwd: root });
    expect(words(plain.stdout)).toContain(
      '(si no lo indicás: catalogue/catalogue.json, el que lee el sitio)',
    );
  });
});

describe.concurrent('check and diff', () => {
  it('check prints a short OK summary and writes nothing', async () => {
    const run = await cli(['check', fixture('valid.csv')]);
    expect(run).toEqual({
      code: 0,
      stderr: '',
      stdout: `OK: la planilla "${fixture('valid.csv')}" no tiene errores (2 marcas, 3 modelos).\nPara publicarla: npm run catalogue -- build ${fixture('valid.csv')}\n`,
    });
  });

  it('check exits 1 on a bad CSV', async () => {
    const run = await cli(['check', fixture('bad.csv')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('tiene 6 errores');
  });

  it('diff shows what a build would change and writes nothing', async () => {
    const { out } = await tempDir();
    await cli(['build', fixture('valid.csv'), '-o', out]);
    const before = await sha256(out);
    const run = await cli(['diff', fixture('changed.csv'), '--against', out]);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n').slice(0, 2)).toEqual([
      `Comparando "${fixture('changed.csv')}" con ${out} (no se guarda nada):`,
      'Cambios respecto del catálogo anterior:',
    ]);
    expect(run.stdout).toContain('    Ford Fiesta: $ 180.000,00 → $ 198.000,00 (+10,0 %)');
    expect(await sha256(out)).toBe(before);
  });

  it('diff --against a missing file is a usage error', async () => {
    const { dir } = await tempDir();
    const run = await cli(['diff', fixture('valid.csv'), '--against', join(dir, 'nope.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('No encontré el catálogo');
  });

  it('resolves the default catalogue from the project folder, not the working folder', async () => {
    const { dir } = await tempDir();
    const run = await cli(['diff', join(root, 'catalogue/precios.csv')], { cwd: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `con ${join(root, 'catalogue/catalogue.json')} (no se guarda nada)`,
    );
    expect(run.stdout).toContain('Sin cambios: 101 versiones igual que antes.');
  });

  it('under `npm run`, resolves the CSV from where the owner typed the command (INIT_CWD)', async () => {
    const { dir } = await tempDir();
    await copyFile(fixture('valid.csv'), join(dir, 'precios.csv'));
    const run = await childCli(['check', 'precios.csv'], {
      cwd: root,
      env: { npm_lifecycle_event: 'catalogue', INIT_CWD: dir },
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('(2 marcas, 3 modelos)');
  });
});

describe.concurrent('usage errors exit 2 with a Spanish explanation', () => {
  it.each([
    [
      ['biuld', 'precios.csv'],
      'No conozco el comando "biuld". ¿Quisiste decir build? Los comandos son build, check o diff.\nPara ver cómo se usa: npm run catalogue -- --help\n',
    ],
    [
      ['build'],
      'Falta el archivo CSV. Por ejemplo: npm run catalogue -- build precios.csv\nPara ver cómo se usa: npm run catalogue -- build --help\n',
    ],
    [
      ['build', 'precios.csv', '--dryrun'],
      'No conozco la opción "--dryrun". ¿Quisiste decir --dry-run?\nPara ver cómo se usa: npm run catalogue -- build --help\n',
    ],
    [
      ['build', 'precios.csv', '--output'],
      'A la opción --output le falta la ruta del archivo. Por ejemplo: --output catalogue/catalogue.json\nPara ver cómo se usa: npm run catalogue -- build --help\n',
    ],
    [
      ['check', 'mis', 'precios.csv'],
      'Sobran datos: pasá un solo archivo CSV. Si la ruta tiene espacios, ponela entre comillas ("mis precios.csv").\nPara ver cómo se usa: npm run catalogue -- check --help\n',
    ],
    [
      ['check', 'no-existe.csv'],
      `No encontré el archivo "no-existe.csv" (lo busqué en ${join(root, 'no-existe.csv')}). Revisá el nombre y la carpeta.\n`,
    ],
    [['check', 'cli'], '"cli" es una carpeta, no un archivo CSV.\n'],
  ])('%j', async (args, stderr) => {
    expect(await cli(args)).toEqual({ code: 2, stdout: '', stderr });
  });

  it('without a command, shows the help on stderr (the process: exit code 2)', async () => {
    const run = await childCli([]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^Uso: npm run catalogue -- <comando> \[opciones\]\n/);
    expect(run.stderr).toContain('Falta el comando: build, check o diff.\n');
  });
});

describe.concurrent('help', () => {
  it('--help explains the program in Spanish, with examples and exit codes', async () => {
    const run = await cli(['--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Uso: npm run catalogue -- <comando> \[opciones\]\n/);
    for (const text of [
      'Comandos:',
      'build <archivo.csv> [opciones]  guarda el catálogo del sitio',
      'check <archivo.csv>             revisa la planilla sin cambiar nada',
      'npm run catalogue -- build precios.csv',
      '1  la planilla tiene errores',
      'Columnas opcionales, para versiones y lunetas',
      'Disponibilidad (en stock, a pedido o a pedido 5 días)',
    ]) {
      expect(run.stdout).toContain(text);
    }
    expect(run.stdout).not.toMatch(/Usage|Options|Commands|display help/);
  });

  it.each([
    ['build', '--help'],
    ['help', 'build'],
  ])('%s %s shows the command help', async (...args) => {
    const run = await cli(args);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Uso: npm run catalogue -- build <archivo\.csv> \[opciones\]\n/);
    expect(run.stdout).toContain(
      '--dry-run            solo muestra qué cambiaría, sin guardar nada',
    );
    expect(run.stdout).toContain('  npm run catalogue -- build precios.csv --dry-run\n');
  });
});

/** The models of the sample sheet, by brand, in its order (format 2 and format 3 alike). */
const SAMPLE_MODELS = {
  Ford: ['Fiesta', 'Focus', 'Ranger', 'EcoSport', 'Ka', 'Mondeo'],
  Chevrolet: [
    'Onix',
    'Cruze',
    'S10',
    'Tracker',
    'Spin',
    'Corsa',
    'Astra',
    'Celta',
    'Meriva',
    'Zafira',
  ],
  Toyota: ['Corolla', 'Hilux', 'Yaris', 'Etios', 'Rav4'],
  Volkswagen: ['Gol', 'Vento', 'Amarok', 'T-Cross', 'Tiguan', 'Up', 'Polo'],
  Renault: ['Kwid', 'Kangoo', 'Duster', 'Sandero', 'Logan'],
  Fiat: ['Cronos', 'Toro', 'Mobi', 'Uno', 'Argo'],
  Peugeot: ['208', '2008', '3008', '208 GT'],
  Honda: ['Civic', 'HR-V', 'CR-V', 'Fit'],
};

describe('the committed sample', () => {
  const csvPath = join(root, 'catalogue/precios.csv');

  it('catalogue.json is exactly what precios.csv builds (it cannot go stale)', async () => {
    const bytes = await readFile(csvPath);
    const sheet = parsePriceSheet(decodeBytes(bytes).text, SAMPLE_STAMP.builtAt);
    if (!sheet.ok) throw new Error(sheet.problems.map((p) => p.message).join('\n'));
    const committed = await readFile(join(root, 'catalogue/catalogue.json'), 'utf8');
    expect(committed).toBe(serializeCatalogue(buildCatalogue(sheet.rows, SAMPLE_STAMP)));
    expect(await buildFromFile(bytes, SAMPLE_STAMP)).toMatchObject({ ok: true, json: committed });
  });

  it('precios.csv is an es-AR Excel export: the 46 sample models, their versions and rear windows', async () => {
    const text = await readFile(csvPath, 'utf8');
    // "CSV UTF-8": the BOM makes Excel open the accents of Año, Versión, sí... intact.
    expect(
      text.startsWith(
        '\uFEFFMarca;Modelo;Precio;URL;Pieza;Año desde;Año hasta;Versión;Sensor de lluvia;Cámara;Calefaccionado;Acústico;Franja;Calidad;Marca del vidrio;Disponibilidad;Código\r\n',
      ),
    ).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const sheet = parsePriceSheet(text, SAMPLE_STAMP.builtAt);
    if (!sheet.ok) throw new Error('precios.csv has problems');
    const windshields = new Map<string, Set<string>>();
    for (const row of sheet.rows.filter((r) => r.pieza !== 'luneta'))
      windshields.set(row.marca, (windshields.get(row.marca) ?? new Set()).add(row.modelo));
    expect(
      Object.fromEntries([...windshields].map(([marca, models]) => [marca, [...models]])),
    ).toEqual(SAMPLE_MODELS);
    // The old sheet's price of each model is still its lowest ("desde") price.
    const old = parsePriceSheet(await readFile(fixture('precios-formato-2.csv'), 'utf8'));
    if (!old.ok) throw new Error('precios-formato-2.csv has problems');
    const built = buildCatalogue(sheet.rows, SAMPLE_STAMP);
    for (const row of old.rows) {
      const modelo = built.marcas
        .flatMap((marca) => marca.modelos.map((m) => ({ marca: marca.marca, ...m })))
        .find((m) => m.marca === row.marca && m.nombre === row.modelo);
      expect([row.marca, row.modelo, modelo?.precio]).toEqual([row.marca, row.modelo, row.precio]);
    }
    for (const row of sheet.rows) {
      expect(row.precio).toBeGreaterThanOrEqual(9_000_000);
      expect(row.precio).toBeLessThanOrEqual(180_000_000);
    }
    expect(sheet.rows.some((row) => row.precio % 100 !== 0)).toBe(true);

    // Ten popular models have versions whose prices differ up to 2.5 times; the Hilux has 12.
    const versioned = built.marcas.flatMap((marca) =>
      marca.modelos
        .filter((m) => m.versiones !== undefined)
        .map((m) => ({ name: `${marca.marca} ${m.nombre}`, versiones: m.versiones ?? [] })),
    );
    expect(versioned.map((m) => m.name).sort()).toEqual([
      'Chevrolet Onix',
      'Chevrolet Tracker',
      'Fiat Cronos',
      'Ford Ranger',
      'Peugeot 208',
      'Renault Sandero',
      'Toyota Corolla',
      'Toyota Hilux',
      'Volkswagen Amarok',
      'Volkswagen Gol',
    ]);
    expect(versioned.find((m) => m.name === 'Toyota Hilux')?.versiones).toHaveLength(12);
    for (const { versiones } of versioned) {
      const prices = versiones.map((v) => v.precio);
      expect(Math.max(...prices) / Math.min(...prices)).toBeLessThanOrEqual(2.5);
    }
    const spread = (name: string) => {
      const prices = versioned.find((m) => m.name === name)?.versiones.map((v) => v.precio) ?? [];
      return Math.max(...prices) / Math.min(...prices);
    };
    expect(spread('Volkswagen Amarok')).toBe(2.5);
    const lunetas = built.marcas.flatMap((marca) =>
      (marca.lunetas ?? []).map((m) => `${marca.marca} ${m.nombre}`),
    );
    expect(lunetas.length).toBeGreaterThanOrEqual(5);
    const all = versioned.flatMap((m) => m.versiones);
    expect(new Set(all.map((v) => v.marcaVidrio))).toEqual(
      new Set(['Pilkington', 'Fuyao', 'Saint-Gobain Sekurit', 'AGC', 'Vitro']),
    );
    expect(new Set(all.map((v) => v.disponibilidad?.tipo))).toEqual(new Set(['stock', 'pedido']));
    expect(all.filter((v) => v.codigo !== undefined).length).toBeGreaterThanOrEqual(5);
    expect(new Set(all.flatMap((v) => v.caracteristicas))).toEqual(new Set(FEATURES));
  });
});

describe('the old three-column sheet', () => {
  it('builds the format-2 sample catalogue byte for byte, apart from the version number', async () => {
    const { out } = await tempDir();
    const run = await cli(['build', fixture('precios-formato-2.csv'), '-o', out]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('sin errores: 8 marcas, 46 modelos.');
    expect(run.stdout).toContain('Catálogo nuevo: 46 modelos de 8 marcas.');
    const formatTwo = await readFile(
      join(root, 'tests/fixtures/catalogue/catalogue-formato-2.json'),
      'utf8',
    );
    expect(formatTwo).toMatch(/^\{\n {2}"version": 2,\n/);
    expect(await readFile(out, 'utf8')).toBe(formatTwo.replace('"version": 2,', '"version": 3,'));
  }, 30_000);
});

/** The same five rows as Excel es-AR, LibreOffice and Google Sheets export them. */
const VERSION_SHEETS = [
  'versiones-excel-1252.csv', // `;`, CRLF, Windows-1252, `$ 1.234,56`, sí/no
  'versiones-excel-utf8.csv', // "CSV UTF-8": BOM, `;`, x and SI
  'versiones-libreoffice-coma.csv', // UTF-8, `,`, LF, quoted `1295000,00`, 1/0, titles in capitals
  'versiones-libreoffice-punto-y-coma.csv', // UTF-8, `;`, LF
  'versiones-google-sheets.csv', // UTF-8, `,`, every cell quoted, TRUE/FALSE, columns reordered
  '../xlsx/versiones-libreoffice.xlsx', // the .xlsx itself: LibreOffice's conversion of the CSV
  '../xlsx/versiones-formulas.xlsx', // sheet "Precios" after "Notas", formulas, a year as a date
];

describe.concurrent('sheets with the optional version columns', () => {
  it.each(VERSION_SHEETS)(
    '%s builds the same catalogue as the others',
    async (name) => {
      const { out } = await tempDir();
      const run = await cli(['build', fixture(name), '-o', out]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(
        `Planilla "${fixture(name)}" sin errores: 3 marcas, 4 modelos (3 parabrisas y 1 luneta), 5 versiones.`,
      );
      expect(run.stdout).toContain(
        'Catálogo nuevo: 4 modelos (3 parabrisas y 1 luneta), 5 versiones de 3 marcas.',
      );
      const reference = await buildFromFile(
        await readFile(fixture('versiones-excel-1252.csv')),
        SAMPLE_STAMP,
      );
      expect(reference.ok && reference.json).toBe(await readFile(out, 'utf8'));

      const written = catalogueSchema.parse(JSON.parse(await readFile(out, 'utf8')));
      const toyota = written.marcas.find((marca) => marca.slug === 'toyota');
      expect(
        toyota?.modelos[0]?.versiones?.map((v) => [v.id, v.precio, v.caracteristicas, v.url]),
      ).toEqual([
        ['2016-2020-dx-sr-equivalente-fuyao', 65_500_000, [], undefined],
        [
          'desde-2021-srx-sensorlluvia-camara-original-pilkington-8463agsmvz1b',
          129_500_000,
          ['sensorLluvia', 'camara'],
          'https://tienda.example/hilux-srx',
        ],
      ]);
      expect(toyota?.modelos[0]?.versiones?.[1]?.disponibilidad).toEqual({
        tipo: 'pedido',
        dias: 10,
      });
      expect(toyota?.lunetas?.[0]?.meta.canonical).toBe('/luneta/toyota/hilux');
      expect(toyota?.lunetas?.[0]?.versiones?.[0]).toMatchObject({
        precio: 18_900_050,
        caracteristicas: ['calefaccionado'],
        disponibilidad: { tipo: 'pedido' },
      });
      const peugeot = written.marcas.find((marca) => marca.slug === 'peugeot');
      expect(peugeot?.modelos[0]?.versiones?.[0]).toMatchObject({
        version: 'Allure – 5 puertas',
        caracteristicas: ['sensorLluvia', 'acustico'],
        calidad: 'original',
      });
      // A row with every optional cell empty stays a plain model, as in old sheets.
      expect(written.marcas[0]?.modelos[0]).not.toHaveProperty('versiones');
    },
    30_000,
  );

  it('check and diff count and compare versions; --dry-run writes nothing', async () => {
    const { dir, out } = await tempDir();
    const check = await cli(['check', fixture('versiones-excel-1252.csv')]);
    expect(check.stdout).toContain(
      'no tiene errores (3 marcas, 4 modelos (3 parabrisas y 1 luneta), 5 versiones).',
    );
    expect((await cli(['build', fixture('versiones-excel-1252.csv'), '-o', out])).code).toBe(0);
    const before = await sha256(out);
    const changes = [
      'Cambios respecto del catálogo anterior:',
      '  Nuevos (1):',
      '    + Toyota Hilux (desde 2021, DX / SR, equivalente, Fuyao): $ 689.000,00',
      '  Quitados (1):',
      '    - Peugeot 208 (2013-2020, Allure – 5 puertas, sensor de lluvia, acústico, original, Saint-Gobain Sekurit) (tenía $ 244.000,00)',
      '  Precios cambiados (1):',
      '    Toyota Hilux (desde 2021, SRX, sensor de lluvia, cámara, original, Pilkington, 8463AGSMVZ1B): $ 1.295.000,00 → $ 1.424.500,00 (+10,0 %)',
      '  Otros cambios (1):',
      '    Luneta Toyota Hilux (desde 2016, Cabina doble, calefaccionado, equivalente, Saint-Gobain Sekurit): disponibilidad en stock (antes a pedido)',
      '  Sin cambios: 2 versiones.',
    ];
    const diff = await cli(['diff', fixture('versiones-cambios.csv'), '--against', out]);
    expect(diff.code).toBe(0);
    expect(diff.stdout.split('\n').slice(1, -1)).toEqual(changes);
    const dry = await cli(['build', fixture('versiones-cambios.csv'), '--dry-run', '-o', out]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(changes.join('\n'));
    expect(await sha256(out)).toBe(before);
    const build = await cli(['build', fixture('versiones-cambios.csv'), '-o', out]);
    expect(build.stdout).toContain(changes.join('\n'));
    expect(await sha256(out)).not.toBe(before);
    expect(await readdir(dir)).toEqual(['catalogue.json']);
  }, 60_000);

  it('a sheet breaking every rule exits 1, lists each with row, column and value, and touches nothing', async () => {
    const { dir, out } = await tempDir();
    await copyFile(join(root, 'catalogue/catalogue.json'), out);
    const before = await sha256(out);
    const run = await cli(['build', fixture('versiones-malas.csv'), '-o', out]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n').slice(0, 9)).toEqual([
      `La planilla "${fixture('versiones-malas.csv')}" tiene 8 errores; el catálogo no se modificó.`,
      '  Fila 3, columna "modelo": "Toyota Hilux" repite la fila 2: misma marca, modelo y pieza, y las mismas columnas de versión (años, Versión, características, Calidad, Marca del vidrio y Código). Dejá una sola fila o cambiá lo que diferencia a las dos versiones.',
      '  Fila 4, columna "Sensor de lluvia": "quizás" no es sí ni no. Escribí sí (o x, o 1) si la versión lo tiene, y no (o 0, o dejá la celda vacía) si no.',
      '  Fila 5, columna "Año desde": "1949" no es un año entre 1950 y 2027. Escribí el año con cuatro cifras (por ejemplo 2019) o dejá la celda vacía si no hay límite.',
      '  Fila 6, columna "Año hasta": "2035" no es un año entre 1950 y 2027. Escribí el año con cuatro cifras (por ejemplo 2019) o dejá la celda vacía si no hay límite.',
      '  Fila 7, columna "Año desde": "2024" es posterior al "Año hasta" 2012. Revisá los años o intercambialos.',
      '  Fila 8, columna "Pieza": "ventanilla" no es una pieza conocida. Escribí parabrisas o luneta (vacía es parabrisas).',
      '  Fila 9, columna "Calidad": "OEM" no es una calidad conocida. Escribí original o equivalente, o dejá la celda vacía.',
      '  Fila 10, columna "Disponibilidad": "sin stock" no se entiende. Escribí en stock, a pedido o a pedido 5 días (de 1 a 365 días), o dejá la celda vacía.',
    ]);
    expect(await sha256(out)).toBe(before);
    expect(await readdir(dir)).toEqual(['catalogue.json']);
  }, 30_000);

  it.each([
    [
      'a feature cell that is not yes/no',
      'Ford;Ka;1000;;;;;;;;2;;;',
      'Fila 3, columna "Acústico": "2"',
    ],
    ['a year before 1950', 'Ford;Ka;1000;;1900;;;;;;;;;;', 'Fila 3, columna "Año desde": "1900"'],
    [
      'a year after next year',
      'Ford;Ka;1000;;;2099;;;;;;;;;',
      'Fila 3, columna "Año hasta": "2099"',
    ],
    [
      'Año desde after Año hasta',
      'Ford;Ka;1000;;2020;2010;;;;;;;;;',
      'Fila 3, columna "Año desde": "2020" es posterior',
    ],
    ['an unknown Pieza', 'Ford;Ka;1000;puerta;;;;;;;;;;;', 'Fila 3, columna "Pieza": "puerta"'],
    [
      'an unknown Calidad',
      'Ford;Ka;1000;;;;;;;;;;réplica;',
      'Fila 3, columna "Calidad": "réplica"',
    ],
    [
      'an unknown Disponibilidad',
      'Ford;Ka;1000;;;;;;;;;;;mañana',
      'Fila 3, columna "Disponibilidad": "mañana"',
    ],
    [
      'the same version twice',
      'FORD;ka;2000;parabrisas;2016;;;sí;;;;;;;',
      'Fila 3, columna "modelo": "FORD ka" repite la fila 2',
    ],
  ])(
    '%s: exit 1, catalogue untouched',
    async (_rule, bad, message) => {
      const { dir, out } = await tempDir();
      const csv = join(dir, 'precios.csv');
      await writeFile(
        csv,
        'Marca;Modelo;Precio;Pieza;Año desde;Año hasta;Versión;Sensor de lluvia;Cámara;Calefaccionado;Acústico;Franja;Calidad;Disponibilidad\r\n' +
          `Ford;Ka;1000;;2016;;;x;;;;;;\r\n${bad}\r\n`,
      );
      await writeFile(out, 'el catálogo anterior');
      const run = await cli(['build', 'precios.csv', '-o', out], { cwd: dir });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('tiene 1 error; el catálogo no se modificó.');
      expect(run.stderr).toContain(`\n  ${message}`);
      expect(await readFile(out, 'utf8')).toBe('el catálogo anterior');
      expect((await readdir(dir)).sort()).toEqual(['catalogue.json', 'precios.csv']);
    },
    30_000,
  );
});

describe('scale', () => {
  it('builds 20.000 rows end to end in well under 30 seconds', async () => {
    const { dir, out } = await tempDir();
    const csv = join(dir, 'big.csv');
    await writeFile(csv, generateBigCsv(2500, 8));
    const started = performance.now();
    const run = await cli(['build', csv, '-o', out]);
    const seconds = (performance.now() - started) / 1000;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Catálogo nuevo: 20.000 modelos de 2.500 marcas.');
    expect(seconds).toBeLessThan(30);
    const written = JSON.parse(await readFile(out, 'utf8')) as { marcas: unknown[] };
    expect(written.marcas).toHaveLength(2500);
  }, 60_000);

  it('builds 20.000 rows with every optional column end to end in well under 30 seconds', async () => {
    const { dir, out } = await tempDir();
    const csv = join(dir, 'big.csv');
    await writeFile(csv, generateBigCsv(2500, 8, true));
    const started = performance.now();
    const run = await cli(['build', csv, '-o', out]);
    const seconds = (performance.now() - started) / 1000;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'Catálogo nuevo: 5.000 modelos (3.334 parabrisas y 1.666 lunetas), 20.000 versiones de 2.500 marcas.',
    );
    expect(seconds).toBeLessThan(30);
    const written = catalogueSchema.parse(JSON.parse(await readFile(out, 'utf8')));
    expect(written.marcas).toHaveLength(2500);
  }, 60_000);
});
