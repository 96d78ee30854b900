/** Datos del negocio with no section chosen: each section as published, with a link to change it. */
import type { ReactNode } from 'react';
import { formatDateAR } from '../../../catalogue/validity.ts';
import { hoursForPeople } from '../../content/hours.ts';
import { feeLabel } from '../../content/zones.ts';
import { placeNames } from '../../content/booking.ts';
import { SECTION_TITLES, SECTIONS } from '../../facts/changes.ts';
import { type FactsDocument, type FactsSection } from '../../facts/document.ts';
import { formatCuit } from '../../facts/cuit.ts';
import { panelPaths } from '../../paths.ts';
import { sectionPath } from '../business-form.ts';
import { PanelMeta } from '../PanelMeta.tsx';
import { TITLE } from './controls.tsx';

/** Each section as it is published, with a link to change it. */
export function Overview({
  document,
  published,
  today,
}: {
  document: FactsDocument;
  published: number | null;
  today: string;
}) {
  const { contact, fiscal, booking, privacy } = document;
  const coming = document.closedDays.filter((d) => d.date >= today);
  const upcoming = coming.slice(0, 3);
  const summary: Record<FactsSection, ReactNode> = {
    contact: (
      <>
        <p>{contact.name}</p>
        <p>
          {contact.phone}
          {contact.whatsapp ? ` · WhatsApp ${contact.whatsapp}` : ''} · {contact.email}
        </p>
        <p>
          {contact.address.street}, {contact.address.locality}, {contact.address.region}
        </p>
      </>
    ),
    fiscal: (
      <p>
        {fiscal.razonSocial} · CUIT {formatCuit(fiscal.cuit)} · {fiscal.ivaCondition}
      </p>
    ),
    hours: (
      <ul>
        {hoursForPeople(document.hours).map((h) => (
          <li key={h.days}>
            {h.days}: {h.hours}
          </li>
        ))}
      </ul>
    ),
    closedDays: (
      <p>
        {coming.length === 0
          ? 'Ningún día por venir en la lista.'
          : `Los próximos: ${upcoming.map((d) => `${formatDateAR(d.date)} (${d.name})`).join(', ')}${coming.length > upcoming.length ? ` y ${coming.length - upcoming.length} más.` : '.'}`}
      </p>
    ),
    zones: (
      <ul>
        {document.zones.map((zone) => (
          <li key={zone.locality}>
            {zone.locality}: {feeLabel(zone.fee)}
          </li>
        ))}
      </ul>
    ),
    booking: (
      <p>
        {placeNames.taller}: {booking.placesPerWindow.taller} por horario · {placeNames.domicilio}:{' '}
        {booking.placesPerWindow.domicilio} por horario
      </p>
    ),
    privacy: (
      <p>
        Mensajes: {privacy.contactMessagesDays} días · Turnos: {privacy.bookingsDays} días ·{' '}
        {privacy.responsible.name}
      </p>
    ),
    counters: (
      <p>{document.counters.map((c) => `+${c.value} ${c.label}`).join(' · ') || 'Ninguno.'}</p>
    ),
  };
  return (
    <>
      <PanelMeta title={TITLE} />
      <h1>{TITLE}</h1>
      {published ? (
        <p className="panel-notice" role="status">
          {`Publicado: versión ${published}. El sitio ya muestra los datos nuevos.`}
        </p>
      ) : null}
      <p>
        Todo lo que el sitio dice del negocio. Elegí qué cambiar: vas a ver qué cambia y en qué
        páginas antes de publicar. <a href={panelPaths.businessHistory}>Historial</a>
      </p>
      <ol className="panel-list">
        {SECTIONS.map((section) => (
          <li key={section} className="panel-card">
            <h2 id={`resumen-${section}`}>{SECTION_TITLES[section]}</h2>
            {summary[section]}
            <p>
              <a
                className="button button-small button-outline"
                href={sectionPath(section)}
                aria-describedby={`resumen-${section}`}
              >
                Cambiar
              </a>
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}
