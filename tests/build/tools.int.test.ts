/**
 * Each program the tagged tests need, working here (tests/helpers/tools.ts): skipped, and
 * counted at the end of the run, where it is missing; required with CI=true.
 */
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { nuErrors } from '../helpers/nu-checker.ts';
import { readPictureText } from '../helpers/ocr.ts';
import { renderFirstPage } from '../helpers/pdf.ts';
import PDFDocument from 'pdfkit';
import { drawShareCard } from '../../server/share/draw.ts';
import { shopCard } from '../../client/seo/share-card.ts';
import { defaultFacts } from '../../client/facts/defaults.ts';
import { mountTmpfs } from '../helpers/tmpfs.ts';

describe('the programs the tests need beyond Node', () => {
  it('Chromium starts and runs a page', { tags: ['chromium'] }, async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.setContent('<p id="p">hola</p>');
      expect(await page.locator('#p').textContent()).toBe('hola');
    } finally {
      await browser.close();
    }
  });

  it('the Nu HTML Checker runs on Java', { tags: ['java'] }, async () => {
    const valid =
      '<!doctype html><html lang="es"><head><title>Hola</title></head><body></body></html>';
    expect(await nuErrors({ valid, broken: valid.replace('<title>Hola</title>', '') })).toEqual([
      expect.stringMatching(
        /^broken\.html: Element .head. is missing a required instance of child element .title./,
      ),
    ]);
  });

  it('Tesseract reads a picture', { tags: ['tesseract'] }, async () => {
    const text = await readPictureText(await drawShareCard(shopCard(defaultFacts)));
    expect(text).toContain(defaultFacts.contact.name);
  });

  it('pdftoppm renders a PDF page', { tags: ['poppler'] }, async () => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    doc.text('hola').end();
    await ended;
    const png = renderFirstPage(Buffer.concat(chunks), 20);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('a small tmpfs mounts, fills to the last byte and empties', { tags: ['tmpfs'] }, () => {
    const disk = mountTmpfs(1024 * 1024);
    try {
      expect(disk.freeBytes()).toBeGreaterThan(900 * 1024);
      disk.fill();
      expect(disk.freeBytes()).toBe(0);
      disk.free();
      expect(disk.freeBytes()).toBeGreaterThan(900 * 1024);
    } finally {
      disk.unmount();
    }
  });

  it('PostgreSQL answers', { tags: ['postgres'] }, async () => {
    const client = new pg.Client({ connectionString: inject('postgresUrl') });
    await client.connect();
    try {
      expect((await client.query('select 1 + 1 as two')).rows).toEqual([{ two: 2 }]);
    } finally {
      await client.end();
    }
  });
});
