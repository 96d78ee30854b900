/** The whole pipeline without side effects: a sheet's bytes → validated catalogue and its JSON. */
import {
  buildCatalogue,
  catalogueSchema,
  serializeCatalogue,
  type BuildStamp,
  type Catalogue,
} from '../catalogue/schema.ts';
import { problems, type Problem } from './problems.ts';
import { readSheetFile, type FileKind, type ReadOptions } from './read.ts';
import { validateSheet } from './validate.ts';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export type BuildResult =
  | { ok: true; catalogue: Catalogue; json: string; kind: FileKind }
  | { ok: false; problems: Problem[] };

/** .xlsx or .csv bytes → the catalogue they describe, or every problem found. */
export async function buildFromFile(
  bytes: Uint8Array,
  stamp: BuildStamp,
  options: ReadOptions = {},
): Promise<BuildResult> {
  const read = await readSheetFile(bytes, options);
  if (!read.ok) return read;
  // Each step of a big sheet takes a few hundred ms: other requests are answered in between.
  await nextTurn();
  const sheet = validateSheet(read.sheet, stamp.builtAt);
  if (!sheet.ok) return { ok: false, problems: sheet.problems };
  await nextTurn();
  const catalogue = buildCatalogue(sheet.rows, stamp);
  await nextTurn();
  // The server refuses to start on an invalid catalogue: never write one.
  const checked = catalogueSchema.safeParse(catalogue);
  if (!checked.success) {
    const detail = checked.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    return { ok: false, problems: [problems.invalidCatalogue(detail)] };
  }
  return { ok: true, catalogue, json: serializeCatalogue(catalogue), kind: read.kind };
}
