import type { When } from './registry.ts';

/** Resolves when an island should hydrate (see When). */
export function whenToHydrate(when: When, container: HTMLElement): Promise<void> {
  switch (when) {
    case 'load':
      return Promise.resolve();
    case 'idle':
      return afterLoad().then(idle);
    case 'visible':
      return visible(container);
    case 'interaction':
      return interaction(container);
    case 'scroll':
      return scrolled();
  }
}

function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    // Safari has no requestIdleCallback.
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}

/**
 * The container has no box of its own (`display: contents`): watch what it holds, including
 * children that arrive later (a streamed Suspense boundary swaps its fallback for content).
 */
function visible(container: HTMLElement): Promise<void> {
  if (!('IntersectionObserver' in window)) return afterLoad().then(idle);
  return new Promise((resolve) => {
    const watchChildren = () => {
      const targets = container.children.length > 0 ? [...container.children] : [container];
      for (const target of targets) observer.observe(target);
    };
    const arrivals = new MutationObserver(watchChildren);
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        arrivals.disconnect();
        resolve();
      },
      { rootMargin: '300px 0px' },
    );
    watchChildren();
    arrivals.observe(container, { childList: true });
  });
}

/** Hovering or touching starts the download before the click lands. */
const INTERACTIONS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

function interaction(container: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      for (const type of INTERACTIONS) container.removeEventListener(type, go, true);
      resolve();
    };
    for (const type of INTERACTIONS) {
      container.addEventListener(type, go, { capture: true, passive: true });
    }
  });
}

function scrolled(): Promise<void> {
  if (window.scrollY > 0) return Promise.resolve();
  return new Promise((resolve) =>
    window.addEventListener('scroll', () => resolve(), { once: true, passive: true }),
  );
}
