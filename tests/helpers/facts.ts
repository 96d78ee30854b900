/**
 * Datos del negocio as the owner uses it, for route tests: the form of a section filled from
 * the live facts with some fields changed, "Ver los cambios", then "Publicar" with what the
 * preview carries.
 *
 *   const owner = await signIn();
 *   await publishFacts(owner, site, 'zones', { 'zones.3.fee.amount': '18.000' });
 */
import type { FactsSection } from '../../client/facts/document.ts';
import { defaultDocument } from '../../client/facts/defaults.ts';
import {
  formValues,
  rowCount,
  ROWS_FIELD,
  sectionPath,
  type FormValues,
} from '../../client/panel/business-form.ts';
import type { Site } from '../../server/site.ts';
import { decodeEntities } from './html.ts';
import type { PanelSession } from './panel.ts';

/** A section's form as the page shows it, with `changes` typed over it. */
export function sectionForm(
  site: Site,
  section: FactsSection,
  changes: FormValues = {},
): Record<string, string> {
  const live = site.factsStore?.document() ?? defaultDocument;
  const values = { ...formValues(section, live), ...changes };
  return { ...values, [ROWS_FIELD]: String(rowCount(section, values)) };
}

/** A hidden field's value in a page's HTML (React escapes attribute values). */
export function hiddenValue(html: string, name: string): string {
  const value = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)"`).exec(html)?.[1];
  if (value === undefined) throw new Error(`no hidden field ${name}`);
  return decodeEntities(value);
}

/** "Ver los cambios": the preview page (200), or the form with its problems (422). */
export function previewFacts(
  owner: PanelSession,
  site: Site,
  section: FactsSection,
  changes: FormValues,
) {
  return owner.post(sectionPath(section), {
    ...sectionForm(site, section, changes),
    accion: 'revisar',
  });
}

/** "Publicar" of a preview page's form. */
export function publishPreview(owner: PanelSession, section: FactsSection, previewHtml: string) {
  return owner.post(sectionPath(section), {
    accion: 'publicar',
    base: hiddenValue(previewHtml, 'base'),
    borrador: hiddenValue(previewHtml, 'borrador'),
  });
}

/** Preview, then publish: the 303's location. */
export async function publishFacts(
  owner: PanelSession,
  site: Site,
  section: FactsSection,
  changes: FormValues,
): Promise<string> {
  const preview = await previewFacts(owner, site, section, changes).expect(200);
  const published = await publishPreview(owner, section, preview.text).expect(303);
  return String(published.headers.location);
}
