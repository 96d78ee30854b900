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
 * stdout written asynchronously and in batches: a log line neither blocks the request that
 * wrote it (docs/decisions/2026-11-22-page-identity.md) nor costs a write of its own. Lines
 * wait until 4 KB have gathered, a second at most. Call flushSync() before exiting; a
 * process killed outright loses the last second's lines.
 */
export function asyncStdout(): ReturnType<typeof pino.destination> {
  return pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 });
}
