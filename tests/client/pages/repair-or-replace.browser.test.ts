// @module-tag chromium
import { describe, expect, it } from 'vitest';
import { builtSite, VISITOR_UA } from '../../helpers/site.ts';
import { watchPage } from '../../helpers/browser.ts';
import { answerPages, paths } from '../../../client/paths.ts';

const site = builtSite();

/** A phone without JavaScript: everything here must work as plain HTML. */
async function openWithoutJs(path: string) {
  const context = await site.newContext({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: false,
  });
  const page = await context.newPage();
  const problems = await watchPage(page, site.url);
  const response = await page.goto(site.url + path, { waitUntil: 'load' });
  return { page, problems, status: response?.status(), close: () => context.close() };
}

describe('the repair-or-replace self-check at 390 px without JavaScript', () => {
  it('the form, sent, answers on the same page with a WhatsApp link carrying the answers', async () => {
    const { page, problems, close } = await openWithoutJs(paths.repairOrReplace);
    await page.getByLabel('Hasta 2,5 cm').check();
    for (const legend of [/fisura/, /borde/, /línea de visión/, /cámara/]) {
      await page.getByRole('group', { name: legend }).getByLabel('No').check();
    }
    await page
      .getByRole('group', { name: /impactos/ })
      .getByLabel('Uno')
      .check();
    await Promise.all([page.waitForURL(/#resultado$/), page.click('button[type="submit"]')]);

    const url = new URL(page.url());
    expect(url.pathname).toBe(paths.repairOrReplace);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      tamano: 'hasta-2-5',
      fisura: 'no',
      impactos: '1',
      borde: 'no',
      vision: 'no',
      sensor: 'no',
    });
    expect(await page.textContent('#verdict-title')).toBe('Se puede reparar');
    // The link goes through our server, which rebuilds the message from the page's answers.
    const href = await page.getAttribute('#resultado a[href^="/ir/whatsapp/"]', 'href');
    const out = await fetch(site.url + (href ?? ''), {
      redirect: 'manual',
      headers: { referer: page.url(), 'user-agent': VISITOR_UA },
    });
    expect(out.status).toBe(303);
    const location = out.headers.get('location') ?? 'https://x';
    expect(location.startsWith('https://wa.me/')).toBe(true);
    const message = new URL(location).searchParams.get('text') ?? '';
    expect(message).toContain('- Tamaño: Hasta 2,5 cm');
    expect(message).toContain('Resultado: Se puede reparar.');
    expect(message).toContain('foto');
    // The answers stay chosen: change one and ask again.
    expect(await page.getByLabel('Hasta 2,5 cm').isChecked()).toBe(true);
    await page.getByLabel('Más de 2,5 cm').check();
    await Promise.all([page.waitForURL(/tamano=mayor/), page.click('button[type="submit"]')]);
    expect(await page.textContent('#verdict-title')).toBe('Conviene cambiar');
    expect(problems).toEqual([]);
    await close();
  });

  it('a question left out keeps the form from being sent', async () => {
    const { page, close } = await openWithoutJs(paths.repairOrReplace);
    await page.getByLabel('Hasta 2,5 cm').check();
    await page.click('button[type="submit"]');
    expect(new URL(page.url()).search).toBe('');
    expect(await page.$('#resultado')).toBeNull();
    await close();
  });

  it.each([
    ...answerPages,
    `${paths.repairOrReplace}?tamano=mayor&fisura=si&impactos=3&borde=si&vision=si&sensor=si`,
  ])('%s fits 390 px without horizontal scroll', async (path) => {
    const { page, status, close } = await openWithoutJs(path);
    expect(status).toBe(200);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await close();
  });
});
