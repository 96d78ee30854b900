import { describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger.ts';
import { createJunkTally } from '../../server/junk-tally.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return { logger, lines };
}

describe('junk paths counted', () => {
  it('one line per flush: how many, how many paths, the five most asked', () => {
    const { logger, lines } = capture();
    const tally = createJunkTally(logger);
    const asked = { '/wp-login.php': 7, '/.env': 5, '/xmlrpc.php': 4, '/a': 3, '/b': 2, '/c': 1 };
    for (const [path, times] of Object.entries(asked)) {
      for (let i = 0; i < times; i++) tally.count(path);
    }
    tally.flush();
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'junk paths answered 404',
        junk: {
          requests: 22,
          paths: 6,
          untold: 0,
          top: [
            { path: '/wp-login.php', requests: 7 },
            { path: '/.env', requests: 5 },
            { path: '/xmlrpc.php', requests: 4 },
            { path: '/a', requests: 3 },
            { path: '/b', requests: 2 },
          ],
        },
      }),
    ]);
    // Counted again from nothing; nothing counted, nothing written.
    tally.flush();
    expect(lines).toHaveLength(1);
    tally.count('/.env');
    tally.stop();
    expect(lines[1]).toMatchObject({ junk: { requests: 1, paths: 1, top: [{ path: '/.env' }] } });
  });

  it('tells apart 1,000 paths of at most 100 characters; the rest are only counted', () => {
    const { logger, lines } = capture();
    const tally = createJunkTally(logger);
    for (let i = 0; i < 1_500; i++) tally.count(`/scan-${i}`);
    tally.count(`/${'x'.repeat(300)}`);
    tally.count('/scan-3');
    tally.flush();
    const junk = lines[0]!.junk as {
      requests: number;
      paths: number;
      untold: number;
      top: { path: string; requests: number }[];
    };
    expect(junk).toMatchObject({ requests: 1_502, paths: 1_000, untold: 501 });
    expect(junk.top[0]).toEqual({ path: '/scan-3', requests: 2 });
    expect(JSON.stringify(lines).length).toBeLessThan(2_000);
  });
});
