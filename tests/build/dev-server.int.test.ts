import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../server/paths.ts';
import { freePort } from '../helpers/server.ts';

/** `npm run dev`: Vite's middleware, routes loaded from source on each request. */
describe('development server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dev-data-'));
  let stop: () => Promise<void> = async () => {};
  afterAll(async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves pages from source with the HMR client and the entry module', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/dev.ts'], {
      cwd: projectRoot,
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const logs: string[] = [];
    child.stderr.on('data', (d) => logs.push(String(d)));
    stop = async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    };
    const url = `http://127.0.0.1:${port}`;
    let page: Response | undefined;
    for (const deadline = Date.now() + 40_000; Date.now() < deadline;) {
      page = await fetch(`${url}/parabrisa/ford/ka`).catch(() => undefined);
      if (page) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(page?.status, logs.join('')).toBe(200);
    const html = await page!.text();
    expect(html).toContain('<h1>Parabrisas para <!-- -->Ford Ka</h1>');
    expect(html).toContain('<script type="module" src="/@vite/client"');
    expect(html).toContain('src="/client/entry-client.ts"');
    expect((await fetch(`${url}/client/entry-client.ts`)).status).toBe(200);
    expect((await fetch(`${url}/no-existe`)).status).toBe(404);
  }, 60_000);
});
