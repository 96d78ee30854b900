import { useRootData } from '../root-data.ts';
import {
  SHARE_PICTURE,
  shareCardAlt,
  sharePicturePath,
  shopCard,
  type ShareCard,
} from '../seo/share-card.ts';

type Props = {
  title: string;
  description: string;
  /** Root-relative canonical path; omit on pages that should not be indexed. */
  path?: string;
  keywords?: string;
  noindex?: boolean;
  /** A product's share picture (client/seo/share-card.ts); the shop's picture otherwise. */
  share?: { readonly card: ShareCard; readonly canonical: string };
};

/** Title, description, canonical and Open Graph tags; React 19 hoists them into <head>. */
export function PageMeta({ title, description, path, keywords, noindex, share }: Props) {
  const { siteUrl, facts } = useRootData();
  const url = path === undefined ? undefined : `${siteUrl}${path}`;
  const card = share?.card ?? shopCard(facts);
  const image = `${siteUrl}${sharePicturePath(card, share?.canonical ?? null)}`;
  const alt = shareCardAlt(card);
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
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(SHARE_PICTURE.width)} />
      <meta property="og:image:height" content={String(SHARE_PICTURE.height)} />
      <meta property="og:image:type" content={SHARE_PICTURE.type} />
      <meta property="og:image:alt" content={alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={alt} />
    </>
  );
}
