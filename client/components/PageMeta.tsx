import { useRootData } from '../root-data.ts';

type Props = {
  title: string;
  description: string;
  /** Root-relative canonical path; omit on pages that should not be indexed. */
  path?: string;
  keywords?: string;
  noindex?: boolean;
};

/** Title, description, canonical and Open Graph tags; React 19 hoists them into <head>. */
export function PageMeta({ title, description, path, keywords, noindex }: Props) {
  const { siteUrl, facts } = useRootData();
  const url = path === undefined ? undefined : `${siteUrl}${path}`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {keywords ? <meta name="keywords" content={keywords} /> : null}
      {noindex ? <meta name="robots" content="noindex, follow" /> : null}
      {url ? <link rel="canonical" href={url} /> : null}
      <meta property="og:type" content="website" />
      <meta property="og:locale" content="es_AR" />
      <meta property="og:site_name" content={facts.contact.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {url ? <meta property="og:url" content={url} /> : null}
      <meta property="og:image" content={`${siteUrl}/og-image.jpg`} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta name="twitter:card" content="summary_large_image" />
    </>
  );
}
