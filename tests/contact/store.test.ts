import { afterAll, describe, expect, it } from 'vitest';
import { appendFileSync, readFileSync, statSync } from 'node:fs';
import { createContactStore, type StoredMessage } from '../../server/contact/store.ts';
import { clientKey, createRateLimiter } from '../../server/contact/rate-limit.ts';
import { validateContact } from '../../server/contact/validate.ts';
import { tempDataDir } from './support.ts';

const dirs: Array<{ remove(): void }> = [];
afterAll(() => dirs.forEach((d) => d.remove()));

function store() {
  const temp = tempDataDir();
  dirs.push(temp);
  return createContactStore(temp.dir);
}

const message = (n: number): StoredMessage => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  receivedAt: new Date(Date.UTC(2026, 2, 14, 12, n)).toISOString(),
  name: `Cliente ${n}`,
  email: `c${n}@gmail.com`,
  message: `Consulta ${n}`,
});

describe('the message store', () => {
  it('appends one JSON line per message, readable back, in order, owner-only', async () => {
    const s = store();
    await Promise.all([1, 2, 3].map((n) => s.append(message(n))));
    const lines = readFileSync(s.messagesFile, 'utf8').split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe('');
    expect((await s.readMessages()).records).toEqual([message(1), message(2), message(3)]);
    expect(statSync(s.messagesFile).mode & 0o777).toBe(0o600);
    expect(statSync(s.dir).mode & 0o777).toBe(0o700);
  });

  it('tracks what was sent: pending is everything without a delivery line', async () => {
    const s = store();
    await s.append(message(1));
    await s.append(message(2));
    await s.markSent(message(1).id);
    expect((await s.pending()).map((m) => m.id)).toEqual([message(2).id]);
  });

  it('after a crash mid-line, the next message still lands on a line of its own', async () => {
    const s = store();
    await s.append(message(1));
    appendFileSync(s.messagesFile, '{"id":"cut-off-by-a-cra');
    const restarted = createContactStore(s.dir.replace(/\/contact$/, ''));
    await restarted.append(message(2));
    const { records, damagedLines } = await restarted.readMessages();
    expect(records).toEqual([message(1), message(2)]);
    expect(damagedLines).toBe(1);
  });

  it('refuses to store a record without an id or time', async () => {
    const s = store();
    await expect(s.append({ ...message(1), id: '' })).rejects.toThrow();
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

describe('rate limit', () => {
  it('allows max hits per window, then tells how long to wait, and forgets after the window', () => {
    let now = 1_000_000;
    const limiter = createRateLimiter({ max: 2, windowMs: 60_000 }, { now: () => now });
    expect(limiter.hit('a')).toEqual({ allowed: true });
    now += 10_000;
    expect(limiter.hit('a')).toEqual({ allowed: true });
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect(limiter.hit('b')).toEqual({ allowed: true });
    now += 50_001;
    expect(limiter.hit('a')).toEqual({ allowed: true });
  });

  it('stays bounded in memory', () => {
    const limiter = createRateLimiter({ max: 1, windowMs: 60_000 }, { maxKeys: 100 });
    for (let i = 0; i < 1000; i++) limiter.hit(`10.0.${i >> 8}.${i & 255}`);
    // The most recent client is still counted.
    expect(limiter.hit('10.0.3.231').allowed).toBe(false);
  });

  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:a:b:1:2:3:4', '2001:db8:a:b::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('counts %s as %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});
