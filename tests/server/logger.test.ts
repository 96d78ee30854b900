import { describe, expect, it, vi } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { pino } from 'pino';
import {
  batchedDestination,
  createLogger,
  logRequestLine,
  type RequestLine,
} from '../../server/logger.ts';

const execFileAsync = promisify(execFile);

function capture(level = 'info') {
  const lines: string[] = [];
  const logger = createLogger(level, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}

const LINE: RequestLine = {
  reqId: '3f1c2b8e-1d2a-4c5b-9e8f-0a1b2c3d4e5f',
  method: 'GET',
  url: '/parabrisa/ford/fiesta?utm_source=whatsapp',
  status: 200,
  ms: 0.4,
};

describe("a request's line", () => {
  it.each([
    ['a page', LINE],
    [
      'a URL with quotes, backslashes, controls and accents',
      {
        ...LINE,
        url: '/buscar?q="a\\b"\u0001\t\u2028ñandú 🚗',
      },
    ],
    [
      'a proxy id and HEAD',
      { ...LINE, reqId: 'edge:1.2-abc', method: 'HEAD', status: 404, ms: 12 },
    ],
  ])('%s: the same JSON pino writes for logger.info(line, "request"), but the time', (_, line) => {
    const { logger, lines } = capture();
    logRequestLine(logger, line);
    const byPino: string[] = [];
    pino({ level: 'info', base: undefined }, { write: (l: string) => void byPino.push(l) }).info(
      line,
      'request',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    const ours = JSON.parse(lines[0]!) as Record<string, unknown>;
    const theirs = JSON.parse(byPino[0]!) as Record<string, unknown>;
    expect(typeof ours.time).toBe('number');
    expect(Math.abs(Number(ours.time) - Number(theirs.time))).toBeLessThan(1000);
    expect({ ...ours, time: 0 }).toEqual({ ...theirs, time: 0 });
    expect(Object.keys(ours)).toEqual(Object.keys(theirs));
  });

  it('is not written below the logger level, and a 5xx is an error line', () => {
    const quiet = capture('warn');
    logRequestLine(quiet.logger, LINE);
    expect(quiet.lines).toEqual([]);
    logRequestLine(quiet.logger, { ...LINE, status: 503 });
    expect(quiet.lines.map((l) => JSON.parse(l) as unknown)).toEqual([
      expect.objectContaining({ level: 50, status: 503, msg: 'request' }),
    ]);
  });

  it('goes through pino for a logger made elsewhere (a child)', () => {
    const { logger, lines } = capture();
    logRequestLine(logger.child({ part: 'x' }), LINE);
    expect(JSON.parse(lines[0]!)).toMatchObject({ part: 'x', msg: 'request', url: LINE.url });
  });
});

describe('log lines in batches', () => {
  function sink() {
    const calls: string[] = [];
    return {
      calls,
      sink: {
        write: (text: string) => void calls.push(`write ${text}`),
        flushSync: () => void calls.push('flushSync'),
        writeSync: (text: string) => void calls.push(`writeSync ${text}`),
      },
    };
  }

  it('hands lines on in order once enough have gathered, or when a second has passed', () => {
    vi.useFakeTimers();
    try {
      const { calls, sink: to } = sink();
      const out = batchedDestination(to, { bytes: 10, everyMs: 1000 });
      out.write('a\n');
      out.write('bb\n');
      expect(calls).toEqual([]);
      out.write('cccccc\n');
      expect(calls).toEqual(['write a\nbb\ncccccc\n']);
      out.write('d\n');
      vi.advanceTimersByTime(999);
      expect(calls).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(calls).toEqual(['write a\nbb\ncccccc\n', 'write d\n']);
      // Nothing gathered, nothing written.
      vi.advanceTimersByTime(5000);
      expect(calls).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('on exit, writes what is gathered after what the sink holds, at once', () => {
    const { calls, sink: to } = sink();
    const out = batchedDestination(to);
    out.write('uno\n');
    out.write('dos\n');
    out.flushSync();
    expect(calls).toEqual(['flushSync', 'writeSync uno\ndos\n']);
    out.flushSync();
    expect(calls).toEqual(['flushSync', 'writeSync uno\ndos\n', 'flushSync']);
  });

  it('a process that logs and exits at once leaves every line on stdout', async () => {
    const script = [
      "import { asyncStdout, createLogger } from './server/logger.ts';",
      'const stdout = asyncStdout();',
      "const logger = createLogger('info', stdout);",
      "for (let i = 0; i < 3000; i += 1) logger.info({ i }, 'línea');",
      'stdout.flushSync();',
      'process.exit(0);',
    ].join('\n');
    const { stdout } = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { maxBuffer: 10 * 1024 * 1024 },
    );
    const numbers = stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { i: number }).i);
    expect(numbers).toEqual(Array.from({ length: 3000 }, (_, i) => i));
  });
});
