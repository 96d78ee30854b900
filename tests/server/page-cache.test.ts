import { describe, expect, it } from 'vitest';
import { hasPending, pageKey, PageCache, type CachedPage } from '../../server/page-cache.ts';
import { prepareResponse } from '../../server/prepared-response.ts';
import { asGiven, onlyValue, type PageIdentity } from '../../client/page-identity.ts';
import { canonicalAlbums } from '../../client/gallery/types.ts';

async function page(
  body: string,
  sources: CachedPage['sources'] = new Set(),
  searchParams: PageIdentity['searchParams'] = {},
): Promise<CachedPage> {
  return { response: await prepareResponse(200, {}, body), sources, searchParams };
}

describe('pageKey', () => {
  it('keeps only the parameters the page reads, in the route’s order', () => {
    const albums = { albumes: canonicalAlbums };
    expect(pageKey('/', albums, 'utm_source=whatsapp&fbclid=abc')).toBe('/');
    expect(pageKey('/', albums, 'x=1&albumes=10')).toBe('/?albumes=10');
    expect(pageKey('/p', { b: asGiven, a: asGiven }, 'a=1&b=2&c=3')).toBe('/p?b=2&a=1');
    expect(pageKey('/p', {}, 'a=1')).toBe('/p');
    expect(pageKey('/p', { a: asGiven }, '')).toBe('/p');
  });

  it('gives every spelling of a value the page reads its one canonical form', () => {
    const albums = { albumes: canonicalAlbums };
    for (const junk of ['01', '1x', '5', '-3', 'abc', '', '0x10', '2']) {
      expect(pageKey('/', albums, `albumes=${junk}`), junk).toBe('/');
    }
    for (const ten of ['10', '010', '6', '7abc', '9.5', '10&albumes=15']) {
      expect(pageKey('/', albums, `albumes=${ten}`), ten).toBe('/?albumes=10');
    }
    expect(pageKey('/', albums, 'albumes=99999')).toBe('/?albumes=1000');
    const sent = { enviado: onlyValue('1') };
    expect(pageKey('/contact', sent, 'enviado=1')).toBe('/contact?enviado=1');
    expect(pageKey('/contact', sent, 'enviado=yes')).toBe('/contact');
  });
});

describe('PageCache', () => {
  it('builds a page once for concurrent requests and finds it by path, ignoring other parameters', async () => {
    const cache = new PageCache();
    let builds = 0;
    const build = async () => {
      builds += 1;
      return page('home', new Set(), { albumes: canonicalAlbums });
    };
    const [a, b] = await Promise.all([
      cache.getOrBuild('/', '/', build),
      cache.getOrBuild('/', '/', build),
    ]);
    expect(builds).toBe(1);
    expect(a).toBe(b);
    expect(cache.get('/', 'utm_source=x&fbclid=1')).toBe(a);
    expect(cache.get('/', 'albumes=10')).toBeUndefined();
    expect(cache.get('/otra', '')).toBeUndefined();
  });

  it('does not keep what the build says is not cacheable', async () => {
    const cache = new PageCache();
    expect(await cache.getOrBuild('/', '/', async () => undefined)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('invalidates exactly the pages that read a source', async () => {
    const cache = new PageCache();
    await cache.getOrBuild('/', '/', () => page('home', new Set(['catalogue', 'gallery'])));
    await cache.getOrBuild('/p', '/p', () => page('product', new Set(['catalogue'])));
    await cache.getOrBuild('/about', '/about', () => page('about'));
    expect(cache.invalidate('gallery')).toBe(1);
    expect(cache.get('/', '')).toBeUndefined();
    expect(cache.get('/p', '')).toBeDefined();
    expect(cache.invalidate('catalogue')).toBe(1);
    expect(cache.get('/p', '')).toBeUndefined();
    expect(cache.get('/about', '')).toBeDefined();
  });

  it('does not keep a page built from data invalidated while it was being built', async () => {
    const cache = new PageCache();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const building = cache.getOrBuild('/p', '/p', async () => {
      await gate;
      return page('old price', new Set(['catalogue']));
    });
    cache.invalidate('catalogue');
    release();
    expect(await building).toBeDefined();
    expect(cache.get('/p', '')).toBeUndefined();
  });

  it('stays within its byte budget, least recently used out first', async () => {
    const big = 'x'.repeat(20_000);
    const one = await page(`${big}1`);
    const cache = new PageCache({ maxBytes: one.response.bytes * 2 + 10 });
    await cache.getOrBuild('/a', '/a', async () => one);
    await cache.getOrBuild('/b', '/b', () => page(`${big}2`));
    expect(cache.get('/a', '')).toBeDefined(); // /a is now the most recent
    await cache.getOrBuild('/c', '/c', () => page(`${big}3`));
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(one.response.bytes * 2 + 10);
    expect(cache.get('/b', '')).toBeUndefined();
    expect(cache.get('/a', '')).toBeDefined();
    expect(cache.get('/c', '')).toBeDefined();
  });
});

describe('prepareResponse', () => {
  it('gives each representation its own strong ETag, and the same page the same ones', async () => {
    const a = await prepareResponse(200, {}, '<p>hola</p>');
    const b = await prepareResponse(200, {}, '<p>hola</p>');
    const c = await prepareResponse(200, {}, '<p>chau</p>');
    const etags = (r: typeof a) => [
      r.identity.etag,
      r.compressed?.br.etag,
      r.compressed?.gzip.etag,
    ];
    expect(new Set(etags(a)).size).toBe(3);
    for (const tag of etags(a)) expect(tag).toMatch(/^"[^"]+"$/);
    expect(etags(b)).toEqual(etags(a));
    expect(c.identity.etag).not.toBe(a.identity.etag);
    expect(a.headers.Vary).toBe('Accept-Encoding');
  });

  it('keeps bytes that are compressed already as they are: one representation, no Vary', async () => {
    const webp = await prepareResponse(200, {}, Buffer.from('RIFF....WEBP'), { compress: false });
    expect(webp.compressed).toBeUndefined();
    expect(webp.identity.etag).toMatch(/^"[^"]+"$/);
    expect(webp.headers.Vary).toBeUndefined();
  });
});

describe('hasPending', () => {
  it('finds a promise in a route’s loader data', () => {
    expect(hasPending({ root: { siteUrl: 'x' }, home: { gallery: { status: 'ready' } } })).toBe(
      false,
    );
    expect(hasPending({ slow: { data: Promise.resolve(1) } })).toBe(true);
    expect(hasPending({ slow: Promise.resolve(1) })).toBe(true);
  });
});
