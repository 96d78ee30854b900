import { Breadcrumbs } from './Breadcrumbs.tsx';

/** Header of the secondary pages: title and a breadcrumb back to the home page. */
export function PageHero({ title, path }: { title: string; path: string }) {
  return (
    <div className="page-hero">
      <div className="container">
        <h1>{title}</h1>
        <Breadcrumbs
          items={[
            { name: 'Inicio', path: '/' },
            { name: title, path },
          ]}
        />
      </div>
    </div>
  );
}
