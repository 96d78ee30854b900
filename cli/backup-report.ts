/**
 * What the backup and restore commands share: where the data is (the same environment the
 * server reads) and how a backup's contents are told to the person who ran them.
 */
import { catalogueFileIn, projectRootOf } from '../catalogue/file.ts';
import { SHOP_TIME_ZONE } from '../catalogue/validity.ts';
import type { BackupContents, DataPlaces } from '../store/backup.ts';
import { storeSettingsFrom } from '../store/settings.ts';

export type Env = {
  readonly DATA_DIR?: string;
  readonly DATABASE_URL?: string;
  readonly CATALOGUE_FILE?: string;
  readonly BACKUP_DIR?: string;
};

/** DATA_DIR, CATALOGUE_FILE and DATABASE_URL as the server reads them. */
export function placesFrom(env: Env): DataPlaces & { readonly databaseUrl: string | undefined } {
  const root = projectRootOf(import.meta.url);
  const settings = storeSettingsFrom(env, root);
  return {
    dataDir: settings.dataDir,
    databaseUrl: settings.databaseUrl,
    catalogueFile: catalogueFileIn(root, env.CATALOGUE_FILE),
  };
}

/** The tables people know by name; others are shown by theirs. */
const TABLE_NAMES: Record<string, string> = {
  contact_messages: 'mensajes y avisos de turnos',
  bookings: 'turnos',
  panel_people: 'personas del panel',
  panel_passkeys: 'llaves de acceso',
  panel_activity: 'actividad del panel',
  catalogues: 'catálogos publicados en la base',
  demand_counts: 'conteos de las estadísticas',
};

const when = new Intl.DateTimeFormat('es-AR', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `28/11/2026, 03:00` in Jujuy. */
export function jujuyTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : when.format(date);
}

/** A few lines: the tables with rows, the files, and what is left out. */
export function describeContents(contents: BackupContents): string {
  const counted = contents.tables.filter((t) => t.rows > 0);
  const known = Object.entries(TABLE_NAMES).flatMap(([name, label]) => {
    const table = counted.find((t) => t.name === name);
    return table ? [`${label} ${table.rows}`] : [];
  });
  const others = counted.filter((t) => !(t.name in TABLE_NAMES)).map((t) => `${t.name} ${t.rows}`);
  const rows = [...known, ...(others.length > 0 ? [`otras tablas: ${others.join(', ')}`] : [])];
  const history = contents.files.filter(
    (f) => f.place === 'catalogue-history' && f.name !== 'historial.jsonl',
  );
  const files = [
    ...contents.files.filter((f) => f.place === 'catalogue').map((f) => `el catálogo (${f.name})`),
    ...(history.length > 0 ? [`${history.length} versiones del historial de precios`] : []),
    ...contents.files.filter((f) => f.place === 'data').map((f) => f.name),
  ];
  return [
    `  Base de datos (${contents.tables.length} tablas, esquema ${contents.schema || 'sin migraciones'}): ${rows.length > 0 ? rows.join(', ') : 'vacía'}.`,
    `  Archivos: ${files.length > 0 ? files.join(', ') : 'ninguno'}.`,
    '  Las fotos de la galería no se copian: se vuelven a bajar de Instagram.',
  ].join('\n');
}

/** `840 KB`, `12,3 MB`. */
export function fileSize(bytes: number): string {
  const format = (n: number) => n.toLocaleString('es-AR', { maximumFractionDigits: 1 });
  return bytes < 1024 * 1024 ? `${format(bytes / 1024)} KB` : `${format(bytes / 1024 / 1024)} MB`;
}
