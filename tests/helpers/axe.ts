/** axe-core in a page of the browser tests: its violations, one line each. */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Runs axe-core on the page as it is now; `id: targets` per violation. axe is injected as a
 * script: the page's context needs `bypassCSP: true`.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const axe: unknown = Reflect.get(window, 'axe');
    const run: unknown = typeof axe === 'object' && axe ? Reflect.get(axe, 'run') : undefined;
    if (typeof run !== 'function') return ['axe did not load'];
    const result: { violations: { id: string; nodes: { target: string[] }[] }[] } = await run.call(
      axe,
      document,
    );
    return result.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
}
