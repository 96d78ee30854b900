import { useEffect, useState } from 'react';
import { SCROLL_TO_TOP_THRESHOLD_PX } from '../content/navigation.ts';
import { island } from '../islands/island.tsx';
import { Icon } from './Icon.tsx';

/**
 * Appears once the page is scrolled past 600 px (docs/product.md, Visitors and pages). Needs
 * JavaScript: an island that renders nothing on the server.
 */
function ScrollButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      aria-label="Volver arriba"
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
      }}
    >
      <Icon name="up" />
    </button>
  );
}

export const ScrollToTop = island('scrollTop', ScrollButton);
