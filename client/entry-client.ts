/**
 * The island loader: the only script a page references, and only when it has islands
 * (docs/decisions/2026-11-23-islands.md). It holds no React: each island's chunk, and React
 * with it, is imported when that island is due (client/islands/registry.ts), and hydrated
 * in its own root. The router stays on the server.
 */
import '@vitejs/plugin-react/preamble';
import './styles/app.css';
import { isIslandName, islands } from './islands/registry.ts';
import { ISLAND_ATTRIBUTE, PROPS_ATTRIBUTE } from './islands/markup.ts';
import { whenToHydrate } from './islands/schedule.ts';

async function hydrate(container: HTMLElement) {
  const name = container.getAttribute(ISLAND_ATTRIBUTE);
  if (!isIslandName(name)) throw new Error(`unknown island "${name}"`);
  const { when, load } = islands[name];
  await whenToHydrate(when, container);
  const [island, { hydrateIsland }] = await Promise.all([load(), import('./islands/hydrate.tsx')]);
  const data = container.nextElementSibling;
  const json = data?.matches(`script[${PROPS_ATTRIBUTE}]`) ? data.textContent : null;
  hydrateIsland(container, island.fromJson(json));
}

function start() {
  for (const container of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) {
    hydrate(container).catch((error: unknown) => console.error('island failed', error));
  }
}

// React emits this module with `async`: it may run before the document is parsed.
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
