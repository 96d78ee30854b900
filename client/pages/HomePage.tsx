import type { LoaderFunctionArgs } from 'react-router';
import { appContext } from '../app-context.ts';

export async function loader({ context }: LoaderFunctionArgs) {
  const ctx = appContext(context);
  return { gallery: await ctx.gallery.snapshot({ waitMs: ctx.isBot ? 3000 : 0 }) };
}

export function HomePage() {
  return (
    <div className="container">
      <h1 id="home">Inicio</h1>
    </div>
  );
}
