import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { createLogger } from '../../server/logger.ts';
import { testApp } from '../helpers/app.ts';

function capture(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(level, {
    write: (line: string) => void lines.push(JSON.parse(line)),
  });
  return { logger, lines };
}

describe('logs', () => {
  it('a bad request is one JSON line with its request id, no stack trace', async () => {
    const { logger, lines } = capture();
    const res = await request(await testApp({ logger })).get('/parabrisa/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request',
      status: 400,
      method: 'GET',
      reqId: res.headers['x-request-id'],
    });
    expect(JSON.stringify(lines)).not.toContain('stack');
  });

  it('a page view is one line with method, url, status and duration', async () => {
    const { logger, lines } = capture();
    await request(await testApp({ logger })).get('/parabrisa/ford/ka');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request', url: '/parabrisa/ford/ka', status: 200 });
    expect(typeof lines[0]!.ms).toBe('number');
  });

  it("a booking's private link and the owner's feed are logged without their token", async () => {
    const { logger, lines } = capture();
    const app = await testApp({ logger });
    const token = 'A'.repeat(43);
    await request(app).get(`/turnos/turno/${token}?nuevo=1`);
    await request(app).get(`/turnos/turno/${token}/turno.ics`);
    await request(app).get(`/turnos/calendario/${token}/turnos.ics`);
    expect(lines.map((l) => l.url)).toEqual([
      '/turnos/turno/***?nuevo=1',
      '/turnos/turno/***/turno.ics',
      '/turnos/calendario/***/turnos.ics',
    ]);
    expect(JSON.stringify(lines)).not.toContain(token);
  });

  it('redacts secrets wherever they appear', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        token: 'IGQVJ-secret',
        smtpUrl: 'smtps://u:p@host',
        nested: { access_token: 'abc', token: 'x' },
      },
      'x',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['IGQVJ-secret', 'smtps://u:p@host', '"abc"'])
      expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });
});
