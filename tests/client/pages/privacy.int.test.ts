import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { testApp } from '../../helpers/app.ts';
import { headOf, textOf } from '../../helpers/html.ts';
import { VISITOR_UA } from '../../helpers/site.ts';
import { defaultFacts } from '../../../client/facts/defaults.ts';

const { privacy } = defaultFacts;

const app = await testApp();
const get = (path: string) => request(app).get(path).set('User-Agent', VISITOR_UA);

describe('/privacidad', () => {
  it('says in Spanish what the forms keep and for how long, how to ask for deletion, and what is counted', async () => {
    const res = await get('/privacidad').expect(200);
    expect(headOf(res.text)).toContain(
      '<link rel="canonical" href="https://parabrisas.test/privacidad"/>',
    );
    const text = textOf(res.text);
    expect(text).toContain(`Los borramos a los ${privacy.contactMessagesDays} días de recibidos`);
    expect(text).toContain(`Los borramos a los ${privacy.bookingsDays} días del turno`);
    expect(text).toContain('Ley 25.326');
    expect(text).toContain('No guardamos tu dirección IP, tu navegador ni ningún identificador');
    expect(res.text).toContain(`href="mailto:${privacy.responsible.email}"`);
  });

  it('is linked from the footer of every page and from the contact form', async () => {
    for (const path of ['/', '/parabrisas', '/garantia']) {
      const html = (await get(path)).text;
      expect(html.slice(html.indexOf('<footer')), path).toContain('href="/privacidad"');
    }
    const contact = (await get('/contact')).text;
    const form = contact.slice(
      contact.indexOf('<form class="contact-form"'),
      contact.indexOf('</form>'),
    );
    expect(form).toContain('href="/privacidad"');
    expect(textOf(form)).toContain(`lo borramos a los ${privacy.contactMessagesDays} días`);
  });
});
