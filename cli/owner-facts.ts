/**
 * `npm run owner -- facts show | set <archivo.json> [--probar] | history`: the shop's facts
 * from the server, also on a production install, through the same checks and the same store
 * as the panel's "Datos del negocio" (client/facts/, store/facts.ts): a running site follows
 * a version published here within seconds. docs/decisions/2026-11-28-shop-facts.md.
 */
import type { Command } from 'commander';
import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describeChanges, summarizeChanges } from '../client/facts/changes.ts';
import { defaultDocument } from '../client/facts/defaults.ts';
import {
  checkFactsJson,
  ordered,
  serializeFacts,
  type FactsDocument,
} from '../client/facts/document.ts';
import { createFactsQueries, type FactsQueries } from '../store/facts.ts';
import type { PanelStore } from '../store/panel.ts';
import type { SiteDatabase } from '../store/schema.ts';
import { ownerCwd, UsageError } from './owner-shell.ts';

/** A facts file larger than this is not the shop's facts. */
const FILE_LIMIT = 256 * 1024;

/** The facts were refused (problems in the file, or someone published meanwhile): exit status 1. */
export class FactsRefused extends Error {}

export type FactsCliDeps = {
  readonly run: string;
  readonly database: () => Promise<SiteDatabase>;
  readonly panel: () => Promise<PanelStore>;
  readonly now: () => Date;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
};

const CLIENT = 'servidor (npm run owner)';

/** An ordinary space for the no-break one in amounts: some Windows consoles garble U+00A0. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

/** The newest version that reads as valid facts, or the first version (0). */
async function live(queries: FactsQueries): Promise<{ seq: number; document: FactsDocument }> {
  const found = await queries.newestReadable((version) => {
    const checked = checkFactsJson(version.body);
    return checked.ok ? checked.document : undefined;
  });
  return found
    ? { seq: found.version.seq, document: found.value }
    : { seq: 0, document: defaultDocument };
}

async function readBounded(path: string): Promise<string> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch {
    throw new UsageError(`No encuentro el archivo ${path}.`);
  }
  try {
    const buffer = Buffer.alloc(FILE_LIMIT + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > FILE_LIMIT)
      throw new FactsRefused(
        `El archivo pasa de ${FILE_LIMIT / 1024} KB: no son los datos del negocio.`,
      );
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

export function addFactsCommands(program: Command, deps: FactsCliDeps): void {
  const { run } = deps;
  const facts = program
    .command('facts')
    .summary('muestra o cambia los datos del negocio (como "Datos del negocio" del panel)')
    .description(
      `Los datos del negocio que muestra el sitio: contacto, identidad fiscal, horarios, días sin atención, zonas, turnos, privacidad y contadores.\n  ${run} facts show > datos.json      los datos publicados, en JSON\n  ${run} facts set datos.json --probar qué cambiaría, sin publicar\n  ${run} facts set datos.json         revisa y publica (el sitio lo muestra en segundos)\n  ${run} facts history                 las versiones publicadas`,
    );

  facts
    .command('show')
    .summary('imprime los datos publicados, en JSON')
    .action(async () => {
      const queries = createFactsQueries(await deps.database());
      const { seq, document } = await live(queries);
      deps.stderr(
        seq === 0
          ? 'Versión 0: todavía no se publicaron datos, el sitio muestra los de fábrica.\n'
          : `Versión ${seq}.\n`,
      );
      deps.stdout(`${JSON.stringify(document, null, 2)}\n`);
    });

  facts
    .command('set')
    .argument('<archivo>', 'un JSON como el que imprime "facts show"')
    .option('--probar', 'muestra qué cambiaría, sin publicar')
    .summary('revisa un archivo de datos y lo publica')
    .action(async (file: string, options: { probar?: boolean }) => {
      const path = resolve(ownerCwd('owner'), file);
      const checked = checkFactsJson(await readBounded(path));
      if (!checked.ok) {
        const lines = checked.problems.map((p) => `  ${p.path || '(el archivo)'}: ${p.message}`);
        throw new FactsRefused(
          `El archivo tiene ${checked.problems.length === 1 ? 'un problema' : `${checked.problems.length} problemas`}; no se publicó nada:\n${lines.join('\n')}`,
        );
      }
      const database = await deps.database();
      const queries = createFactsQueries(database);
      const current = await live(queries);
      const expectedSeq = await queries.latestSeq();
      const document = ordered(checked.document);
      const sections = describeChanges(current.document, document);
      if (sections.length === 0) {
        deps.stdout('No cambia nada: son los datos publicados.\n');
        return;
      }
      for (const section of sections) {
        deps.stdout(`${section.title}:\n`);
        for (const change of section.changes) deps.stdout(`  - ${plain(change)}\n`);
        deps.stdout(`  Se ve en: ${section.pages}.\n`);
      }
      if (options.probar) {
        deps.stdout('Prueba: no se publicó nada.\n');
        return;
      }
      const summary = summarizeChanges(sections);
      const outcome = await queries.publish({
        body: serializeFacts(document),
        expectedSeq,
        publishedAt: deps.now().toISOString(),
        publishedBy: CLIENT,
        source: 'cli',
        summary,
        restoredFrom: undefined,
      });
      if (!outcome.ok)
        throw new FactsRefused(
          'Alguien publicó otros datos mientras tanto: no se publicó nada. Miralos con "facts show" y probá de nuevo.',
        );
      await (
        await deps.panel()
      ).logActivity({
        at: deps.now().toISOString(),
        actor: undefined,
        action: 'datos del negocio publicados',
        detail: `versión ${outcome.entry.seq}: ${summary}`,
        client: CLIENT,
      });
      deps.stdout(
        `Publicada la versión ${outcome.entry.seq}: el sitio la muestra en unos segundos.\n`,
      );
    });

  facts
    .command('history')
    .summary('las versiones publicadas, la más nueva primero')
    .action(async () => {
      const entries = await createFactsQueries(await deps.database()).list();
      if (entries.length === 0) {
        deps.stdout(
          'Todavía no se publicaron datos: el sitio muestra los de fábrica (versión 0).\n',
        );
        return;
      }
      for (const e of entries)
        deps.stdout(
          `${e.seq}  ${e.publishedAt}  ${e.publishedBy} (${e.source})  ${plain(e.summary)}\n`,
        );
    });
}
