import { describe, expect, it } from 'vitest';
import { checkReview } from '../../../client/reviews/form.ts';
import {
  averageText,
  hiddenText,
  monthText,
  suggestedAuthor,
  summarize,
} from '../../../client/reviews/summary.ts';
import {
  HIDE_REASONS as CLIENT_REASONS,
  REVIEW_STATUS_NAMES,
} from '../../../client/reviews/types.ts';
import { HIDE_REASONS as STORE_REASONS, REVIEW_STATUSES } from '../../../store/schema.ts';

const ok = { stars: '4', body: 'Muy bien', author: 'Ana G.' };

describe('checkReview', () => {
  it('accepts stars, an optional plain text and a name; trims and keeps line breaks', () => {
    expect(checkReview({ ...ok, body: '  Bien.\r\nRápidos.  ' }).ok).toEqual({
      stars: 4,
      body: 'Bien.\nRápidos.',
      author: 'Ana G.',
    });
    expect(checkReview({ ...ok, body: '' }).ok).toEqual({ stars: 4, body: '', author: 'Ana G.' });
    // Words that only look like addresses are fine.
    for (const body of [
      'Peugeot 208. Excelente',
      'Todo bien.Gracias',
      'Precio: $ 244.000,00',
      '5 < 10 y 3 > 1',
      'Me atendió Juan (a.k.a. el jefe)',
    ])
      expect(checkReview({ ...ok, body }).errors, body).toEqual({});
  });

  it.each([
    ['', 'stars'],
    ['0', 'stars'],
    ['6', 'stars'],
    ['4.5', 'stars'],
    ['cinco', 'stars'],
  ])('refuses stars %j', (stars, field) => {
    const result = checkReview({ ...ok, stars });
    expect(result.ok).toBeUndefined();
    expect(Object.keys(result.errors)).toEqual([field]);
  });

  it.each([
    'https://example.com',
    'http://x.y',
    'mirá www.algo',
    'escribime a spam.com.ar',
    'ftp://archivo',
    'vendo en algo.shop',
  ])('refuses a link in the text: %j', (body) => {
    expect(checkReview({ ...ok, body }).errors.body).toMatch(/enlaces/);
  });

  it.each(['<b>x</b>', '</p>', '<script>alert(1)</script>', '<!-- x -->', '< img src=x>'])(
    'refuses markup in the text: %j',
    (body) => {
      expect(checkReview({ ...ok, body }).errors.body).toMatch(/etiquetas/);
    },
  );

  it('counts the limits: 1,000 characters of text, 40 of name', () => {
    expect(checkReview({ ...ok, body: 'a'.repeat(1000) }).errors).toEqual({});
    expect(checkReview({ ...ok, body: 'a'.repeat(1001) }).errors.body).toMatch(/1\.000/);
    expect(checkReview({ ...ok, author: 'a'.repeat(40) }).errors).toEqual({});
    expect(checkReview({ ...ok, author: 'a'.repeat(41) }).errors.author).toMatch(/40/);
    expect(checkReview({ ...ok, author: '  \n ' }).errors.author).toMatch(/nombre/);
  });
});

describe('the summary', () => {
  it('averages the published and lists the reasons of those not published', () => {
    const summary = summarize(
      { 1: 0, 2: 0, 3: 1, 4: 1, 5: 3 },
      { insultos: 2, 'datos-personales': 1, 'no-habla-del-trabajo': 0 },
    );
    expect(summary.count).toBe(5);
    expect(summary.average).toBeCloseTo(4.4);
    expect(averageText(summary.average ?? 0)).toBe('4,4');
    expect(summary.hidden).toEqual({ count: 3, reasons: ['insultos', 'datos-personales'] });
    expect(hiddenText(summary.hidden)).toBe(
      '3 no publicadas por insultos o datos personales de otras personas',
    );
    expect(hiddenText({ count: 1, reasons: ['no-habla-del-trabajo'] })).toBe(
      '1 no publicada por no hablar del trabajo',
    );
  });

  it('has no average without reviews', () => {
    const none = summarize(
      { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      { insultos: 0, 'datos-personales': 0, 'no-habla-del-trabajo': 0 },
    );
    expect(none.average).toBeUndefined();
    expect(hiddenText(none.hidden)).toBe('');
  });

  it('says months and suggests the name shown', () => {
    expect(monthText('2026-11')).toBe('noviembre de 2026');
    expect(suggestedAuthor('María José  González ')).toBe('María G.');
    expect(suggestedAuthor('ana')).toBe('ana');
    expect(suggestedAuthor('Juan de la Ñandú')).toBe('Juan Ñ.');
  });

  it("the client's reasons and statuses are the store's (the server maps one to the other)", () => {
    expect([...CLIENT_REASONS]).toEqual([...STORE_REASONS]);
    expect(Object.keys(REVIEW_STATUS_NAMES)).toEqual([...REVIEW_STATUSES]);
  });
});
