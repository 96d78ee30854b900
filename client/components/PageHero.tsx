import { Breadcrumbs } from './Breadcrumbs.tsx';
import { paths } from '../paths.ts';

/** Header of the secondary pages: title and a breadcrumb back to the home page. */
export function PageHero({ title, path }: { title: string; path: string }) {
  return (
    <div className="page-hero">
      <div className="container">
        <h1>{title}</h1>
        <Breadcrumbs
          items={[
            { name: 'Inicio', path: paths.home },
            { name: title, path },
          ]}
        />
      </div>
    </div>
  );
}
