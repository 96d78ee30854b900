import { StrictMode, useEffect, type ReactElement, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HYDRATED_ATTRIBUTE } from './markup.ts';

/**
 * The island's own React root over the HTML the server rendered in `container`. A mismatch
 * is reported by React as a console error (browser tests fail on it).
 */
export function hydrateIsland(container: HTMLElement, island: ReactElement) {
  hydrateRoot(
    container,
    <StrictMode>
      <Hydrated container={container}>{island}</Hydrated>
    </StrictMode>,
  );
}

/** Marks the container once the island's effects have run: it is live. */
function Hydrated({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    container.setAttribute(HYDRATED_ATTRIBUTE, 'true');
  }, [container]);
  return children;
}
