/** The panel's navigation, in order (the daily screens first): one line per screen (its routes: client/panel/routes.tsx). */
import { panelPaths } from '../paths.ts';
import type { WaitingKind } from './waiting.ts';

export type PanelNavEntry = {
  readonly label: string;
  readonly to: string;
  /** What the entry counts when something waits ("Mensajes 2"). */
  readonly counts?: WaitingKind;
};

export const panelNav: readonly PanelNavEntry[] = [
  { label: 'Hoy', to: panelPaths.today },
  { label: 'Turnos', to: panelPaths.bookings },
  { label: 'Mensajes', to: panelPaths.messages, counts: 'messages' },
  { label: 'Presupuestos', to: panelPaths.quotes, counts: 'quotes' },
  { label: 'Opiniones', to: panelPaths.reviews, counts: 'reviews' },
  { label: 'Precios', to: panelPaths.prices },
  { label: 'Datos del negocio', to: panelPaths.business },
  { label: 'Estadísticas', to: panelPaths.stats },
  { label: 'Personas', to: panelPaths.people },
  { label: 'Actividad', to: panelPaths.activity },
  { label: 'Avisos', to: panelPaths.push },
];
