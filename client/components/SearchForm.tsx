import { paths, queryParams } from '../paths.ts';

/** "Buscá tu auto": free text, answered by the results page (a plain GET form). */
export function SearchForm({ query = '', id = 'buscar' }: { query?: string; id?: string }) {
  return (
    <form className="search-form" method="get" action={paths.search} role="search">
      <label htmlFor={`${id}-q`}>Buscá tu auto</label>
      <div className="search-form__row">
        <input
          id={`${id}-q`}
          type="search"
          name={queryParams.search}
          defaultValue={query}
          placeholder="Ej.: hilux 2018, gol trend"
          maxLength={80}
          autoComplete="off"
          enterKeyHint="search"
          required
        />
        <button type="submit" className="button button-primary">
          Buscar
        </button>
      </div>
    </form>
  );
}
