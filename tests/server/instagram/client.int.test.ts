import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createInstagramClient, InstagramError } from '../../../server/instagram/client.ts';
import {
  albumId,
  FAKE_TOKEN,
  startFakeInstagram,
  type FakeInstagram,
} from '../../helpers/fake-instagram.ts';
import { freePort } from '../../helpers/server.ts';

let fake: FakeInstagram;
beforeAll(async () => {
  fake = await startFakeInstagram({ albums: 12, pageSize: 10 });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.setMode({ mode: 'ok', delayMs: 0 });
  vi.restoreAllMocks();
});

const clientFor = (apiUrl: string, timeoutMs = 2_000) =>
  createInstagramClient({ apiUrl, getToken: () => FAKE_TOKEN, timeoutMs });

async function failure(promise: Promise<unknown>): Promise<InstagramError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InstagramError);
  expect((error as Error).message).not.toContain(FAKE_TOKEN);
  expect(JSON.stringify(error)).not.toContain(FAKE_TOKEN);
  return error as InstagramError;
}

describe('Instagram client against the fake API', () => {
  it('reads a page, keeps ids as strings and pages by cursor', async () => {
    const client = clientFor(fake.url);
    const first = await client.listMedia(undefined);
    expect(first.items).toHaveLength(10);
    expect(first.items[0]?.id).toBe(albumId(0));
    expect(first.after).toBeTruthy();
    const second = await client.listMedia(first.after);
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.after).toBeUndefined();
    const last = fake.requests.at(-1);
    expect(last?.path).toBe('/me/media');
    expect(last?.params.get('fields')).toBe('id,caption,media_type,media_url,permalink,timestamp');
    expect(last?.params.get('access_token')).toBe(FAKE_TOKEN);
  });

  it('classifies code 190 as an invalid token', async () => {
    fake.setMode('token-invalid');
    const error = await failure(clientFor(fake.url).listMedia(undefined));
    expect(error.kind).toBe('token-invalid');
    expect(error.details).toMatchObject({ code: 190, status: 400, subcode: 463 });
  });

  it('classifies code 4 (HTTP 403) as a rate limit', async () => {
    fake.setMode('rate-limit');
    const error = await failure(clientFor(fake.url).listChildren(albumId(0)));
    expect(error.kind).toBe('rate-limited');
    expect(error.details).toMatchObject({ code: 4, status: 403 });
  });

  it('reports a non-JSON 500 as a bad response', async () => {
    fake.setMode('server-error');
    const error = await failure(clientFor(fake.url).listMedia(undefined));
    expect(error.kind).toBe('bad-response');
    expect(error.message).toContain('non-JSON response (HTTP 500)');
  });

  it('gives up on a hanging API after its timeout', async () => {
    fake.setMode('hang');
    const started = Date.now();
    const error = await failure(clientFor(fake.url, 300).listMedia(undefined));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('stops when the caller aborts (refresh budget)', async () => {
    fake.setMode('hang');
    const started = Date.now();
    const error = await failure(
      clientFor(fake.url, 10_000).listMedia(undefined, AbortSignal.timeout(200)),
    );
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('reports a refused connection as a network error', async () => {
    const port = await freePort();
    const error = await failure(clientFor(`http://127.0.0.1:${port}`).listMedia(undefined));
    expect(error.kind).toBe('network');
    expect(error.message).toContain('ECONNREFUSED');
  });
});

describe('error classification by code, whatever the HTTP status', () => {
  const cases: [number, number, InstagramError['kind']][] = [
    [401, 190, 'token-invalid'],
    [400, 4, 'rate-limited'],
    [400, 17, 'rate-limited'],
    [403, 32, 'rate-limited'],
    [400, 613, 'rate-limited'],
    [400, 100, 'api'],
    [200, 2, 'api'],
  ];
  it.each(cases)('HTTP %i with code %i is %s', async (status, code, kind) => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({ error: { message: `boom ${FAKE_TOKEN}`, type: 'IGApiException', code } }),
        { status },
      ),
    );
    const error = await failure(clientFor('https://graph.instagram.test').listMedia(undefined));
    expect(error.kind).toBe(kind);
    expect(error.message).toContain('[redacted]');
  });

  it('an HTTP error without an error body is an API error', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 502 }));
    const error = await failure(clientFor('https://graph.instagram.test').listMedia(undefined));
    expect(error.kind).toBe('api');
  });

  it('a body without a data array is a bad response', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"items":[]}'));
    const error = await failure(clientFor('https://graph.instagram.test').listMedia(undefined));
    expect(error.kind).toBe('bad-response');
  });

  it('skips malformed items, including numeric ids that already lost precision', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        '{"data":[{"id":18000000000000001,"media_type":"IMAGE"},' +
          '{"id":"18000000000000003","media_type":"CAROUSEL_ALBUM"},{"media_type":"IMAGE"}]}',
      ),
    );
    const page = await clientFor('https://graph.instagram.test').listMedia(undefined);
    expect(page.items.map((i) => i.id)).toEqual(['18000000000000003']);
    expect(page.skipped).toBe(2);
  });

  it('never follows paging.next to another host: it builds the next URL from the cursor', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({
          data: [],
          paging: {
            cursors: { after: 'QVFI' },
            next: 'https://evil.test/me/media?access_token=x&after=QVFI',
          },
        }),
      ),
    );
    const client = clientFor('https://graph.instagram.test/v23.0');
    const page = await client.listMedia(undefined);
    expect(page.after).toBe('QVFI');
    fetchMock.mockResolvedValue(new Response('{"data":[]}'));
    await client.listMedia(page.after);
    const url = new URL(String(fetchMock.mock.calls[1]?.[0]));
    expect(url.origin + url.pathname).toBe('https://graph.instagram.test/v23.0/me/media');
    expect(url.searchParams.get('after')).toBe('QVFI');
  });
});
