/** File-system side of the CLI: read the sheet, read the previous catalogue, write atomically. */
import { readFile, stat } from 'node:fs/promises';
import { CATALOGUE_VERSION, catalogueSchema, type Catalogue } from '../catalogue/schema.ts';
import { UsageError } from './owner-shell.ts';
import { writeFileAtomic as writeAtomically } from '../store/catalogue-files.ts';

function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : 'desconocido';
}

/** The sheet's bytes, or its size when it is over `maxBytes` (then it is not read at all). */
export async function readInputFile(
  path: string,
  shown: string,
  maxBytes: number,
): Promise<{ bytes: Uint8Array } | { tooBig: number }> {
  try {
    const info = await stat(path);
    if (info.isFile() && info.size > maxBytes) return { tooBig: info.size };
    return { bytes: await readFile(path) };
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT') {
      throw new UsageError(
        `No encontré el archivo "${shown}" (lo busqué en ${path}). Revisá el nombre y la carpeta.`,
      );
    }
    if (code === 'EISDIR') throw new UsageError(`"${shown}" es una carpeta, no un archivo CSV.`);
    if (code === 'EACCES' || code === 'EPERM') {
      throw new UsageError(`No tengo permiso para leer "${shown}".`);
    }
    throw new UsageError(`No pude leer "${shown}" (${code}).`);
  }
}

export type PreviousCatalogue =
  | { status: 'missing' }
  | { status: 'invalid'; reason: string }
  | { status: 'ok'; catalogue: Catalogue; text: string };

export async function readCatalogueFile(path: string): Promise<PreviousCatalogue> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT') return { status: 'missing' };
    return { status: 'invalid', reason: `no se pudo leer (${code})` };
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { status: 'invalid', reason: 'no es un JSON válido' };
  }
  const parsed = catalogueSchema.safeParse(data);
  if (!parsed.success) {
    const older =
      typeof data === 'object' &&
      data !== null &&
      'version' in data &&
      typeof data.version === 'number' &&
      data.version < CATALOGUE_VERSION;
    return {
      status: 'invalid',
      reason: older ? 'es de una versión anterior del sitio' : 'no tiene el formato de un catálogo',
    };
  }
  return { status: 'ok', catalogue: parsed.data, text };
}

/**
 * Writes through a temporary file in the same folder and renames it over the target, so
 * the server (or a crash half-way) never sees a half-written catalogue.
 */
export async function writeFileAtomic(target: string, content: string): Promise<void> {
  try {
    await writeAtomically(target, content);
  } catch (error) {
    throw new UsageError(
      `No pude escribir el catálogo en "${target}" (${errorCode(error)}). El catálogo anterior no se tocó.`,
    );
  }
}
