import { Outlet, useLoaderData, useLocation } from 'react-router-dom';
import { panelPaths } from '../paths.ts';
import { panelNav, type PanelNavEntry } from './nav.ts';
import { WAITING_WORDS, type WaitingCounts } from './waiting.ts';
import { PanelForm } from './PanelForm.tsx';
import { usePanelShopName } from './PanelMeta.tsx';
import type { privateLoader } from './layout-loaders.ts';

/**
 * The signed-in panel's layout: who, the screens (with what waits in each), sign out. Phone
 * first: at 390 px the nav is one row that scrolls sideways, the current screen first in it
 * by CSS alone (client/styles/app.css, .panel-nav).
 */
export function PanelShell() {
  const { person, waiting } = useLoaderData<typeof privateLoader>();
  const { pathname } = useLocation();
  return (
    <div className="panel">
      <a className="skip-link" href="#panel-contenido">
        Ir al contenido
      </a>
      <header className="panel-header">
        <p className="panel-brand">
          Panel · <span>{usePanelShopName()}</span>
        </p>
        <div className="panel-who">
          <span className="panel-person">{person.name || person.email}</span>
          <PanelForm action={panelPaths.signOut} className="panel-inline-form">
            <button type="submit" className="panel-link-button">
              Cerrar sesión
            </button>
          </PanelForm>
        </div>
        <nav aria-label="Panel" className="panel-nav">
          <ul>
            {panelNav.map((entry) => (
              <li key={entry.to}>
                <a
                  href={entry.to}
                  aria-current={
                    pathname === entry.to || pathname.startsWith(`${entry.to}/`)
                      ? 'page'
                      : undefined
                  }
                >
                  <NavLabel entry={entry} waiting={waiting} />
                </a>
              </li>
            ))}
            <li>
              <a
                href={panelPaths.account}
                aria-current={pathname === panelPaths.account ? 'page' : undefined}
              >
                Mi acceso
              </a>
            </li>
          </ul>
        </nav>
      </header>
      <main id="panel-contenido" className="panel-main">
        <Outlet />
      </main>
    </div>
  );
}

/** "Mensajes 2" to the eye, "Mensajes, 2 sin leer" to a screen reader; the name alone when nothing waits. */
function NavLabel({ entry, waiting }: { entry: PanelNavEntry; waiting: WaitingCounts }) {
  const count = entry.counts ? waiting[entry.counts] : 0;
  if (!entry.counts || count === 0) return entry.label;
  return (
    <>
      {entry.label}
      <span className="panel-hidden">,</span> <span className="panel-count">{count}</span>
      <span className="panel-hidden"> {WAITING_WORDS[entry.counts]}</span>
    </>
  );
}
