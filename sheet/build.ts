/** The whole pipeline without side effects: CSV bytes → validated catalogue and its JSON text. */
import {
  buildCatalogue,
  catalogueSchema,
  serializeCatalogue,
  type BuildStamp,
  type Catalogue,
} from '../catalogue/schema.ts';
import { decodeBytes, detectBinary } from './decode.ts';
import { problems, type Problem } from './problems.ts';
import { parsePriceSheet } from './validate.ts';

export type BuildResult =
  { ok: true; catalogue: Catalogue; json: string } | { ok: false; problems: Problem[] };

export function buildFromCsv(bytes: Uint8Array, stamp: BuildStamp): BuildResult {
  const binary = detectBinary(bytes);
  if (binary === 'binary') return { ok: false, problems: [problems.notText()] };
  if (binary) return { ok: false, problems: [problems.excelFile(binary)] };

  const sheet = parsePriceSheet(decodeBytes(bytes).text, stamp.builtAt);
  if (!sheet.ok) return { ok: false, problems: sheet.problems };

  const catalogue = buildCatalogue(sheet.rows, stamp);
  // The server refuses to start on an invalid catalogue: never write one.
  const checked = catalogueSchema.safeParse(catalogue);
  if (!checked.success) {
    const detail = checked.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    return { ok: false, problems: [problems.invalidCatalogue(detail)] };
  }
  return { ok: true, catalogue, json: serializeCatalogue(catalogue) };
}
