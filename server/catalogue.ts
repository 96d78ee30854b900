import { readFileSync } from 'node:fs';
import { catalogueSchema } from '../catalogue/schema.ts';
import { createCatalogueLookup, type CatalogueLookup } from '../catalogue/lookup.ts';

export class CatalogueError extends Error {}

/**
 * Reads and validates the generated catalogue. The server refuses to start on an
 * invalid one (DESIGN.md decision 1), with a message that says what to do.
 */
export function loadCatalogue(file: string): CatalogueLookup {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CatalogueError(
      `Cannot read the catalogue ${file}: ${(error as Error).message}. Rebuild it with: npm run catalogue -- build catalogue/precios.csv`,
    );
  }
  const parsed = catalogueSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 20)
      .map((i) => `  ${i.path.join('.')}: ${i.message}`)
      .join('\n');
    throw new CatalogueError(
      `The catalogue ${file} is invalid:\n${problems}\nRebuild it with: npm run catalogue -- build catalogue/precios.csv`,
    );
  }
  return createCatalogueLookup(parsed.data);
}
