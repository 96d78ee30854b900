import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { brotliDecompressSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { readClientAssets } from '../../server/assets.ts';
import { clientDistDir } from '../../server/paths.ts';
import { testApp } from '../helpers/app.ts';

/** Runs on the production build (`npm test` builds before running vitest). */
const { islands: entry, styles } = readClientAssets(clientDistDir);
const app = await testApp();

describe('hashed assets', () => {
  it('are in the manifest', () => {
    expect(entry).toMatch(/^\/assets\/.+\.js$/);
    expect(styles[0]).toMatch(/^\/assets\/.+\.css$/);
  });

  it('are served precompressed with brotli and cached for a year', async () => {
    const server = http.createServer(app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    // Raw bytes: supertest and fetch would decompress behind our back.
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get({ port, path: entry!, headers: { 'accept-encoding': 'br, gzip' } }, resolve)
        .on('error', reject),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of res) chunks.push(chunk as Buffer);
    server.close();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const original = readFileSync(join(clientDistDir, entry!));
    expect(brotliDecompressSync(Buffer.concat(chunks)).equals(original)).toBe(true);
  });

  it('fall back to gzip, then to identity', async () => {
    expect(
      (await request(app).get(styles[0]!).set('Accept-Encoding', 'gzip')).headers[
        'content-encoding'
      ],
    ).toBe('gzip');
    expect(
      (await request(app).get(styles[0]!).set('Accept-Encoding', 'identity')).headers[
        'content-encoding'
      ],
    ).toBeUndefined();
  });

  it('answer 304 to a matching If-None-Match', async () => {
    const first = await request(app).get(styles[0]!);
    const again = await request(app)
      .get(styles[0]!)
      .set('If-None-Match', first.headers.etag as string);
    expect(again.status).toBe(304);
  });

  it('give each encoding its own ETag: a gzip copy never revalidates a brotli one', async () => {
    const br = await request(app).get(styles[0]!).set('Accept-Encoding', 'br');
    const gzip = await request(app).get(styles[0]!).set('Accept-Encoding', 'gzip');
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
    const crossed = await request(app)
      .get(styles[0]!)
      .set('Accept-Encoding', 'gzip')
      .set('If-None-Match', br.headers.etag as string);
    expect(crossed.status).toBe(200);
    expect(crossed.headers['content-encoding']).toBe('gzip');
  });

  it('leave unknown asset names to the 404 page', async () => {
    expect((await request(app).get('/assets/nope-123.js')).status).toBe(404);
  });

  it('serve public files with a day of caching', async () => {
    const res = await request(app).get('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });
});
