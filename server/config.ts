import { resolve } from 'node:path';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { databaseUrlFrom, dataDirFrom } from '../store/settings.ts';
import { projectRoot } from './paths.ts';
import { catalogueFileIn } from '../catalogue/file.ts';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.ts';
import { googleReviewsUrlProblem } from './reviews/google-link.ts';
import { parsePushOrigins } from './push/endpoint.ts';

/** Everything the server reads from the environment, validated once at start. */
export type Config = {
  readonly port: number;
  readonly production: boolean;
  /** Canonical origin without trailing slash, e.g. https://www.parabrisasjujuy.com.ar */
  readonly siteUrl: string;
  readonly dataDir: string;
  /** The generated catalogue, watched while the server runs (CATALOGUE_FILE). */
  readonly catalogueFile: string;
  /** PostgreSQL for the site's database; unset: SQLite in DATA_DIR. */
  readonly databaseUrl: string | undefined;
  /**
   * PostgreSQL's waits (DATABASE_CONNECT_TIMEOUT_MS, DATABASE_QUERY_TIMEOUT_MS): a write the
   * database cannot take answers the 503 page within seconds (docs/operations.md).
   */
  readonly databaseTimeouts: { readonly connectMs: number; readonly queryMs: number };
  /** Express's "trust proxy" (TRUST_PROXY): whose X-Forwarded-For gives the client IP. */
  readonly trustProxy: TrustProxy;
  readonly logLevel: string;
  readonly renderTimeoutMs: number;
  /** How long a crawler's render may wait for the Instagram feed. */
  readonly botWaitMs: number;
  /** Where customers may also leave a review on Google (GOOGLE_REVIEWS_URL): https, Google's hosts. */
  readonly googleReviewsUrl: string | undefined;
  readonly instagram: {
    readonly token: string | undefined;
    readonly apiUrl: string;
    readonly cacheSeconds: number;
  };
  readonly smtp: { readonly url: string | undefined; readonly to: string | undefined };
  /** CONTACT_MAX_PER_HOUR: messages the whole site accepts per hour (server/contact/service.ts). */
  readonly contactMaxPerHour: number;
  /** HEALTH_DETAIL=1: /healthz shows the feed's retry times, token state and photo copies. */
  readonly healthDetail: boolean;
  /** The daily backup (server/backups.ts): BACKUP_DIR (unset: none) and BACKUP_KEEP. */
  readonly backups: { readonly dir: string | undefined; readonly keep: number };
  /**
   * Web Push (server/push/): the push services' origins accepted besides the known ones
   * (PUSH_SERVICE_ORIGINS), and the VAPID key pair when given (VAPID_PUBLIC_KEY and
   * VAPID_PRIVATE_KEY; unset: made once and kept in the site's database), and how long an
   * instance holds a notification it is sending before another may (PUSH_LEASE_SECONDS).
   */
  readonly push: {
    readonly origins: readonly string[];
    readonly leaseMs: number;
    readonly vapid: { readonly publicKey: string; readonly privateKey: string } | undefined;
  };
};

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  NODE_ENV: optional,
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  SITE_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: optional,
  CATALOGUE_FILE: optional,
  DATABASE_URL: optional,
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
  TRUST_PROXY: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  INSTAGRAM_ACCESS_TOKEN: optional,
  INSTAGRAM_API_URL: optional.pipe(z.url({ protocol: /^https?$/ }).optional()),
  INSTAGRAM_CACHE_SECONDS: z.coerce.number().int().min(30).default(900),
  SMTP_URL: optional,
  CONTACT_TO: optional.pipe(z.email().optional()),
  GOOGLE_REVIEWS_URL: optional.pipe(
    z
      .string()
      .superRefine((value, ctx) => {
        const problem = googleReviewsUrlProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  ),
  HEALTH_DETAIL: z.enum(['0', '1']).default('0'),
  CONTACT_MAX_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(60),
  BACKUP_DIR: optional,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(3650).default(14),
  PUSH_SERVICE_ORIGINS: optional,
  // Above the sender's 15 s deadline (server/push/send.ts), so a slow send is not sent twice.
  PUSH_LEASE_SECONDS: z.coerce.number().int().min(20).max(600).default(60),
  // base64url: a P-256 public key (65 bytes) and private key (32 bytes), as web-push makes them.
  VAPID_PUBLIC_KEY: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optional.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
      .optional(),
  ),
});

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const apiUrl = (e.INSTAGRAM_API_URL ?? 'https://graph.instagram.com').replace(/\/+$/, '');
  if (production && !secureOrLocal(apiUrl)) {
    throw new ConfigError(
      `Invalid environment configuration:\n  INSTAGRAM_API_URL: ${apiUrl} is plain http on another host; the Instagram token would travel in clear. Use https:// (http:// only on this machine, for a local fake API).`,
    );
  }
  let databaseUrl: string | undefined;
  let trustProxy: TrustProxy;
  let pushOrigins: readonly string[];
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError(
      'Invalid environment configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither (the site then makes a pair once and keeps it in its database)',
    );
  }
  try {
    databaseUrl = databaseUrlFrom(e.DATABASE_URL);
    trustProxy = parseTrustProxy(e.TRUST_PROXY);
    pushOrigins = parsePushOrigins(e.PUSH_SERVICE_ORIGINS);
  } catch (error) {
    throw new ConfigError(
      `Invalid environment configuration:\n  ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return {
    port: e.PORT,
    production,
    siteUrl: (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: dataDirFrom(projectRoot, e.DATA_DIR),
    catalogueFile: catalogueFileIn(projectRoot, e.CATALOGUE_FILE),
    databaseUrl,
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      queryMs: e.DATABASE_QUERY_TIMEOUT_MS,
    },
    trustProxy,
    logLevel: e.LOG_LEVEL,
    renderTimeoutMs: 10_000,
    botWaitMs: 3_000,
    googleReviewsUrl: e.GOOGLE_REVIEWS_URL,
    instagram: {
      token: e.INSTAGRAM_ACCESS_TOKEN,
      apiUrl,
      cacheSeconds: e.INSTAGRAM_CACHE_SECONDS,
    },
    smtp: { url: e.SMTP_URL, to: e.CONTACT_TO },
    healthDetail: e.HEALTH_DETAIL === '1',
    contactMaxPerHour: e.CONTACT_MAX_PER_HOUR,
    backups: {
      dir: e.BACKUP_DIR === undefined ? undefined : resolve(projectRoot, e.BACKUP_DIR),
      keep: e.BACKUP_KEEP,
    },
    push: {
      origins: pushOrigins,
      leaseMs: e.PUSH_LEASE_SECONDS * 1000,
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
    },
  };
}

/** https anywhere, or http to this machine (loopback): a token sent there never crosses a network. */
function secureOrLocal(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'https:') return true;
  const host = hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' || (ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback')
  );
}
