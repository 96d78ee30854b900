/** The panel's navigation, in order: one line per screen (its routes: client/panel/routes.tsx). */
import { panelPaths } from '../paths.ts';

export type PanelNavEntry = { readonly label: string; readonly to: string };

export const panelNav: readonly PanelNavEntry[] = [
  { label: 'Mensajes', to: panelPaths.messages },
  { label: 'Precios', to: panelPaths.prices },
  { label: 'Turnos', to: panelPaths.bookings },
  { label: 'Opiniones', to: panelPaths.reviews },
  { label: 'Datos del negocio', to: panelPaths.business },
  { label: 'Presupuestos', to: panelPaths.quotes },
  { label: 'Estadísticas', to: panelPaths.stats },
  { label: 'Personas', to: panelPaths.people },
  { label: 'Actividad', to: panelPaths.activity },
  { label: 'Avisos', to: panelPaths.push },
];
