import type { ReactNode } from 'react';
import { IslandLoader } from './islands/island.tsx';

export type ClientAssets = {
  /** Stylesheets of the client entry (hashed, from Vite's manifest). */
  readonly styles: readonly string[];
  /** The island loader module; a page references it only when it renders an island. */
  readonly islands: string | undefined;
  /** Modules every page loads: only in development (Vite's HMR client, and the entry, which injects the CSS there). */
  readonly scripts: readonly string[];
};

/**
 * The whole HTML document, rendered on the server only: React 19 hoists each page's
 * <title>, <meta> and <link> into <head>. The browser hydrates islands, never the document.
 */
export function Document({ assets, children }: { assets: ClientAssets; children: ReactNode }) {
  return (
    <html lang="es-AR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3d5c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
      </head>
      <body>
        <IslandLoader value={assets.islands}>{children}</IslandLoader>
      </body>
    </html>
  );
}
