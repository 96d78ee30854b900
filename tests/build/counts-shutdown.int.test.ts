import { afterAll, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltServer, type RunningServer } from '../helpers/server.ts';
import { VISITOR_UA } from '../helpers/site.ts';
import { openDatabase } from '../../store/open.ts';

/** The production build as a real process (`npm test` builds first). */
describe('the demand counts at shutdown', () => {
  let server: RunningServer | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'counts-'));
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGTERM writes the counts still in memory before the process exits', async () => {
    server = await startBuiltServer({ DATA_DIR: dataDir });
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${server.url}/parabrisas`, {
        headers: { 'user-agent': VISITOR_UA },
      });
      expect(res.status).toBe(200);
    }
    const exited = once(server.process, 'exit');
    server.process.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    const database = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      const rows = await database.db.selectFrom('demand_counts').selectAll().execute();
      expect(rows).toEqual([
        expect.objectContaining({ kind: 'view', key: '/parabrisas', count: 2 }),
      ]);
    } finally {
      await database.close();
    }
  }, 30_000);
});
