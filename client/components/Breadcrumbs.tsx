export function Breadcrumbs({ items }: { items: readonly { name: string; path: string }[] }) {
  return (
    <nav aria-label="Ruta de navegación" className="breadcrumbs">
      <ol>
        {items.map((item, i) =>
          i === items.length - 1 ? (
            <li key={item.path} aria-current="page">
              {item.name}
            </li>
          ) : (
            <li key={item.path}>
              <a href={item.path}>{item.name}</a>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
