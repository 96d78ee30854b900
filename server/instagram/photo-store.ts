import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../logger.ts';
import type { PhotoVariant } from './photo-process.ts';

/**
 * The gallery's own copies of Instagram photos, in DATA_DIR/photos: one WebP file per
 * width, named by its content's hash (so a name never changes meaning and can be cached
 * forever), and `index.json` saying which Instagram photo id has which files. Files are
 * written before the index names them; files no index entry names are removed at start.
 */

export const PHOTO_FILE_PATTERN = /^[0-9a-f]{32}\.webp$/;

/** DATA_DIR/photos: where DATA_DIR's layout is kept (store/data-dir.ts). */
export { photosDir } from '../../store/data-dir.ts';

const variantSchema = z.object({
  file: z.string().regex(PHOTO_FILE_PATTERN),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  bytes: z.number().int().nonnegative(),
});
const indexSchema = z.object({
  version: z.literal(1),
  photos: z.record(
    z.string(),
    z.object({ variants: z.array(variantSchema).min(1), seenAt: z.number() }),
  ),
});

export type StoredVariant = z.infer<typeof variantSchema>;
export type StoredPhoto = z.infer<typeof indexSchema>['photos'][string];

export type PhotoStore = ReturnType<typeof createPhotoStore>;

export function createPhotoStore(dir: string, logger: Logger, now: () => number = Date.now) {
  mkdirSync(dir, { recursive: true });
  const indexFile = join(dir, 'index.json');
  const photos = new Map<string, StoredPhoto>(Object.entries(readIndex(indexFile, logger)));
  // A photo whose files went missing (copied data folder, manual cleanup) is fetched again.
  for (const [id, photo] of photos) {
    if (!photo.variants.every((v) => isFile(join(dir, v.file)))) photos.delete(id);
  }
  removeUnreferenced();
  let writing: Promise<void> = Promise.resolve();

  function referenced(): Set<string> {
    return new Set([...photos.values()].flatMap((p) => p.variants.map((v) => v.file)));
  }

  /** Files no entry names: leftovers of a crash between writing a file and the index. */
  function removeUnreferenced() {
    const keep = referenced();
    for (const name of readdirSync(dir)) {
      const ours = PHOTO_FILE_PATTERN.test(name) || name.endsWith('.tmp');
      if (ours && !keep.has(name)) rmSync(join(dir, name), { force: true });
    }
  }

  function saveIndex(): Promise<void> {
    const body = JSON.stringify({ version: 1, photos: Object.fromEntries(photos) });
    writing = writing.then(async () => {
      const temporary = `${indexFile}.${process.pid}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, indexFile);
    });
    return writing;
  }

  return {
    get: (id: string): StoredPhoto | undefined => photos.get(id),
    has: (id: string) => photos.has(id),

    /** Writes the variants (content-addressed), then records them under `id`. */
    async put(id: string, variants: readonly PhotoVariant[]): Promise<StoredPhoto> {
      const stored: StoredVariant[] = [];
      for (const { width, height, data } of variants) {
        const file = `${createHash('sha256').update(data).digest('hex').slice(0, 32)}.webp`;
        const path = join(dir, file);
        if (!isFile(path)) {
          const temporary = `${path}.${process.pid}.tmp`;
          await writeFile(temporary, data);
          await rename(temporary, path);
        }
        stored.push({ file, width, height, bytes: data.byteLength });
      }
      const photo = { variants: stored, seenAt: now() };
      photos.set(id, photo);
      await saveIndex();
      return photo;
    },

    /**
     * Marks the photos of the current feed as seen and removes those not seen for
     * `retainMs` (albums that left the feed). Returns how many were removed.
     */
    async prune(current: ReadonlySet<string>, retainMs: number): Promise<number> {
      const at = now();
      const removed: string[] = [];
      for (const [id, photo] of photos) {
        if (current.has(id)) photo.seenAt = at;
        else if (at - photo.seenAt > retainMs) removed.push(id);
      }
      const before = referenced();
      for (const id of removed) photos.delete(id);
      await saveIndex();
      const after = referenced();
      for (const file of before) {
        if (!after.has(file)) await rm(join(dir, file), { force: true });
      }
      return removed.length;
    },

    usage(): { photos: number; bytes: number } {
      let bytes = 0;
      for (const photo of photos.values()) for (const v of photo.variants) bytes += v.bytes;
      return { photos: photos.size, bytes };
    },

    /** Resolves when the index on disk is up to date. */
    flushed: () => writing,
  };
}

function readIndex(file: string, logger: Logger): Record<string, StoredPhoto> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return {}; // first start
  }
  try {
    const parsed = indexSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data.photos;
  } catch {
    // fall through
  }
  logger.warn({ file }, 'photo index unreadable: photos will be fetched again');
  return {};
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
