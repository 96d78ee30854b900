import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Logger } from '../logger.ts';
import { InstagramError, type InstagramClient } from './client.ts';

/**
 * The long-lived token in use. Instagram's long-lived tokens last 60 days and can be renewed
 * once they are 24 h old, so we renew about once a day and keep the renewed token in memory
 * and, if a file is given, on disk (mode 0600) so a restart keeps it. The file remembers a
 * hash of the token it was derived from: when the operator sets a new INSTAGRAM_ACCESS_TOKEN,
 * the file no longer matches and the new token wins.
 */

export type TokenStoreOptions = {
  readonly token: string;
  /** Where the renewed token is kept; undefined: memory only. */
  readonly file?: string;
  readonly logger: Logger;
  readonly now?: () => number;
  /** Renew when the token was obtained (or last renewed) this long ago. */
  readonly renewAfterMs?: number;
  /** After a failed renewal, try again this much later. */
  readonly retryAfterMs?: number;
};

type TokenFile = { source: string; token: string; renewedAt: string };

const DAY = 24 * 60 * 60 * 1000;

export type TokenStore = ReturnType<typeof createTokenStore>;

export function createTokenStore(options: TokenStoreOptions) {
  const { logger, file } = options;
  const now = options.now ?? Date.now;
  const renewAfterMs = options.renewAfterMs ?? DAY;
  const retryAfterMs = options.retryAfterMs ?? 6 * 60 * 60 * 1000;
  const source = sha256(options.token);

  let token = options.token;
  // The age of a token from the environment is unknown: try to renew it soon; if it is
  // younger than 24 h Instagram refuses, and we try again later.
  let nextAttemptAt = now();
  let renewing: Promise<void> | undefined;
  const controller = new AbortController();

  const saved = file ? readTokenFile(file) : undefined;
  if (saved && saved.source === source) {
    token = saved.token;
    nextAttemptAt = Date.parse(saved.renewedAt) + renewAfterMs;
  }

  async function renew(client: InstagramClient) {
    try {
      const renewed = await client.refreshToken(controller.signal);
      token = renewed.token;
      nextAttemptAt = now() + renewAfterMs;
      const days = renewed.expiresInSeconds ? Math.round(renewed.expiresInSeconds / 86400) : '?';
      logger.info({ expiresInDays: days }, 'Instagram access token renewed');
      if (file) await save(file);
    } catch (error) {
      nextAttemptAt = now() + retryAfterMs;
      if (controller.signal.aborted) return;
      logger.warn(
        { kind: error instanceof InstagramError ? error.kind : 'unknown', reason: message(error) },
        'Instagram access token could not be renewed; will retry later',
      );
    }
  }

  async function save(path: string) {
    const body: TokenFile = { source, token, renewedAt: new Date(now()).toISOString() };
    try {
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const temporary = `${path}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(body), { mode: 0o600 });
      await rename(temporary, path);
    } catch (error) {
      logger.warn(
        { reason: (error as NodeJS.ErrnoException).code ?? 'unknown' },
        'renewed Instagram token kept in memory only: cannot write the token file',
      );
    }
  }

  return {
    get: () => token,
    /** Renews the token when due; never throws; one renewal at a time. */
    renewIfDue(client: InstagramClient): Promise<void> {
      if (renewing) return renewing;
      if (controller.signal.aborted || now() < nextAttemptAt) return Promise.resolve();
      renewing = renew(client).finally(() => {
        renewing = undefined;
      });
      return renewing;
    },
    stop() {
      controller.abort();
    },
  };
}

function readTokenFile(path: string): TokenFile | undefined {
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as Partial<TokenFile>;
    if (
      typeof data.source === 'string' &&
      typeof data.token === 'string' &&
      typeof data.renewedAt === 'string' &&
      !Number.isNaN(Date.parse(data.renewedAt))
    ) {
      return data as TokenFile;
    }
  } catch {
    // No file yet, or unreadable: start from the environment's token.
  }
  return undefined;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
