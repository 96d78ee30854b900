import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openContactStore } from '../../store/open.ts';
import type { StoredMessage } from '../../store/schema.ts';
import { storeSettingsFrom } from '../../store/settings.ts';
import type { ContactStore } from '../../store/messages.ts';
import { projectRoot } from '../../server/paths.ts';
import { clientKey } from '../../server/forms/post-guards.ts';
import { validateContact } from '../../server/contact/validate.ts';
import {
  freshSettings,
  removeTempDirs,
  type EngineName,
  describeEngines,
} from '../helpers/contact-engines.ts';
import { fillSqliteDisk, openSqliteStore, tempDataDir } from '../helpers/contact.ts';

const FIXTURE = join(projectRoot, 'tests/fixtures/jsonl-data/contact');
const OPEN_STORE = join(projectRoot, 'tests/helpers/open-contact-store.ts');
const execFileAsync = promisify(execFile);

const open: ContactStore[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close();
});
afterAll(removeTempDirs);

async function store(engine: EngineName, settings?: Awaited<ReturnType<typeof freshSettings>>) {
  const s = await openContactStore(settings ?? (await freshSettings(engine)));
  open.push(s);
  return s;
}

const message = (n: number, email = `c${n}@gmail.com`): StoredMessage => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  receivedAt: new Date(Date.UTC(2026, 2, 14, 12, n)).toISOString(),
  name: `Cliente ${n}`,
  email,
  message: `Consulta ${n}`,
});

describeEngines('the contact store on %s', (engine) => {
  it('keeps messages as pending, oldest first, stores a repeated id once, and refuses a record without id or time', async () => {
    const s = await store(engine);
    await s.insert(message(2));
    await s.insert(message(1));
    const rows = await s.list();
    expect(rows.map((r) => r.id)).toEqual([message(1).id, message(2).id]);
    expect(rows[0]).toMatchObject({ ...message(1), status: 'pending', attempts: 0 });
    await expect(s.insert({ ...message(3), id: '' })).rejects.toThrow();
    await expect(s.insert({ ...message(3), receivedAt: 'ayer' })).rejects.toThrow();
    // The same form posted twice carries one id (from its token): stored once, no error.
    await s.insert({ ...message(1), message: 'otra vez' });
    expect(await s.list()).toHaveLength(2);
    expect((await s.list())[0]?.message).toBe(message(1).message);
  });

  it('counts the messages received since a time, whatever their state (the site-wide ceiling)', async () => {
    const s = await store(engine);
    for (const n of [1, 2, 3, 4]) await s.insert(message(n)); // 12:01 … 12:04
    await s.markSent(message(3).id, new Date('2026-03-14T12:10:00.000Z'));
    expect(await s.countReceivedSince(new Date(Date.UTC(2026, 2, 14, 12, 2)))).toBe(3);
    expect(await s.countReceivedSince(new Date(Date.UTC(2026, 2, 14, 12, 5)))).toBe(0);
    expect(await s.countReceivedSince(new Date(0))).toBe(4);
  });

  it('records delivery: claim with a lease, retry time and last error, sent time, permanent failure', async () => {
    const s = await store(engine);
    for (const n of [1, 2, 3]) await s.insert(message(n));
    const now = new Date('2026-03-14T13:00:00.000Z');

    const first = await s.claimNext(now, 60_000);
    expect(first).toMatchObject({ id: message(1).id, attempts: 1 });
    // Leased: not handed out again until the lease ends.
    const second = await s.claimNext(now, 60_000);
    expect(second?.id).toBe(message(2).id);
    await s.markRetry(message(1).id, '451 try later', new Date('2026-03-14T13:10:00.000Z'));
    await s.markSent(message(2).id, now);
    const third = await s.claimNext(now, 60_000);
    await s.markFailed(message(3).id, '550 mailbox unavailable');
    expect(third?.id).toBe(message(3).id);
    // Message 1 waits for its retry time; nothing else is due.
    expect(await s.claimNext(now, 60_000)).toBeUndefined();
    const later = await s.claimNext(new Date('2026-03-14T13:10:00.000Z'), 60_000);
    expect(later).toMatchObject({ id: message(1).id, attempts: 2 });

    const rows = await s.list();
    expect(rows.map((r) => [r.status, r.attempts, r.lastError, r.sentAt])).toEqual([
      ['pending', 2, '451 try later', undefined],
      ['sent', 1, undefined, now.toISOString()],
      ['failed', 1, '550 mailbox unavailable', undefined],
    ]);
    expect(await s.list({ status: 'failed' })).toHaveLength(1);
    expect(await s.countByStatus()).toEqual({ pending: 1, sent: 1, failed: 1 });
  });

  it('hands a message whose worker died mid-send to another once the lease ends', async () => {
    const s = await store(engine);
    await s.insert(message(1));
    const t0 = new Date('2026-03-14T13:00:00.000Z');
    expect(await s.claimNext(t0, 1_000)).toBeDefined();
    expect(await s.claimNext(new Date(t0.getTime() + 999), 1_000)).toBeUndefined();
    expect(await s.claimNext(new Date(t0.getTime() + 1_000), 1_000)).toMatchObject({ attempts: 2 });
  });

  it('never hands one message to two workers claiming at the same time', async () => {
    const settings = await freshSettings(engine);
    const a = await store(engine, settings);
    const b = await store(engine, settings);
    for (let n = 1; n <= 40; n++) await a.insert(message(n));
    const now = new Date('2026-03-14T14:00:00.000Z');
    const claimAll = async (s: ContactStore) => {
      const ids: string[] = [];
      for (;;) {
        const m = await s.claimNext(now, 60_000);
        if (!m) return ids;
        ids.push(m.id);
      }
    };
    const [fromA, fromB] = await Promise.all([claimAll(a), claimAll(b), claimAll(a)]);
    const all = [...fromA, ...fromB];
    expect(new Set(all).size).toBe(all.length);
  });

  it('deletes one person’s messages (any letter case) and purges old ones but keeps unsent', async () => {
    const s = await store(engine);
    await s.insert(message(1, 'Ana@Gmail.com'));
    await s.insert(message(2, 'ana@gmail.com'));
    await s.insert(message(3, 'otro@gmail.com'));
    expect(await s.deleteByEmail(' ANA@gmail.com ')).toBe(2);
    expect((await s.list()).map((r) => r.email)).toEqual(['otro@gmail.com']);

    await s.insert(message(4));
    await s.markSent(message(3).id, new Date());
    // Messages 3 and 4 were received 2026-03-14 12:03 and 12:04.
    const result = await s.purgeReceivedBefore(new Date('2026-03-14T12:05:00.000Z'));
    expect(result).toEqual({ deleted: 1, keptPending: 1 });
    expect((await s.list()).map((r) => r.id)).toEqual([message(4).id]);
  });

  it('counts rate-limit hits in a fixed window shared by every connection', async () => {
    const settings = await freshSettings(engine);
    const a = await store(engine, settings);
    const b = await store(engine, settings);
    const t = new Date('2026-03-14T12:00:00.000Z');
    expect((await a.rateHit('k', 60_000, t)).hits).toBe(1);
    const second = await b.rateHit('k', 60_000, new Date(t.getTime() + 10_000));
    expect(second).toEqual({ hits: 2, resetAt: new Date(t.getTime() + 60_000) });
    await a.rateUndo('k');
    expect((await b.rateHit('k', 60_000, new Date(t.getTime() + 20_000))).hits).toBe(2);
    // After the window, a new one starts.
    const next = await a.rateHit('k', 60_000, new Date(t.getTime() + 60_000));
    expect(next).toEqual({ hits: 1, resetAt: new Date(t.getTime() + 120_000) });
  });

  it('applies each migration once, also when two processes open the same database', async () => {
    const settings = await freshSettings(engine);
    const openIn = () =>
      execFileAsync(process.execPath, ['--import', 'tsx', OPEN_STORE], {
        cwd: projectRoot,
        env: {
          ...process.env,
          DATA_DIR: settings.dataDir,
          DATABASE_URL: settings.databaseUrl ?? '',
        },
        timeout: 30_000,
      });
    const results = await Promise.all([openIn(), openIn(), openIn()]);
    expect(results.map((r) => r.stdout)).toEqual(['opened\n', 'opened\n', 'opened\n']);
    const s = await store(engine, settings);
    expect(await s.list()).toHaveLength(3);
  });

  it('imports the first version’s JSON-lines files once, keeping ids and sent state', async () => {
    const settings = await freshSettings(engine);
    cpSync(FIXTURE, join(settings.dataDir, 'contact'), { recursive: true });
    const imports: unknown[] = [];
    const s = await openContactStore(settings, { onImport: (r) => imports.push(r) });
    open.push(s);
    expect(imports).toEqual([
      {
        file: join(settings.dataDir, 'contact/messages.jsonl'),
        messages: 3,
        sent: 2,
        damagedLines: 1,
      },
    ]);
    const rows = await s.list();
    expect(rows.map((r) => [r.id, r.status, r.sentAt])).toEqual([
      ['0b7e1c2a-1111-4a4a-9b9b-000000000001', 'sent', '2026-03-10T13:00:05.000Z'],
      ['0b7e1c2a-1111-4a4a-9b9b-000000000002', 'pending', undefined],
      ['0b7e1c2a-1111-4a4a-9b9b-000000000003', 'sent', '2026-03-12T09:15:04.000Z'],
    ]);
    expect(rows[0]?.message).toBe('Parabrisas para Gol Trend 2015.\n¿Tienen stock?');
    const contactDir = join(settings.dataDir, 'contact');
    expect(existsSync(join(contactDir, 'messages.jsonl'))).toBe(false);
    expect(readFileSync(join(contactDir, 'messages.jsonl.imported'), 'utf8')).toBe(
      readFileSync(join(FIXTURE, 'messages.jsonl'), 'utf8'),
    );
    expect(existsSync(join(contactDir, 'deliveries.jsonl.imported'))).toBe(true);

    // The pending one is sent meanwhile; then a crash between commit and rename is
    // simulated by putting the old files back: the import repeats harmlessly.
    await s.markSent('0b7e1c2a-1111-4a4a-9b9b-000000000002', new Date('2026-11-22T10:00:00.000Z'));
    cpSync(FIXTURE, contactDir, { recursive: true });
    const restarted = await store(engine, settings);
    const after = await restarted.list();
    expect(after).toHaveLength(3);
    expect(after.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
  });
});

describe('the SQLite file', () => {
  it('is DATA_DIR/contact/messages.sqlite, owner-only, and DATA_DIR defaults to data/', async () => {
    const s = await store('sqlite');
    const file = s.location;
    expect(file).toMatch(/\/contact\/messages\.sqlite$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(file, '..')).mode & 0o777).toBe(0o700);
    expect(storeSettingsFrom({}, '/srv/app')).toEqual({
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
    });
    expect(() => storeSettingsFrom({ DATABASE_URL: 'mysql://x' }, '/srv/app')).toThrow(
      /postgres:\/\//,
    );
  });

  it('on a full disk refuses the message and leaves nothing half-written', async () => {
    const temp = tempDataDir();
    try {
      cpSync(FIXTURE, join(temp.dir, 'contact'), { recursive: true });
      await openContactStore({ dataDir: temp.dir, databaseUrl: undefined }).then((s) => s.close());
      const { store: s, db } = await openSqliteStore(temp.dir);
      await fillSqliteDisk(db);
      const big = 'x'.repeat(4_000);
      let stored = 0;
      let failure: unknown;
      for (let n = 1; n <= 50 && !failure; n++) {
        try {
          await s.insert({ ...message(n), message: big });
          stored++;
        } catch (error) {
          failure = error;
        }
      }
      expect(String(failure)).toMatch(/full/i);
      const rows2 = await s.list();
      expect(rows2).toHaveLength(3 + stored);
      expect(rows2.every((r) => r.message === big || r.id.startsWith('0b7e1c2a'))).toBe(true);
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
      expect(check.rows[0]?.integrity_check).toBe('ok');
      await s.close();
    } finally {
      temp.remove();
    }
  });
});

describe('validation details', () => {
  it('turns line breaks in a name into spaces (no header tricks in the e-mail subject)', () => {
    const result = validateContact({
      name: 'Ana\r\nBcc: otro@example.com',
      email: 'ana@gmail.com',
      message: 'hola',
      website: '',
    });
    expect(result).toMatchObject({ ok: true, contact: { name: 'Ana Bcc: otro@example.com' } });
  });

  it('drops control characters from the message but keeps line breaks and tabs', () => {
    const result = validateContact({
      name: 'Ana',
      email: 'ana@gmail.com',
      message: ' uno\r\n\tdos\u0007\u001b[2J ',
      website: '',
    });
    expect(result).toMatchObject({ ok: true, contact: { message: 'uno\n\tdos[2J' } });
  });
});

describe('rate limit key', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:a:b:1:2:3:4', '2001:db8:a:b::/64'],
    ['2001:db8::1', '2001:db8::/64'],
    [undefined, 'unknown'],
  ])('counts %s as %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});
