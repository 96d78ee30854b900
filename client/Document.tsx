import type { ReactNode } from 'react';

export type ClientAssets = {
  /** Stylesheets of the client entry (hashed, from Vite's manifest). */
  readonly styles: readonly string[];
  /** JS chunks worth preloading. */
  readonly preloads: readonly string[];
};

/**
 * The whole HTML document. React renders it on the server and hydrates it in the
 * browser, so React 19 hoists each page's <title>, <meta> and <link> into <head>.
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
        {assets.preloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body>{children}</body>
    </html>
  );
}
