/**
 * When the committed catalogue was built: `SOURCE_DATE_EPOCH=1795348800 npm run catalogue --
 * build catalogue/precios.csv` rebuilds it byte for byte (tests/cli/catalogue-cli.int.test.ts).
 */
export const SAMPLE_EPOCH = 1795348800;
export const SAMPLE_BUILT_AT = new Date(SAMPLE_EPOCH * 1000);
/** The stamp the CLI uses by default (30 days), at the sample's build time. */
export const SAMPLE_STAMP = { builtAt: SAMPLE_BUILT_AT, validDays: 30 } as const;
/** The clock of test apps: a day after the sample was built, well within its validity. */
export const TEST_NOW = new Date('2026-11-23T15:00:00Z');
