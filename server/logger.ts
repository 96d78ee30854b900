import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * JSON logs; anything that may carry a secret is redacted wherever it appears.
 * `destination` defaults to stdout; tests pass a stream to read the lines.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
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
}

/**
 * stdout written asynchronously: a log line no longer blocks the request that wrote it
 * (measured in docs/decisions/2026-11-22-page-identity.md). Call flushSync() before exiting.
 */
export function asyncStdout(): ReturnType<typeof pino.destination> {
  return pino.destination({ dest: 1, sync: false });
}
