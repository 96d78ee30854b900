/**
 * The share pictures already drawn, kept as files in DATA_DIR/share-pictures/ (store/data-dir.ts)
 * and named in memory by a small index, least recently used first out, within a bound of disk
 * bytes. libvips writes each picture straight into its file, and a request reads it (~75 KB
 * from the page cache) into a buffer that dies young. Kept in memory instead, each picture
 * dropped from the bound stayed as garbage until V8's next full collection, and those came only
 * every ~64 MB of such pictures: the process grew about 90 MB over a thousand new pictures
 * (docs/performance.md).
 *
 * Files are made again on demand, so the folder is emptied at start (no index survives a
 * restart) and a file found missing (removed by hand) is drawn again.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { bodyHash } from '../prepared-response.ts';

type KeptPicture = { readonly file: string; readonly etag: string; readonly bytes: number };

export type PictureFiles = {
  /** The picture kept for this URL path, with its ETag; undefined when none is. */
  read(path: string): Promise<{ body: Buffer; etag: string } | undefined>;
  /**
   * Has `write` write the picture into a file, then reads it back and keeps it; rejects with
   * what `write` rejected with.
   */
  keep(
    path: string,
    write: (file: string) => Promise<void>,
  ): Promise<{ body: Buffer; etag: string }>;
};

const OURS = /^[0-9a-f]{32}(\.\d+\.tmp)?\.png$/;

export function pictureFiles(dir: string, maxBytes: number): PictureFiles {
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) {
    if (OURS.test(name)) rmSync(join(dir, name), { force: true });
  }
  const index = new LRUCache<string, KeptPicture>({
    maxSize: maxBytes,
    sizeCalculation: (picture) => Math.max(1, picture.bytes),
    // Replaced by the same picture drawn twice (two requests in a race): the same file.
    dispose: (picture, _path, reason) => {
      if (reason !== 'set') void rm(picture.file, { force: true });
    },
  });
  let writes = 0;

  return {
    async read(path) {
      const kept = index.get(path);
      if (!kept) return undefined;
      try {
        return { body: await readFile(kept.file), etag: kept.etag };
      } catch {
        index.delete(path);
        return undefined;
      }
    },
    async keep(path, write) {
      const name = createHash('sha256').update(path).digest('hex').slice(0, 32);
      const file = join(dir, `${name}.png`);
      writes += 1;
      // Ends in .png: libvips knows the format by the name.
      const temporary = join(dir, `${name}.${writes}.tmp.png`);
      try {
        await write(temporary);
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      const body = await readFile(file);
      const etag = `"${bodyHash(body)}"`;
      index.set(path, { file, etag, bytes: body.length });
      return { body, etag };
    },
  };
}
