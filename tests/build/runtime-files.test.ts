/** The 'runtime' project's list names test files that exist, each once (tests/helpers/runtime-files.ts). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.ts';
import { runtimeFiles } from '../helpers/runtime-files.ts';

describe('the tests the second Node line runs', () => {
  it('are test files that exist, each named once', () => {
    expect(runtimeFiles.length).toBeGreaterThan(10);
    expect(
      runtimeFiles.filter(
        (file) => !/\.test\.tsx?$/.test(file) || !existsSync(join(projectRoot, file)),
      ),
    ).toEqual([]);
    expect(new Set(runtimeFiles).size).toBe(runtimeFiles.length);
  });
});
