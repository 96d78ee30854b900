import { pageTitle } from '../content/business.ts';

/** A panel page's head: its title, and never indexed (the header says so too). */
export function PanelMeta({ title }: { title: string }) {
  return (
    <>
      <title>{pageTitle(`${title} · Panel`)}</title>
      <meta name="robots" content="noindex, nofollow" />
    </>
  );
}
