/**
 * Reads the text of a picture with Debian's `tesseract` (tests tagged 'tesseract', see
 * tests/helpers/tools.ts): what a person sees in a share picture, not what the SVG says.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The picture's text as tesseract reads it (English model: digits, $ and Latin letters). */
export async function readPictureText(png: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ocr-'));
  try {
    const file = join(dir, 'picture.png');
    await writeFile(file, png);
    const { stdout } = await run('tesseract', [file, 'stdout', '--psm', '3'], {
      timeout: 30_000,
      maxBuffer: 1024 * 1024,
    });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
