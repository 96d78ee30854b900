import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs; anything that may carry a secret is redacted wherever it appears. */
export function createLogger(level: string): Logger {
  return pino({
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
  });
}
