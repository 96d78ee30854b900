/**
 * The photo downloader fetches from Instagram's CDN and the configured API's origin only:
 * proven against real servers on this machine that must never be asked.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  downloadImage,
  PhotoError,
  publicOnlyLookup,
} from '../../../server/instagram/photo-download.ts';
import { projectRoot } from '../../../server/paths.ts';
import {
  FAKE_TOKEN,
  startFakeInstagram,
  type FakeInstagram,
} from '../../helpers/fake-instagram.ts';
import { startBuiltServer, type RunningServer } from '../../helpers/server.ts';

/** A local server that counts what reaches it, answering with `answer`. */
async function witness(
  answer: (res: import('node:http').ServerResponse) => void = (res) => res.end(),
) {
  const paths: string[] = [];
  const server: Server = createServer((req, res) => {
    paths.push(req.url ?? '');
    answer(res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a feed whose media_url points at another local port', () => {
  let fake: FakeInstagram;
  let other: Awaited<ReturnType<typeof witness>>;
  let site: RunningServer;
  beforeAll(async () => {
    other = await witness();
    fake = await startFakeInstagram({ albums: 3, mediaBase: other.url });
    site = await startBuiltServer({
      INSTAGRAM_API_URL: fake.url,
      INSTAGRAM_ACCESS_TOKEN: FAKE_TOKEN,
      HEALTH_DETAIL: '1',
    });
  });
  afterAll(async () => {
    await site?.stop();
    await fake?.close();
    await other?.close();
  });

  it('never reaches it: every photo is refused before a connection, and the gallery shows none', async () => {
    // The feed itself is fine; its 6 photos are refused one by one and counted as failing.
    await expect
      .poll(
        async () => {
          const health = await (await fetch(`${site.url}/healthz`)).json();
          return { state: health.instagram.state, photos: health.instagram.photos };
        },
        { timeout: 20_000, interval: 200 },
      )
      .toMatchObject({ state: 'ok', photos: { stored: 0, pending: 0, failing: 6 } });
    expect(fake.count('/me/media')).toBeGreaterThanOrEqual(1);
    expect(other.paths).toEqual([]);
    const home = await (await fetch(`${site.url}/`)).text();
    expect(home).not.toContain(other.url);
    expect(home).not.toContain('gallery__photo');
  });
});

describe('redirects and names', () => {
  it('refuses a redirect from the API origin to any other origin, which is never asked', async () => {
    const target = await witness();
    const origin = await witness((res) => {
      res.writeHead(302, { location: `${target.url}/cdn/elsewhere.jpg` }).end();
    });
    try {
      const error = await downloadImage(`${origin.url}/cdn/1.jpg`, origin.url).catch((e) => e);
      expect(error).toBeInstanceOf(PhotoError);
      expect(error).toMatchObject({ kind: 'redirect' });
      expect(origin.paths).toEqual(['/cdn/1.jpg']);
      expect(target.paths).toEqual([]);
    } finally {
      await target.close();
      await origin.close();
    }
  });

  it('resolves a CDN name only to public addresses: localhost is refused', async () => {
    const answer = await new Promise<{ error: unknown }>((resolve) =>
      publicOnlyLookup('localhost', { all: true }, (error) => resolve({ error })),
    );
    expect(answer.error).toBeInstanceOf(PhotoError);
    expect(answer.error).toMatchObject({ kind: 'forbidden' });
  });
});

describe('INSTAGRAM_API_URL over plain http', () => {
  const start = (env: NodeJS.ProcessEnv) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [join(projectRoot, 'dist/server/index.js')], {
        cwd: projectRoot,
        env: { ...process.env, PORT: '0', LOG_LEVEL: 'silent', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => (output += String(d)));
      child.stderr.on('data', (d) => (output += String(d)));
      const timer = setTimeout(() => child.kill('SIGTERM'), 10_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });

  it('stops a production start with exit 1 and a message naming the variable (the token would travel in clear)', async () => {
    const { code, output } = await start({
      NODE_ENV: 'production',
      INSTAGRAM_API_URL: 'http://graph.example.com',
      INSTAGRAM_ACCESS_TOKEN: FAKE_TOKEN,
    });
    expect(code).toBe(1);
    expect(output).toMatch(/INSTAGRAM_API_URL: http:\/\/graph\.example\.com is plain http/);
    expect(output).not.toContain(FAKE_TOKEN);
  });
});
