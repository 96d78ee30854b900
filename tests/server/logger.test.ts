import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createLogger, logRequestLine, type RequestLine } from '../../server/logger.ts';

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
