import '@vitejs/plugin-react/preamble';
import './styles/app.css';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { StaticRouterProvider } from 'react-router-dom';
import { Document } from './Document.tsx';
import { routes } from './routes.tsx';
import { createHydratedRouter } from './hydrated-router.ts';
import './hydration.ts';

const { router, context } = createHydratedRouter(routes);
const assets = window.__APP__?.assets ?? { styles: [], preloads: [] };

hydrateRoot(
  document,
  <StrictMode>
    <Document assets={assets}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Document>
  </StrictMode>,
);
