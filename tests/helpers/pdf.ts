/**
 * Reading a PDF the site made, as a person would: its text (pdfjs-dist, Mozilla's reader), and
 * its page rendered by poppler's `pdftoppm` (Debian's poppler-utils) with the QR code read off
 * the picture (jsqr): what a phone's camera would get from the printed page.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type PdfFacts = {
  readonly pages: number;
  readonly text: string;
  readonly pageSize: number[];
};

/** The text of every page, items joined by spaces (no-break spaces kept as spaces). */
export async function readPdf(bytes: Uint8Array): Promise<PdfFacts> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const texts: string[] = [];
  let pageSize: number[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    if (n === 1) pageSize = page.view.slice(2).map((v) => Math.round(v));
    const content = await page.getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return { pages: pdf.numPages, text: texts.join('\n').replace(/\s+/g, ' '), pageSize };
}

/** The first page as a PNG at `dpi` (pdftoppm), for the eye or for the QR reader. */
export function renderFirstPage(bytes: Uint8Array, dpi = 100): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), bytes);
    execFileSync(
      'pdftoppm',
      [
        '-png',
        '-r',
        String(dpi),
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        join(dir, 'doc.pdf'),
        join(dir, 'page'),
      ],
      { timeout: 30_000 },
    );
    return readFileSync(join(dir, 'page.png'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of the QR code found on the rendered first page, or undefined. */
export async function readQr(bytes: Uint8Array): Promise<string | undefined> {
  const png = renderFirstPage(bytes, 150);
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
  );
  return found?.data;
}
