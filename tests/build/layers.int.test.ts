import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.ts';

/** The import rules of eslint.config.js, run on a one-line file placed in each folder. */
async function layerErrors(file: string, importLine: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: projectRoot });
  const [result] = await eslint.lintText(`${importLine}\nexport const used = value;\n`, {
    filePath: `${projectRoot}/${file}`,
  });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe("the owner's facts: only the first version reads them from the content modules", () => {
  it.each([
    ['client/pages/wrong.tsx', "import { business as value } from '../content/business.ts';"],
    ['client/components/wrong.tsx', "import { zones as value } from '../content/zones.ts';"],
    [
      'client/booking/wrong.ts',
      "import { placesPerWindow as value } from '../content/booking.ts';",
    ],
    ['client/booking/wrong.ts', "import { whatToBring as value } from '../content/booking.ts';"],
    ['client/booking/wrong.ts', "import { jujuyDays as value } from '../content/holidays.ts';"],
    ['client/booking/wrong.ts', "import { puenteDays as value } from '../content/holidays.ts';"],
    ['server/wrong.ts', "import { privacy as value } from '../client/content/privacy.ts';"],
    [
      'server/bookings/wrong.ts',
      "import { business as value } from '../../client/content/business.ts';",
    ],
    ['tests/wrong.test.ts', "import { zones as value } from '../client/content/zones.ts';"],
  ])('%s: %s', async (file, line) => {
    expect(await layerErrors(file, line)).toEqual([expect.stringMatching(/published facts/)]);
  });

  it.each([
    ['client/facts/defaults.ts', "import { business as value } from '../content/business.ts';"],
    ['client/pages/right.tsx', "import { shopContent as value } from '../content/business.ts';"],
    ['client/pages/right.tsx', "import { zonesPage as value } from '../content/zones.ts';"],
    ['client/pages/right.tsx', "import { privacyPage as value } from '../content/privacy.ts';"],
  ])('%s may: %s', async (file, line) => {
    expect(await layerErrors(file, line)).toEqual([]);
  });
});

describe('layers: npm run lint refuses a wrong-way import', () => {
  it.each([
    ['catalogue/wrong.ts', "import { shopContent as value } from '../client/content/business.ts';"],
    ['catalogue/wrong.ts', "import { readConfig as value } from '../server/config.ts';"],
    ['client/wrong.ts', "import { readConfig as value } from '../server/config.ts';"],
    ['cli/wrong.ts', "import { readConfig as value } from '../server/config.ts';"],
    ['cli/wrong.ts', "import { shopContent as value } from '../client/content/business.ts';"],
    ['cli/wrong.ts', "import { useFacts as value } from '../client/pages/HomePage.tsx';"],
    ['client/pages/wrong.ts', "import { readConfig as value } from '../../server/config.ts';"],
    ['store/wrong.ts', "import { slugify as value } from '../catalogue/slug.ts';"],
    ['sheet/wrong.ts', "import { readConfig as value } from '../server/config.ts';"],
    ['sheet/wrong.ts', "import { runCli as value } from '../cli/run.ts';"],
    ['sheet/wrong.ts', "import { migrationProvider as value } from '../store/migrations.ts';"],
    ['catalogue/wrong.ts', "import { parsePrice as value } from '../sheet/price.ts';"],
    ['client/wrong.ts', "import { parsePrice as value } from '../sheet/price.ts';"],
    ['server/wrong.ts', "import { redirect as value } from 'react-router';"],
  ])('%s: %s', async (file, line) => {
    expect(await layerErrors(file, line)).toHaveLength(1);
  });

  it.each([
    ['client/right.ts', "import { slugify as value } from '../catalogue/slug.ts';"],
    ['cli/right.ts', "import { slugify as value } from '../catalogue/slug.ts';"],
    ['server/right.ts', "import { shopContent as value } from '../client/content/business.ts';"],
    ['cli/right.ts', "import { checkFacts as value } from '../client/facts/document.ts';"],
    ['sheet/right.ts', "import { slugify as value } from '../catalogue/slug.ts';"],
    ['cli/right.ts', "import { parsePrice as value } from '../sheet/price.ts';"],
    ['server/right.ts', "import { parsePrice as value } from '../sheet/price.ts';"],
    ['client/right.ts', "import { redirect as value } from 'react-router-dom';"],
    ['client/right.ts', "import { renderToString as value } from 'react-dom/server';"],
  ])('%s may: %s', async (file, line) => {
    expect(await layerErrors(file, line)).toEqual([]);
  });
});
