import { Outlet, useLoaderData, useLocation } from 'react-router-dom';
import { panelPaths } from '../paths.ts';
import { panelNav } from './nav.ts';
import { PanelForm } from './PanelForm.tsx';
import { usePanelShopName } from './PanelMeta.tsx';
import type { privateLoader } from './layout-loaders.ts';

/** The signed-in panel's layout: who, the screens, sign out; phone first (390 px). */
export function PanelShell() {
  const { person } = useLoaderData<typeof privateLoader>();
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
                  {entry.label}
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
