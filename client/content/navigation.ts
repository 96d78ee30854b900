/** The navigation entries (SPEC.md section 2): section ids on the home page. */
export const navEntries = [
  { id: 'home', label: 'Inicio', mobileLabel: 'Home' },
  { id: 'models', label: 'Lo que ofrecemos', mobileLabel: 'Lo que ofrecemos' },
  { id: 'testimonials', label: 'Testimonios', mobileLabel: 'Testimonios' },
  { id: 'faq', label: 'Preguntas Frecuentes', mobileLabel: 'Preguntas Frecuentes' },
  { id: 'contact', label: 'Contacto', mobileLabel: 'Contacto' },
] as const;

export type SectionId = (typeof navEntries)[number]['id'];

export const CATALOGUE_PATH = '/parabrisas';
export const SCROLL_TO_TOP_THRESHOLD_PX = 600;
