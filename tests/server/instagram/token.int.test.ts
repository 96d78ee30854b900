import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInstagramClient } from '../../../server/instagram/client.ts';
import { createTokenStore } from '../../../server/instagram/token.ts';
import {
  FAKE_TOKEN,
  startFakeInstagram,
  type FakeInstagram,
} from '../../helpers/fake-instagram.ts';
import { captureLogs, feedFor, LEVEL, sleep, stopAll, testClock } from '../../helpers/instagram.ts';

let fake: FakeInstagram;
let dir: string;
beforeAll(async () => {
  fake = await startFakeInstagram({ albums: 3 });
  dir = mkdtempSync(join(tmpdir(), 'ig-token-'));
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  stopAll();
  await sleep(20);
  fake.requests.length = 0;
  fake.setMode('ok');
});

const DAY = 86_400_000;
const renewals = () => fake.count('/refresh_access_token');
const tokensUsed = () =>
  fake.requests.filter((r) => r.path === '/me/media').map((r) => r.params.get('access_token'));

describe('long-lived token renewal', () => {
  it('renews after a good fetch, keeps the new token in a 0600 file, and uses it', async () => {
    const file = join(dir, 'a', 'instagram-token.json');
    const clock = testClock(Date.now());
    const { feed, logs } = feedFor(fake, {
      renewToken: true,
      tokenFile: file,
      now: clock.now,
      cacheSeconds: 0.1,
    });
    await feed.snapshot({ waitMs: 5_000 });
    await vi.waitFor(() => expect(statSync(file).isFile()).toBe(true));
    expect(renewals()).toBe(1);
    const renewed = fake.issuedTokens[0] ?? '';
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = readFileSync(file, 'utf8');
    expect(saved).toContain(renewed);
    expect(saved).not.toContain(FAKE_TOKEN);

    await sleep(150);
    await feed.snapshot();
    await feed.idle();
    expect(tokensUsed()).toEqual([FAKE_TOKEN, renewed]);
    expect(renewals()).toBe(1); // not again within 24 h

    clock.advance(DAY + 1);
    await sleep(150);
    await feed.snapshot();
    await feed.idle();
    await vi.waitFor(() => expect(renewals()).toBe(2));
    for (const line of logs.lines) {
      expect(line).not.toContain(FAKE_TOKEN);
      expect(line).not.toContain(renewed);
    }
  });

  it('a restart keeps the renewed token; a new token from the environment wins', async () => {
    const file = join(dir, 'b.json');
    const first = createTokenStore({ token: FAKE_TOKEN, file, logger: captureLogs().logger });
    const client = createInstagramClient({
      apiUrl: fake.url,
      getToken: first.get,
      timeoutMs: 2_000,
    });
    await first.renewIfDue(client);
    const renewed = first.get();
    expect(renewed).not.toBe(FAKE_TOKEN);

    const restarted = createTokenStore({ token: FAKE_TOKEN, file, logger: captureLogs().logger });
    expect(restarted.get()).toBe(renewed);
    await restarted.renewIfDue(client); // renewed moments ago: not due
    expect(renewals()).toBe(1);

    const replaced = createTokenStore({
      token: 'new-env-token',
      file,
      logger: captureLogs().logger,
    });
    expect(replaced.get()).toBe('new-env-token');
  });

  it('a failed renewal is logged without the token and retried hours later, not at once', async () => {
    fake.setMode('server-error');
    const clock = testClock();
    const { logger, lines, records } = captureLogs();
    const store = createTokenStore({ token: FAKE_TOKEN, logger, now: clock.now });
    const client = createInstagramClient({
      apiUrl: fake.url,
      getToken: store.get,
      timeoutMs: 2_000,
    });
    await store.renewIfDue(client);
    await store.renewIfDue(client);
    expect(renewals()).toBe(1);
    expect(store.get()).toBe(FAKE_TOKEN);
    expect(records().filter((r) => r.level === LEVEL.warn)).toHaveLength(1);
    expect(lines.join('')).not.toContain(FAKE_TOKEN);
    clock.advance(6 * 60 * 60_000 + 1);
    await store.renewIfDue(client);
    expect(renewals()).toBe(2);
  });

  it('ignores an unreadable token file', () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{not json');
    const store = createTokenStore({ token: FAKE_TOKEN, file, logger: captureLogs().logger });
    expect(store.get()).toBe(FAKE_TOKEN);
  });

  it('renewToken: false never calls the renewal endpoint', async () => {
    const { feed } = feedFor(fake, { renewToken: false });
    // A good fetch: what triggers a renewal when renewToken is true.
    expect((await feed.snapshot({ waitMs: 5_000 })).status).toBe('ready');
    await feed.idle();
    await sleep(50);
    expect(fake.count('/me/media')).toBeGreaterThan(0);
    expect(renewals()).toBe(0);
  });
});
