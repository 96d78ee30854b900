// @module-tag chromium
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { watchPage } from '../../helpers/browser.ts';
import { builtSite } from '../../helpers/site.ts';
import { openContactStore } from '../../../store/open.ts';
import type { MessageRow } from '../../../store/messages.ts';
import { startSmtp, tempDataDir, waitFor, type SmtpSink } from '../../helpers/contact.ts';

let smtp: SmtpSink;
const data = tempDataDir();

beforeAll(async () => {
  smtp = await startSmtp();
});

afterAll(async () => {
  await smtp?.close();
  data.remove();
});

const site = builtSite(() => ({
  DATA_DIR: data.dir,
  SMTP_URL: smtp.url,
  CONTACT_TO: 'taller@parabrisasjujuy.com.ar',
}));

/** By accessible name: the required-field star is aria-hidden, so the name is exactly the spec's label. */
function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

/** What the server committed, read as the owner's CLI reads it (SQLite allows a second reader). */
async function stored(): Promise<MessageRow[]> {
  const store = await openContactStore({ dataDir: data.dir, databaseUrl: undefined });
  try {
    return await store.list();
  } finally {
    await store.close();
  }
}

describe('contact form in a browser', () => {
  it('sends with JavaScript disabled: plain POST, redirect, confirmation, stored and e-mailed', async () => {
    const context = await site.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await watchPage(page, site.url);
      await page.goto(`${site.url}/contact`);
      await field(page, 'Full Name').fill('Juan Sin Script');
      await field(page, 'Email').fill('juan@gmail.com');
      await field(page, 'Tell us about it').fill('Luneta para Hilux 2019, sin JS.');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.waitForURL(`${site.url}/contact?enviado=1`);
      await expect(page.getByRole('status').textContent()).resolves.toContain(
        '¡Gracias! Recibimos tu mensaje.',
      );

      expect((await stored()).filter((m) => m.name === 'Juan Sin Script')).toMatchObject([
        { email: 'juan@gmail.com', message: 'Luneta para Hilux 2019, sin JS.' },
      ]);
      const mail = await waitFor(
        () => smtp.received.find((m) => m.body.includes('Luneta para Hilux 2019, sin JS.')),
        { what: 'the e-mail' },
      );
      expect(mail.header('reply-to')).toContain('juan@gmail.com');

      // A reload of the confirmation sends nothing again.
      await page.reload();
      expect((await stored()).filter((m) => m.name === 'Juan Sin Script')).toHaveLength(1);
    } finally {
      await context.close();
    }
  });

  it('with JavaScript: hydrates without errors, shows server errors in Spanish, then sends', async () => {
    const context = await site.newContext();
    try {
      const page = await context.newPage();
      const problems = await watchPage(page, site.url);
      await page.goto(`${site.url}/contact`);
      await page.waitForLoadState('networkidle');

      // Past the browser's own checks, the server's answer shows next to the field.
      await field(page, 'Full Name').fill('Marta Con Script');
      await field(page, 'Email').fill('marta@gmail');
      await field(page, 'Tell us about it').fill('Polarizado <b>completo</b>');
      await page.locator('form.contact-form').evaluate((form: HTMLFormElement) => {
        form.noValidate = true;
      });
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.waitForLoadState('networkidle');
      const email = field(page, 'Email');
      await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
      await expect(page.locator('#contact-email-error').textContent()).resolves.toBe(
        'Escribí un e-mail válido, por ejemplo nombre@gmail.com.',
      );
      await expect(field(page, 'Full Name').inputValue()).resolves.toBe('Marta Con Script');
      await expect(field(page, 'Tell us about it').inputValue()).resolves.toBe(
        'Polarizado <b>completo</b>',
      );
      expect(await page.locator('b').count()).toBe(0);

      await email.fill('marta@gmail.com');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page.waitForURL(`${site.url}/contact?enviado=1`);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('status').textContent()).resolves.toContain(
        '¡Gracias! Recibimos tu mensaje.',
      );
      expect((await stored()).filter((m) => m.name === 'Marta Con Script')).toMatchObject([
        { email: 'marta@gmail.com', message: 'Polarizado <b>completo</b>' },
      ]);
      // Chromium reports the 422 document itself as a failed resource; nothing else may appear
      // (a hydration mismatch or a script error would).
      expect(problems.filter((p) => !p.includes('status of 422'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
