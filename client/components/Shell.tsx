import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { NavBar } from './NavBar.tsx';
import { Footer } from './Footer.tsx';
import { ScrollToTop } from './ScrollToTop.tsx';
import { JsonLd } from '../seo/json-ld.tsx';
import { localBusiness } from '../seo/structured-data.ts';
import { useSiteUrl } from '../root-data.ts';
import { useFacts } from '../facts/use-facts.ts';

/** Navigation, main content and footer: every route renders inside it. */
export function Shell({ children }: { children?: ReactNode }) {
  const siteUrl = useSiteUrl();
  const facts = useFacts();
  return (
    <>
      <NavBar />
      <main id="contenido">{children ?? <Outlet />}</main>
      <Footer />
      <ScrollToTop />
      <JsonLd data={localBusiness(siteUrl, facts)} />
    </>
  );
}
