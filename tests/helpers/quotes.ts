import type { QuoteDraft } from '../../client/quote/types.ts';
import { defaultFacts } from '../../client/facts/defaults.ts';

/** A quote as the form freezes it: the sample's Onix, fitted in Perico; `over` changes a part. */
export function sampleQuoteDraft(over: Partial<QuoteDraft> = {}): QuoteDraft {
  const { contact, fiscal } = defaultFacts;
  return {
    issuedAt: '2026-11-23T15:00:00.000Z',
    issuedDay: '2026-11-23',
    validUntil: '2026-12-22',
    siteUrl: 'https://parabrisas.test',
    shop: {
      name: contact.name,
      razonSocial: fiscal.razonSocial,
      cuit: fiscal.cuit,
      ivaCondition: fiscal.ivaCondition,
      address: 'Av. Fascio 1250, San Salvador de Jujuy, Jujuy (Y4600)',
      phone: contact.phoneDisplay,
      email: contact.email,
    },
    customer: {
      name: 'Ana María Núñez',
      plate: 'AB123CD',
      insurer: 'La Segunda',
      claim: '4455/26',
    },
    item: {
      pieza: 'parabrisas',
      title: 'Parabrisas Chevrolet Onix',
      details: [
        'Años: 2013 a 2019',
        'Versión estándar, sin sensor ni cámara',
        'Calidad: Original (la marca del auto)',
        'Marca del vidrio: AGC',
      ],
      productPath: '/parabrisa/chevrolet/onix',
      versionId: '2013-2019-original-agc',
    },
    placement: {
      place: 'domicilio',
      locality: 'Perico',
      label: 'Colocación a domicilio en Perico',
      surcharge: 1_500_000,
    },
    price: {
      cash: 26_200_000,
      withoutNationalTaxes: 21_652_893,
      plans: [
        { count: 3, amount: 8_733_334, last: 8_733_332, total: 26_200_000 },
        { count: 6, amount: 4_366_667, last: 4_366_665, total: 26_200_000 },
      ],
    },
    total: 27_700_000,
    totalWithoutNationalTaxes: 22_892_562,
    warranty:
      'Garantía: 12 meses por filtraciones y ruidos de la colocación; 6 meses por defectos de fabricación del cristal.',
    ...over,
  };
}
