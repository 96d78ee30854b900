import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../logger.ts';
import type { FeedAlbum } from './map.ts';

/**
 * The last good feed on disk (DATA_DIR/instagram-feed.json), so that a restart while
 * Instagram is unreachable (or the token has lapsed) still shows the albums whose photo
 * copies are stored. Written atomically; an unreadable file is ignored.
 */

export type Feed = { readonly albums: readonly FeedAlbum[]; readonly fetchedAt: number };

const feedSchema = z.object({
  fetchedAt: z.number(),
  albums: z.array(
    z.object({
      id: z.string(),
      permalink: z.string(),
      caption: z.string(),
      photos: z.array(z.object({ id: z.string(), url: z.string(), alt: z.string() })),
    }),
  ),
});

export function readFeedFile(file: string, logger: Logger): Feed | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined; // first start
  }
  try {
    const parsed = feedSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  logger.warn({ file }, 'kept Instagram feed unreadable: ignored');
  return undefined;
}

export async function writeFeedFile(file: string, feed: Feed, logger: Logger): Promise<void> {
  try {
    await mkdir(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(feed));
    await rename(temporary, file);
  } catch (error) {
    logger.warn(
      { reason: (error as NodeJS.ErrnoException).code ?? 'unknown' },
      'Instagram feed kept in memory only: cannot write the feed file',
    );
  }
}
