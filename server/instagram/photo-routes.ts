import { Router } from 'express';
import { join } from 'node:path';
import { PHOTO_FILE_PATTERN } from './photo-store.ts';
import { paths } from '../../client/paths.ts';

/**
 * GET /fotos/<hash>.webp: our copies of the gallery photos. A name is the hash of the file's
 * content, so it is cached for a year as immutable and the hash is a strong ETag. Any other
 * name (or a missing file) falls through to the site's 404.
 */
export function servePhotos(dir: string): Router {
  const router = Router();
  router.get(`${paths.photos}/:name`, (req, res, next) => {
    const { name } = req.params;
    if (!PHOTO_FILE_PATTERN.test(name)) return next();
    res.sendFile(
      join(dir, name),
      {
        maxAge: 31_536_000_000,
        immutable: true,
        etag: false,
        lastModified: false,
        headers: { ETag: `"${name.slice(0, -'.webp'.length)}"`, 'Content-Type': 'image/webp' },
      },
      (error?: Error & { status?: number }) => {
        if (!error) return;
        if (res.headersSent) return void res.destroy();
        if (error.status === 404) return next();
        next(error);
      },
    );
  });
  return router;
}
