/**
 * Every test that needs Chromium, Java or PostgreSQL says so with its tag (tests/helpers/
 * tools.ts), or it would fail on a machine without them instead of being skipped and counted.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.ts';

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'helpers' || name === 'fixtures' ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(name) ? [relative(projectRoot, path)] : [];
  });
}

const files = testFiles(join(projectRoot, 'tests'))
  .filter((file) => file !== 'tests/build/tools.test.ts')
  .map((file) => ({ file, text: readFileSync(join(projectRoot, file), 'utf8') }));

/** The file is tagged, or a test or suite in it is (its options name the tag). */
function tagged(text: string, tag: string, constant?: string): boolean {
  return (
    new RegExp(`^// @module-tag ${tag}$`, 'm').test(text) ||
    text.includes(`tags: ['${tag}']`) ||
    (constant !== undefined && new RegExp(`\\b${constant}\\b`).test(text))
  );
}

describe('tests that need a program carry its tag', () => {
  it('every browser test file: chromium', () => {
    const browser = files.filter((f) => f.file.endsWith('.browser.test.ts'));
    expect(browser.length).toBeGreaterThan(5);
    expect(
      browser.filter((f) => !/^\/\/ @module-tag chromium$/m.test(f.text)).map((f) => f.file),
    ).toEqual([]);
  });

  it('every file that launches a browser, runs the Nu checker or uses PostgreSQL', () => {
    const untagged = files.flatMap(({ file, text }) => [
      ...(/launchBrowser|builtSite\(/.test(text) && !tagged(text, 'chromium')
        ? [`${file}: chromium`]
        : []),
      ...(/nuErrors\(/.test(text) && !tagged(text, 'java') ? [`${file}: java`] : []),
      ...(/readQr\(|renderFirstPage\(/.test(text) && !tagged(text, 'poppler')
        ? [`${file}: poppler`]
        : []),
      ...(/readPictureText\(/.test(text) && !tagged(text, 'tesseract')
        ? [`${file}: tesseract`]
        : []),
      ...(/mountTmpfs\(/.test(text) && !tagged(text, 'tmpfs') ? [`${file}: tmpfs`] : []),
      ...(/postgresUrl|freshSettings\('postgres'\)|inject\('postgresUrl'\)|\bENGINES\b/.test(
        text,
      ) && !tagged(text, 'postgres', 'POSTGRES|describeEngines')
        ? [`${file}: postgres`]
        : []),
    ]);
    expect(untagged).toEqual([]);
  });
});
