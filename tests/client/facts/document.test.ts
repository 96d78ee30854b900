import { describe, expect, it } from 'vitest';
import { defaultDocument, defaultFacts } from '../../../client/facts/defaults.ts';
import {
  checkFacts,
  checkFactsJson,
  ordered,
  serializeFacts,
  toDocument,
  toShopFacts,
  type FactsDocument,
} from '../../../client/facts/document.ts';
import { cuitCheckDigit, validCuit } from '../../../client/facts/cuit.ts';
import {
  dataFiscalLink,
  facebookProfile,
  googleReviewLink,
  instagramProfile,
  mapEmbedUrl,
  profileHandle,
} from '../../../client/facts/links.ts';

/** The first version with one section replaced, checked: the problems by path. */
function problemsWith<S extends keyof FactsDocument>(section: S, value: unknown) {
  const checked = checkFacts({ ...defaultDocument, [section]: value });
  return checked.ok ? {} : Object.fromEntries(checked.problems.map((p) => [p.path, p.message]));
}

describe("the facts' first version", () => {
  it('is valid facts, and turns into the same facts and back', () => {
    expect(checkFacts(defaultDocument)).toEqual({ ok: true, document: defaultDocument });
    expect(toDocument(defaultFacts)).toEqual(defaultDocument);
    expect(toShopFacts(toDocument(defaultFacts))).toEqual(defaultFacts);
  });

  it('derives E.164 and the wa.me digits from the phone as people dial it', () => {
    expect(defaultFacts.contact).toMatchObject({
      phoneDisplay: '(0388) 15 412-3456',
      phoneE164: '+5493884123456',
      whatsappNumber: '5493884123456',
      whatsappDisplay: '(0388) 15 412-3456',
    });
    const landline = toShopFacts({
      ...defaultDocument,
      contact: { ...defaultDocument.contact, phone: '0388 422-1234', whatsapp: '388 15 555-0000' },
    });
    expect(landline.contact.phoneE164).toBe('+543884221234');
    expect(landline.contact.whatsappNumber).toBe('5493885550000');
    expect(landline.contact.whatsappDisplay).toBe('388 15 555-0000');
  });

  it('serializes equal facts to equal bytes, and reads them back', () => {
    const text = serializeFacts(defaultDocument);
    const again = checkFactsJson(text);
    expect(again.ok && serializeFacts(again.document)).toBe(text);
    expect(checkFactsJson('{"contact":').ok).toBe(false);
  });
});

describe('each check, in Spanish, at its field', () => {
  it('a phone that is not an Argentine number', () => {
    const problems = problemsWith('contact', { ...defaultDocument.contact, phone: '123' });
    expect(problems['contact.phone']).toMatch(/no es un teléfono de Argentina/);
  });

  it('an empty name', () => {
    const problems = problemsWith('contact', { ...defaultDocument.contact, name: '   ' });
    expect(problems['contact.name']).toBe('Escribí el nombre del negocio.');
  });

  it('a CUIT whose check digit does not match, and one that is not 11 digits', () => {
    expect(validCuit('20123456786')).toBe(true);
    expect(validCuit('20123456785')).toBe(false);
    expect(cuitCheckDigit('3070000000')).toBeDefined();
    expect(problemsWith('fiscal', { ...defaultDocument.fiscal, cuit: '20123456785' })).toEqual({
      'fiscal.cuit': 'Ese CUIT no es válido: el último número (verificador) no coincide.',
    });
    expect(
      problemsWith('fiscal', { ...defaultDocument.fiscal, cuit: '2012345' })['fiscal.cuit'],
    ).toMatch(/11 números/);
  });

  it('a profile or a Data Fiscal link on another host', () => {
    const contact = { ...defaultDocument.contact, instagramUrl: 'https://evil.example/x/' };
    expect(problemsWith('contact', contact)['contact.instagramUrl']).toMatch(/instagram\.com/);
    const fiscal = { ...defaultDocument.fiscal, dataFiscalUrl: 'https://qr.evil.example/?qr=1' };
    expect(problemsWith('fiscal', fiscal)['fiscal.dataFiscalUrl']).toMatch(/ARCA/);
  });

  it('hours that overlap, or close before they open', () => {
    const hours = defaultDocument.hours.map((day) => [...day]);
    hours[0] = [
      { opens: '09:00', closes: '13:00' },
      { opens: '12:00', closes: '18:00' },
    ];
    hours[1] = [{ opens: '14:00', closes: '09:00' }];
    hours[2] = [{ opens: '9', closes: '13:00' }];
    expect(problemsWith('hours', hours)).toEqual({
      'hours.0.1.opens': 'Se superpone con el otro horario del día.',
      'hours.1.0.closes': 'Tiene que cerrar después de abrir.',
      'hours.2.0.opens': 'Escribí la hora como 09:00.',
    });
  });

  it('a negative surcharge, and a locality twice', () => {
    const zones = [
      ...defaultDocument.zones,
      { locality: 'Maimará', fee: { kind: 'surcharge', amount: -100 } },
      { locality: 'palpalá', fee: { kind: 'free' } },
    ];
    expect(problemsWith('zones', zones)).toEqual({
      'zones.9.fee.amount': 'El recargo no puede ser negativo.',
      'zones.10.locality': 'Esa localidad ya está en la lista.',
    });
  });

  it('a closed day twice, or on a date that does not exist', () => {
    const days = [
      { date: '2026-12-24', name: 'Nochebuena' },
      { date: '2026-12-24', name: 'Otra vez' },
      { date: '2026-02-30', name: 'Nunca' },
    ];
    expect(problemsWith('closedDays', days)).toEqual({
      'closedDays.1.date': 'Esa fecha ya está en la lista.',
      'closedDays.2.date': 'Esa fecha no existe.',
    });
  });

  it('a field missing from a file says so', () => {
    const { contact: _gone, ...rest } = defaultDocument;
    const checked = checkFacts(rest);
    expect(checked.ok ? [] : checked.problems).toEqual([
      { path: 'contact', message: 'Falta este dato.' },
    ]);
  });

  it('orders closed days by date and a day’s slots by time', () => {
    const hours = defaultDocument.hours.map((day) => [...day]);
    hours[0] = [
      { opens: '14:00', closes: '18:00' },
      { opens: '09:00', closes: '13:00' },
    ];
    const document = ordered({
      ...defaultDocument,
      hours,
      closedDays: [
        { date: '2027-01-02', name: 'B' },
        { date: '2026-12-31', name: 'A' },
      ],
    });
    expect(document.hours[0]?.map((s) => s.opens)).toEqual(['09:00', '14:00']);
    expect(document.closedDays.map((d) => d.name)).toEqual(['A', 'B']);
  });
});

describe('addresses are built, never pasted', () => {
  it.each([
    ['@taller.jujuy', 'https://www.instagram.com/taller.jujuy/'],
    ['instagram.com/taller.jujuy', 'https://www.instagram.com/taller.jujuy/'],
    ['https://www.instagram.com/taller.jujuy/?hl=es', 'https://www.instagram.com/taller.jujuy/'],
    ['https://evil.example/taller', 'https://evil.example/taller'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
  ])('Instagram %s -> %s', (typed, built) => {
    expect(instagramProfile(typed)).toBe(built);
  });

  it.each([
    ['facebook.com/tallerjujuy', 'https://www.facebook.com/tallerjujuy'],
    ['https://m.facebook.com/tallerjujuy/', 'https://www.facebook.com/tallerjujuy'],
    [
      'https://www.facebook.com/profile.php?id=1000123',
      'https://www.facebook.com/profile.php?id=1000123',
    ],
    ['https://www.facebook.com.evil.example/x', 'https://www.facebook.com.evil.example/x'],
  ])('Facebook %s -> %s', (typed, built) => {
    expect(facebookProfile(typed)).toBe(built);
  });

  it.each([
    ['g.page/r/CAbc123_x', 'https://g.page/r/CAbc123_x/review'],
    ['https://g.page/r/CAbc123_x/review?utm=1', 'https://g.page/r/CAbc123_x/review'],
    [
      'https://search.google.com/local/writereview?placeid=ChIJ_x1&hl=es',
      'https://search.google.com/local/writereview?placeid=ChIJ_x1',
    ],
    ['http://g.page/r/CAbc/review', 'http://g.page/r/CAbc/review'],
    ['https://g.page.evil.example/r/CAbc/review', 'https://g.page.evil.example/r/CAbc/review'],
    ['https://g.page/r/CAbc/otra', 'https://g.page/r/CAbc/otra'],
  ])('Google review link %s -> %s', (typed, built) => {
    expect(googleReviewLink(typed)).toBe(built);
  });

  it('a version published before the Google review link reads as having none', () => {
    const { googleReviewsUrl: _none, ...contact } = defaultDocument.contact;
    const old = checkFactsJson(JSON.stringify({ ...defaultDocument, contact }));
    expect(old.ok && old.document.contact.googleReviewsUrl).toBeNull();
    const bad = { ...defaultDocument.contact, googleReviewsUrl: 'http://g.page/r/CAbc/review' };
    expect(problemsWith('contact', bad)['contact.googleReviewsUrl']).toMatch(/Google/);
  });

  it('the Data Fiscal link keeps ARCA’s host and its code only', () => {
    expect(dataFiscalLink('http://qr.afip.gob.ar/?qr=AbC_123&x=<script>')).toBe(
      'http://qr.afip.gob.ar/?qr=AbC_123',
    );
    expect(dataFiscalLink('https://qr.afip.gob.ar.evil.example/?qr=1')).toBe(
      'https://qr.afip.gob.ar.evil.example/?qr=1',
    );
  });

  it('the map is built from the address, on the host the CSP names', () => {
    const url = new URL(mapEmbedUrl(defaultFacts.contact.address));
    expect(url.host).toBe('maps.google.com');
    expect(url.searchParams.get('q')).toBe('Av. Fascio 1250, San Salvador de Jujuy, Jujuy');
    expect(profileHandle('https://www.instagram.com/taller.jujuy/')).toBe('@taller.jujuy');
  });
});
