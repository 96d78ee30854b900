/**
 * The daily backup in one line, on the screens the owner opens most (Hoy, the panel's first
 * screen, and Mensajes): when the last copy was made and how many are kept, or that there is none
 * and what that risks, or that the last one failed; first of all, that the disk is full (the
 * site then stores nothing). State: server/backups.ts.
 */
import { SHOP_TIME_ZONE, shopDate } from '../../catalogue/validity.ts';
import type { BackupStatus } from './backup-types.ts';

/** Older than this, the newest copy is a problem (one is made every day). */
const STALE_MS = 2 * 24 * 60 * 60 * 1000;

const clock = new Intl.DateTimeFormat('es-AR', {
  timeZone: SHOP_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const day = new Intl.DateTimeFormat('es-AR', {
  timeZone: SHOP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
});

/** `hoy 03:00`, `ayer 03:00`, `26/11 03:00` (in Jujuy). */
export function relativeWhen(iso: string, now: Date): string {
  const at = new Date(iso);
  const today = shopDate(now);
  const yesterday = shopDate(new Date(now.getTime() - 24 * 60 * 60 * 1000));
  const date = shopDate(at);
  const prefix = date === today ? 'hoy' : date === yesterday ? 'ayer' : `el ${day.format(at)}`;
  return `${prefix} ${clock.format(at)}`;
}

export type BackupLineText = { readonly text: string; readonly problem: boolean };

const ASK = 'Avisale a quien administra el servidor.';
const RISK =
  'Si el disco del servidor se rompe, se pierden los mensajes, los turnos, los precios publicados y las llaves de acceso.';

const DISK_FULL =
  'El disco del servidor está lleno: la web se sigue viendo, pero no puede guardar turnos, presupuestos, mensajes, reseñas ni cambios del panel. Avisale ya a quien administra el servidor para que libere espacio; cuando lo haga, todo vuelve a funcionar solo.';

export function backupLine(status: BackupStatus, now: Date): BackupLineText {
  const line = backupOnlyLine(status, now);
  if (status.state === 'external' || !status.diskFull) return line;
  return { text: `${DISK_FULL} ${line.text}`, problem: true };
}

function backupOnlyLine(status: BackupStatus, now: Date): BackupLineText {
  if (status.state === 'external') {
    return {
      text: 'Copias de seguridad: los datos están en PostgreSQL; las copias las hace quien administra el servidor.',
      problem: false,
    };
  }
  if (status.state === 'off') {
    return {
      text: `No se están haciendo copias de seguridad. ${RISK} ${ASK}`,
      problem: true,
    };
  }
  const kept = `${status.kept} guardada${status.kept === 1 ? '' : 's'}`;
  const failed = status.failure
    ? `La copia de seguridad de ${relativeWhen(status.failure.at, now)} falló (${status.failure.message}). ${ASK}`
    : '';
  if (!status.newest) {
    return failed
      ? { text: `${failed} ${RISK}`, problem: true }
      : {
          text: 'Todavía no hay copias de seguridad: la primera se hace en unos minutos.',
          problem: false,
        };
  }
  const last = `Última copia de seguridad: ${relativeWhen(status.newest, now)}, ${kept}.`;
  if (failed) return { text: `${last} ${failed}`, problem: true };
  if (now.getTime() - Date.parse(status.newest) > STALE_MS) {
    return { text: `${last} Hace más de dos días que no se hace ninguna. ${ASK}`, problem: true };
  }
  return { text: last, problem: false };
}

export function BackupLine({ status, now }: { status: BackupStatus; now: string }) {
  const { text, problem } = backupLine(status, new Date(now));
  return (
    <p
      className={problem ? 'panel-backup panel-backup-problem' : 'panel-backup'}
      role={problem ? 'alert' : undefined}
    >
      {text}
    </p>
  );
}
