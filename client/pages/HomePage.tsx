import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { appContext } from '../app-context.ts';
import { GALLERY_PAGE_SIZE, type GalleryState } from '../gallery/types.ts';

export type HomeData = { gallery: GalleryState; visibleAlbums: number };

/** `?albumes=10` is the no-JavaScript 'view more': the server renders that many albums. */
export const ALBUMS_PARAM = 'albumes';

export async function loader({ request, context }: LoaderFunctionArgs): Promise<HomeData> {
  const ctx = appContext(context);
  const asked = Number.parseInt(new URL(request.url).searchParams.get(ALBUMS_PARAM) ?? '', 10);
  const visibleAlbums =
    Number.isFinite(asked) && asked > GALLERY_PAGE_SIZE
      ? Math.min(Math.ceil(asked / GALLERY_PAGE_SIZE) * GALLERY_PAGE_SIZE, 1000)
      : GALLERY_PAGE_SIZE;
  return { gallery: await ctx.gallery.snapshot({ waitMs: ctx.galleryWaitMs }), visibleAlbums };
}

export function HomePage() {
  const data = useLoaderData() as HomeData;
  return (
    <div className="container">
      <h1 id="home">Inicio</h1>
      <section id="testimonials">
        {/* Gallery seam: <Gallery state={data.gallery} visibleAlbums={data.visibleAlbums} /> */}
        <p>{data.gallery.status}</p>
      </section>
    </div>
  );
}
