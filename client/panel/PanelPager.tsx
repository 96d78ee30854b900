/**
 * "Más nuevos" / "Más viejos" under a panel list of pages (messages, quotes, reviews): plain
 * links, so it works without JavaScript; nothing when everything fits on one page.
 */
export function PanelPager({
  label,
  page,
  pageCount,
  pathOf,
  feminine = false,
}: {
  /** The nav's accessible name, "Páginas de mensajes". */
  readonly label: string;
  readonly page: number;
  readonly pageCount: number;
  readonly pathOf: (page: number) => string;
  /** "Más nuevas" for a list of feminine nouns (opiniones). */
  readonly feminine?: boolean;
}) {
  if (pageCount <= 1) return null;
  const ending = feminine ? 'as' : 'os';
  return (
    <nav aria-label={label} className="panel-pages">
      {page > 1 ? <a href={pathOf(page - 1)}>{`Más nuev${ending}`}</a> : null}
      {page < pageCount ? <a href={pathOf(page + 1)}>{`Más viej${ending}`}</a> : null}
    </nav>
  );
}
