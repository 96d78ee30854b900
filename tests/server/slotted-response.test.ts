import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync, gzipSync } from 'node:zlib';
import {
  crc32Combine,
  crc32Shift,
  prepareSlotted,
  slottedChunks,
} from '../../server/slotted-response.ts';

const SLOT = 'S'.repeat(43);
const token = () => randomBytes(32).toString('base64url');

/** A page like the booking form: markup that repeats, accents, the slot twice. */
function page(rows: number): string {
  const row = (i: number) =>
    `<li class="booking-window"><label>Mañana ${i} · quedan 3 lugares</label></li>`;
  return [
    '<!DOCTYPE html><html lang="es-AR"><head><title>Pedí tu turno</title></head><body><ul>',
    ...Array.from({ length: rows }, (_, i) => row(i)),
    `</ul><form><input type="hidden" name="token" value="${SLOT}"/>`,
    ...Array.from({ length: rows }, (_, i) => row(i + rows)),
    `<a href="/turnos/turno/${SLOT}">enlace</a></form></body></html>`,
  ].join('');
}

describe('a page with a slot filled per response', () => {
  it.each([0, 1, 40, 2000])('gzip and identity give the page with the value (%i rows)', (rows) => {
    const html = page(rows);
    const prepared = prepareSlotted(200, {}, html, SLOT, token);
    expect(prepared.parts).toHaveLength(3);
    for (const value of [token(), token()]) {
      const expected = Buffer.from(html.split(SLOT).join(value), 'utf8');
      const bytes = Buffer.from(value, 'latin1');
      const identity = Buffer.concat(slottedChunks(prepared, bytes, false));
      const gzip = Buffer.concat(slottedChunks(prepared, bytes, true));
      expect(identity.equals(expected)).toBe(true);
      // gunzip checks the CRC-32 and the length in the trailer.
      expect(gunzipSync(gzip).equals(expected)).toBe(true);
      // The length sent, known when the page was prepared, is every value's.
      expect(prepared.identity.headers['Content-Length']).toBe(String(identity.length));
      expect(prepared.gzip.headers['Content-Length']).toBe(String(gzip.length));
    }
    expect(prepared.gzip.headers['Content-Encoding']).toBe('gzip');
    expect(prepared.identity.headers['Content-Encoding']).toBeUndefined();
  });

  it('later parts reach back across the slot: about the size of gzip on the whole page', () => {
    const html = page(200);
    const prepared = prepareSlotted(200, {}, html, SLOT, token);
    const gzip = Buffer.concat(slottedChunks(prepared, Buffer.from(token(), 'latin1'), true));
    const whole = gzipSync(html.split(SLOT).join(token()), { level: 6 });
    expect(gzip.length).toBeLessThan(whole.length + 200);
  });

  it('a page without the slot is one final part', () => {
    const prepared = prepareSlotted(200, {}, '<p>sin formulario</p>', SLOT, token);
    const gzip = Buffer.concat(slottedChunks(prepared, Buffer.alloc(0), true));
    expect(gunzipSync(gzip).toString()).toBe('<p>sin formulario</p>');
  });

  it('a part with zero bytes is compressed on its own, and still decodes', () => {
    const html = `a\u0000b${SLOT}aaaa\u0000bbbb${SLOT}a\u0000b`;
    const prepared = prepareSlotted(200, {}, html, SLOT, token);
    const value = token();
    const gzip = Buffer.concat(slottedChunks(prepared, Buffer.from(value, 'latin1'), true));
    expect(gunzipSync(gzip).toString()).toBe(html.split(SLOT).join(value));
  });

  it('refuses, when built, values that would not fit the slot', () => {
    expect(() => prepareSlotted(200, {}, `a${SLOT}b`, SLOT, () => 'corto')).toThrow();
    expect(() => prepareSlotted(200, {}, `a${SLOT}b`, SLOT, () => 'ñ'.repeat(43))).toThrow();
  });

  it('CRC-32 of two pieces combined is the CRC-32 of both', () => {
    for (const [a, b] of [
      [0, 0],
      [1, 1],
      [43, 20_000],
      [70_000, 3],
    ] as const) {
      const first = randomBytes(a);
      const second = randomBytes(b);
      expect(crc32Combine(crc32(first), crc32(second), crc32Shift(b))).toBe(
        crc32(Buffer.concat([first, second])),
      );
    }
  });
});
