import { describe, expect, it } from 'vitest';
import type { DataRouteObject } from 'react-router-dom';
import { routes } from '../../client/routes.tsx';
import { junkPaths } from '../../server/junk-paths.ts';

const PUBLIC = ['favicon.svg', 'img', 'assets', 'logo.svg', 'og-image.jpg'];
const junk = junkPaths(routes, PUBLIC);

describe('junk paths: what only the catch-all 404 answers', () => {
  it.each([
    '/wp-login.php',
    '/.env',
    '/xmlrpc.php',
    '/wp-admin/setup-config.php',
    '/.git/config',
    '/cgi-bin/luci',
    '/%41dmin',
    '/Parabrisas-baratos',
    '/api.php',
    '/sitemap_index.xml',
    '/turnosx',
    '/favicon.ico',
    '/presupuestos',
    '/negocio',
  ])('%s is junk', (path) => expect(junk(path)).toBe(true));

  it.each([
    '/',
    '/turnos',
    '/TURNOS',
    '/%74urnos',
    '/turnos/turno/abc',
    '/parabrisa/x/y',
    '/parabrisas',
    '/luneta/a/b',
    '/buscar',
    '/reparar-o-cambiar',
    '/privacidad',
    '/contact',
    '/about',
    '/sitemap.xml',
    '/sitemap-3.xml',
    '/robots.txt',
    '/healthz',
    '/api/modelos/ford',
    '/api/cualquier-cosa',
    '/ir/whatsapp',
    '/fotos/x.webp',
    '/assets/x.js',
    '/img/x.png',
    '/favicon.svg',
    '/FAVICON.SVG',
    '/panel',
    '/PANEL/x',
    '/%70anel',
    // Issue 36's insurance quotes and issue 34's Datos del negocio.
    '/presupuesto',
    '/Presupuesto',
    '/presupuesto/P-2026-000123',
    '/presupuesto/P-2026-000123/abc/presupuesto-P-2026-000123.pdf',
    '/panel/negocio',
    '/panel/negocio/historial',
    '/panel/presupuestos/turno',
  ])('%s is the site’s', (path) => expect(junk(path)).toBe(false));

  it.each([
    '/x/../turnos',
    '/x/%2e%2e/turnos',
    '/x/./y',
    '//turnos',
    '/x\\..\\turnos',
    '/x%2fturnos',
    '/x%5cturnos',
    '/%',
    '/x/%E0%A4%A',
    '/%00',
    '/%E2%80%A9',
    '/a%0ab',
    '/#/turnos',
    '/x%23y',
    'turnos',
  ])('%s may be read another way: never junk here, the app answers', (path) =>
    expect(junk(path)).toBe(false),
  );

  it('a route whose first segment is dynamic: nothing is junk', () => {
    const dynamic: DataRouteObject[] = [{ id: 'lang', path: '/:lang/precios' }, ...routes];
    expect(junkPaths(dynamic, PUBLIC)('/wp-login.php')).toBe(false);
  });

  it('follows the routes it is given', () => {
    const extra: DataRouteObject[] = [{ id: 'x', path: '/wp-login.php' }, ...routes];
    expect(junkPaths(extra, PUBLIC)('/wp-login.php')).toBe(false);
    expect(junkPaths(extra, PUBLIC)('/xmlrpc.php')).toBe(true);
  });
});
