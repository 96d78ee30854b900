// @module-tag chromium
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transformWithOxc } from 'vite';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../helpers/browser.ts';

const source = fileURLToPath(new URL('../../../client/islands/schedule.ts', import.meta.url));

let browser: Browser;
let script: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const { code } = await transformWithOxc(readFileSync(source, 'utf8'), source);
  // The module's only export, reachable from the page.
  script = `${code}\nwindow.whenToHydrate = whenToHydrate;`;
});
afterAll(() => browser.close());

/** A tall page with an island container (no box of its own) far below the fold. */
async function pageWithFarIsland(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.setContent(`<!doctype html>
    <div style="height: 4000px">arriba</div>
    <div id="isla" style="display: contents"></div>
    <div style="height: 4000px">abajo</div>`);
  await page.addScriptTag({ content: script, type: 'module' });
  await page.evaluate(() => {
    const container = document.getElementById('isla');
    if (!container) throw new Error('no container');
    document.body.dataset.hydrate = 'waiting';
    void Reflect.get(window, 'whenToHydrate')('visible', container).then(() => {
      document.body.dataset.hydrate = 'now';
    });
  });
  return page;
}

const state = (page: Page) => page.evaluate(() => document.body.dataset.hydrate);
const frames = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );

describe('an island that hydrates when visible', () => {
  it('waits while out of view, and wakes for content that arrives after it started watching', async () => {
    const page = await pageWithFarIsland();
    // Streamed content (a Suspense boundary resolving) lands in the container later.
    await page.evaluate(() => {
      const content = document.createElement('p');
      content.id = 'contenido';
      content.textContent = 'Contenido';
      document.getElementById('isla')?.append(content);
    });
    await frames(page);
    expect(await state(page)).toBe('waiting');

    await page.evaluate(() =>
      document.getElementById('contenido')?.scrollIntoView({ behavior: 'instant' }),
    );
    await page.waitForFunction(() => document.body.dataset.hydrate === 'now', null, {
      timeout: 5000,
    });
    await page.close();
  });
});
