import { describe, expect, it } from 'vitest';
import { altText, DEFAULT_ALT, toAlbum } from '../../../server/instagram/map.ts';
import { redact } from '../../../server/instagram/redact.ts';
import type { MediaItem } from '../../../server/instagram/client.ts';

const album: MediaItem = {
  id: '18000000000000001',
  media_type: 'CAROUSEL_ALBUM',
  caption: '  Parabrisas nuevo para Fiat Cronos  ',
  permalink: 'https://www.instagram.com/p/ABC/',
};
const img = (id: string, media_url?: string) => ({ id, media_type: 'IMAGE', media_url });

describe('toAlbum', () => {
  it('keeps the first two usable children, a video by its thumbnail', () => {
    const result = toAlbum(album, [
      {
        id: '1',
        media_type: 'VIDEO',
        media_url: 'https://cdn.test/v.mp4',
        thumbnail_url: 'https://cdn.test/v.jpg',
      },
      img('2', 'https://cdn.test/2.jpg'),
      img('3', 'https://cdn.test/3.jpg'),
    ]);
    expect(result?.photos.map((p) => p.url)).toEqual([
      'https://cdn.test/v.jpg',
      'https://cdn.test/2.jpg',
    ]);
    expect(result?.id).toBe('18000000000000001');
    expect(result?.caption).toBe('Parabrisas nuevo para Fiat Cronos');
    expect(result?.photos[0]?.alt).toBe('Parabrisas nuevo para Fiat Cronos (foto 1 de 2)');
  });

  it('skips a child without a usable image URL', () => {
    const result = toAlbum(album, [
      img('1'),
      { id: '2', media_type: 'VIDEO', media_url: 'https://cdn.test/v.mp4' },
      img('3', 'javascript:alert(1)'),
      img('4', 'https://cdn.test/4.jpg'),
    ]);
    expect(result?.photos).toEqual([
      { id: '4', url: 'https://cdn.test/4.jpg', alt: 'Parabrisas nuevo para Fiat Cronos' },
    ]);
  });

  it('gives no album when no child has an image', () => {
    expect(toAlbum(album, [])).toBeUndefined();
    expect(toAlbum(album, [img('1')])).toBeUndefined();
  });

  it('never links anywhere but http(s)', () => {
    const result = toAlbum({ ...album, permalink: 'javascript:alert(1)' }, [
      img('1', 'https://cdn.test/1.jpg'),
    ]);
    expect(result?.permalink).toBe('https://www.instagram.com/');
  });
});

describe('altText', () => {
  it('uses the caption, whitespace collapsed, at most 120 characters', () => {
    const long = `Polarizado   completo\n\n${'de un auto muy lindo '.repeat(20)}`;
    const alt = altText(long);
    expect(alt.startsWith('Polarizado completo de un auto')).toBe(true);
    expect(alt.length).toBeLessThanOrEqual(120);
    expect(alt.endsWith('…')).toBe(true);
  });

  it('falls back to a description of the shop', () => {
    expect(altText(undefined)).toBe(DEFAULT_ALT);
    expect(altText('   ')).toBe(DEFAULT_ALT);
  });
});

describe('redact', () => {
  it('removes the token and any access_token parameter', () => {
    const text = 'GET /me/media?access_token=abc123&x=1 failed for abc123';
    expect(redact(text, 'abc123')).toBe(
      'GET /me/media?access_token=[redacted]&x=1 failed for [redacted]',
    );
    expect(redact('https://x/?access_token=zzz', undefined)).toBe(
      'https://x/?access_token=[redacted]',
    );
  });
});
