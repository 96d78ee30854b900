/** The preview of a section's change, in words, with the pages that show it, and its Publicar form. */
import { type FactsSection } from '../../facts/document.ts';
import { sectionPath } from '../business-form.ts';
import type { FactsPreview } from '../facts-types.ts';
import { PanelForm } from '../PanelForm.tsx';

export type PreviewData = FactsPreview & {
  /** The version previewed against: Publicar needs it still the newest. */
  readonly base: number;
  /** The section as checked, JSON: what Publicar publishes. */
  readonly draft: string;
};

export function Preview({
  section,
  preview,
  stale,
}: {
  section: FactsSection;
  preview: PreviewData;
  stale: boolean;
}) {
  const changes = preview.sections.length > 0;
  return (
    <section className="panel-card" aria-labelledby="vista-previa">
      <h2 id="vista-previa">Vista previa</h2>
      {stale ? (
        <p className="panel-notice" role="alert">
          Mientras revisabas, alguien publicó otros datos del negocio. No se publicó nada: esta
          vista previa ya compara con lo que está en el sitio ahora. Revisala y publicá de nuevo.
        </p>
      ) : null}
      {changes ? null : <p>No cambia nada: es igual a lo que está publicado.</p>}
      {preview.sections.map((s) => (
        <div key={s.section}>
          <h3>{s.title}</h3>
          <ul>
            {s.changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
          <p className="panel-hint">Se ve en: {s.pages}.</p>
        </div>
      ))}
      {preview.warnings.length > 0 ? (
        <div className="panel-notice" role="status">
          <h3>Tené en cuenta</h3>
          <ul>
            {preview.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {changes ? (
        <PanelForm action={sectionPath(section)}>
          <input type="hidden" name="accion" value="publicar" />
          <input type="hidden" name="base" value={preview.base} />
          <input type="hidden" name="borrador" value={preview.draft} />
          <p>
            Al publicar, el sitio muestra estos datos en unos segundos. Podés volver atrás desde el
            historial.
          </p>
          <button type="submit" className="button button-primary">
            Publicar
          </button>
        </PanelForm>
      ) : null}
    </section>
  );
}
