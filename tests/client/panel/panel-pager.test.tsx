import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { PanelPager } from '../../../client/panel/PanelPager.tsx';

const pathOf = (page: number) => `/panel/mensajes?pagina=${page}`;
const html = (page: number, pageCount: number, feminine = false) =>
  renderToStaticMarkup(
    <PanelPager
      label="Páginas de mensajes"
      page={page}
      pageCount={pageCount}
      pathOf={pathOf}
      feminine={feminine}
    />,
  );

describe('the panel lists’ pager', () => {
  it('is absent when everything fits on one page', () => {
    expect(html(1, 1)).toBe('');
    expect(html(1, 0)).toBe('');
  });

  it('links the neighbouring pages only', () => {
    expect(html(1, 3)).toBe(
      '<nav aria-label="Páginas de mensajes" class="panel-pages"><a href="/panel/mensajes?pagina=2">Más viejos</a></nav>',
    );
    expect(html(2, 3)).toContain('<a href="/panel/mensajes?pagina=1">Más nuevos</a>');
    expect(html(2, 3)).toContain('<a href="/panel/mensajes?pagina=3">Más viejos</a>');
    expect(html(3, 3)).not.toContain('Más viejos');
  });

  it('agrees with a feminine noun (opiniones)', () => {
    expect(html(2, 3, true)).toContain('>Más nuevas</a>');
    expect(html(2, 3, true)).toContain('>Más viejas</a>');
  });
});
