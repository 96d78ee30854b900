/**
 * What lives in DATA_DIR, in one place: the site's database (SQLite, store/settings.ts), the
 * Instagram token the server renews, the last feed, the gallery's photo copies and the share
 * pictures drawn. A backup (store/backup.ts) keeps the database and the token; the feed and the
 * photos are made again from Instagram, the share pictures from the catalogue.
 */
import { join } from 'node:path';

/** The long-lived Instagram token as last renewed (older than the environment's after 60 days). */
export function instagramTokenFile(dataDir: string): string {
  return join(dataDir, 'instagram-token.json');
}

/** The last good feed (made again at the next refresh). */
export function instagramFeedFile(dataDir: string): string {
  return join(dataDir, 'instagram-feed.json');
}

/** The gallery's WebP copies (made again from the feed). */
export function photosDir(dataDir: string): string {
  return join(dataDir, 'photos');
}

/** The share pictures drawn so far (server/share/picture-files.ts; emptied at start). */
export function sharePicturesDir(dataDir: string): string {
  return join(dataDir, 'share-pictures');
}

/** Files of DATA_DIR besides the database that a backup keeps, by name: they cannot be made again. */
export const KEPT_DATA_FILES = ['instagram-token.json'] as const;
