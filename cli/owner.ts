/**
 * Who may enter the owner's panel, and the shop's facts, from the server (also on a
 * production install):
 *   npm run owner -- invite <email> [--nombre "..."] | link <email> | list | revoke <email>
 *   npm run owner -- facts show | set <archivo.json> [--probar] | history   (cli/owner-facts.ts)
 * A link is printed alone on its own line, starting with SITE_URL, to copy into WhatsApp.
 * Reads the same database as the server: SQLite in DATA_DIR, or PostgreSQL with DATABASE_URL.
 *   0  done     1  no such person, or facts refused     2  wrong command, or the database cannot be opened
 */
import { projectRootOf } from '../catalogue/file.ts';
import { openDatabase } from '../store/open.ts';
import { createPanelStore, PANEL_LINKS, panelLinkUrl, type PanelStore } from '../store/panel.ts';
import type { SiteDatabase } from '../store/schema.ts';
import { storeSettingsFrom } from '../store/settings.ts';
import { isEntry, spanishProgram, usageOutcome, UsageError } from './owner-shell.ts';
import { addFactsCommands, FactsRefused } from './owner-facts.ts';

const RUN = 'npm run owner --';
const EXIT = { ok: 0, notFound: 1, usage: 2 } as const;

const PROGRAM_HELP = `
Las personas que pueden entrar al panel de la web (/panel). Cada una entra con su
propia llave de acceso (huella, cara o PIN de su teléfono); si la pierde, con un enlace.

Ejemplos:
  ${RUN} invite ana@gmail.com --nombre "Ana"   enlace de invitación (24 horas)
  ${RUN} link ana@gmail.com                    enlace para entrar (15 minutos, una vez)
  ${RUN} list                                  quiénes tienen acceso
  ${RUN} revoke ana@gmail.com                  le saca el acceso y cierra sus sesiones
  ${RUN} facts show > datos.json               los datos del negocio publicados (JSON)
  ${RUN} facts set datos.json                  revisa y publica los datos del negocio

Los enlaces empiezan con SITE_URL (la dirección pública de la web): configurala igual que
para el servidor. Resultado (código de salida): 0 salió bien; 1 esa persona no tiene
acceso, o los datos del negocio tienen problemas; 2 el comando está mal escrito o no se
pudo abrir la base de datos.
`;

type Io = {
  stdout: (t: string) => void;
  stderr: (t: string) => void;
  env: NodeJS.ProcessEnv;
  now?: () => Date;
};

class NotFound extends Error {}

function parseEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    throw new UsageError(`Hace falta una dirección de e-mail, como ana@gmail.com (no "${value}").`);
  }
  return email;
}

/** SITE_URL as the server reads it (server/config.ts): else http://localhost:PORT. */
function siteUrlOf(env: NodeJS.ProcessEnv): string {
  const given = env.SITE_URL?.trim();
  if (given) {
    try {
      const url = new URL(given);
      if (url.protocol === 'https:' || url.protocol === 'http:') return given.replace(/\/+$/, '');
    } catch {
      // refused below
    }
    throw new UsageError(`SITE_URL no es una dirección web (https://...): "${given}".`);
  }
  return `http://localhost:${env.PORT?.trim() || '3000'}`;
}

export async function runOwnerCli(argv: readonly string[], io: Io): Promise<number> {
  const now = io.now ?? (() => new Date());
  let database: SiteDatabase | undefined;
  const openSite = async (): Promise<SiteDatabase> =>
    (database ??= await openDatabase(
      storeSettingsFrom(
        { DATA_DIR: io.env.DATA_DIR, DATABASE_URL: io.env.DATABASE_URL },
        projectRootOf(import.meta.url),
      ),
    ));
  const open = async (): Promise<PanelStore> => createPanelStore(await openSite());
  const log = (store: PanelStore, action: string, detail: string) =>
    store.logActivity({
      at: now().toISOString(),
      actor: undefined,
      action,
      detail,
      client: 'servidor (npm run owner)',
    });

  const program = spanishProgram(RUN, 'Acceso al panel de la web.', io).addHelpText(
    'after',
    PROGRAM_HELP,
  );

  program
    .command('invite')
    .argument('<email>', 'la dirección de e-mail de la persona')
    .option('--nombre <nombre>', 'cómo se llama (se ve en el panel)')
    .summary('da acceso e imprime un enlace de invitación')
    .description(
      'Da acceso al panel a esa dirección e imprime un enlace de invitación (sirve una vez, durante 24 horas) para crear su llave de acceso. Si ya tenía acceso, imprime un enlace nuevo.',
    )
    .action(async (value: string, options: { nombre?: string }) => {
      const email = parseEmail(value);
      const siteUrl = siteUrlOf(io.env);
      const store = await open();
      const { person, created } = await store.grantAccess(email, options.nombre?.trim(), now());
      const token = await store.createToken('invite', person.id, now(), PANEL_LINKS.invite.ttlMs);
      await log(store, 'invitación', `${email}${created ? '' : ' (enlace nuevo)'}`);
      io.stderr(
        `${created ? 'Invité a' : 'Enlace nuevo para'} ${email}. Mandale este enlace (sirve una vez, durante 24 horas):\n`,
      );
      io.stdout(`${panelLinkUrl(siteUrl, 'invite', token)}\n`);
    });

  program
    .command('link')
    .argument('<email>', 'la dirección de e-mail de la persona')
    .summary('imprime un enlace para entrar (si perdió su llave)')
    .description(
      'Imprime un enlace para entrar al panel sin llave de acceso (sirve una vez, durante 15 minutos): para quien perdió el teléfono o todavía no creó su llave.',
    )
    .action(async (value: string) => {
      const email = parseEmail(value);
      const siteUrl = siteUrlOf(io.env);
      const store = await open();
      const person = await store.findPerson(email);
      if (!person || person.revokedAt) {
        throw new NotFound(
          `${email} no tiene acceso al panel. Para dárselo: ${RUN} invite ${email}`,
        );
      }
      const token = await store.createToken(
        'sign-in',
        person.id,
        now(),
        PANEL_LINKS['sign-in'].ttlMs,
      );
      await log(store, 'enlace de entrada', email);
      io.stderr(`Enlace para que ${email} entre (sirve una vez, durante 15 minutos):\n`);
      io.stdout(`${panelLinkUrl(siteUrl, 'sign-in', token)}\n`);
    });

  program
    .command('list')
    .summary('muestra quiénes tienen acceso')
    .action(async () => {
      const people = await (await open()).listPeople(now());
      if (people.length === 0) {
        io.stdout(`Nadie tiene acceso al panel todavía. Para dar acceso: ${RUN} invite <email>\n`);
        return;
      }
      for (const p of people) {
        const state = p.revokedAt
          ? 'sin acceso (revocado)'
          : `${p.passkeys} llave${p.passkeys === 1 ? '' : 's'}, ${p.sessions} sesi${p.sessions === 1 ? 'ón abierta' : 'ones abiertas'}`;
        io.stdout(`${p.email}${p.name ? ` (${p.name})` : ''}: ${state}\n`);
      }
    });

  program
    .command('revoke')
    .argument('<email>', 'la dirección de e-mail de la persona')
    .summary('saca el acceso y cierra todas sus sesiones')
    .description(
      'Le saca el acceso al panel: cierra todas sus sesiones y anula sus enlaces y llaves. Para devolvérselo: invite.',
    )
    .action(async (value: string) => {
      const email = parseEmail(value);
      const store = await open();
      const person = await store.revoke(email, now());
      if (!person) throw new NotFound(`${email} no tenía acceso al panel.`);
      await log(store, 'acceso revocado', email);
      io.stdout(`${email} ya no puede entrar al panel: cerré sus sesiones y anulé sus enlaces.\n`);
    });

  addFactsCommands(program, {
    run: RUN,
    database: openSite,
    panel: open,
    now,
    stdout: io.stdout,
    stderr: io.stderr,
  });

  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof NotFound || error instanceof FactsRefused) {
      io.stderr(`${error.message}\n`);
      return EXIT.notFound;
    }
    const usage = usageOutcome(
      error,
      argv,
      RUN,
      io.stderr,
      'Falta el comando: invite, link, list, revoke o facts.',
    );
    if (usage !== undefined) return usage;
    io.stderr(
      `No se pudo abrir o leer la base de datos del sitio: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return EXIT.usage;
  } finally {
    await database?.close();
  }
}

if (isEntry(import.meta.url)) {
  process.exitCode = await runOwnerCli(process.argv.slice(2), {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
  });
}
