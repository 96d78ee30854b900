/** The backup line's words (client/panel/BackupLine.tsx), for each state the schedule reports. */
import { describe, expect, it } from 'vitest';
import { backupLine, relativeWhen } from '../../../client/panel/BackupLine.tsx';

const NOW = new Date('2026-11-23T15:00:00Z'); // 12:00 in Jujuy

describe('the backup line', () => {
  it('names the day as the owner says it', () => {
    expect(relativeWhen('2026-11-23T06:00:00Z', NOW)).toBe('hoy 03:00');
    expect(relativeWhen('2026-11-23T02:59:00Z', NOW)).toBe('ayer 23:59');
    expect(relativeWhen('2026-11-20T06:00:00Z', NOW)).toBe('el 20/11 03:00');
  });

  it('the usual day, a copy too old, a failure, none yet, none at all, PostgreSQL', () => {
    const on = { state: 'on', newest: '2026-11-23T06:00:00Z', kept: 14, failure: null } as const;
    expect(backupLine(on, NOW)).toEqual({
      text: 'Última copia de seguridad: hoy 03:00, 14 guardadas.',
      problem: false,
    });
    expect(backupLine({ ...on, kept: 1 }, NOW).text).toBe(
      'Última copia de seguridad: hoy 03:00, 1 guardada.',
    );
    expect(backupLine({ ...on, newest: '2026-11-20T06:00:00Z' }, NOW)).toEqual({
      text: 'Última copia de seguridad: el 20/11 03:00, 14 guardadas. Hace más de dos días que no se hace ninguna. Avisale a quien administra el servidor.',
      problem: true,
    });
    const failure = { at: '2026-11-23T06:00:00Z', message: 'disco lleno' };
    expect(backupLine({ ...on, newest: '2026-11-22T06:00:00Z', failure }, NOW)).toEqual({
      text: 'Última copia de seguridad: ayer 03:00, 14 guardadas. La copia de seguridad de hoy 03:00 falló (disco lleno). Avisale a quien administra el servidor.',
      problem: true,
    });
    expect(backupLine({ ...on, newest: null, kept: 0 }, NOW)).toEqual({
      text: 'Todavía no hay copias de seguridad: la primera se hace en unos minutos.',
      problem: false,
    });
    expect(backupLine({ state: 'off' }, NOW).text).toMatch(
      /^No se están haciendo copias de seguridad\. Si el disco del servidor se rompe, se pierden/,
    );
    expect(backupLine({ state: 'off' }, NOW).problem).toBe(true);
    expect(backupLine({ state: 'external' }, NOW).problem).toBe(false);
  });

  it('a full disk comes first, highlighted, whatever the backups say', () => {
    const on = { state: 'on', newest: '2026-11-23T06:00:00Z', kept: 14, failure: null } as const;
    const full = backupLine({ ...on, diskFull: true }, NOW);
    expect(full.problem).toBe(true);
    expect(full.text).toMatch(
      /^El disco del servidor está lleno: la web se sigue viendo, pero no puede guardar turnos.*Última copia de seguridad: hoy 03:00, 14 guardadas\.$/,
    );
    expect(backupLine({ state: 'off', diskFull: true }, NOW).text).toMatch(
      /^El disco del servidor está lleno.*No se están haciendo copias de seguridad/,
    );
  });
});
