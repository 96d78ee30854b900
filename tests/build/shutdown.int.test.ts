import { afterAll, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeInstagram, type FakeInstagram } from '../helpers/fake-instagram.ts';
import { startBuiltServer, type RunningServer } from '../helpers/server.ts';

/** Runs the production build as a real process (`npm test` builds first). */
describe('graceful shutdown', () => {
  let fake: FakeInstagram | undefined;
  let server: RunningServer | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'shutdown-'));
  afterAll(async () => {
    await server?.stop();
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM finishes the request in flight, refuses new ones and exits 0', async () => {
    // A hanging Instagram keeps /api/galeria waiting (bounded at 8 s): a request in flight.
    fake = await startFakeInstagram({ mode: 'hang' });
    server = await startBuiltServer({
      INSTAGRAM_API_URL: fake.url,
      INSTAGRAM_ACCESS_TOKEN: 'secret-test-token',
      DATA_DIR: dataDir,
    });
    const inFlight = fetch(`${server.url}/api/galeria`, { signal: AbortSignal.timeout(15_000) });
    await new Promise((r) => setTimeout(r, 300));
    const exited = once(server.process, 'exit');
    server.process.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));

    // Refused ('fetch failed'), not merely unanswered (a timeout would throw too).
    await expect(
      fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(2_000) }),
    ).rejects.toThrow('fetch failed');
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { status: string }).status).toBe('loading');
    const [code] = await exited;
    expect(code).toBe(0);
  }, 30_000);
});
