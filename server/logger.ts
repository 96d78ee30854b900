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
