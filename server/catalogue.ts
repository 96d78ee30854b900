import { readFileSync } from 'node:fs';
import { catalogueSchema, type Catalogue } from '../catalogue/schema.ts';
import { createCatalogueLookup, type CatalogueLookup } from '../catalogue/lookup.ts';
import { whatsappPurchaseLink } from '../client/content/business.ts';
import { catalogueHash } from '../store/catalogues.ts';

export class CatalogueError extends Error {}

const REBUILD = 'Rebuild it with: npm run catalogue -- build catalogue/precios.csv';

/** A validated catalogue as the site serves it. */
export type LoadedCatalogue = {
  readonly lookup: CatalogueLookup;
  /** sha256 of the file's bytes (hex, first 16 characters): which file is live. */
  readonly hash: string;
  /** When the CLI built it (ISO instant). */
  readonly builtAt: string;
};

/** The lookup with the shop's default purchase link (WhatsApp, from the business module). */
export function catalogueLookup(catalogue: Catalogue): CatalogueLookup {
  return createCatalogueLookup(catalogue, whatsappPurchaseLink);
}

/** Which catalogue is live: the same hash the catalogue store keeps (store/catalogues.ts). */
export function contentHash(bytes: Uint8Array): string {
  return catalogueHash(bytes);
}

export type ParsedCatalogue =
  { ok: true; catalogue: LoadedCatalogue } | { ok: false; reason: string };

/** File bytes → a validated catalogue, or why not (one line: it goes into one log line). */
export function parseCatalogue(bytes: Uint8Array): ParsedCatalogue {
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    return {
      ok: false,
      reason: `not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  const parsed = catalogueSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.')}: ${i.message}`)
      .join('; ');
    return { ok: false, reason: `invalid: ${problems}` };
  }
  return {
    ok: true,
    catalogue: {
      lookup: catalogueLookup(parsed.data),
      hash: contentHash(bytes),
      builtAt: parsed.data.actualizado,
    },
  };
}

/**
 * Reads and validates the generated catalogue at start. The server refuses to start on an
 * invalid one, with a message that says what to do.
 */
export function loadCatalogue(file: string): LoadedCatalogue {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new CatalogueError(
      `Cannot read the catalogue ${file}: ${error instanceof Error ? error.message : String(error)}. ${REBUILD}`,
    );
  }
  const parsed = parseCatalogue(bytes);
  if (!parsed.ok) throw new CatalogueError(`The catalogue ${file} is ${parsed.reason}. ${REBUILD}`);
  return parsed.catalogue;
}
