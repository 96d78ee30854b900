/**
 * Datos del negocio (`/panel/negocio`): every fact the site states about the shop, one section
 * at a time (`?seccion=zonas`), checked field by field in Spanish, previewed in words with the
 * pages that show it, published as a compare-and-set on the previewed version. Works without
 * JavaScript: "Ver los cambios" and "Publicar" are POSTs; rows are added, removed and moved
 * with plain form buttons. docs/decisions/2026-11-28-shop-facts.md.
 */
import { data, useActionData, useLoaderData } from 'react-router-dom';
import type { AppActionArgs, AppLoaderArgs } from '../app-context.ts';
import { addDays, shopDate } from '../../catalogue/validity.ts';
import { nationalHolidays } from '../booking/holidays.ts';
import { SECTION_TITLES } from '../facts/changes.ts';
import { checkFacts, ordered, type FactsDocument, type FactsSection } from '../facts/document.ts';
import { panelPaths, queryParams } from '../paths.ts';
import {
  checkSection,
  editRows,
  formValues,
  readForm,
  sectionOfSlug,
  type FormErrors,
  type FormValues,
} from './business-form.ts';
import { requirePanel, seeOther, type PanelContext } from './context.ts';
import type { ShopFactsService } from './facts-types.ts';
import { PanelMeta } from './PanelMeta.tsx';
import { Preview, type PreviewData } from './business/Preview.tsx';
import { TITLE, fieldId } from './business/controls.tsx';
import { SectionForm } from './business/SectionForm.tsx';
import { Overview } from './business/Overview.tsx';

const NOT_HERE =
  'Este sitio sirve datos fijos: los datos del negocio no se pueden publicar desde el panel.';

const who = (panel: PanelContext) => panel.person.name || panel.person.email;

export async function businessLoader({ request, context }: AppLoaderArgs) {
  const { facts } = requirePanel(context).services;
  const params = new URL(request.url).searchParams;
  const section = sectionOfSlug(params.get(queryParams.factsSection)) ?? null;
  const published = Number(params.get(queryParams.factsPublished));
  const live = facts?.live();
  const today = shopDate(context.now);
  const year = Number(today.slice(0, 4));
  return {
    available: live !== undefined,
    section,
    document: live?.document ?? null,
    today,
    published: Number.isInteger(published) && published > 0 ? published : null,
    // Read-only: the national holidays from today to a year ahead (date-holidays).
    holidays:
      section === 'closedDays'
        ? [...nationalHolidays(year), ...nationalHolidays(year + 1)]
            .filter(([day]) => day >= today && day <= addDays(today, 366))
            .map(([day, name]) => ({ day, name }))
        : [],
  };
}

type ActionData = {
  readonly values: FormValues;
  readonly errors: FormErrors;
  readonly preview: PreviewData | null;
  /** stale: someone published meanwhile; unchanged: nothing to publish; published: not used. */
  readonly notice: 'stale' | 'unchanged' | null;
};

const answer = (body: ActionData, status = 200) => data<ActionData>(body, { status });

export async function businessAction({ request, context }: AppActionArgs) {
  const panel = requirePanel(context);
  const { facts } = panel.services;
  const section = sectionOfSlug(new URL(request.url).searchParams.get(queryParams.factsSection));
  if (!facts || !section) {
    return answer(
      {
        values: {},
        errors: { '': facts ? 'Elegí qué sección cambiar.' : NOT_HERE },
        preview: null,
        notice: null,
      },
      facts ? 400 : 409,
    );
  }
  const form = await request.formData();
  const intent = String(form.get('accion') ?? '');
  const live = facts.live();

  if (intent === 'publicar') {
    const draft = parseJson(String(form.get('borrador') ?? ''));
    const checked = checkFacts({ ...live.document, [section]: draft });
    if (!checked.ok) {
      return answer(
        {
          values: formValues(section, live.document),
          errors: {
            '': 'Esa vista previa no se pudo leer: revisá los datos y mirá los cambios de nuevo.',
          },
          preview: null,
          notice: null,
        },
        422,
      );
    }
    const document = ordered(checked.document);
    const outcome = await facts.publish(document, {
      expectedSeq: Number(form.get('base')),
      by: who(panel),
    });
    if (outcome.ok) {
      await panel.record(
        'datos del negocio publicados',
        `versión ${outcome.seq}: ${outcome.summary}`,
      );
      return seeOther(
        `${panelPaths.business}?${new URLSearchParams({ [queryParams.factsPublished]: String(outcome.seq) })}`,
      );
    }
    // Stale: the same draft, previewed again against what is live now (nothing was published).
    const now = facts.live();
    const again = ordered({ ...now.document, [section]: document[section] });
    const values = formValues(section, again);
    if (outcome.reason === 'unchanged')
      return answer({ values, errors: {}, preview: null, notice: 'unchanged' });
    return answer(
      {
        values,
        errors: {},
        preview: await previewOf(facts, again, section, now.seq),
        notice: 'stale',
      },
      409,
    );
  }

  const values = readForm(section, (name) => form.get(name));
  const edited = editRows(section, values, intent);
  if (edited) return answer({ values: edited, errors: {}, preview: null, notice: null });

  const checked = checkSection(section, values, live.document);
  if (!checked.ok)
    return answer({ values, errors: checked.errors, preview: null, notice: null }, 422);
  return answer({
    values,
    errors: {},
    preview: await previewOf(facts, checked.document, section, live.seq),
    notice: null,
  });
}

/** The preview of `document` and what its Publicar form carries: the section, and the version it was made against. */
async function previewOf(
  facts: ShopFactsService,
  document: FactsDocument,
  section: FactsSection,
  base: number,
): Promise<PreviewData> {
  const preview = await facts.preview(document);
  return { ...preview, base, draft: JSON.stringify(document[section]) };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function BusinessPage() {
  const loaded = useLoaderData<typeof businessLoader>();
  const action = useActionData<ActionData>();
  const { section, document } = loaded;
  if (!document) {
    return (
      <>
        <PanelMeta title={TITLE} />
        <h1>{TITLE}</h1>
        <p role="alert">{NOT_HERE}</p>
      </>
    );
  }
  if (!section)
    return <Overview document={document} published={loaded.published} today={loaded.today} />;
  const values = action?.values ?? formValues(section, document);
  const errors = action?.errors ?? {};
  const problems = Object.values(errors);
  return (
    <>
      <PanelMeta
        title={`${problems.length > 0 ? 'Revisá los datos - ' : ''}${SECTION_TITLES[section]} · ${TITLE}`}
      />
      <h1>{SECTION_TITLES[section]}</h1>
      <p className="panel-actions">
        <a href={panelPaths.business}>Volver a {TITLE}</a>
        <a href={panelPaths.businessHistory}>Historial</a>
      </p>
      {problems.length > 0 ? (
        <section className="panel-card panel-notice" role="alert" aria-labelledby="a-corregir">
          <h2 id="a-corregir">
            {problems.length === 1
              ? 'Hay un dato para corregir; no se publicó nada.'
              : `Hay ${problems.length} datos para corregir; no se publicó nada.`}
          </h2>
          <ul>
            {Object.entries(errors).map(([name, message]) => (
              <li key={name}>{name ? <a href={`#${fieldId(name)}`}>{message}</a> : message}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {action?.notice === 'unchanged' ? (
        <p className="panel-notice" role="status">
          No hay nada para publicar: estos datos son los que ya están en el sitio.
        </p>
      ) : null}
      {action?.preview ? (
        <Preview section={section} preview={action.preview} stale={action.notice === 'stale'} />
      ) : null}
      <SectionForm section={section} values={values} errors={errors} holidays={loaded.holidays} />
    </>
  );
}
