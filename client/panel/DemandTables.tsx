import { FIGURE_TABLES, type DemandFigures, type FigureTable } from './demand-figures.ts';

/** One table of the figures, with its "Exportar CSV" (a plain link: works without JavaScript). */
export function DemandTable({
  table,
  figures,
  exportHref,
  headingLevel = 'h2',
}: {
  table: FigureTable;
  figures: DemandFigures;
  exportHref: string;
  /** 'h3' inside another section (the daily table beside the chart). */
  headingLevel?: 'h2' | 'h3';
}) {
  const rows = table.rows(figures);
  const headingId = `tabla-${table.id}`;
  const Heading = headingLevel;
  return (
    // The scrolling table is the named region; the section around it stays unnamed (one
    // landmark per table, not two of the same name).
    <section className="stats-table">
      <Heading id={headingId}>{table.title}</Heading>
      <p className="stats-hint">{table.hint}</p>
      {rows.length === 0 ? (
        <p>Todavía no hay datos en este período.</p>
      ) : (
        <div className="stats-scroll" role="region" aria-labelledby={headingId} tabIndex={0}>
          <table>
            <thead>
              <tr>
                {table.columns.map((column, i) => (
                  <th key={column} scope="col" className={i > 0 ? 'stats-number' : undefined}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) =>
                    c === 0 ? (
                      <th key={c} scope="row">
                        {cell.text}
                      </th>
                    ) : (
                      <td key={c} className={cell.numeric ? 'stats-number' : undefined}>
                        {cell.text}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        <a href={exportHref} download>
          Exportar CSV
        </a>
      </p>
    </section>
  );
}

/** Every table of the page, in FIGURE_TABLES order. */
export function DemandTables({
  figures,
  exportHref,
}: {
  figures: DemandFigures;
  exportHref: (table: FigureTable) => string;
}) {
  return (
    <>
      {FIGURE_TABLES.map((table) => (
        <DemandTable
          key={table.id}
          table={table}
          figures={figures}
          exportHref={exportHref(table)}
        />
      ))}
    </>
  );
}
