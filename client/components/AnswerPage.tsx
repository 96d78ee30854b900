import type { ReactNode } from 'react';
import { usePageTitle } from '../facts/use-facts.ts';
import { whatsappLink } from '../content/business.ts';
import { breadcrumbs } from '../seo/structured-data.ts';
import { JsonLd } from '../seo/json-ld.tsx';
import { PageMeta } from './PageMeta.tsx';
import { useSiteUrl } from '../root-data.ts';
import { PageHero } from './PageHero.tsx';
import { Icon } from './Icon.tsx';
import { paths } from '../paths.ts';

type Props = {
  /** The h1 and the breadcrumb's last step. */
  title: string;
  /** The `<title>`, before " - Parabrisas Jujuy". */
  metaTitle: string;
  description: string;
  path: string;
  children: ReactNode;
};

/** The frame of the pages that answer a question before it is asked (/seguros, /garantia…). */
export function AnswerPage({ title, metaTitle, description, path, children }: Props) {
  const siteUrl = useSiteUrl();
  const trail = [
    { name: 'Inicio', path: paths.home },
    { name: title, path },
  ];
  return (
    <>
      <PageMeta title={usePageTitle(metaTitle)} description={description} path={path} />
      <JsonLd data={breadcrumbs(siteUrl, trail)} />
      <PageHero title={title} path={path} />
      <div className="section answer-page">
        <div className="container container-narrow">{children}</div>
      </div>
    </>
  );
}

/** A titled list of short points; `ordered` for steps. */
export function AnswerList({
  id,
  title,
  items,
  ordered,
}: {
  id: string;
  title: string;
  items: readonly string[];
  ordered?: boolean;
}) {
  const entries = items.map((item) => <li key={item}>{item}</li>);
  return (
    <section className="answer-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {ordered ? (
        <ol className="answer-steps">{entries}</ol>
      ) : (
        <ul className="answer-points">{entries}</ul>
      )}
    </section>
  );
}

/** The page's call to action: WhatsApp with a prefilled message. */
export function WhatsAppButton({ message, children }: { message: string; children: ReactNode }) {
  return (
    <p className="answer-action">
      <a className="button button-whatsapp button-lg" href={whatsappLink(message)} rel="nofollow">
        <Icon name="whatsapp" /> {children}
      </a>
    </p>
  );
}
