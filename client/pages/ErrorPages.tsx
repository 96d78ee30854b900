import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { usePageTitle } from '../facts/use-facts.ts';
import type { AppLoaderArgs } from '../app-context.ts';
import { whatsappLink } from '../content/business.ts';
import { pieceNames } from '../content/glass.ts';
import { ModelPicker } from '../components/ModelPicker.tsx';
import { SearchForm } from '../components/SearchForm.tsx';
import { Shell } from '../components/Shell.tsx';
import { notFound, type NotFoundData } from './not-found.ts';
import { paths } from '../paths.ts';

/** Splat route: any path no other route matches is a 404 with the helpful page. */
export function notFoundLoader({ context }: AppLoaderArgs): never {
  throw notFound('page', context.catalogue);
}

export function NotFoundPage({ data }: { data: Partial<NotFoundData> | undefined }) {
  const kind = data?.kind;
  const product = kind === 'product' || kind === 'rearWindow';
  // React Router's own 404s (e.g. a path it cannot match) carry a string, not our data.
  const picker = data?.picker && Array.isArray(data.picker.marcas) ? data.picker : undefined;
  const title = product
    ? pieceNames[kind === 'product' ? 'parabrisas' : 'luneta'].notFound
    : kind === 'brand'
      ? 'Marca no encontrada'
      : kind === 'search'
        ? 'No encontramos ese auto'
        : 'Página no encontrada';
  return (
    <div className="container error-page">
      <title>{usePageTitle(title)}</title>
      <meta name="robots" content="noindex" />
      <h1>{title}</h1>
      <p className="lead">
        {product
          ? `No tenemos ese modelo en la lista de precios. Elegí tu auto o consultanos: conseguimos ${kind === 'rearWindow' ? 'lunetas' : 'parabrisas'} para casi todos los modelos.`
          : kind === 'brand'
            ? 'No tenemos esa marca en la lista de precios. Elegí la de tu auto o consultanos: conseguimos parabrisas para casi todos los modelos.'
            : kind === 'search'
              ? 'No encontramos modelos con esas palabras en la lista de precios. Probá con la marca y el modelo (por ejemplo "gol trend"), elegilo de la lista o escribinos por WhatsApp: conseguimos parabrisas para casi todos los autos.'
              : 'La página que buscás no existe o cambió de dirección. Estas opciones te pueden ayudar:'}
      </p>
      {picker && picker.marcas.length > 0 ? <ModelPicker {...picker} compact /> : null}
      <SearchForm id="buscar-otra-vez" />
      <ul className="error-actions">
        <li>
          <a className="button button-primary" href={paths.priceList}>
            Ver todos los precios
          </a>
        </li>
        <li>
          <a
            className="button button-whatsapp"
            href={whatsappLink('Hola, quiero consultar por un parabrisas.')}
            rel="nofollow"
          >
            Consultar por WhatsApp
          </a>
        </li>
        <li>
          <a className="button button-outline" href={paths.home}>
            Ir al inicio
          </a>
        </li>
      </ul>
    </div>
  );
}

/** The spec's default screen for an unhandled failure; never shows a stack trace. */
export function UnexpectedError() {
  return (
    <div className="container error-page">
      <title>{usePageTitle('Error')}</title>
      <meta name="robots" content="noindex" />
      <h1>Unexpected Application Error!</h1>
      <p className="lead">
        Algo salió mal de nuestro lado. Probá de nuevo en unos minutos o escribinos por WhatsApp.
      </p>
      <ul className="error-actions">
        <li>
          <a className="button button-whatsapp" href={whatsappLink()} rel="nofollow">
            Escribinos por WhatsApp
          </a>
        </li>
        <li>
          <a className="button button-outline" href={paths.home}>
            Ir al inicio
          </a>
        </li>
      </ul>
    </div>
  );
}

/** Error element for the pages: keeps the navigation and footer around the message. */
export function PageError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundPage data={asNotFoundData(error.data)} />;
  }
  return <UnexpectedError />;
}

/** Error element of the root route, for failures of the shell itself. */
export function RootError() {
  const error = useRouteError();
  return (
    <Shell>
      {isRouteErrorResponse(error) && error.status === 404 ? (
        <NotFoundPage data={asNotFoundData(error.data)} />
      ) : (
        <UnexpectedError />
      )}
    </Shell>
  );
}

function asNotFoundData(data: unknown): Partial<NotFoundData> | undefined {
  return data && typeof data === 'object' ? (data as Partial<NotFoundData>) : undefined;
}
