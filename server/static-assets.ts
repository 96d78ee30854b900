import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { RequestHandler } from 'express';

type Asset = { ext: string; etag: string; body: Buffer; gzip: Buffer; br: Buffer };

const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.map', '.txt']);

/**
 * Vite's hashed build files, read and compressed once at start and served from memory
 * with immutable caching: compressing the 300 KB bundle on every request cost ~8 ms CPU.
 */
export function hashedAssets(dir: string): RequestHandler {
  const assets = new Map<string, Asset>();
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const file = join(dir, name);
    if (!statSync(file).isFile()) continue;
    const body = readFileSync(file);
    const ext = extname(name);
    const compress = COMPRESSIBLE.has(ext);
    assets.set(name, {
      ext,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      body,
      gzip: compress ? gzipSync(body, { level: 9 }) : body,
      br: compress
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        : body,
    });
  }

  return (req, res, next) => {
    const asset =
      req.method === 'GET' || req.method === 'HEAD' ? assets.get(req.path.slice(1)) : undefined;
    if (!asset) return next();
    res.type(asset.ext);
    res.set({
      'Cache-Control': 'public, max-age=31536000, immutable',
      Vary: 'Accept-Encoding',
      ETag: asset.etag,
    });
    if (req.fresh) return void res.status(304).end();
    const encoding = COMPRESSIBLE.has(asset.ext) ? req.acceptsEncodings('br', 'gzip') : false;
    if (encoding === 'br' || encoding === 'gzip') res.set('Content-Encoding', encoding);
    res.send(encoding === 'br' ? asset.br : encoding === 'gzip' ? asset.gzip : asset.body);
  };
}
