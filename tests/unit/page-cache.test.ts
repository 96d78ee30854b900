import { describe, expect, it } from 'vitest';
import { hasPending, PageCache } from '../../server/page-cache.ts';

describe('PageCache', () => {
  it('fills each response with its own nonce', () => {
    const cache = new PageCache();
    const key = cache.key(200, '/', '{}');
    cache.set(key, `<script nonce="${cache.nonceSlot}"></script><link nonce="${cache.nonceSlot}">`);
    expect(cache.get(key, 'abc')).toBe('<script nonce="abc"></script><link nonce="abc">');
    expect(cache.get(key, 'xyz')).toBe('<script nonce="xyz"></script><link nonce="xyz">');
  });

  it('keys by status, URL and data', () => {
    const cache = new PageCache();
    const keys = new Set([
      cache.key(200, '/', '{"a":1}'),
      cache.key(404, '/', '{"a":1}'),
      cache.key(200, '/?x', '{"a":1}'),
      cache.key(200, '/', '{"a":2}'),
    ]);
    expect(keys.size).toBe(4);
  });

  it('drops the least recently used page beyond its size', () => {
    const cache = new PageCache(2);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a', 'n')).toBe('A'); // a is now the most recent
    cache.set('c', 'C');
    expect(cache.size).toBe(2);
    expect(cache.get('b', 'n')).toBeUndefined();
    expect(cache.get('a', 'n')).toBe('A');
    expect(cache.get('c', 'n')).toBe('C');
  });

  it('uses a different nonce slot per process start', () => {
    expect(new PageCache().nonceSlot).not.toBe(new PageCache().nonceSlot);
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
