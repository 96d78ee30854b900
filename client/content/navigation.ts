import { homeSections, paths } from '../paths.ts';

/** The navigation entries: sections of the home page, with the labels the specification gives. */
export const navEntries = [
  { id: homeSections.top, label: 'Inicio', mobileLabel: 'Home' },
  { id: homeSections.services, label: 'Lo que ofrecemos', mobileLabel: 'Lo que ofrecemos' },
  { id: homeSections.latestWork, label: 'Testimonios', mobileLabel: 'Testimonios' },
  { id: homeSections.faq, label: 'Preguntas Frecuentes', mobileLabel: 'Preguntas Frecuentes' },
  { id: homeSections.location, label: 'Contacto', mobileLabel: 'Contacto' },
] as const;

export type SectionId = (typeof navEntries)[number]['id'];

export const SCROLL_TO_TOP_THRESHOLD_PX = 600;

/** The answer pages, reached from the home page, the footer and the product pages (not the navigation). */
export const answerLinks = [
  { path: paths.repairOrReplace, label: '¿Reparar o cambiar el parabrisas?' },
  { path: paths.insurance, label: 'Cambialo con tu seguro' },
  { path: paths.warranty, label: 'Garantía y cuidados' },
  { path: paths.homeInstallation, label: 'Colocación a domicilio: zonas' },
  { path: paths.tint, label: 'Polarizado: qué permite la ley' },
] as const;
