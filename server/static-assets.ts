import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { RequestHandler } from 'express';
import { contentType } from 'mime-types';
import { prepareResponse, sendPrepared, type PreparedResponse } from './prepared-response.ts';

const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.map', '.txt']);

/**
 * Vite's hashed build files, compressed as hard as brotli and gzip go, once, in the
 * background from start, and served from memory with immutable caching and an ETag per
 * encoding: compressing the bundle on every request cost ~8 ms of CPU.
 */
export function hashedAssets(dir: string): RequestHandler {
  const assets = new Map<string, Promise<PreparedResponse>>();
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const file = join(dir, name);
    if (!statSync(file).isFile()) continue;
    const ext = extname(name);
    const headers = {
      'Content-Type': contentType(ext) || 'application/octet-stream',
      'Cache-Control': 'public, max-age=31536000, immutable',
    };
    assets.set(
      name,
      prepareResponse(200, headers, readFileSync(file), {
        compress: COMPRESSIBLE.has(ext),
        effort: 'asset',
      }),
    );
  }

  return (req, res, next) => {
    const asset =
      req.method === 'GET' || req.method === 'HEAD' ? assets.get(req.path.slice(1)) : undefined;
    if (!asset) return next();
    asset.then((prepared) => sendPrepared(req, res, prepared), next);
  };
}
