/** Shared by the contact tests: temp data folders, a real local SMTP server, polling. */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'libsql';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { prepareDatabase } from '../../store/open.ts';
import type { SiteTables } from '../../store/schema.ts';
import { sqliteFile } from '../../store/settings.ts';
import { createContactStore, type ContactStore } from '../../store/messages.ts';

export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'contact-test-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The SQLite store as the server opens it, with its connection exposed for fault injection. */
export async function openSqliteStore(
  dataDir: string,
): Promise<{ store: ContactStore; db: Kysely<SiteTables> }> {
  const file = sqliteFile(dataDir);
  mkdirSync(dirname(file), { recursive: true });
  const db = new Kysely<SiteTables>({
    dialect: new SqliteDialect({ database: new Database(file) }),
  });
  await prepareDatabase(db, 'sqlite');
  return {
    store: createContactStore({ db, engine: 'sqlite', location: file, close: () => db.destroy() }),
    db,
  };
}

/** From now on no page may be added to the file: SQLite's SQLITE_FULL, as on a full disk. */
export async function fillSqliteDisk(db: Kysely<SiteTables>): Promise<void> {
  const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
  await sql.raw(`pragma max_page_count = ${Number(rows[0]?.page_count)}`).execute(db);
}

export type ReceivedMail = {
  readonly from: string;
  readonly to: string[];
  readonly raw: string;
  header(name: string): string | undefined;
  readonly body: string;
};

export type SmtpSink = {
  readonly port: number;
  readonly url: string;
  /** Mails the server accepted (answered 250 to). */
  readonly received: ReceivedMail[];
  /** Mails whose data arrived, accepted or not. */
  readonly seen: ReceivedMail[];
  close(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 (no TLS, no auth). `onMail` may decide the
 * answer: return false to refuse the message for now (451), a number to refuse it with
 * that code (550: for good), or never settle to hold it.
 */
export async function startSmtp(
  options: {
    port?: number;
    onMail?: (mail: ReceivedMail) => boolean | number | Promise<boolean | number>;
  } = {},
): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const seen: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(
          Buffer.concat(chunks).toString('utf8'),
          session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          session.envelope.rcptTo.map((r) => r.address),
        );
        seen.push(mail);
        void Promise.resolve(options.onMail?.(mail) ?? true).then((answer) => {
          if (answer === true) {
            received.push(mail);
            callback();
          } else {
            const responseCode = answer === false ? 451 : answer;
            callback(
              Object.assign(
                new Error(responseCode >= 500 ? 'Mailbox unavailable' : 'Try again later'),
                {
                  responseCode,
                },
              ),
            );
          }
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough of RFC 5322/2045 for the tests: unfolded headers and a decoded text body. */
export function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoded = raw.slice(split + 4);
  const transfer = headers.get('content-transfer-encoding')?.toLowerCase();
  let body = encoded;
  if (transfer === 'quoted-printable') {
    const bytes = encoded
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    body = Buffer.from(bytes, 'latin1').toString('utf8');
  } else if (transfer === 'base64') {
    body = Buffer.from(encoded.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return {
    from,
    to,
    raw,
    header: (name) => decodeWords(headers.get(name.toLowerCase())),
    body: body.replace(/\r\n/g, '\n'),
  };
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header value. */
function decodeWords(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) => {
      if (kind.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text
        .replace(/_/g, ' ')
        .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    });
}

export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  { timeoutMs = 5_000, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
