import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { createInstagramFeed, type InstagramFeedOptions } from '../../server/instagram/feed.ts';
import { FAKE_TOKEN, type FakeInstagram } from '../fixtures/fake-instagram.ts';

export type LogRecord = { level: number; msg?: string; [key: string]: unknown };

/**
 * A logger whose lines are kept in memory. Plain pino without the app's redaction, so a
 * token passed to it by mistake would show up in `lines`.
 */
export function captureLogs(): { logger: Logger; lines: string[]; records(): LogRecord[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = pino({ level: 'debug', base: undefined }, stream);
  return { logger, lines, records: () => lines.map((l) => JSON.parse(l) as LogRecord) };
}

export const LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;

/** A controllable clock for backoff and expiry (node-cache's TTL still uses real time). */
export function testClock(start = Date.parse('2025-06-02T12:00:00Z')) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** Feeds made here are stopped by `stopAll()` (afterEach). */
const feeds: { stop(): void }[] = [];

export function feedFor(
  fake: FakeInstagram,
  options: Partial<Omit<InstagramFeedOptions, 'logger'>> = {},
) {
  const logs = captureLogs();
  const feed = createInstagramFeed({
    token: FAKE_TOKEN,
    apiUrl: fake.url,
    cacheSeconds: 900,
    logger: logs.logger,
    renewToken: false,
    callTimeoutMs: 2_000,
    refreshBudgetMs: 5_000,
    ...options,
  });
  feeds.push(feed);
  return { feed, logs };
}

export function stopAll() {
  for (const feed of feeds.splice(0)) feed.stop();
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
