import { describe, expect, it } from 'vitest';
import { figuresCsv, figuresFileName } from '../../../server/demand/stats-export.ts';
import { FIGURE_TABLES, type DemandFigures } from '../../../client/panel/demand-figures.ts';

const figures: DemandFigures = {
  period: 30,
  from: '2026-10-25',
  to: '2026-11-23',
  models: [{ key: '/x', label: '=HYPERLINK("http://evil.example")', count: 1234 }],
  versions: [],
  whatsapp: [],
  notFound: [{ key: 'parabrisas/a/b', label: '-cmd|calc', count: 2 }],
  quotes: [],
  conversion: [{ key: '/x', label: 'Parabrisas Ñandú', views: 8, clicks: 1 }],
  daily: [{ day: '2026-11-23', views: 1234, clicks: 5 }],
};
const table = (id: string) => {
  const found = FIGURE_TABLES.find((t) => t.id === id);
  if (!found) throw new Error(id);
  return found;
};

describe('the figures as CSV', () => {
  it('Excel es-AR shape: BOM, semicolons, CRLF, plain numbers, formulas neutralised', () => {
    expect(figuresCsv(table('modelos'), figures)).toBe(
      '\uFEFF"Modelo";"Vistas"\r\n"\'=HYPERLINK(""http://evil.example"")";"1234"\r\n',
    );
    expect(figuresCsv(table('no-encontrados'), figures)).toContain('"\'-cmd|calc";"2"');
    expect(figuresCsv(table('conversion'), figures)).toBe(
      '\uFEFF"Modelo";"Vistas";"Clics";"Clics por vista"\r\n"Parabrisas Ñandú";"8";"1";"12,5"\r\n',
    );
    expect(figuresCsv(table('por-dia'), figures)).toContain('"23/11/2026";"1234";"5"');
    expect(figuresCsv(table('versiones'), figures)).toBe('\uFEFF"Versión";"Vistas"\r\n');
  });

  it('names the file after the table and the period', () => {
    expect(figuresFileName(table('whatsapp'), figures)).toBe(
      'estadisticas-whatsapp-2026-10-25-a-2026-11-23.csv',
    );
  });
});
