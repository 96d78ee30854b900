/** File-system side of the CLI: read the sheet, read the previous catalogue, write atomically. */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { CATALOGUE_VERSION, catalogueSchema, type Catalogue } from '../catalogue/schema.ts';
import { UsageError } from './owner-shell.ts';

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
  const folder = dirname(target);
  const temp = join(
    folder,
    `.${basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  try {
    await mkdir(folder, { recursive: true });
    const handle = await open(temp, 'wx');
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  } catch (error) {
    // Best effort: when the folder itself is the problem there is no temporary file to remove.
    await rm(temp, { force: true }).catch(() => undefined);
    throw new UsageError(
      `No pude escribir el catálogo en "${target}" (${errorCode(error)}). El catálogo anterior no se tocó.`,
    );
  }
}
