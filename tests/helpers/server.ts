import { spawn, type ChildProcess } from 'node:child_process';
import { request, type IncomingHttpHeaders } from 'node:http';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../server/paths.ts';

export type RunningServer = {
  url: string;
  port: number;
  process: ChildProcess;
  logs: string[];
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/**
 * Starts the built production server (`npm run build` first) and waits for /healthz.
 * Unless `env` says otherwise, its DATA_DIR is a fresh temporary folder, removed on stop:
 * tests never write into the project's data/.
 */
export async function startBuiltServer(
  env: NodeJS.ProcessEnv = {},
  {
    host = '127.0.0.1',
    root = projectRoot,
    port: givenPort,
  }: {
    /** The host name in SITE_URL and `url`: `localhost` for WebAuthn, which refuses IP addresses. */
    host?: string;
    /** The checkout whose build runs (scripts/bench-ab.ts compares two). */
    root?: string;
    /** A port to reuse (a restarted site keeps its origin, so its passkeys still match); default a free one. */
    port?: number;
  } = {},
): Promise<RunningServer> {
  const entry = `${root}/dist/server/index.js`;
  if (!existsSync(entry)) throw new Error('No build: run `npm run build` before the browser tests');
  const port = givenPort ?? (await freePort());
  const url = `http://${host}:${port}`;
  const tempData = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), 'site-data-'));
  const removeTempData = () => tempData && rmSync(tempData, { recursive: true, force: true });
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      SITE_URL: url,
      LOG_LEVEL: 'warn',
      ...(tempData ? { DATA_DIR: tempData } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  child.stdout?.on('data', (d) => logs.push(String(d)));
  child.stderr?.on('data', (d) => logs.push(String(d)));
  // Generous (vitest.config.ts): on a loaded machine, two browser files starting their Chromium
  // and server together took over 15 s; how fast the server starts is the bench's cold start.
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) {
      removeTempData();
      throw new Error(`server exited: ${logs.join('')}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      removeTempData();
      throw new Error(`server did not start: ${logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    process: child,
    logs,
    async stop() {
      // A process killed by a signal has no exit code, only its signal.
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      removeTempData();
    },
  };
}

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** One request with node:http: the bytes as sent (no decompression), no header added. */
export function rawRequest(
  url: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
