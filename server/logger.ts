import { writeSync } from 'node:fs';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** Where each logger made by createLogger writes: the request line is written there directly. */
const destinations = new WeakMap<Logger, DestinationStream>();

/**
 * JSON logs; anything that may carry a secret is redacted wherever it appears.
 * `destination` defaults to stdout; tests pass a stream to read the lines.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const logger = pino(
    {
      level,
      base: undefined,
      redact: {
        paths: [
          'token',
          '*.token',
          'access_token',
          '*.access_token',
          'req.headers.cookie',
          'req.headers.authorization',
          'smtpUrl',
          '*.smtpUrl',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
  if (destination) destinations.set(logger, destination);
  return logger;
}

/** What a request's one line says (server/request-log.ts). */
export type RequestLine = {
  readonly reqId: string;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly ms: number;
};

/**
 * Writes a request's line: what `logger.info(line, 'request')` writes (an error at 500 and
 * above), but serialised here, without pino's generic serialisation and redaction: none of
 * these fields can hold a secret (the URL is cleaned before). It is the one line every
 * request writes, and pino's way cost it about 6 µs more, a third of what answering a HEAD
 * costs (docs/performance.md, "A 404's HEAD"). A logger made without a destination, or not
 * by createLogger, logs it through pino.
 */
export function logRequestLine(logger: Logger, line: RequestLine): void {
  const destination = destinations.get(logger);
  if (line.status >= 500) logger.error(line, 'request');
  else if (!destination) logger.info(line, 'request');
  else if (logger.isLevelEnabled('info')) {
    destination.write(
      `{"level":30,"time":${Date.now()},"reqId":${JSON.stringify(line.reqId)},` +
        `"method":${JSON.stringify(line.method)},"url":${JSON.stringify(line.url)},` +
        `"status":${line.status},"ms":${line.ms},"msg":"request"}\n`,
    );
  }
}

/**
 * Where batched lines go: `write` in the background; on exit, `flushSync` finishes what it
 * holds and `writeSync` writes the rest after it.
 */
export type LineSink = {
  write(text: string): unknown;
  flushSync(): void;
  writeSync(text: string): void;
};

/** A destination that gathers lines and hands them on in batches (see asyncStdout). */
export type BatchedDestination = DestinationStream & {
  /** Hands on what has gathered, and has the sink finish writing it now. */
  flushSync(): void;
};

/**
 * Lines gathered in memory and handed to `sink` in one string when `bytes` have gathered, or
 * every `everyMs`, whichever comes first. sonic-boom's own batching (`minLength`) measures
 * its whole pending buffer at every line, which cost a line about 0.8 µs against 0.3 here.
 */
export function batchedDestination(
  sink: LineSink,
  { bytes = 16 * 1024, everyMs = 1000 }: { bytes?: number; everyMs?: number } = {},
): BatchedDestination {
  let lines: string[] = [];
  let gathered = 0;
  const take = () => {
    const text = lines.join('');
    lines = [];
    gathered = 0;
    return text;
  };
  const handOn = () => {
    if (lines.length > 0) sink.write(take());
  };
  setInterval(handOn, everyMs).unref();
  return {
    write(line: string) {
      lines.push(line);
      // Characters, not bytes: a batch's size only needs to be about right.
      gathered += line.length;
      if (gathered >= bytes) handOn();
    },
    flushSync() {
      // Not through `write`: it would start a background write that exit does not wait for.
      sink.flushSync();
      if (lines.length > 0) sink.writeSync(take());
    },
  };
}

/**
 * stdout written asynchronously and in batches: a log line neither blocks the request that
 * wrote it (docs/decisions/2026-11-22-page-identity.md) nor costs a write of its own. Lines
 * wait until 16 KB have gathered, a second at most. Call flushSync() before exiting; a
 * process killed outright loses the last second's lines.
 */
export function asyncStdout(): BatchedDestination {
  const stdout = pino.destination({ dest: 1, sync: false });
  return batchedDestination({
    write: (text) => stdout.write(text),
    flushSync: () => stdout.flushSync(),
    writeSync: (text) => writeAllSync(1, text),
  });
}

/** All of `text` to `fd` now, waiting out a full pipe (EAGAIN) for a second at most. */
function writeAllSync(fd: number, text: string): void {
  let bytes = Buffer.from(text);
  let waitedMs = 0;
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(writeSync(fd, bytes));
    } catch (error) {
      const full = error instanceof Error && 'code' in error && error.code === 'EAGAIN';
      if (!full || waitedMs >= 1000) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
      waitedMs += 10;
    }
  }
}
