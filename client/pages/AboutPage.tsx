import { usePageTitle } from '../facts/use-facts.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Counters } from '../components/Counters.tsx';
import { aboutCounters, aboutText } from '../content/leftovers.ts';

/** Template leftover (docs/product.md, Visitors and pages): generic car-rental text, noindex. */
export function AboutPage() {
  return (
    <>
      <PageMeta title={usePageTitle('About')} description={aboutText.heading} noindex />
      <PageHero title={aboutText.title} path="/about" />
      <section className="section">
        <div className="container container-narrow">
          <h2>{aboutText.heading}</h2>
          <p>{aboutText.text}</p>
          <Counters items={aboutCounters} plus={false} />
        </div>
      </section>
    </>
  );
}
