import { describe, expect, it } from 'vitest';
import { isPublicAddress, photoHostKind } from '../../../server/instagram/photo-download.ts';

const API = 'https://graph.instagram.com';

describe('which hosts a photo may come from', () => {
  it.each([
    ['https://scontent.cdninstagram.com/v/t51/1.jpg?oe=1', 'cdn'],
    ['https://scontent-gru2-1.cdninstagram.com/v/1.jpg', 'cdn'],
    ['https://scontent.xx.fbcdn.net/v/1.jpg', 'cdn'],
    ['https://graph.instagram.com/cdn/1.jpg', 'api'],
    ['http://scontent.cdninstagram.com/v/1.jpg', undefined],
    ['https://cdninstagram.com.evil.example/1.jpg', undefined],
    ['https://evilcdninstagram.com/1.jpg', undefined],
    ['https://graph.instagram.com:8443/1.jpg', undefined],
    ['http://127.0.0.1:4010/cdn/1.jpg', undefined],
    ['https://169.254.169.254/latest/meta-data/', undefined],
  ] as const)('%s: %s', (url, kind) => {
    expect(photoHostKind(new URL(url), API)).toBe(kind);
  });

  it('takes the configured API origin as it is, scheme, host and port (a local fake in tests)', () => {
    const fake = 'http://127.0.0.1:4010';
    expect(photoHostKind(new URL(`${fake}/cdn/1.jpg`), fake)).toBe('api');
    expect(photoHostKind(new URL('http://127.0.0.1:4011/cdn/1.jpg'), fake)).toBeUndefined();
    expect(photoHostKind(new URL('https://127.0.0.1:4010/cdn/1.jpg'), fake)).toBeUndefined();
  });
});

describe('which addresses a CDN name may resolve to', () => {
  it.each([
    ['157.240.22.63', true],
    ['2a03:2880:f12f:83:face:b00c:0:25de', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.20.0.5', false],
    ['192.168.1.10', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fd00::2', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['64:ff9b::a00:1', false],
    ['not an address', false],
  ] as const)('%s: public %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
