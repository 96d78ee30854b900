/**
 * The single-instance catalogue store on disk: CATALOGUE_FILE is the live catalogue (the
 * server watches it), and every catalogue published into it, by the panel or by
 * `npm run catalogue -- build`, is also kept beside it in `<name>-historial/`: `<seq>.json`
 * (the file as it was) and one line per publish in `historial.jsonl`. The newest
 * KEPT_VERSIONS bodies are kept; older index lines stay (who, when, what changed).
 */
import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, open, readFile, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { CATALOGUE_SOURCES } from './schema.ts';
import { catalogueHash, KEPT_VERSIONS, type PublishedEntry } from './catalogues.ts';

/** Writes `content` to a temporary file in the same folder, syncs it, then renames it over `target`. */
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
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

export function historyFolder(catalogueFile: string): string {
  return join(dirname(catalogueFile), `${basename(catalogueFile, '.json')}-historial`);
}

const entrySchema = z.object({
  seq: z.number().int().positive(),
  hash: z.string(),
  publishedAt: z.string(),
  publishedBy: z.string(),
  source: z.enum(CATALOGUE_SOURCES),
  fileName: z.string().optional(),
  summary: z.string(),
  restoredFrom: z.number().int().optional(),
});

/** Every publish recorded beside the file, newest first; unreadable lines are skipped. */
export async function readFileHistory(catalogueFile: string): Promise<PublishedEntry[]> {
  let text: string;
  try {
    text = await readFile(join(historyFolder(catalogueFile), 'historial.jsonl'), 'utf8');
  } catch {
    return [];
  }
  const entries: PublishedEntry[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const parsed = entrySchema.safeParse(JSON.parse(line));
      if (parsed.success) {
        entries.push({
          ...parsed.data,
          fileName: parsed.data.fileName,
          restoredFrom: parsed.data.restoredFrom,
        });
      }
    } catch {
      // A line cut by a crash: the others still count.
    }
  }
  return entries.sort((a, b) => b.seq - a.seq);
}

export async function readFileVersion(
  catalogueFile: string,
  seq: number,
): Promise<string | undefined> {
  try {
    return await readFile(join(historyFolder(catalogueFile), `${seq}.json`), 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Records `body` as the next version beside the file (claiming its number with an exclusive
 * create, so the CLI and the server never take the same one) and returns its entry. The
 * caller then writes the live file.
 */
export async function recordFileVersion(
  catalogueFile: string,
  body: string,
  entry: Omit<PublishedEntry, 'seq' | 'hash'>,
): Promise<PublishedEntry> {
  const folder = historyFolder(catalogueFile);
  await mkdir(folder, { recursive: true });
  const history = await readFileHistory(catalogueFile);
  let seq = (history[0]?.seq ?? 0) + 1;
  for (;;) {
    try {
      const handle = await open(join(folder, `${seq}.json`), 'wx');
      try {
        await handle.writeFile(body, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      break;
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
      seq += 1;
    }
  }
  const recorded: PublishedEntry = { ...entry, seq, hash: catalogueHash(body) };
  await appendFile(join(folder, 'historial.jsonl'), `${JSON.stringify(recorded)}\n`, 'utf8');
  await pruneVersions(folder, seq);
  return recorded;
}

async function pruneVersions(folder: string, newest: number): Promise<void> {
  const names = await readdir(folder).catch(() => []);
  for (const name of names) {
    const seq = /^(\d+)\.json$/.exec(name)?.[1];
    if (seq !== undefined && Number(seq) <= newest - KEPT_VERSIONS) {
      await rm(join(folder, name), { force: true });
    }
  }
}

/**
 * Makes `body` the live catalogue in `catalogueFile` and records it beside it. The first
 * recorded publish also keeps the file it replaces (source 'initial'), so the owner can come
 * back to it. The panel (server/catalogue-store.ts) and `npm run catalogue -- build` both
 * publish through here.
 */
export async function publishToFile(
  catalogueFile: string,
  body: string,
  entry: Omit<PublishedEntry, 'seq' | 'hash'>,
  previous: { body: string; publishedAt: string } | undefined,
): Promise<PublishedEntry> {
  if (previous && (await readFileHistory(catalogueFile)).length === 0) {
    await recordFileVersion(catalogueFile, previous.body, {
      publishedAt: previous.publishedAt,
      publishedBy: 'archivo del catálogo',
      source: 'initial',
      fileName: undefined,
      summary: 'El catálogo que había antes del historial.',
      restoredFrom: undefined,
    });
  }
  const recorded = await recordFileVersion(catalogueFile, body, entry);
  await writeFileAtomic(catalogueFile, body);
  return recorded;
}
