import { usePageTitle } from '../facts/use-facts.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { BookingBanner } from '../components/BookingBanner.tsx';
import { Testimonials } from '../components/Testimonials.tsx';

/** Testimonials page (docs/product.md, Visitors and pages): a testimonial block and the banner; noindex. */
export function TestimonialsPage() {
  return (
    <>
      <PageMeta
        title={usePageTitle('Testimonios')}
        description="Lo que dicen nuestros clientes."
        noindex
      />
      <PageHero title="Testimonios" path="/testimonials" />
      <section className="section">
        <div className="container">
          <Testimonials />
        </div>
      </section>
      <BookingBanner />
    </>
  );
}
